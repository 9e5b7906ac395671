import { type ReactNode, useSyncExternalStore } from 'react';

/**
 * Toasts (react-toastify with its defaults, which are the shop's), with the library loaded on the first toast rather
 * than with every page: a visitor who never books, saves or fails anything never downloads it. The
 * library queues a toast shown before its container has mounted.
 */

type Kind = 'success' | 'error';

let wanted = false;
const listeners = new Set<() => void>();
const library = () => import('react-toastify');

/** Text, or a small piece of UI when the toast carries a link (plain `<a>`: toasts sit outside the router). */
type Message = ReactNode;

function show(kind: Kind, message: Message, options?: { toastId?: string }): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void library().then(({ toast: notify }) => notify[kind](message, options));
}

export const toast = {
  success: (message: Message, options?: { toastId?: string }) => show('success', message, options),
  error: (message: Message, options?: { toastId?: string }) => show('error', message, options),
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a toast has been asked for: the container mounts from then on (app/providers.tsx). */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
}
