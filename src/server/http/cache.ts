import etag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * public: anyone may cache, but must revalidate (ETag makes that a cheap 304).
     * none (default for /api): personal or changing answers are never stored.
     */
    cache?: 'public' | 'none';
  }
}

export async function registerCaching(app: FastifyInstance): Promise<void> {
  await app.register(etag, { weak: true });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/') || reply.hasHeader('cache-control')) return payload;
    const isPublic = request.routeOptions.config.cache === 'public' && (request.method === 'GET' || request.method === 'HEAD');
    reply.header('cache-control', isPublic && reply.statusCode < 400 ? 'public, max-age=0, must-revalidate' : 'no-store');
    return payload;
  });
}
