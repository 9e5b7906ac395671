import type { ReactNode } from 'react';
import * as copy from '#shared/copy';
import { ApiError } from '../lib/api-client';
import { SectionError } from './section-error';

/** A dashed box in place of a list: nothing in it yet, or a refusal that takes its place. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center font-semibold text-slate-700">
      {children}
    </p>
  );
}

/**
 * A list that failed to load: the server's refusal in its words when the person may not see it (403),
 * else "something went wrong" with a way to try again.
 */
export function ListLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 403) return <EmptyNote>{error.message}</EmptyNote>;
  return <SectionError onRetry={onRetry} message={copy.common.somethingWrong} />;
}
