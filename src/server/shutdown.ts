import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';

/** How often connections that went idle after their last answer are closed while requests finish. */
const IDLE_SWEEP_MS = 100;

/**
 * Stops a node on SIGTERM without dropping a request it was sent (docs/operations.md, "Stopping and
 * upgrading a node"):
 *
 * 1. Readiness fails at once, and every answer from now on carries `Connection: close`, so a load
 *    balancer and keep-alive clients (the shipped nginx keeps its upstream connections) move to other
 *    nodes; the node still accepts and serves everything for the grace period.
 * 2. The port closes, idle connections with it; requests under way finish, for up to `timeoutMs`,
 *    and connections still open then are cut (logged). A connection that answered a request from
 *    before the signal without `Connection: close` goes idle afterwards and is closed then.
 * 3. The app's own close: its background work stops and the mail outbox sends what is due.
 * 4. The database closes: SQLite folds its WAL back into the file.
 *
 * Even without a grace period the port closes a turn of the event loop after the signal, never in
 * the turn that saw it: a request that arrived with the signal has then been read and started, and is
 * no longer on an idle connection that closing would reset.
 */
export async function shutDownGracefully(
  app: FastifyInstance,
  database: DatabaseHandle,
  { graceMs, timeoutMs }: Config['shutdown'],
): Promise<void> {
  const server = app.server;
  app.readiness.stop();
  server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    response.setHeader('connection', 'close');
  });
  app.log.info({ graceSeconds: graceMs / 1000 }, 'shutting down: not ready, still serving for the grace period');
  await delay(graceMs);

  app.log.info('shutting down: finishing in-flight requests');
  const idleSweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  const cut = setTimeout(() => {
    server.getConnections((_error, count) =>
      app.log.warn(
        { connections: count, timeoutSeconds: timeoutMs / 1000 },
        'shutting down: requests still under way at SHUTDOWN_TIMEOUT_SECONDS are cut',
      ),
    );
    server.closeAllConnections();
  }, timeoutMs);
  const stopSweeping = () => {
    clearInterval(idleSweep);
    clearTimeout(cut);
  };
  // The HTTP server closes once its last connection has; the app's close goes on to its background work.
  server.once('close', stopSweeping);
  try {
    await app.close();
  } finally {
    stopSweeping();
  }
  await database.destroy();
}
