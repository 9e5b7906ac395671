import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isClientRoute } from '#shared/paths';
import { notFoundProblem, sendProblem } from './errors';

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

  const sendApp = (reply: FastifyReply, status: number) =>
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);

  if (indexHtml) {
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendApp(reply, 200));
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/api';
    if (!wantsPage || !indexHtml) return sendProblem(reply, notFoundProblem(request));
    return sendApp(reply, isClientRoute(pathname) ? 200 : 404);
  });
}
