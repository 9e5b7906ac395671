import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter } from 'prom-client';
import type { ApiTransport, PageRedirect } from '../../web/entry-server';
import { canonicalPageQuery } from '#shared/page-search';
import { isServerRendered, trimTrailingSlashes } from '#shared/routes';
import type { Entry, StoredBody } from '../http/cache';
import { clientKey } from '../http/client-address';
import { PAGE_START, withRenderedPage } from './page-html';
import { DEFAULT_RENDER_LIMITS, RenderGate, type RenderLimits } from './render-gate';

/**
 * Server rendering of the public pages for visitors (docs/decisions/0013-server-rendering.md), behind
 * one function: `renderPage(url, client)` answers the page at `url` for a visitor, from the page cache
 * or rendered (src/web/entry-server.tsx) within the render limits, or leaves it to the browser.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** Server renders of pages: who may start one (render-gate.ts), and how many ran or were refused. */
    pageRendering: PageRendering;
  }
}

export interface PageRendering {
  gate: RenderGate;
  /**
   * `page_renders_total{result}`: renders run (not answered from the cache), by result: page, redirect,
   * failed, unchanged (the loaders got what the copy was drawn from: it is kept, not drawn again).
   */
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

/**
 * How long a page's drawing may be kept again, without drawing the page, while its data stays the same.
 * The data is still loaded each time the page's copy passes its second (the freshness of decision
 * 0006) and compared with what the drawing was made from; only the drawing is saved. What a page
 * shows from the clock rather than from its data (the deal's countdown) is at most this old in its
 * HTML, and the browser redraws it on its first tick; no drawing is kept past the moment a component
 * said it stops being right (`useDrawnUntil`: the deal's end, the new year).
 */
export const REDRAW_AFTER_MS = 10_000;

/**
 * How many pages' last drawings are kept for that, besides the cache (pages past REDRAW_AFTER_MS
 * are let go first): a page is 15–90 KB with its compressed forms, so at most about ten megabytes
 * the cache has let go of are held here.
 */
const DRAWN_PAGES = 100;

/**
 * A page's last drawing: what its loaders were answered, when it was drawn, until when what it draws
 * from the clock holds (`RenderedPage.drawnUntil`, ms since the epoch), and its copy in the cache.
 */
interface Drawing {
  data: string;
  drawnAt: number;
  until: number;
  copy: Entry;
}

/**
 * The answers one render's loaders got, for telling whether a page's data changed since it was last
 * drawn: each API path with its status and body, in the order of their paths, hashed.
 */
class LoadedData {
  private readonly answers: string[] = [];

  add(apiPath: string, status: number, body: string): void {
    this.answers.push(`${apiPath}\n${status}\n${body.length}\n${body}`);
  }

  digest(): string {
    const hash = createHash('sha1');
    for (const answer of [...this.answers].sort()) hash.update(answer);
    return hash.digest('base64url');
  }
}

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
function keptPage(entry: Entry): PageAnswer {
  return entry.contentType === REDIRECT_ENTRY ? { redirect: entry.body.toString() } : entry;
}

/** Where the response cache keeps the page of a cache key. */
const entryOf = (key: string): string => `page:${key}`;

export async function createPageRendering(app: FastifyInstance, options: PageRenderingOptions): Promise<RenderPage> {
  const renderer = options.shellFor('/')?.includes(PAGE_START) ? await import('../../web/entry-server') : undefined;

  /**
   * Answers a render's API calls through the app's own routes, writing each answer down in `loaded`.
   * They come from the address of the visitor the render is for (`client`), so what the API counts per
   * client (the searches that found nothing) counts the visitor, not the server.
   */
  const transportFor =
    (loaded: LoadedData, client: string): ApiTransport =>
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
      loaded.add(apiPath, response.statusCode, response.body);
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
      help: 'Public pages rendered on the server (not answered from the page cache), by result: page, redirect, failed, unchanged (its data as when last drawn: the copy kept)',
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
  /** Renders under way, by cache key: a second request for the same page waits for the first's. */
  const rendering = new Map<string, Promise<PageAnswer | undefined>>();

  const now = options.now ?? (() => performance.now());
  /** Each page's last drawing, by cache key, in the order they were drawn (bounded: DRAWN_PAGES). */
  const drawings = new Map<string, Drawing>();
  const remember = (key: string, drawing: Drawing) => {
    const known = drawings.get(key);
    // Drawn at the same moment (the same drawing kept again): it keeps its place in the order.
    if (known?.drawnAt === drawing.drawnAt) {
      Object.assign(known, drawing);
      return;
    }
    drawings.delete(key);
    for (const [oldestKey, oldest] of drawings) {
      if (drawings.size < DRAWN_PAGES && now() - oldest.drawnAt < REDRAW_AFTER_MS) break;
      drawings.delete(oldestKey);
    }
    drawings.set(key, drawing);
  };

  /**
   * Renders the page at `key` (its canonical address) into `shell` and keeps it in the cache. When its
   * loaders got the same answers as when it was last drawn, less than REDRAW_AFTER_MS ago, that drawing
   * is kept again instead, with its compressed forms.
   */
  const render = async (key: string, shell: string, client: string): Promise<PageAnswer | undefined> => {
    if (!renderer) return undefined;
    const generation = app.responseCache.currentGeneration();
    const loaded = new LoadedData();
    const last = drawings.get(key);
    let data: string | undefined;
    const unchanged = () => {
      data = loaded.digest();
      return last !== undefined && data === last.data && now() - last.drawnAt < REDRAW_AFTER_MS && Date.now() < last.until;
    };
    /** Keeps the page in the cache and remembers it, drawn at `drawnAt` from this render's data. */
    const keep = (
      { body, encoded }: StoredBody,
      contentType: string,
      drawing: Pick<Drawing, 'drawnAt' | 'until'>,
    ): Entry | undefined => {
      app.responseCache.storeBody(entryOf(key), { body, encoded }, contentType, '', generation);
      const kept = app.responseCache.lookup(entryOf(key));
      if (kept && data !== undefined) remember(key, { data, ...drawing, copy: kept });
      return kept;
    };
    try {
      const page = await renderer.renderPage(new URL(key, 'http://shop.invalid'), {
        transport: transportFor(loaded, client),
        unchanged,
      });
      if (!page) {
        counters.renders.inc({ result: 'failed' });
        return undefined;
      }
      if ('unchanged' in page) {
        counters.renders.inc({ result: 'unchanged' });
        // Only said of a page last drawn from the same data: that drawing is kept again, with its own
        // map of compressed forms (those made for the copy before stay with it).
        const { copy, ...drawing } = last as Drawing;
        return keptPage(keep({ body: copy.body, encoded: new Map(copy.encoded) }, copy.contentType, drawing) ?? copy);
      }
      if ('redirect' in page) {
        counters.renders.inc({ result: 'redirect' });
        keep({ body: Buffer.from(page.redirect), encoded: new Map() }, REDIRECT_ENTRY, {
          drawnAt: now(),
          until: Number.POSITIVE_INFINITY,
        });
        return page;
      }
      counters.renders.inc({ result: 'page' });
      const body = Buffer.from(withRenderedPage(shell, page));
      const drawing = { drawnAt: now(), until: page.drawnUntil };
      return keep({ body, encoded: new Map() }, 'text/html; charset=utf-8', drawing) ?? { body, encoded: new Map() };
    } catch (error) {
      counters.renders.inc({ result: 'failed' });
      // The visitor still gets a working page (the app renders it), but a page that cannot render is the shop's fault.
      app.log.error({ err: error, page: key }, 'rendering the page on the server failed; sent the app to render it');
      return undefined;
    }
  };

  /**
   * The page, kept in the response cache like the API's public answers (the same freshness: dropped on
   * every write) under its canonical address, so that query parameters the page does not read never
   * cause a render.
   */
  return async (url, client) => {
    const path = trimTrailingSlashes(url.pathname);
    const shell = options.shellFor(path);
    if (!renderer || !shell || !isServerRendered(path)) return undefined;
    const key = pageCacheKey(path, url.search.slice(1));
    const cached = app.responseCache.lookup(entryOf(key));
    if (cached) return keptPage(cached);
    // A page past its second that no write has dropped is still answered while it is rendered again:
    // a render holds the event loop for milliseconds, and every visitor of the page waited for it.
    const pastItsTime = app.responseCache.lookupPastItsTime(entryOf(key));

    const underway = rendering.get(key);
    if (underway) return pastItsTime ? keptPage(pastItsTime) : underway;
    // Counted as the rate limits count: an IPv6 /64 is one client, ::ffff:a.b.c.d is a.b.c.d.
    const admission = gate.admit(clientKey(client));
    if (admission !== 'admitted') {
      counters.refused.inc({ reason: admission });
      return pastItsTime ? keptPage(pastItsTime) : undefined;
    }
    const result = render(key, shell, client).finally(() => {
      rendering.delete(key);
      gate.finish();
    });
    rendering.set(key, result);
    return pastItsTime ? keptPage(pastItsTime) : result;
  };
}
