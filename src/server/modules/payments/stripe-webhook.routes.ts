import type Stripe from 'stripe';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock';
import { AppError } from '../../app-error';
import { problemSchema } from '../../http/openapi';
import type { PaymentEvent, PaymentsService } from './payments.service';
import { StripeProvider } from './stripe-provider';

const badSignature = () =>
  new AppError('bad_request', 'The Stripe-Signature header is missing, invalid or too old for this body.');

/** The parts of a verified Stripe event the shop acts on; every other event is only recorded. */
export function paymentEventOf(event: Stripe.Event): PaymentEvent {
  if (event.type !== 'payment_intent.succeeded') return { id: event.id, type: event.type };
  const intent = event.data.object;
  const orderId = intent.metadata?.orderId;
  return {
    id: event.id,
    type: event.type,
    succeeded: orderId
      ? { orderId, intentId: intent.id, transactionId: intent.id, amountCents: intent.amount_received }
      : undefined,
  };
}

/**
 * POST /api/payments/stripe/webhook: Stripe's server tells us a payment intent succeeded. No session
 * and no origin to check: the proof is the signature over the raw body, so this plugin (and only it)
 * reads bodies as bytes instead of parsing JSON. Registered only when Stripe is configured.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  webhookSecret: string;
  clock: Clock;
}> = async (app, { payments, webhookSecret, clock }) => {
  // Content-type parsers are encapsulated: the rest of the app keeps its JSON parsing.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/api/payments/stripe/webhook',
    {
      schema: {
        tags: ['payments'],
        summary:
          "Stripe's signed events (payment_intent.succeeded marks the order paid); each event id has one effect however often it is delivered",
        response: { 200: z.object({ received: z.literal(true) }), 400: problemSchema },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const body: unknown = request.body;
      if (typeof signature !== 'string' || !Buffer.isBuffer(body)) throw badSignature();
      let event: Stripe.Event;
      try {
        event = await StripeProvider.verifyWebhook(body, signature, webhookSecret, clock.now());
      } catch (error) {
        request.log.warn({ err: error }, 'Stripe webhook refused: bad signature');
        throw badSignature();
      }
      await payments.handleEvent(paymentEventOf(event));
      return { received: true as const };
    },
  );
};
