import { useId, type Ref } from 'react';
import * as copy from '#shared/copy';

const STAR = 'M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8z';
const VALUES = [0, 1, 2, 3, 4, 5] as const;

interface RatingInputProps {
  legend: string;
  value: number | undefined;
  onChange: (value: number) => void;
  onBlur?: () => void;
  error?: string;
  name: string;
  /** The first radio, so the form can focus the group when it has an error. */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A 0–5 star input: a native radio group ("0 stars" … "5 stars"), so Tab reaches it and the arrow keys
 * choose; the stars up to the chosen one are filled, and the focused option shows a ring.
 */
export function RatingInput({ legend, value, onChange, onBlur, error, name, inputRef }: RatingInputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 block text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="flex flex-wrap items-center gap-1">
        {VALUES.map((n) => {
          const checked = value === n;
          return (
            <label
              key={n}
              className="inline-flex h-11 min-w-11 cursor-pointer items-center justify-center rounded-lg px-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-2"
            >
              <input
                ref={n === 0 ? inputRef : undefined}
                type="radio"
                name={name}
                value={n}
                checked={checked}
                onChange={() => onChange(n)}
                onBlur={onBlur}
                className="sr-only"
              />
              <span className="sr-only">{copy.reviewForm.stars(n)}</span>
              {n === 0 ? (
                <span
                  aria-hidden="true"
                  className={`inline-flex h-8 min-w-8 items-center justify-center rounded-full border px-2 text-sm font-bold ${
                    checked ? 'border-slate-900 bg-slate-900 text-white' : 'border-slate-300 bg-white text-slate-700'
                  }`}
                >
                  0
                </span>
              ) : (
                <svg
                  viewBox="0 0 20 20"
                  aria-hidden="true"
                  className={`h-8 w-8 ${value !== undefined && n <= value ? 'fill-amber-500' : 'fill-slate-300'}`}
                >
                  <path d={STAR} />
                </svg>
              )}
            </label>
          );
        })}
        <span className="ml-2 text-sm font-medium text-slate-700" aria-hidden="true">
          {value !== undefined ? copy.reviewForm.stars(value) : ''}
        </span>
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
