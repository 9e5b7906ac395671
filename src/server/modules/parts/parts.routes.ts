import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createdSchema } from '#shared/schemas/content';
import {
  bestSellersQuerySchema,
  bestSellersSchema,
  listPartsQuerySchema,
  partDetailSchema,
  partFieldNames,
  partIdParamsSchema,
  partInputSchema,
  partListSchema,
  partSchema,
  partUpdateSchema,
  removePartQuerySchema,
  unpaidOrdersOfPartSchema,
} from '#shared/schemas/parts';
import { partReplacementSchema } from '#shared/schemas/supersessions';
import { requireAdmin } from '../../http/guards';
import { clientKey } from '../../http/client-address';
import { problemSchema } from '../../http/openapi';
import type { PartsService } from './parts.service';

// The guard runs before validation, so a visitor learns nothing about the body's rules.
const adminOnly = { 401: problemSchema, 403: problemSchema };
const partNotFoundSchema = problemSchema.extend({ replacedBy: partReplacementSchema.optional() }).meta({
  example: {
    type: 'https://gearhouse.example/problems/not-found',
    title: 'Not found',
    status: 404,
    code: 'not_found',
    detail: 'This part does not exist or is no longer sold.',
    replacedBy: { id: '0195f3c2a1b07c3d9e8f0a1b2c3d4e5f', sku: 'GH-BRK-1050', name: 'Front brake pads', number: 'GH-BRK-1042' },
  },
});

export const partsRoutes: FastifyPluginAsyncZod<{ parts: PartsService }> = async (app, { parts }) => {
  app.get(
    '/api/parts',
    {
      config: { cache: 'public', apiKeyScope: 'catalogue:read' },
      schema: {
        tags: ['parts'],
        summary: 'List the parts on sale',
        querystring: listPartsQuerySchema,
        response: { 200: partListSchema, 400: problemSchema },
      },
    },
    // Searches that found nothing count per client: one address (an IPv6 one's /64) cannot fill the admin's list.
    async (request) => parts.listParts(request.query, { client: clientKey(request.ip) }),
  );

  app.get(
    '/api/parts/best-sellers',
    {
      config: { cache: 'public', apiKeyScope: 'catalogue:read' },
      schema: {
        tags: ['parts'],
        summary: 'The parts with the most units in paid orders (topped up with the newest while few have sold)',
        querystring: bestSellersQuerySchema,
        response: { 200: bestSellersSchema, 400: problemSchema },
      },
    },
    async (request) => parts.bestSellers(request.query),
  );

  app.get(
    '/api/parts/:id',
    {
      config: { cache: 'public', apiKeyScope: 'catalogue:read' },
      schema: {
        tags: ['parts'],
        summary:
          'One part, with the vehicles it fits (`fits`, in the order the admin listed them). A part no longer sold because its ' +
          'number was replaced answers 404 with `replacedBy`: the part sold in its place and the number it is sold under',
        params: partIdParamsSchema,
        response: { 200: partDetailSchema, 404: partNotFoundSchema },
      },
    },
    async (request) => parts.getPart(request.params.id),
  );

  app.post(
    '/api/parts',
    {
      preValidation: requireAdmin,
      config: { fieldNames: partFieldNames },
      schema: {
        tags: ['parts'],
        summary:
          'Add a part (the picture must be a URL returned by POST /api/uploads; `fitments`, the vehicles it fits, under `fitments.N.*` when refused)',
        body: partInputSchema,
        response: { 201: createdSchema, 400: problemSchema, ...adminOnly },
      },
    },
    async (request, reply) => {
      const created = await parts.createPart(request.body);
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/api/parts/:id',
    {
      preValidation: requireAdmin,
      config: { fieldNames: partFieldNames },
      schema: {
        tags: ['parts'],
        summary: 'Change a part (any of the create fields; `fitments` replaces the whole list, absent leaves it)',
        params: partIdParamsSchema,
        body: partUpdateSchema,
        response: { 200: partSchema, 400: problemSchema, 404: problemSchema, ...adminOnly },
      },
    },
    async (request) => {
      const updated = await parts.updatePart(request.params.id, request.body);
      return updated;
    },
  );

  app.get(
    '/api/parts/:id/unpaid-orders',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['parts'],
        summary: 'How many unpaid orders deleting this part would cancel',
        params: partIdParamsSchema,
        response: { 200: unpaidOrdersOfPartSchema, 404: problemSchema, ...adminOnly },
      },
    },
    async (request) => parts.countUnpaidOrders(request.params.id),
  );

  app.delete(
    '/api/parts/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['parts'],
        summary:
          'Remove a part: deleted, or archived when it has orders. Its unpaid orders are cancelled (each customer mailed) only with `cancelUnpaidOrders=true`; without it, 409 says how many there are and nothing changes',
        params: partIdParamsSchema,
        querystring: removePartQuerySchema,
        response: { 204: z.null(), 400: problemSchema, 404: problemSchema, 409: problemSchema, ...adminOnly },
      },
    },
    async (request, reply) => {
      await parts.removePart(request.params.id, request.query);
      return reply.code(204).send(null);
    },
  );
};
