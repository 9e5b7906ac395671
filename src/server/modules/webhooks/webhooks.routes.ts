import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdWebhookSchema,
  createWebhookInputSchema,
  resentWebhookDeliverySchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookIdParamsSchema,
  webhookListSchema,
} from '#shared/schemas/webhooks';
import { requireUser, signedInUser } from '../../http/guards';
import { problemSchema } from '../../http/openapi';
import type { WebhookOwner, WebhooksService } from './webhooks.service';

const adminsOnly = { 401: problemSchema, 403: problemSchema };

/**
 * The webhooks of a company (its admins) or of the shop (shop admins). No route here names an API key
 * scope, so no key may call one: a key could otherwise send the shop's events where it likes.
 */
export const webhooksRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (app, { webhooks }) => {
  const owners = new WeakMap<FastifyRequest, WebhookOwner>();

  /** Before the body is read: a visitor is told to sign in, anyone but an admin that they may not. */
  async function requireWebhookAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    owners.set(request, await webhooks.ownerFor(signedInUser(request)));
  }
  const ownerOf = (request: FastifyRequest): WebhookOwner => {
    const owner = owners.get(request);
    if (!owner) throw new Error('webhook route without its guard');
    return owner;
  };

  app.post(
    '/api/webhooks',
    {
      preValidation: requireWebhookAdmin,
      schema: {
        tags: ['webhooks'],
        summary:
          'Add a webhook: an https address and the events it hears (order.created, order.status_changed, invoice.issued, ' +
          'return.updated; part.stock_changed for the shop only). The answer is the only one that carries the signing secret',
        body: createWebhookInputSchema.meta({
          examples: [{ url: 'https://erp.example.com/gearhouse/events', events: ['order.created', 'order.status_changed'] }],
        }),
        response: { 201: createdWebhookSchema, 400: problemSchema, 409: problemSchema, ...adminsOnly },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .header('cache-control', 'no-store')
        .send(await webhooks.create(ownerOf(request), signedInUser(request), request.body)),
  );

  app.get(
    '/api/webhooks',
    {
      preValidation: requireWebhookAdmin,
      schema: {
        tags: ['webhooks'],
        summary:
          'The live webhooks of your company (a company admin) or of the shop (a shop admin), newest first; never their secrets',
        response: { 200: webhookListSchema, ...adminsOnly },
      },
    },
    async (request) => webhooks.list(ownerOf(request)),
  );

  app.delete(
    '/api/webhooks/:id',
    {
      preValidation: requireWebhookAdmin,
      schema: {
        tags: ['webhooks'],
        summary: "Remove a webhook: nothing more is sent to it, not even what was waiting; another company's webhook is 404",
        params: webhookIdParamsSchema,
        response: { 204: z.null(), 404: problemSchema, ...adminsOnly },
      },
    },
    async (request, reply) => {
      await webhooks.remove(ownerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/webhooks/:id/deliveries',
    {
      preValidation: requireWebhookAdmin,
      schema: {
        tags: ['webhooks'],
        summary: "A webhook's latest 100 deliveries, newest first: status, attempts, the receiver's answer and how long it took",
        params: webhookIdParamsSchema,
        response: { 200: webhookDeliveryListSchema, 404: problemSchema, ...adminsOnly },
      },
    },
    async (request) => webhooks.deliveries(ownerOf(request), request.params.id),
  );

  app.post(
    '/api/webhooks/:id/deliveries/:deliveryId/resend',
    {
      preValidation: requireWebhookAdmin,
      schema: {
        tags: ['webhooks'],
        summary: 'Send a delivery again: a new delivery of the same event, with the same event id and body, sent at once',
        params: webhookDeliveryParamsSchema,
        response: { 202: resentWebhookDeliverySchema, 404: problemSchema, ...adminsOnly },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await webhooks.resend(ownerOf(request), request.params.id, request.params.deliveryId)),
  );
};
