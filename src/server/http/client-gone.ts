import type { FastifyInstance } from 'fastify';

/**
 * A request whose client has closed its connection by the time the handler would start is not run.
 * After a wait on a slow database (the session's lookup comes first), the client has often given up
 * and may be retrying: its booking would be made for nobody, and the database, just back, would do
 * the work twice. Nothing can be answered on a closed connection, so nothing is sent.
 */
export function dropRequestsOfGoneClients(app: FastifyInstance): void {
  app.addHook('preHandler', (request, reply, done) => {
    if (request.raw.socket?.destroyed === true) {
      request.log.info(
        { method: request.method, url: request.url },
        'client closed the connection before its request was handled; dropped',
      );
      reply.hijack();
    }
    done();
  });
}
