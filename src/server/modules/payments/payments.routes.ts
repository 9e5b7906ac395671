import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderIdParamsSchema } from '#shared/schemas/orders';
import {
  confirmStripePaymentInputSchema,
  paymentIntentSchema,
  paymentResultSchema,
  payOrderInputSchema,
} from '#shared/schemas/payments';
import { requireUser, signedInUser } from '../../http/guards';
import { problemSchema } from '../../http/openapi';
import type { PaymentsService } from './payments.service';

// Guards run before validation, so a visitor learns nothing about the body's rules.
const signedIn = { 401: problemSchema };

/** What a payment answers: the transaction, or why not (402 the card, 404 not yours, 409 not payable). */
const paymentResponses = {
  200: paymentResultSchema,
  400: problemSchema,
  402: problemSchema,
  404: problemSchema,
  409: problemSchema,
  ...signedIn,
};

export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, { payments }) => {
  /** Signed in, and the order is yours: checked before the body, so another's order is a 404 whatever was sent. */
  const ownOrderFirst = [
    requireUser,
    async (request: FastifyRequest) => {
      const { id } = request.params as { id?: unknown };
      await payments.assertOwnOrder(typeof id === 'string' ? id : '', signedInUser(request));
    },
  ];

  app.post(
    '/api/orders/:id/payment-intent',
    {
      preValidation: ownOrderFirst,
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
      preValidation: ownOrderFirst,
      schema: {
        tags: ['payments'],
        summary:
          'Pay your order by card (sandbox): paid only once the provider confirmed the full amount; paying twice charges once',
        params: orderIdParamsSchema,
        body: payOrderInputSchema,
        response: paymentResponses,
      },
    },
    async (request) => {
      const paid = await payments.pay(request.params.id, signedInUser(request), request.body);
      return paid;
    },
  );

  app.post(
    '/api/orders/:id/payment/confirm',
    {
      preValidation: ownOrderFirst,
      schema: {
        tags: ['payments'],
        summary:
          "After Stripe.js confirmed your card: the server asks Stripe for the intent's status and marks the order paid only when it succeeded for the full amount",
        params: orderIdParamsSchema,
        body: confirmStripePaymentInputSchema,
        response: paymentResponses,
      },
    },
    async (request) => {
      const paid = await payments.confirmPayment(request.params.id, signedInUser(request), request.body);
      return paid;
    },
  );
};
