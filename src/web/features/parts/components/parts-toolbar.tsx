import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent } from 'react';
import * as copy from '#shared/copy';
import type { PartSort } from '#shared/schemas/parts';
import { ChoiceSelect } from '../../../components/choice-select';
import { SearchIcon } from '../../../components/icons';
import { FieldsUntilHydrated } from '../../../components/fields-until-hydrated';

export const PART_SORTS = Object.keys(copy.part.sort) as PartSort[];

export function isPartSort(value: string | null): value is PartSort {
  return value !== null && (PART_SORTS as string[]).includes(value);
}

const SORTS = PART_SORTS.map((value) => ({ value, label: copy.part.sort[value] }));
/** "Best match" orders a search: without one there is nothing to match. */
const LIST_SORTS = SORTS.filter((choice) => choice.value !== 'relevance');

interface PartsToolbarProps {
  q: string;
  sort: PartSort;
  /** `typed`: applied after a pause in typing; `submitted`: Enter or the Search button. */
  onSearch: (q: string, how: 'typed' | 'submitted') => void;
  onSortChange: (sort: PartSort) => void;
}

const SEARCH_DELAY_MS = 350;

/**
 * Search (applied as you type, after a short pause, or at once on Enter) and sort for the parts list;
 * "Best match" is offered only while there is a search.
 */
export function PartsToolbar({ q, sort, onSearch, onSortChange }: PartsToolbarProps) {
  const searchId = useId();
  const [draft, setDraft] = useState(q);
  const [appliedQ, setAppliedQ] = useState(q);

  // The URL is the source of truth: when it changes (back button, "Clear search"), the box follows,
  // unless it already says the same thing (so a trailing space being typed is kept).
  if (q !== appliedQ) {
    setAppliedQ(q);
    if (draft.trim() !== q) setDraft(q);
  }

  const search = useEffectEvent((text: string) => onSearch(text, 'typed'));
  const typedTimer = useRef<number>(undefined);
  useEffect(() => {
    const text = draft.trim();
    if (text === q) return undefined;
    typedTimer.current = window.setTimeout(() => search(text), SEARCH_DELAY_MS);
    return () => window.clearTimeout(typedTimer.current);
  }, [draft, q]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The pause in typing must not apply the same text again before the URL has it: as a typed search
    // it would cancel the move to the results that submitting asks for.
    window.clearTimeout(typedTimer.current);
    onSearch(draft.trim(), 'submitted');
  };

  return (
    <div className="flex flex-col gap-4 md:flex-row md:items-end">
      <FieldsUntilHydrated>
        <form role="search" onSubmit={submit} className="flex-1">
          <label htmlFor={searchId} className="mb-1.5 block text-sm font-semibold text-slate-800">
            {copy.part.searchLabel}
          </label>
          <div className="flex gap-2">
            <div className="relative flex-1">
              <SearchIcon className="pointer-events-none absolute top-1/2 left-3.5 z-10 h-5 w-5 -translate-y-1/2 text-slate-500" />
              <input
                id={searchId}
                type="search"
                name="q"
                value={draft}
                maxLength={100}
                autoComplete="off"
                placeholder={copy.part.searchPlaceholder}
                onChange={(event) => setDraft(event.target.value)}
                className="input input-lg w-full bg-white pl-11 text-base text-slate-900"
              />
            </div>
            <button type="submit" className="btn btn-lg bg-slate-900 px-4 text-white hover:bg-slate-800 sm:px-6">
              <SearchIcon className="h-5 w-5 sm:hidden" />
              <span className="sr-only sm:not-sr-only">{copy.part.searchSubmit}</span>
            </button>
          </div>
        </form>
        <ChoiceSelect
          label={copy.part.sortLabel}
          value={sort}
          choices={q ? SORTS : LIST_SORTS}
          onChange={onSortChange}
          size="lg"
          className="md:w-64"
        />
      </FieldsUntilHydrated>
    </div>
  );
}
