import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { ServerRedirect } from './components/redirect';
import { routes } from './app/router';
import { setApiTransport } from './lib/api-client';
import { createQueryClient, sessionQueryKey } from './lib/query-client';

/**
 * Server rendering of the public pages for visitors (docs/decisions/0013-server-rendering.md).
 *
 * The page is rendered as the browser would first render it, and the data its queries asked for is
 * fetched in between: render, fetch every query the render created, render again, until a render asks
 * for nothing new. The browser then takes the page over (main.tsx) from the same data, so it shows the
 * same thing and fetches nothing for it.
 */

export interface RenderedPage {
  /** What goes inside `<div id="root">`. */
  html: string;
  /**
   * What React hoists to the document's head in the browser: the page's `<title>`, and preloads of the
   * pictures it marks as high priority (so they download alongside the code, not after it).
   */
  head: string;
  /** The queries' data, for the browser's query cache (sent as a JSON data block, never as script). */
  state: DehydratedState;
}

/** A page that sends the browser elsewhere (a page number past the last): the server answers 302. */
export interface PageRedirect {
  redirect: string;
}

/** Answers the page's API calls: the server passes its own routes in (`app.inject`). */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

const handler = createStaticHandler(routes);

/** A render that keeps asking for new data (a query whose key depends on another's answer) stops here. */
const MAX_PASSES = 4;

/**
 * Lets the server answer what has arrived meanwhile. The page's API calls are answered in-process
 * (`app.inject`) and may never leave the microtask queue, so without this a whole render, every pass
 * and every call, would hold the event loop in one piece; with it, in pieces of one pass each.
 */
const letOthersRun = () => new Promise<void>((resolve) => setImmediate(resolve));

function render(
  queryClient: QueryClient,
  router: ReturnType<typeof createStaticRouter>,
  context: Parameters<typeof StaticRouterProvider>[0]['context'],
  redirect: (href: string) => void,
) {
  return renderToString(
    <StrictMode>
      <ServerRedirect value={redirect}>
        <AppProviders queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </ServerRedirect>
    </StrictMode>,
  );
}

/**
 * The page at `url` for a visitor (nobody signed in), where it redirects to, or undefined when it
 * should be left to the browser: a redirect of the router's own, or data that could not be fetched (the browser then shows its own loading and
 * error states, as it does without server rendering).
 */
export async function renderPage(url: URL, transport: ApiTransport): Promise<RenderedPage | PageRedirect | undefined> {
  setApiTransport(transport);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return undefined;
  await letOthersRun();

  const queryClient = createQueryClient();
  // A failed fetch leaves the page to the browser at once, rather than after the browser's retries.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  // Only visitors get a server-rendered page: the navbar shows "Login" on both sides.
  queryClient.setQueryData(sessionQueryKey, null);
  const router = createStaticRouter(handler.dataRoutes, context);

  let redirect: string | undefined;
  const redirectTo = (href: string) => {
    redirect = href;
  };
  let html = render(queryClient, router, context, redirectTo);
  for (let pass = 1; pass < MAX_PASSES; pass += 1) {
    const pending = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'pending' && query.options.queryFn);
    if (pending.length === 0) break;
    await Promise.all(pending.map((query) => query.fetch().catch(() => undefined)));
    if (
      queryClient
        .getQueryCache()
        .getAll()
        .some((query) => query.state.status === 'error')
    )
      return undefined;
    await letOthersRun();
    redirect = undefined;
    html = render(queryClient, router, context, redirectTo);
  }
  if (
    queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status !== 'success')
  )
    return undefined;

  if (redirect) {
    queryClient.clear();
    return { redirect };
  }
  const state = dehydrate(queryClient);
  queryClient.clear();
  // renderToString writes those ahead of the page itself.
  const head = /^(?:<link\b[^>]*>|<meta\b[^>]*>|<title>[^<]*<\/title>)*/.exec(html)?.[0] ?? '';
  return { html: html.slice(head.length), head, state };
}
