import { dehydrate, type DehydratedState, type Query, type QueryClient, skipToken } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { pageDataProvider } from './app/page-data';
import { routes } from './app/router';
import { ServerRedirect } from './components/redirect';
import type { ApiTransport } from './lib/api-client';
import { createQueryClient, sessionQueryKey } from './lib/query-client';
import { ServerTimeContext } from './lib/server-time';

/**
 * Server rendering of the public pages for visitors (docs/decisions/0013-server-rendering.md).
 *
 * The matched routes' loaders put the data the page draws into a query cache of the render's own, asking
 * the API through the transport given for this render; the page is then rendered once, as the browser
 * would first render it. The browser takes the page over (main.tsx) from the same data, so it shows the
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
  /**
   * When the page was rendered (ms since the epoch): what it shows from the clock (a countdown, a deal's
   * price) is for that moment, and the browser hydrates it for the same moment.
   */
  renderedAt: number;
}

/** A page that sends the browser elsewhere (a page number past the last): the server answers 302. */
export interface PageRedirect {
  redirect: string;
}

export type { ApiTransport };

export interface RenderOptions {
  /** Answers this render's API calls: the server passes its own routes in (`app.inject`). */
  transport: ApiTransport;
}

const handler = createStaticHandler(routes);

/**
 * Lets the server answer what has arrived meanwhile, between the loaders and the render. The page's API
 * calls are answered in-process (`app.inject`) and may never leave the microtask queue.
 */
const letOthersRun = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Whether a query is one the page fetches: not disabled (`enabled: false`) and with a fetch of its own (no `skipToken`). */
function isAsked(query: Query): boolean {
  const options = query.options as { enabled?: boolean | ((query: Query) => boolean); queryFn?: unknown };
  if (options.queryFn === skipToken) return false;
  const enabled = typeof options.enabled === 'function' ? options.enabled(query) : options.enabled;
  return enabled !== false;
}

function render(
  queryClient: QueryClient,
  router: ReturnType<typeof createStaticRouter>,
  context: Parameters<typeof StaticRouterProvider>[0]['context'],
  redirect: (href: string) => void,
  renderedAt: number,
) {
  return renderToString(
    <StrictMode>
      <ServerRedirect value={redirect}>
        <ServerTimeContext value={renderedAt}>
          <AppProviders queryClient={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </ServerTimeContext>
      </ServerRedirect>
    </StrictMode>,
  );
}

/**
 * The page at `url` for a visitor (nobody signed in), where it redirects to, or undefined when it
 * should be left to the browser: a redirect of the router's own, or data that could not be fetched (the
 * browser then shows its own loading and error states, as it does without server rendering).
 * Throws when the page draws data its routes' loaders did not load: a loader to complete, never a
 * visitor's fault.
 */
export async function renderPage(url: URL, { transport }: RenderOptions): Promise<RenderedPage | PageRedirect | undefined> {
  const queryClient = createQueryClient({ transport });
  // A failed fetch leaves the page to the browser at once, rather than after the browser's retries.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  // Only visitors get a server-rendered page: the navbar shows "Login" on both sides.
  queryClient.setQueryData(sessionQueryKey, null);
  try {
    const context = await handler.query(new Request(url), {
      requestContext: pageDataProvider({ queryClient, on: 'render' }),
    });
    if (context instanceof Response || context.errors) return undefined;
    await letOthersRun();

    let redirect: string | undefined;
    const renderedAt = Date.now();
    const html = render(
      queryClient,
      createStaticRouter(handler.dataRoutes, context),
      context,
      (href) => {
        redirect = href;
      },
      renderedAt,
    );
    // A query the page does not ask (disabled until something is chosen, or without a fetch of its
    // own) draws its empty state here and in the browser alike: it is not data the loaders owe.
    const notLoaded = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status !== 'success' && isAsked(query));
    if (notLoaded.length > 0) {
      const keys = notLoaded.map((query) => JSON.stringify(query.queryKey)).join(', ');
      throw new Error(`${url.pathname} draws data its route loaders do not load: ${keys}`);
    }
    if (redirect) return { redirect };
    const state = dehydrate(queryClient);
    // renderToString writes those ahead of the page itself.
    const head = /^(?:<link\b[^>]*>|<meta\b[^>]*>|<title>[^<]*<\/title>)*/.exec(html)?.[0] ?? '';
    return { html: html.slice(head.length), head, state, renderedAt };
  } finally {
    queryClient.clear();
  }
}
