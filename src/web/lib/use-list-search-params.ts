import { useSearchParams } from 'react-router';

/**
 * A dashboard list's search and page, kept in the URL (`?q=&page=`) so reload, links and the back
 * button keep them. Page 1 and an empty search are left out of the URL.
 */
export function useListSearchParams() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  /** A new search starts again at page 1; a page change keeps the search. */
  const update = (changes: { q?: string; page?: number }) => {
    const next = new URLSearchParams(params);
    const set = (key: string, value: string | undefined) => (value ? next.set(key, value) : next.delete(key));
    if ('q' in changes) set('q', changes.q);
    set('page', changes.page && changes.page > 1 ? String(changes.page) : undefined);
    setParams(next);
  };

  /** The query string for the last page, for when the current one no longer exists (its last row went away). */
  const lastPageSearch = (totalPages: number) => {
    const next = new URLSearchParams(params);
    if (totalPages > 1) next.set('page', String(totalPages));
    else next.delete('page');
    return next.toString();
  };

  return { q, page, update, lastPageSearch };
}
