import { useEffect } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';

/**
 * When the focused control disappears with what it acted on (a deleted row's Delete button, the Cancel
 * of an order that is now cancelled), the browser drops focus on <body> and a screen reader loses its
 * place. This moves focus to the first control in the nearest part of the page that is still there
 * (the next row's button, in the table or list that held the control), or to the content itself.
 */
export function useFocusRescue(root: () => HTMLElement | null): void {
  useEffect(() => {
    const container = root();
    if (!container) return undefined;
    // The focused element and its ancestors, taken when it gains focus: once a subtree is removed, its
    // root no longer knows its parent, so the chain cannot be climbed afterwards.
    let focusPath: Element[] = [];
    const remember = (event: FocusEvent) => {
      // Inside a dialog, the control to come back to is the one that opened it (the dialog gives focus
      // back to it on closing, and when it is gone by then, the rescue starts from its place).
      if (event.target instanceof Element && event.target.closest('dialog')) return;
      focusPath = [];
      for (let node = event.target instanceof Element ? event.target : null; node; node = node.parentElement) {
        focusPath.push(node);
      }
    };
    const rescue = () => {
      const active = document.activeElement;
      // Focus on something shown is fine; on <body>, or on a button of a dialog that just closed, it is lost.
      if (active && active !== document.body && active.getClientRects().length > 0) return;
      const lost = focusPath[0];
      if (!lost || active === lost) return;
      const shown = (element: Element) => element.getClientRects().length > 0 && !element.closest('dialog:not([open])');
      // Still there (a dialog closed and the browser let go of its opener): back to it.
      if (lost.isConnected && shown(lost) && lost instanceof HTMLElement) {
        lost.focus({ preventScroll: true });
        return;
      }
      // The first control left in the nearest surviving part of the page (the next row's button), so
      // focus stays visible and close to where it was; the page's content as a last resort.
      for (const place of focusPath) {
        if (!place.isConnected || !container.contains(place)) continue;
        const control = [...place.querySelectorAll<HTMLElement>(FOCUSABLE)].find(shown);
        if (control) {
          control.focus({ preventScroll: true });
          return;
        }
      }
      container.focus({ preventScroll: true });
    };
    const observer = new MutationObserver(rescue);
    // Rows disappear (childList), and dialogs close (their `open` attribute) after what opened them went.
    observer.observe(container, { childList: true, subtree: true, attributes: true, attributeFilter: ['open'] });
    document.addEventListener('focusin', remember);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', remember);
    };
  }, [root]);
}
