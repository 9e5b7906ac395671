import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { problemSchema } from '../../http/openapi';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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

  app.get(
    '/api/health',
    {
      config: { cache: 'none', rateLimit: false },
      schema: {
        tags: ['operations'],
        summary: 'Liveness, including a database round trip',
        response: { 200: z.object({ status: z.literal('ok'), database: z.literal('ok') }), 503: problemSchema },
      },
    },
    async (request) => {
      try {
        await sql`select 1`.execute(db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError('unavailable', 'The database is unreachable.');
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
};
