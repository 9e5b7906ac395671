import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problem, sendProblem } from '../../http/errors';
import { problemSchema } from '../../http/openapi';
import type { Readiness } from './readiness';

const outcomeSchema = z.enum(['ok', 'failed', 'timeout']);
/** Services the node does without for now (Redis: `open`, limits count per node); present only when there are some. */
const degradedSchema = z.record(z.string(), z.string()).optional();

// Probes: never rate limited (a load balancer polls from one address) and never cached.
const probe = { cache: 'none' as const, rateLimit: false as const };

export const healthRoutes: FastifyPluginAsyncZod<{ readiness: Readiness }> = async (app, { readiness }) => {
  app.get(
    '/api/ping',
    {
      config: { cache: 'none' },
      schema: {
        tags: ['operations'],
        summary: "Liveness without dependencies, for load balancers (and the benchmark's bare route)",
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async () => ({ ok: true as const }),
  );

  // Liveness answers whether this process should be restarted, so it must not depend on the
  // database: an outage of the database would otherwise restart every node at once and fix nothing.
  // Whether a node should get traffic is /api/ready.
  app.get(
    '/api/health',
    {
      config: probe,
      schema: {
        tags: ['operations'],
        summary: 'Liveness: the process is up and serving (no dependency is asked; see /api/ready)',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      config: probe,
      schema: {
        tags: ['operations'],
        summary:
          'Readiness: the database and every configured service answered within its timeout (never while the node shuts down)',
        response: {
          200: z.object({ status: z.literal('ready'), checks: z.record(z.string(), z.literal('ok')), degraded: degradedSchema }),
          503: problemSchema.extend({ checks: z.record(z.string(), outcomeSchema), degraded: degradedSchema }),
        },
      },
    },
    async (_request, reply) => {
      const { ready, stopping, checks, reasons, degraded: doingWithout } = await readiness.run();
      const degraded = Object.keys(doingWithout).length > 0 ? doingWithout : undefined;
      if (ready) return { status: 'ready' as const, checks: checks as Record<string, 'ok'>, degraded };
      if (stopping) {
        const body = { ...problem('unavailable', 'Not ready: this node is shutting down.'), checks };
        return sendProblem(reply, body);
      }
      const failing = Object.entries(checks)
        .filter(([, outcome]) => outcome !== 'ok')
        .map(([name, outcome]) => `${name} (${reasons[name] ?? outcome})`);
      const body = { ...problem('unavailable', `Not ready: ${failing.join(', ')}.`), checks, degraded };
      return sendProblem(reply, body);
    },
  );
};
