import type { FastifyInstance } from 'fastify';
import { Counter } from 'prom-client';
import type { ApiTransport, PageRedirect } from '../../web/entry-server';
import { canonicalPageQuery } from '#shared/page-search';
import { isServerRendered, trimTrailingSlashes } from '#shared/routes';
import type { CachedAnswer, StoredBody } from '../http/cache';
import { clientKey } from '../http/client-address';
import { PAGE_START, withRenderedPage } from './page-html';
import { DEFAULT_RENDER_LIMITS, RenderGate, type RenderLimits } from './render-gate';

/**
 * Server rendering of the public pages for visitors (docs/decisions/0013-server-rendering.md), behind
 * one function: `renderPage(url, client)` answers the page at `url` for a visitor, from the response
 * cache or rendered (src/web/entry-server.tsx) within the render limits, or leaves it to the browser.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** Server renders of pages: who may start one (render-gate.ts), and how many ran or were refused. */
    pageRendering: PageRendering;
  }
}

export interface PageRendering {
  gate: RenderGate;
  /** `page_renders_total{result}`: renders run (not answered from the cache), by result: page, redirect, failed. */
  renders: Counter<'result'>;
  /** `page_renders_refused_total{reason}`: shells sent instead of a render: busy, client_budget. */
  refused: Counter<'reason'>;
}

export interface PageRenderingOptions {
  /** The app's shell (index.html, with the page's code announced) a page at this path is rendered into. */
  shellFor(path: string): string | undefined;
  /**
   * A header the server adds to the API requests it makes while rendering a page, so that they are not
   * counted against the rate limit of 127.0.0.1 (every visitor's renders would share it). Its value is
   * random per process: no client can send it.
   */
  internalRequestHeader?: { name: string; value: string };
  /** How many renders run at once and how many one client may start a minute (render-gate.ts). */
  renderLimits?: Partial<RenderLimits>;
  /** Milliseconds from any fixed point, for the per-client budget; the app's clock. */
  now?: () => number;
}

/** The rendered page (compressed forms kept with it), or where the page sends the browser. */
export type PageAnswer = StoredBody | PageRedirect;

/**
 * Answers the page at `url` for a visitor (no session) whose address is `client`, or undefined: send
 * the app's shell, which the browser renders itself (a page not rendered on the server, renders at their
 * limit, the client's budget used, or a render that failed).
 */
export type RenderPage = (url: URL, client: string) => Promise<PageAnswer | undefined>;

/** A cached redirect (a page past its last): the body is the address. */
const REDIRECT_ENTRY = 'redirect';

/**
 * The cache key of a page: its path and only the query parameters the page reads, canonical
 * (#shared/page-search). `/?utm_source=x` is `/`, `/part?page=1&q=brake&x=1` is `/part?q=brake`.
 */
export function pageCacheKey(path: string, rawQuery: string): string {
  const query = canonicalPageQuery(path, new URLSearchParams(rawQuery));
  return query ? `${path}?${query}` : path;
}

/** A page as the response cache keeps it: the page, or a redirect kept as its address. */
function keptPage(entry: CachedAnswer): PageAnswer {
  return entry.contentType === REDIRECT_ENTRY ? { redirect: entry.body.toString() } : entry;
}

/** Where the response cache keeps the page of a cache key. */
const entryOf = (key: string): string => `page:${key}`;

export async function createPageRendering(app: FastifyInstance, options: PageRenderingOptions): Promise<RenderPage> {
  const renderer = options.shellFor('/')?.includes(PAGE_START) ? await import('../../web/entry-server') : undefined;

  /**
   * Answers a render's API calls through the app's own routes. They come from the address of the
   * visitor the render is for (`client`), so what the API counts per client (the searches that found
   * nothing) counts the visitor, not the server.
   */
  const transportFor =
    (client: string): ApiTransport =>
    async (apiPath, init) => {
      // Requests that arrived meanwhile go first: an in-process call may never leave the microtask queue.
      await new Promise((resolve) => setImmediate(resolve));
      const response = await app.inject({
        method: 'GET',
        url: apiPath,
        remoteAddress: client,
        headers: {
          accept: 'application/json',
          ...(options.internalRequestHeader ? { [options.internalRequestHeader.name]: options.internalRequestHeader.value } : {}),
        },
        ...(init.signal ? { signal: init.signal } : {}),
      });
      return new Response(response.statusCode === 204 ? null : response.body, {
        status: response.statusCode,
        headers: { 'content-type': String(response.headers['content-type'] ?? '') },
      });
    };

  const gate = new RenderGate({ ...DEFAULT_RENDER_LIMITS, ...options.renderLimits }, options.now);
  const registers = [app.metrics.registry];
  const counters = {
    renders: new Counter({
      name: 'page_renders_total',
      help: 'Public pages rendered on the server (not answered from the page cache), by result: page, redirect, failed',
      labelNames: ['result'] as const,
      registers,
    }),
    refused: new Counter({
      name: 'page_renders_refused_total',
      help: 'Public pages answered with the app shell instead of a render, by reason: busy (renders at their limit), client_budget',
      labelNames: ['reason'] as const,
      registers,
    }),
  };
  app.decorate('pageRendering', { gate, ...counters });
  /** Renders under way, by cache key. */
  const rendering = new Map<string, Promise<PageAnswer | undefined>>();

  /** Renders the page at `key` (its canonical address) into `shell` and keeps it in the response cache. */
  const render = async (key: string, shell: string, client: string): Promise<PageAnswer | undefined> => {
    if (!renderer) return undefined;
    const generation = app.responseCache.currentGeneration();
    const keep = (page: StoredBody, contentType: string) =>
      app.responseCache.storeBody(entryOf(key), page, contentType, '', generation);
    try {
      const page = await renderer.renderPage(new URL(key, 'http://shop.invalid'), { transport: transportFor(client) });
      if (!page) {
        counters.renders.inc({ result: 'failed' });
        return undefined;
      }
      if ('redirect' in page) {
        counters.renders.inc({ result: 'redirect' });
        keep({ body: Buffer.from(page.redirect), encoded: new Map() }, REDIRECT_ENTRY);
        return page;
      }
      counters.renders.inc({ result: 'page' });
      const rendered: StoredBody = { body: Buffer.from(withRenderedPage(shell, page)), encoded: new Map() };
      keep(rendered, 'text/html; charset=utf-8');
      // Kept: its compressed forms count towards the cache's bytes as they are made.
      return app.responseCache.lookup(entryOf(key)) ?? rendered;
    } catch (error) {
      counters.renders.inc({ result: 'failed' });
      // The visitor still gets a working page (the app renders it), but a page that cannot render is the shop's fault.
      app.log.error({ err: error, page: key }, 'rendering the page on the server failed; sent the app to render it');
      return undefined;
    }
  };

  /**
   * The page, kept in the response cache like the API's public answers (the same time and the same
   * freshness: dropped on every write) under its canonical address, so that query parameters the page
   * does not read never cause a render.
   */
  return async (url, client) => {
    const path = trimTrailingSlashes(url.pathname);
    const shell = options.shellFor(path);
    if (!renderer || !shell || !isServerRendered(path)) return undefined;
    const key = pageCacheKey(path, url.search.slice(1));
    const cached = app.responseCache.lookup(entryOf(key));
    if (cached) return keptPage(cached);
    // One render per page at a time: a render holds the event loop for milliseconds, so the visitors
    // who ask for a page while it renders wait for that render rather than each starting their own.
    const underway = rendering.get(key);
    if (underway) return underway;
    // Counted as the rate limits count: an IPv6 /64 is one client, ::ffff:a.b.c.d is a.b.c.d.
    const admission = gate.admit(clientKey(client));
    if (admission !== 'admitted') {
      counters.refused.inc({ reason: admission });
      return undefined;
    }
    const result = render(key, shell, client).finally(() => {
      rendering.delete(key);
      gate.finish();
    });
    rendering.set(key, result);
    return result;
  };
}
