import { useEffect, useId, useRef, useState } from 'react';
import { bringIntoView } from '../lib/bring-into-view';

/** The words a copy section gives its secret panel (copy.apiKeys, copy.webhooks). */
export interface OneTimeSecretWords {
  secretLabel: string;
  secretShownOnce: string;
  copySecret: string;
  secretCopied: string;
  done: string;
}

/**
 * A secret the server answers once (a new API key, a webhook's signing secret), with a Copy button.
 * It appears above the list, out of sight of the form on a phone: the view and the focus move to it.
 */
export function OneTimeSecret({
  secret,
  of,
  words,
  testId,
  onDone,
}: {
  secret: string;
  /** What the secret belongs to, after the label: the key's name, the webhook's address. */
  of: string;
  words: OneTimeSecretWords;
  testId: string;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const fieldId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (panel.current) bringIntoView(panel.current);
  }, []);
  return (
    <div ref={panel} tabIndex={-1} className="rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-300 outline-none" role="status">
      <label htmlFor={fieldId} className="font-bold break-all text-slate-900">
        {`${words.secretLabel}: ${of}`}
      </label>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          id={fieldId}
          readOnly
          value={secret}
          className="input input-lg w-full bg-white font-mono text-sm text-slate-900"
          onFocus={(event) => event.target.select()}
          data-testid={testId}
        />
        <button
          type="button"
          className="btn btn-primary btn-lg"
          onClick={() => {
            void navigator.clipboard?.writeText(secret).then(() => setCopied(true));
          }}
        >
          {copied ? words.secretCopied : words.copySecret}
        </button>
      </div>
      <p className="mt-2 font-semibold text-amber-900">{words.secretShownOnce}</p>
      <button type="button" className="btn btn-ghost mt-2" onClick={onDone}>
        {words.done}
      </button>
    </div>
  );
}
