import type { ReactNode } from 'react';
import * as copy from '#shared/copy';
import { SectionError } from './section-error';
import { Spinner } from './spinner';

export interface PagedData {
  total: number;
  items: readonly unknown[];
}

export interface PagedQuery<T extends PagedData> {
  data?: T;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => Promise<unknown>;
}

interface PagedListProps<T extends PagedData> {
  query: PagedQuery<T>;
  /** The count above the list ("12 orders"), or null to say nothing. */
  total: (data: T) => string | null;
  /** What the dashed box says when there is nothing to show: a title, and a line or a link. */
  empty: ReactNode;
  /** When some rows are not shown: whether none is left. */
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/**
 * A dashboard list's frame: the count (announced), a small spinner while a page refetches, the
 * loading, error and empty states, and the previous page dimmed while the next one loads.
 */
export function PagedList<T extends PagedData>({ query, total, empty, isEmpty, children }: PagedListProps<T>) {
  const { data } = query;
  return (
    <>
      <div className="mb-4 flex min-h-6 items-center justify-between gap-4">
        <p role="status" className="font-semibold text-slate-700">
          {data ? total(data) : null}
        </p>
        {query.isFetching && data ? (
          <span className="loading loading-spinner loading-sm text-brand-700" aria-hidden="true" />
        ) : null}
      </div>
      {query.isPending ? (
        <Spinner />
      ) : query.isError || !data ? (
        <SectionError onRetry={() => void query.refetch()} message={copy.common.somethingWrong} />
      ) : (isEmpty ? isEmpty(data) : data.items.length === 0) ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          {empty}
        </div>
      ) : (
        <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>{children(data)}</div>
      )}
    </>
  );
}

/** The empty state's title. */
export function EmptyTitle({ children }: { children: ReactNode }) {
  return <p className="text-lg font-bold text-slate-900">{children}</p>;
}
