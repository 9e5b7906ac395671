import type { QueryClient } from '@tanstack/react-query';
import { createContext, type LoaderFunction, type LoaderFunctionArgs, RouterContextProvider } from 'react-router';

/**
 * What a page needs before it is rendered, declared once as its route's loader: the loader calls
 * `queryClient.ensureQueryData(...)` with the query options the page's own hooks use, so the page finds
 * its data in the cache under the same keys (docs/decisions/0013-server-rendering.md).
 */
export interface PageData {
  /** The query cache the page is rendered from. */
  queryClient: QueryClient;
  /**
   * - `render`: the server waits for the data (it renders once, after the loaders) and learns of a failure.
   * - `navigation`: the browser starts the next page's fetches as its code loads, without waiting: the
   *   page renders at once with its own loading and error states, as it would without a loader.
   * - `first-load`: the browser's first page, rendered by the browser itself, fetches through its own hooks
   *   as it renders (the loader would only race them: a failed answer arriving before the page is rendered
   *   would be asked for again); a page the server drew starts with its loaders done.
   */
  on: 'render' | 'navigation' | 'first-load';
}

export const pageDataContext = createContext<PageData>();

/** The router context that gives the loaders `data` (per render on the server, once in the browser). */
export function pageDataProvider(data: PageData): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(pageDataContext, data);
  return provider;
}

/** A route loader that puts in the cache what `load` asks for with `queryClient.ensureQueryData(...)`. */
export function pageLoader(load: (queryClient: QueryClient, args: LoaderFunctionArgs) => Promise<unknown>): LoaderFunction {
  return async (args) => {
    const { queryClient, on } = args.context.get(pageDataContext);
    if (on === 'first-load') return null;
    const loading = load(queryClient, args);
    if (on === 'render') await loading;
    // The page's own query shows a failure, and retries as it always did.
    else loading.catch(() => undefined);
    return null;
  };
}
