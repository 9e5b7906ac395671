import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../app-error';
import type { Metrics } from './metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares in constant time, so the answer's timing tells nothing about the token. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * Counts every answer (onResponse, so the time includes sending it) and serves `GET /metrics` in
 * Prometheus' text format. The endpoint exists only when a token is configured and then asks for it
 * (`Authorization: Bearer <METRICS_TOKEN>`); without one it answers 404 like any unknown path.
 * Register it on the root instance: a hook added inside an encapsulated plugin would see only that
 * plugin's routes.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, { token }: { token: string | undefined }): void {
  app.addHook('onResponse', (request, reply, done) => {
    // The route's path as declared, never the URL, so the series stay bounded.
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched' };
    metrics.httpRequests.inc({ ...labels, status: String(reply.statusCode) });
    metrics.httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) metrics.httpRequestErrors.inc(labels);
    done();
  });

  app.get('/metrics', { config: { cache: 'none', rateLimit: false }, schema: { hide: true } }, async (request, reply) => {
    if (!token) throw new AppError('not_found', `No route for GET ${request.url.split('?')[0]}`);
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('unauthenticated', 'The metrics need the bearer token set in METRICS_TOKEN.');
    }
    reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
