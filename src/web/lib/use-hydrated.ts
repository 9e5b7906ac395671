import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;

/**
 * False on the server and while the browser takes over a page the server rendered; true from then on,
 * and at once on pages the browser renders itself. Controls that need the code (a form's submit, a
 * menu button) are disabled until then, so that nothing typed or clicked before is lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
