import { type ReactNode, useId, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { EmptyNote } from './empty-note';
import { OneTimeSecret, type OneTimeSecretWords } from './one-time-secret';

/**
 * A screen of things that each come with a secret shown once (API keys, webhooks): the intro, the
 * secret just issued, the live items, the form that adds one, and removing one after a confirm.
 */
export function SecretIssuingScreen<T extends { id: string }>({
  intro,
  issued,
  secretWords,
  listTitle,
  empty,
  items,
  listTestId,
  renderItem,
  formTitle,
  form,
  removal,
}: {
  intro: string;
  /** The secret just issued, until the person says they are done with it. */
  issued: { secret: string; of: string; testId: string; onDone: () => void } | undefined;
  /** The copy section's words for the secret panel. */
  secretWords: OneTimeSecretWords;
  listTitle: string;
  empty: string;
  items: readonly T[];
  listTestId: string;
  renderItem: (item: T, askToRemove: () => void) => ReactNode;
  formTitle: string;
  form: ReactNode;
  removal: {
    question: string;
    confirmLabel: string;
    cancelLabel: string;
    pending: boolean;
    remove: (item: T, settled: () => void) => void;
  };
}) {
  const [removing, setRemoving] = useState<T>();
  const listTitleId = useId();
  const formTitleId = useId();
  return (
    <>
      <p className="max-w-2xl text-slate-700">{intro}</p>
      {issued ? (
        <div className="mt-6">
          <OneTimeSecret
            secret={issued.secret}
            of={issued.of}
            words={secretWords}
            testId={issued.testId}
            onDone={issued.onDone}
          />
        </div>
      ) : null}
      <section aria-labelledby={listTitleId} className="mt-6">
        <h3 id={listTitleId} className="sr-only">
          {listTitle}
        </h3>
        {items.length === 0 ? (
          <EmptyNote>{empty}</EmptyNote>
        ) : (
          <ul className="grid gap-3" data-testid={listTestId}>
            {items.map((item) => renderItem(item, () => setRemoving(item)))}
          </ul>
        )}
      </section>
      <section aria-labelledby={formTitleId} className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h3 id={formTitleId} className="mb-4 text-lg font-bold text-slate-900">
          {formTitle}
        </h3>
        {form}
      </section>
      <ConfirmDialog
        open={removing !== undefined}
        confirmLabel={removal.confirmLabel}
        cancelLabel={removal.cancelLabel}
        pending={removal.pending}
        onCancel={() => setRemoving(undefined)}
        onConfirm={() => {
          if (removing) removal.remove(removing, () => setRemoving(undefined));
        }}
      >
        {removal.question}
      </ConfirmDialog>
    </>
  );
}
