import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.getClientRects().length > 0);
}

interface ModalProps {
  open: boolean;
  /** Escape, a click on the backdrop, or the caller's own close button. */
  onClose: () => void;
  /** The id of the heading that names the dialog. */
  labelledBy: string;
  describedBy?: string;
  /** Focused on opening; the first focusable element otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Focused on closing when set; otherwise focus returns to what had it before opening. */
  finalFocus?: RefObject<HTMLElement | null>;
  /** While an action runs, Escape and the backdrop do not close it. */
  locked?: boolean;
  /** `start`: a panel sliding in from the left edge (the dashboard menu on phones). */
  placement?: 'center' | 'start';
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog on the native <dialog>: the page behind is inert, Escape and the backdrop close it,
 * Tab and Shift+Tab stay inside, and focus returns to what opened it when it closes.
 */
export function Modal({
  open,
  onClose,
  labelledBy,
  describedBy,
  initialFocus,
  finalFocus,
  locked = false,
  placement = 'center',
  className = '',
  children,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      (initialFocus?.current ?? focusables(dialog)[0])?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      finalFocus?.current?.focus();
    }
  }, [open, initialFocus, finalFocus]);

  const trapFocus = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const items = focusables(event.currentTarget);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className={`modal ${placement === 'start' ? 'modal-start' : 'modal-bottom sm:modal-middle'}`}
      onKeyDown={trapFocus}
      onCancel={(event) => {
        // Escape: the parent decides (it may be busy); the dialog closes when `open` turns false.
        event.preventDefault();
        if (!locked) onClose();
      }}
      // The browser may still close it (a second Escape in a row): keep the parent's state in step.
      onClose={() => {
        if (open) onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget && !locked) onClose();
      }}
    >
      <div className={`modal-box ${className}`}>{children}</div>
    </dialog>
  );
}
