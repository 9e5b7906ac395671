import { useId, useState, type FormEvent } from 'react';
import { copy } from '#shared/copy';
import { SearchIcon } from '../../../components/icons';

interface PartSearchProps {
  q: string;
  onSearch: (q: string) => void;
}

/** Searches part names and descriptions when submitted (Manage All Parts). */
export function PartSearch({ q, onSearch }: PartSearchProps) {
  const id = useId();
  const [draft, setDraft] = useState(q);
  const [appliedQ, setAppliedQ] = useState(q);
  // The URL is the source of truth: when it changes (back button, "Clear search"), the box follows.
  if (q !== appliedQ) {
    setAppliedQ(q);
    setDraft(q);
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(draft.trim());
  };

  return (
    <form role="search" onSubmit={submit} className="w-full sm:w-80">
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {copy.part.searchLabel}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="search"
          value={draft}
          maxLength={100}
          autoComplete="off"
          placeholder={copy.partsAdmin.searchPlaceholder}
          onChange={(event) => setDraft(event.target.value)}
          className="input w-full bg-white text-base text-slate-900"
        />
        <button
          type="submit"
          className="btn btn-square bg-slate-900 text-white hover:bg-slate-800"
          aria-label={copy.part.searchSubmit}
        >
          <SearchIcon className="h-5 w-5" />
        </button>
      </div>
    </form>
  );
}
