import type { FastifyPluginAsync } from 'fastify';
import type { ObjectStorage } from './storage';

/** Serves stored pictures. Names are content hashes, so each URL's bytes never change. */
export const uploadsServingRoutes: FastifyPluginAsync<{ storage: ObjectStorage }> = async (app, { storage }) => {
  app.get<{ Params: { key: string } }>('/uploads/:key', { schema: { hide: true } }, async (request, reply) => {
    const file = await storage.get(request.params.key);
    if (!file) {
      return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not found');
    }
    return reply
      .type(file.contentType)
      .header('content-length', file.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });
};
