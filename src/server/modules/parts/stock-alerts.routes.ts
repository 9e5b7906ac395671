import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { partIdParamsSchema } from '#shared/schemas/parts';
import { stockAlertListSchema } from '#shared/schemas/stock-alerts';
import { requireCustomer, signedInUser } from '../../http/guards';
import { problemSchema } from '../../http/openapi';
import type { StockAlertsService } from './stock-alerts';

// Admins do not buy: they are refused (403) as they are from reviews.
const customersOnly = { 401: problemSchema, 403: problemSchema };

export const stockAlertsRoutes: FastifyPluginAsyncZod<{ stockAlerts: StockAlertsService }> = async (app, { stockAlerts }) => {
  app.get(
    '/api/me/stock-alerts',
    {
      preValidation: requireCustomer,
      schema: {
        tags: ['parts'],
        summary: 'The sold-out parts you asked to be mailed about when they are back in stock, the newest first',
        response: { 200: stockAlertListSchema, ...customersOnly },
      },
    },
    async (request) => stockAlerts.mine(signedInUser(request)),
  );

  app.post(
    '/api/parts/:id/notify-me',
    {
      preValidation: requireCustomer,
      schema: {
        tags: ['parts'],
        summary:
          'Be mailed once when this sold-out part can be ordered again; asking twice is asking once. ' +
          'A part not on sale is 404, one in stock 409; at most 50 parts at once (422)',
        params: partIdParamsSchema,
        response: { 204: z.null(), 404: problemSchema, 409: problemSchema, 422: problemSchema, ...customersOnly },
      },
    },
    async (request, reply) => {
      await stockAlerts.request(signedInUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/parts/:id/notify-me',
    {
      preValidation: requireCustomer,
      schema: {
        tags: ['parts'],
        summary: 'Stop waiting for this part; 204 whether you were waiting or not, 404 for an id that names no part',
        params: partIdParamsSchema,
        response: { 204: z.null(), 404: problemSchema, ...customersOnly },
      },
    },
    async (request, reply) => {
      await stockAlerts.cancel(signedInUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
