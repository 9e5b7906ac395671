import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isClientRoute } from '#shared/paths';
import { pageModuleOf, trimTrailingSlashes } from '#shared/routes';
import { createPageRendering, type PageAnswer, type PageRenderingOptions } from '../rendering';
import { sendStoredBody } from './cache';
import { notFoundProblem, sendProblem } from './errors';

/** Hashed assets never change under their name; the rest of the build may change with a release. */
export function staticCacheControl(filePath: string): string {
  return filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
}

/** better-auth's session cookie, `[__Secure-]better-auth.session_token`: a signed-in browser gets the app. */
export const SESSION_COOKIE = /(?:^|;)\s*(?:__Secure-)?[\w.-]*session_token=/;

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
export interface WebAppOptions extends Omit<PageRenderingOptions, 'shellFor'> {
  /**
   * Whether the thing a page shows exists, for the pages about one part or one post: the server answers
   * 404 (with the app, which draws its not-found page) for a part or post that is not there, whoever
   * asks and whether or not the page is drawn on the server.
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

/** Registers the web app's routes: the build's files (pre-compressed ones as they are), and the pages. */
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
    const name = pageModuleOf(pathname);
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
        reply.header('cache-control', staticCacheControl(filePath));
      },
    });
  }

  const renderPage = await createPageRendering(app, {
    shellFor: htmlFor,
    ...(options.internalRequestHeader ? { internalRequestHeader: options.internalRequestHeader } : {}),
    ...(options.renderLimits ? { renderLimits: options.renderLimits } : {}),
    ...(options.now ? { now: options.now } : {}),
  });

  /**
   * The page for a visitor, rendered on the server when it is one of the public pages (src/server/rendering);
   * otherwise, and for a signed-in browser, the app's shell.
   */
  const pageHtml = async (request: FastifyRequest, pathname: string): Promise<PageAnswer | string | undefined> => {
    const shell = htmlFor(pathname);
    if (!shell || request.method !== 'GET' || SESSION_COOKIE.test(request.headers.cookie ?? '')) return shell;
    const queryAt = request.url.indexOf('?');
    const url = new URL(`http://shop.invalid${pathname}${queryAt < 0 ? '' : request.url.slice(queryAt)}`);
    const page = await renderPage(url, request.ip);
    return page ?? shell;
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

  // Pages and unknown paths have no route of their own: the shop-wide rate limit counts them here.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/api';
    if (!wantsPage || !indexHtml) return sendProblem(reply, notFoundProblem(request));
    const known = isClientRoute(pathname);
    if (!known) return sendApp(request, reply, 404, '');
    const path = trimTrailingSlashes(pathname);
    const subject = options.exists ? pageSubject(path) : undefined;
    if (subject && options.exists) {
      const found = subject.key !== '' && (await options.exists[subject.kind](subject.key));
      if (!found) return sendApp(request, reply, 404, pathname);
    }
    return sendApp(request, reply, 200, pathname);
  });
}
