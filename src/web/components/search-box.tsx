import { useId, useState, type FormEvent } from 'react';
import { SearchIcon } from './icons';

interface SearchBoxProps {
  /** The search in the URL; the box follows it when it changes (back button, "Clear search"). */
  q: string;
  onSearch: (q: string) => void;
  label: string;
  placeholder: string;
  submitLabel: string;
}

/** A labelled search form for a dashboard table, applied when submitted. */
export function SearchBox({ q, onSearch, label, placeholder, submitLabel }: SearchBoxProps) {
  const id = useId();
  const [draft, setDraft] = useState(q);
  const [appliedQ, setAppliedQ] = useState(q);
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
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="search"
          value={draft}
          maxLength={100}
          autoComplete="off"
          placeholder={placeholder}
          onChange={(event) => setDraft(event.target.value)}
          className="input w-full bg-white text-base text-slate-900"
        />
        <button type="submit" className="btn btn-square bg-slate-900 text-white hover:bg-slate-800" aria-label={submitLabel}>
          <SearchIcon className="h-5 w-5" />
        </button>
      </div>
    </form>
  );
}
