import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createListInputSchema,
  listIdParamsSchema,
  listSummariesSchema,
  listToCartResultSchema,
  savedListSchema,
  updateListInputSchema,
} from '#shared/schemas/saved-lists';
import { requireUser, signedInUser } from '../../http/guards';
import { problemSchema } from '../../http/openapi';
import type { ListAccess, SavedListsService } from './saved-lists.service';

const membersOnly = { 401: problemSchema, 403: problemSchema };

export const savedListsRoutes: FastifyPluginAsyncZod<{ savedLists: SavedListsService }> = async (app, { savedLists }) => {
  const granted = new WeakMap<FastifyRequest, ListAccess>();

  /**
   * The guard, before the body is read: a visitor is told to sign in (401), and someone in no approved
   * company that lists are a company's (403), before either learns the body's rules.
   */
  async function requireListMember(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    granted.set(request, await savedLists.accessFor(signedInUser(request)));
  }
  const accessOf = (request: FastifyRequest): ListAccess => {
    const access = granted.get(request);
    if (!access) throw new Error('saved lists route without its guard');
    return access;
  };

  app.get(
    '/api/me/lists',
    {
      preValidation: requireListMember,
      schema: {
        tags: ['saved-lists'],
        summary: "Your company's saved lists, the most recently changed first (members of an approved company)",
        response: { 200: listSummariesSchema, ...membersOnly },
      },
    },
    async (request) => savedLists.list(accessOf(request)),
  );

  app.get(
    '/api/me/lists/:id',
    {
      preValidation: requireListMember,
      schema: {
        tags: ['saved-lists'],
        summary:
          "A saved list with its parts as they are today: SKU, name, picture, your price and stock; another company's list is 404",
        params: listIdParamsSchema,
        response: { 200: savedListSchema, 404: problemSchema, ...membersOnly },
      },
    },
    async (request) => savedLists.get(accessOf(request), request.params.id),
  );

  app.post(
    '/api/me/lists',
    {
      preValidation: requireListMember,
      schema: {
        tags: ['saved-lists'],
        summary:
          'Save a list: a name (unique in the company, whatever its letter case) and its items [{sku, quantity}], or fromCart: true, or fromOrderId. ' +
          'An unknown SKU is refused under its item (items.2.sku); at most 200 parts a list and 100 lists a company',
        body: createListInputSchema,
        response: { 201: savedListSchema, 400: problemSchema, 409: problemSchema, ...membersOnly },
      },
    },
    async (request, reply) => reply.code(201).send(await savedLists.create(accessOf(request), request.body)),
  );

  app.patch(
    '/api/me/lists/:id',
    {
      preValidation: requireListMember,
      schema: {
        tags: ['saved-lists'],
        summary: "Rename a saved list, or replace its items, or both; another company's list is 404",
        params: listIdParamsSchema,
        body: updateListInputSchema,
        response: { 200: savedListSchema, 400: problemSchema, 404: problemSchema, 409: problemSchema, ...membersOnly },
      },
    },
    async (request) => savedLists.update(accessOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/me/lists/:id',
    {
      preValidation: requireListMember,
      schema: {
        tags: ['saved-lists'],
        summary: "Delete a saved list for everyone in the company; another company's list is 404",
        params: listIdParamsSchema,
        response: { 204: z.null(), 404: problemSchema, ...membersOnly },
      },
    },
    async (request, reply) => {
      await savedLists.remove(accessOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/me/lists/:id/to-cart',
    {
      preValidation: requireListMember,
      schema: {
        tags: ['saved-lists'],
        summary:
          "Add every line of a saved list to your cart by the cart's rules (minimum, pack size, stock): the lines it refuses are answered in skipped, with why; the rest are added",
        params: listIdParamsSchema,
        response: { 200: listToCartResultSchema, 404: problemSchema, ...membersOnly },
      },
    },
    async (request) => savedLists.toCart(accessOf(request), request.params.id),
  );
};
