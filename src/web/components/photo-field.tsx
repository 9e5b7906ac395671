import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import * as copy from '#shared/copy';
import { MAX_UPLOAD_BYTES } from '#shared/schemas/accounts';

interface PhotoFieldProps {
  label: string;
  /** A new file (or none), or why the chosen one cannot be used (too large). */
  onChange: (file: File | null, problem?: string) => void;
  error?: string;
  /** Under the input when there is no error; the accepted types and size by default. */
  hint?: string;
  /** What is shown before a file is chosen (the part's current photo). */
  currentUrl?: string;
  /** The preview's shape: a 4:3 part picture or a round avatar. */
  shape?: 'part' | 'avatar';
  /** Receives focus when the form puts an error on the photo. */
  name?: string;
}

/**
 * A picture file input with its preview, label, hint and error. The form uploads the file itself, first,
 * and posts only the returned URL; to clear the field after saving, the form remounts it with a new key.
 */
export function PhotoField({
  label,
  onChange,
  error,
  hint = copy.uploads.hint,
  currentUrl,
  shape = 'part',
  name,
}: PhotoFieldProps) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const previewRef = useRef<string | null>(null);

  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  const showPreview = (file: File | null) => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = file ? URL.createObjectURL(file) : null;
    setPreview(previewRef.current);
  };

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (file && file.size > MAX_UPLOAD_BYTES) {
      event.target.value = '';
      showPreview(null);
      onChange(null, copy.uploads.tooLarge);
      return;
    }
    showPreview(file);
    onChange(file);
  };

  const shown = preview ?? currentUrl;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const frame = shape === 'avatar' ? 'h-20 w-20 rounded-full' : 'aspect-[4/3] w-28 rounded-xl';
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <div aria-hidden="true" className={`shrink-0 overflow-hidden bg-slate-100 ring-1 ring-slate-200 ${frame}`}>
        {shown ? <img src={shown} alt="" className="h-full w-full object-cover" /> : null}
      </div>
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-slate-800">
          {label}
        </label>
        <input
          id={id}
          name={name}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : hintId}
          onChange={change}
          className={`file-input w-full max-w-md bg-white text-base text-slate-900 ${error ? 'file-input-error' : ''}`}
        />
        {error ? (
          <p id={errorId} className="mt-1.5 text-sm font-medium text-error">
            {error}
          </p>
        ) : (
          <p id={hintId} className="mt-1.5 text-sm text-slate-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
