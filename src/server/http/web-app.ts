import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter } from 'prom-client';
import type { ApiTransport, PageRedirect, RenderedPage } from '../../web/entry-server';
import { PAGE_STATE_ELEMENT_ID } from '../../web/page-state';
import { canonicalPageQuery } from '#shared/page-search';
import { isClientRoute } from '#shared/paths';
import { sendStoredBody, type StoredBody } from './cache';
import { notFoundProblem, sendProblem } from './errors';
import { DEFAULT_RENDER_LIMITS, RenderGate, type RenderLimits } from './render-gate';

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

/**
 * Which page module (`src/web/app/routes/<name>.tsx`) renders a path, for the pages a visitor opens
 * directly. Its code is announced in the HTML so it downloads alongside the entry (see `withPreloads`).
 */
const PAGE_MODULES: readonly [RegExp, string][] = [
  [/^\/(home)?$/, 'landing'],
  [/^\/part$/, 'parts'],
  [/^\/part\/[^/]+$/, 'part-detail'],
  [/^\/blogs$/, 'blogs'],
  [/^\/blogs\/[^/]+$/, 'blog-post'],
  [/^\/reviews$/, 'reviews'],
  [/^\/(about|terms|privacy|cookies)$/, 'info'],
  [/^\/login$/, 'login'],
  [/^\/signup$/, 'signup'],
  [/^\/reset$/, 'reset'],
  [/^\/reset-password$/, 'reset-password'],
];

/** The page module drawn at a path (without trailing slashes), if any. */
export function pageModuleOf(path: string): string | undefined {
  return PAGE_MODULES.find(([pattern]) => pattern.test(path))?.[1];
}

/** The pages rendered on the server for visitors: the public ones (docs/decisions/0013). */
export const SERVER_RENDERED: ReadonlySet<string> = new Set([
  'landing',
  'parts',
  'reviews',
  'blogs',
  'blog-post',
  'info',
  'login',
  'signup',
  'reset',
  'reset-password',
]);

/** Where index.html keeps its first paint (the shell's bar and a spinner), replaced by a rendered page. */
const PAGE_START = '<!--page-->';
const PAGE_END = '<!--/page-->';

/** better-auth's session cookie, `[__Secure-]better-auth.session_token`: a signed-in browser gets the app. */
const SESSION_COOKIE = /(?:^|;)\s*(?:__Secure-)?[\w.-]*session_token=/;

/** JSON inside a script element: nothing in it can end the element or start markup. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

function withRenderedPage(html: string, page: RenderedPage): string {
  const start = html.indexOf(PAGE_START);
  const end = html.indexOf(PAGE_END);
  if (start < 0 || end < start) return html;
  const state = `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${scriptSafeJson(page.state)}</script>`;
  const withPage = `${html.slice(0, start)}${page.html}${html.slice(end + PAGE_END.length)}`.replace(
    '</body>',
    () => `${state}</body>`,
  );
  // The page's own title replaces the shell's.
  const head = page.head.includes('<title>') ? withPage.replace(/<title>[^<]*<\/title>/, '') : withPage;
  return deferCode(head.replace('</head>', () => `${page.head}</head>`));
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * A rendered page is on screen without its code, which only makes it interactive. The code is started
 * by /page-boot.js after the first paint instead of from the head, so that on a slow line the style
 * sheet and the page's first pictures are not sharing the bandwidth with it.
 */
function deferCode(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const preload = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const code = `<script type="application/json" id="page-code">${scriptSafeJson({ entry, preload })}</script><script src="/page-boot.js" defer></script>`;
  return html
    .replace(ENTRY_SCRIPT, '')
    .replaceAll(MODULE_PRELOAD, '')
    .replace('</body>', () => `${code}</body>`);
}

/**
 * index.html with `<link rel="modulepreload">` for each page module's chunks (listed by the build in
 * route-preloads.json), one string per module, built once. Without them the page's code is requested
 * only once the entry has downloaded and run, a second round trip before the first paint.
 */
async function pageHtmlByModule(distDir: string, indexHtml: string): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  let preloads: Record<string, string[]>;
  try {
    preloads = JSON.parse(await readFile(path.join(distDir, 'route-preloads.json'), 'utf8')) as Record<string, string[]>;
  } catch {
    return pages;
  }
  for (const [name, files] of Object.entries(preloads)) {
    const links = files
      .filter((file) => /^\/assets\/[\w.-]+\.js$/.test(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
      .join('');
    pages.set(
      name,
      indexHtml.replace('</head>', () => `${links}</head>`),
    );
  }
  return pages;
}

/**
 * Serves the built web app: hashed assets cached for a year (pre-compressed at build time),
 * index.html never cached, client routes answered with the app, unknown paths with the app's
 * not-found page and status 404. API paths that match nothing answer problem+json.
 */
export interface WebAppOptions {
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
  /**
   * Whether the thing a page shows exists, for the pages about one part or one post: the server answers
   * 404 (with the app, which draws its not-found page) for a part or post that is not there, though the
   * page itself may only be drawn in the browser (a part's page is for signed-in users).
   */
  exists?: PageSubjects;
}

export interface PageSubjects {
  part(id: string): Promise<boolean>;
  blogPost(slug: string): Promise<boolean>;
}

/** `/part/<id>` → the part's id; `/blogs/<slug>` → the slug; undefined for other paths. */
function pageSubject(path: string): { kind: keyof PageSubjects; key: string } | undefined {
  const match = /^\/(part|blogs)\/([^/]+)$/.exec(path);
  if (!match?.[1] || !match[2]) return undefined;
  let key: string;
  try {
    key = decodeURIComponent(match[2]);
  } catch {
    // Not a valid address of anything (a stray %): no such part or post.
    key = '';
  }
  return { kind: match[1] === 'part' ? 'part' : 'blogPost', key };
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

export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
  options: WebAppOptions = {},
): Promise<void> {
  let indexHtml: string | undefined;
  if (distDir) {
    try {
      indexHtml = await readFile(path.join(distDir, 'index.html'), 'utf8');
    } catch {
      app.log.warn({ distDir }, 'no built web app found; run `npm run build` (the API works without it)');
    }
  }

  const pages = distDir && indexHtml ? await pageHtmlByModule(distDir, indexHtml) : new Map<string, string>();
  const htmlFor = (pathname: string) => {
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const name = pageModuleOf(path);
    return (name && pages.get(name)) ?? indexHtml;
  };

  if (distDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      index: false,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  const renderer = indexHtml?.includes(PAGE_START) ? await import('../../web/entry-server') : undefined;
  const transport: ApiTransport = async (apiPath, init) => {
    // Requests that arrived meanwhile go first: an in-process call may never leave the microtask queue.
    await new Promise((resolve) => setImmediate(resolve));
    const response = await app.inject({
      method: 'GET',
      url: apiPath,
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
  /** Renders under way, by cache key: a second request for the same page waits for the first's. */
  const rendering = new Map<string, Promise<StoredBody | PageRedirect | undefined>>();

  /** Renders the page at `key` (its canonical address) and keeps it in the cache; undefined: leave it to the browser. */
  const render = async (request: FastifyRequest, key: string, shell: string): Promise<StoredBody | PageRedirect | undefined> => {
    if (!renderer) return undefined;
    const generation = app.responseCache.currentGeneration();
    try {
      const page = await renderer.renderPage(new URL(key, 'http://shop.invalid'), transport);
      if (!page) {
        counters.renders.inc({ result: 'failed' });
        return undefined;
      }
      if ('redirect' in page) {
        counters.renders.inc({ result: 'redirect' });
        app.responseCache.store(`page:${key}`, Buffer.from(page.redirect), REDIRECT_ENTRY, '', generation);
        return page;
      }
      counters.renders.inc({ result: 'page' });
      const body = Buffer.from(withRenderedPage(shell, page));
      app.responseCache.store(`page:${key}`, body, 'text/html; charset=utf-8', '', generation);
      return app.responseCache.lookup(`page:${key}`) ?? { body, encoded: new Map() };
    } catch (error) {
      counters.renders.inc({ result: 'failed' });
      // The visitor still gets a working page (the app renders it), but a page that cannot render is the shop's fault.
      request.log.error({ err: error }, 'rendering the page on the server failed; sent the app to render it');
      return undefined;
    }
  };

  /**
   * The page for a visitor, rendered (docs/decisions/0013), kept in the response cache like the API's
   * public answers (the same freshness: dropped on every write) under its canonical address, so that
   * query parameters the page does not read never cause a render; otherwise the app's shell, which is
   * also the answer when renders are at their limit or the client has used its budget of renders.
   */
  const pageHtml = async (request: FastifyRequest, pathname: string): Promise<StoredBody | PageRedirect | string | undefined> => {
    const shell = htmlFor(pathname);
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const name = pageModuleOf(path);
    if (!renderer || !shell || request.method !== 'GET' || !name || !SERVER_RENDERED.has(name)) return shell;
    if (SESSION_COOKIE.test(request.headers.cookie ?? '')) return shell;
    const queryAt = request.url.indexOf('?');
    const key = pageCacheKey(path, queryAt < 0 ? '' : request.url.slice(queryAt + 1));
    const cached = app.responseCache.lookup(`page:${key}`);
    if (cached) return cached.contentType === REDIRECT_ENTRY ? { redirect: cached.body.toString() } : cached;

    const underway = rendering.get(key);
    if (underway) return (await underway) ?? shell;
    const admission = gate.admit(request.ip);
    if (admission !== 'admitted') {
      counters.refused.inc({ reason: admission });
      return shell;
    }
    const result = render(request, key, shell).finally(() => {
      rendering.delete(key);
      gate.finish();
    });
    rendering.set(key, result);
    return (await result) ?? shell;
  };

  const sendApp = async (request: FastifyRequest, reply: FastifyReply, status: number, pathname: string) => {
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    const html = status === 200 ? await pageHtml(request, pathname) : htmlFor(pathname);
    if (typeof html !== 'object') return reply.header('vary', 'cookie').send(html);
    if ('redirect' in html) return reply.header('vary', 'cookie').redirect(html.redirect, 302);
    // A rendered page is tens of kilobytes: compressed once, with the page, not on every request.
    return sendStoredBody(request, reply.header('vary', 'cookie, accept-encoding'), html);
  };

  if (indexHtml) {
    app.get('/', { schema: { hide: true } }, (request, reply) => sendApp(request, reply, 200, '/'));
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/api';
    if (!wantsPage || !indexHtml) return sendProblem(reply, notFoundProblem(request));
    const known = isClientRoute(pathname);
    if (!known) return sendApp(request, reply, 404, '');
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const subject = options.exists ? pageSubject(path) : undefined;
    if (subject && options.exists) {
      const found = subject.key !== '' && (await options.exists[subject.kind](subject.key));
      if (!found) return sendApp(request, reply, 404, pathname);
    }
    return sendApp(request, reply, 200, pathname);
  });
}
