import { useId, useRef, type ReactNode } from 'react';
import * as copy from '#shared/copy';
import { Modal } from './modal';

interface ConfirmDialogProps {
  open: boolean;
  /** What will happen, under the question. */
  children?: ReactNode;
  /** The question; "Are you sure?" by default (docs/shop-rules.md, "Forms, rules and messages"). */
  title?: string;
  /** What Yes does, in words ("Yes, cancel it"): a bare "Yes" next to "Cancel" is ambiguous when the action is a cancel. */
  confirmLabel: string;
  /** What backing out keeps ("Keep the order"). */
  cancelLabel: string;
  /** The action is running: both buttons wait, Yes shows a spinner, Escape does nothing. */
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * "Are you sure?" before something that cannot be undone (removing a user, deleting a part, cancelling
 * an order). Both buttons say what they do; focus starts on the one that backs out, so a stray Enter
 * does no harm.
 */
export function ConfirmDialog({
  open,
  children,
  title = copy.common.areYouSure,
  confirmLabel,
  cancelLabel,
  pending = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onClose={onCancel}
      labelledBy={titleId}
      describedBy={children ? textId : undefined}
      initialFocus={cancelRef}
      locked={pending}
      className="max-w-md"
    >
      <h2 id={titleId} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children ? (
        <div id={textId} className="mt-3 text-slate-700">
          {children}
        </div>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {/* aria-disabled, not disabled: disabling the focused button would drop focus onto the page's body. */}
        <button
          ref={cancelRef}
          type="button"
          className="btn btn-ghost border-slate-300"
          aria-disabled={pending || undefined}
          onClick={() => {
            if (!pending) onCancel();
          }}
        >
          {cancelLabel}
        </button>
        <button
          type="button"
          className="btn btn-error"
          aria-disabled={pending || undefined}
          onClick={() => {
            if (!pending) onConfirm();
          }}
        >
          {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
