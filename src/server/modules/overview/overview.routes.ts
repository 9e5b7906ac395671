import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { overviewQuerySchema, overviewSchema } from '#shared/schemas/overview';
import { requireAdmin } from '../../http/guards';
import { problemSchema } from '../../http/openapi';
import type { OverviewService } from './overview.service';

export const overviewRoutes: FastifyPluginAsyncZod<{ overview: OverviewService }> = async (app, { overview }) => {
  app.get(
    '/api/admin/overview',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'How the shop is doing: gross revenue (tax and delivery included) and paid orders per day over the last 30 or 90 days, orders by status, best sellers, parts low on stock, searches that found nothing',
        querystring: overviewQuerySchema,
        response: { 200: overviewSchema, 400: problemSchema, 401: problemSchema, 403: problemSchema },
      },
    },
    async (request) => overview.overview(request.query.days),
  );
};
