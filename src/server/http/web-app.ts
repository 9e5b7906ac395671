import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isClientRoute } from '#shared/paths';
import { notFoundProblem, sendProblem } from './errors';

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
  [/^\/login$/, 'login'],
  [/^\/signup$/, 'signup'],
  [/^\/reset$/, 'reset'],
  [/^\/reset-password$/, 'reset-password'],
];

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
    pages.set(name, indexHtml.replace('</head>', `${links}</head>`));
  }
  return pages;
}

/**
 * Serves the built web app: hashed assets cached for a year (pre-compressed at build time),
 * index.html never cached, client routes answered with the app, unknown paths with the app's
 * not-found page and status 404. API paths that match nothing answer problem+json.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | undefined): Promise<void> {
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
    const name = PAGE_MODULES.find(([pattern]) => pattern.test(path))?.[1];
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

  const sendApp = (reply: FastifyReply, status: number, pathname: string) =>
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(htmlFor(pathname));

  if (indexHtml) {
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendApp(reply, 200, '/'));
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/api';
    if (!wantsPage || !indexHtml) return sendProblem(reply, notFoundProblem(request));
    const known = isClientRoute(pathname);
    return sendApp(reply, known ? 200 : 404, known ? pathname : '');
  });
}
