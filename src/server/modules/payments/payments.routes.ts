import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderIdParamsSchema } from '#shared/schemas/orders';
import { paymentIntentSchema, paymentResultSchema, payOrderInputSchema } from '#shared/schemas/payments';
import { requireUser, signedInUser } from '../../http/guards';
import { problemSchema } from '../../http/openapi';
import type { PaymentsService } from './payments.service';

// Guards run before validation, so a visitor learns nothing about the body's rules.
const signedIn = { 401: problemSchema };

export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, { payments }) => {
  app.post(
    '/api/orders/:id/payment-intent',
    {
      preValidation: requireUser,
      schema: {
        tags: ['payments'],
        summary: "A payment intent for your unpaid order, for the order's total (the same one when asked again)",
        params: orderIdParamsSchema,
        response: { 200: paymentIntentSchema, 404: problemSchema, 409: problemSchema, ...signedIn },
      },
    },
    async (request) => payments.createIntent(request.params.id, signedInUser(request)),
  );

  app.post(
    '/api/orders/:id/payment',
    {
      preValidation: requireUser,
      schema: {
        tags: ['payments'],
        summary:
          'Pay your order by card (sandbox): paid only once the provider confirmed the full amount; paying twice charges once',
        params: orderIdParamsSchema,
        body: payOrderInputSchema,
        response: {
          200: paymentResultSchema,
          400: problemSchema,
          402: problemSchema,
          404: problemSchema,
          409: problemSchema,
          ...signedIn,
        },
      },
    },
    async (request) => {
      const paid = await payments.pay(request.params.id, signedInUser(request), request.body);
      // A paid order may make its buyer's reviews "Verified buyer".
      app.responseCache.invalidate();
      return paid;
    },
  );
};
