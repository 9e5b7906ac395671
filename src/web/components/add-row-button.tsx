import { useId, type Ref } from 'react';

interface AddRowButtonProps {
  label: string;
  /** The list holds as many rows as it may: the button says so instead of adding one. */
  full: boolean;
  fullText: string;
  onAdd: () => void;
  /** Where the focus goes back to when a row is removed. */
  buttonRef?: Ref<HTMLButtonElement>;
}

/** "Add a row" under a list of rows that an admin edits (price tiers, cross-references, fitments). */
export function AddRowButton({ label, full, fullText, onAdd, buttonRef }: AddRowButtonProps) {
  const fullId = useId();
  return (
    <div className="flex flex-wrap items-center gap-3">
      {/* aria-disabled, not disabled: focus stays on it when the last row is added or one is removed. */}
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-sm border-slate-300 bg-white text-slate-800 hover:bg-slate-100"
        aria-disabled={full || undefined}
        aria-describedby={full ? fullId : undefined}
        onClick={() => {
          if (!full) onAdd();
        }}
      >
        {label}
      </button>
      {full ? (
        <p id={fullId} className="text-sm text-slate-600">
          {fullText}
        </p>
      ) : null}
    </div>
  );
}
