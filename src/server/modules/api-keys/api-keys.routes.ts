import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeyIdParamsSchema, apiKeyListSchema, createApiKeyInputSchema, createdApiKeySchema } from '#shared/schemas/api-keys';
import { requireUser, signedInUser } from '../../http/guards';
import { problemSchema } from '../../http/openapi';
import type { ApiKeysService, KeyOwner } from './api-keys.service';

const adminsOnly = { 401: problemSchema, 403: problemSchema };

/** The keys of a company (its admins) or of the shop (shop admins); no route here takes a key itself. */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ apiKeys: ApiKeysService }> = async (app, { apiKeys }) => {
  const owners = new WeakMap<FastifyRequest, KeyOwner>();

  /** Before the body is read: a visitor is told to sign in, anyone but an admin that they may not. */
  async function requireKeyAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    owners.set(request, await apiKeys.ownerFor(signedInUser(request)));
  }
  const ownerOf = (request: FastifyRequest): KeyOwner => {
    const owner = owners.get(request);
    if (!owner) throw new Error('API key route without its guard');
    return owner;
  };

  app.post(
    '/api/api-keys',
    {
      preValidation: requireKeyAdmin,
      schema: {
        tags: ['api-keys'],
        summary:
          'Create an API key with a name (1-80 characters) and its scopes (catalogue:read, orders:read, orders:write, invoices:read). ' +
          "The answer is the only one that carries the secret. A company admin's key acts for the company, a shop admin's for the shop",
        body: createApiKeyInputSchema.meta({ examples: [{ name: 'ERP order sync', scopes: ['orders:read', 'orders:write'] }] }),
        response: { 201: createdApiKeySchema, 400: problemSchema, ...adminsOnly },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .header('cache-control', 'no-store')
        .send(await apiKeys.create(ownerOf(request), signedInUser(request), request.body)),
  );

  app.get(
    '/api/api-keys',
    {
      preValidation: requireKeyAdmin,
      schema: {
        tags: ['api-keys'],
        summary:
          'The live API keys of your company (a company admin) or of the shop (a shop admin), newest first; never their secrets',
        response: { 200: apiKeyListSchema, ...adminsOnly },
      },
    },
    async (request) => apiKeys.list(ownerOf(request)),
  );

  app.delete(
    '/api/api-keys/:id',
    {
      preValidation: requireKeyAdmin,
      schema: {
        tags: ['api-keys'],
        summary: "Revoke an API key: it stops working at once and is kept for the record; another company's key is 404",
        params: apiKeyIdParamsSchema,
        response: { 204: z.null(), 404: problemSchema, ...adminsOnly },
      },
    },
    async (request, reply) => {
      await apiKeys.revoke(ownerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
