import { useEffect, useId, useRef, useState } from 'react';
import * as copy from '#shared/copy';
import { MAX_FLASH_DEAL_PARTS, type FlashDealPart } from '#shared/schemas/content';
import { useDealPartSearch } from '../api/search-deal-parts';

const s = copy.settings;

interface DealPartsFieldProps {
  /** The deal's parts as the form holds them, by name. */
  value: FlashDealPart[];
  onChange: (parts: FlashDealPart[]) => void;
  /** The browser's or the server's message on the list. */
  error?: string | undefined;
}

/** The text typed, once it has rested for a moment: the search asks once per pause, not per key. */
function useSettled(text: string, ms = 250): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(text), ms);
    return () => window.clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

const byName = (a: FlashDealPart, b: FlashDealPart) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/**
 * The flash deal's parts (docs/shop-rules.md, "Flash deal"): the chosen ones, each with "Remove", and a
 * search by name, SKU or cross-reference number whose results each have "Add". Every control is a button or the
 * search box, so it works from the keyboard; focus never falls to the page when a button goes away
 * (it moves to the next part's "Remove", or back to the search box), and what changed is said to
 * screen readers. The list is saved with the rest of the settings.
 */
export function DealPartsField({ value, onChange, error }: DealPartsFieldProps) {
  const id = useId();
  const [text, setText] = useState('');
  const q = useSettled(text.trim());
  const search = useDealPartSearch(q);
  const [said, setSaid] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const chosen = new Set(value.map((part) => part.id));
  const full = value.length >= MAX_FLASH_DEAL_PARTS;

  const add = (part: FlashDealPart) => {
    if (chosen.has(part.id) || full) return;
    onChange([...value, part].sort(byName));
    setSaid(s.partAdded(part.name));
    searchRef.current?.focus();
  };

  const remove = (part: FlashDealPart, index: number) => {
    onChange(value.filter((item) => item.id !== part.id));
    setSaid(s.partRemoved(part.name));
    // The next part's "Remove" takes the focus (the previous one's for the last), else the search box.
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    const next = buttons[index + 1] ?? buttons[index - 1];
    (next ?? searchRef.current)?.focus();
  };

  const found = q.length >= 2 ? (search.data?.items ?? []) : [];
  return (
    <fieldset className="grid min-w-0 grid-cols-1 gap-3" aria-describedby={`${id}-text${error ? ` ${id}-error` : ''}`}>
      <legend className="mb-1 text-sm font-semibold text-slate-800">{s.dealParts}</legend>
      <p id={`${id}-text`} className="-mt-1 text-sm text-slate-600">
        {s.dealPartsText} {copy.deal.partsCount(value.length)}.
      </p>
      {value.length > 0 ? (
        <ul ref={listRef} className="grid grid-cols-1 gap-2" data-testid="deal-parts">
          {value.map((part, index) => (
            <li
              key={part.id}
              className="flex items-center justify-between gap-3 rounded-xl bg-slate-50 px-3 py-2 ring-1 ring-slate-200"
            >
              <span className="min-w-0">
                <span className="block truncate font-semibold text-slate-900">{part.name}</span>
                <span className="block font-mono text-xs text-slate-600">{part.sku}</span>
              </span>
              <button
                type="button"
                className="btn btn-ghost btn-sm shrink-0 text-slate-700 hover:text-red-700"
                aria-label={s.removePart(part.name)}
                onClick={() => remove(part, index)}
              >
                {s.remove}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 px-3 py-3 text-sm text-slate-700">{s.dealPartsEmpty}</p>
      )}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-error">
          {error}
        </p>
      ) : null}
      <div className="mt-1">
        <label htmlFor={`${id}-search`} className="mb-1.5 block text-sm font-semibold text-slate-800">
          {s.findPart}
        </label>
        <input
          ref={searchRef}
          id={`${id}-search`}
          type="search"
          value={text}
          maxLength={100}
          autoComplete="off"
          aria-describedby={`${id}-search-hint`}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Enter searches (it already does as one types); it never sends the settings.
            if (event.key === 'Enter') event.preventDefault();
          }}
          className="input w-full bg-white text-base text-slate-900"
        />
        <p id={`${id}-search-hint`} className="mt-1.5 text-sm text-slate-600">
          {s.findPartHint}
        </p>
      </div>
      {q.length >= 2 ? (
        search.isError ? (
          <p className="text-sm font-medium text-error">{s.findPartFailed}</p>
        ) : search.isSuccess && found.length === 0 ? (
          <p className="text-sm text-slate-700">{s.findPartNone(q)}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-2" data-testid="deal-part-results" aria-label={s.findPart}>
            {found.map((part) => (
              <li key={part.id} className="flex items-center justify-between gap-3 rounded-xl px-3 py-2 ring-1 ring-slate-200">
                <span className="min-w-0">
                  <span className="block truncate font-semibold text-slate-900">{part.name}</span>
                  <span className="block font-mono text-xs text-slate-600">{part.sku}</span>
                </span>
                {chosen.has(part.id) ? (
                  <span className="shrink-0 text-sm font-semibold text-emerald-800">{s.inDeal}</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-sm shrink-0 border-slate-300 bg-white text-slate-800 hover:bg-slate-100"
                    aria-label={s.addPart(part.name)}
                    aria-disabled={full || undefined}
                    onClick={() => add({ id: part.id, sku: part.sku, name: part.name })}
                  >
                    {s.add}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )
      ) : null}
      <p role="status" className="sr-only">
        {said}
      </p>
    </fieldset>
  );
}
