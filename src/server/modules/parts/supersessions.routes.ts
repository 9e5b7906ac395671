import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { partIdParamsSchema } from '#shared/schemas/parts';
import { supersessionInputSchema, supersessionListSchema, supersessionParamsSchema } from '#shared/schemas/supersessions';
import { requireAdmin } from '../../http/guards';
import { problemSchema } from '../../http/openapi';
import type { SupersessionsService } from './supersessions';

// The guard runs before validation, so a visitor learns nothing about the body's rules.
const adminOnly = { 401: problemSchema, 403: problemSchema };

export const supersessionsRoutes: FastifyPluginAsyncZod<{ supersessions: SupersessionsService }> = async (
  app,
  { supersessions },
) => {
  app.get(
    '/api/parts/:id/supersessions',
    {
      config: { apiKeyScope: 'catalogue:read' },
      schema: {
        tags: ['parts'],
        summary:
          'The old part numbers this part replaces, and `replacedBy`: the part sold today in place of this one when its own number was replaced (an archived part too)',
        params: partIdParamsSchema,
        response: { 200: supersessionListSchema, 404: problemSchema },
      },
    },
    async (request) => supersessions.list(request.params.id),
  );

  app.post(
    '/api/parts/:id/supersessions',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['parts'],
        summary:
          'This part replaces `fromNumber` (compared without case, spaces, dots or hyphens): search, quick order, saved lists and Order again resolve it here. ' +
          'One of the old equals `quantityFactor` (1–100) of this part. A part on sale under that number is archived. ' +
          'Refused, naming `fromNumber`: the part’s own SKU or a circle (400), a number another part replaces (409)',
        params: partIdParamsSchema,
        body: supersessionInputSchema,
        response: { 201: supersessionListSchema, 400: problemSchema, 404: problemSchema, 409: problemSchema, ...adminOnly },
      },
    },
    async (request, reply) => {
      const list = await supersessions.add(request.params.id, request.body);
      return reply.code(201).send(list);
    },
  );

  app.delete(
    '/api/parts/:id/supersessions/:fromNumber',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['parts'],
        summary: 'The old number no longer leads to this part (a part archived when it was replaced stays archived)',
        params: supersessionParamsSchema,
        response: { 204: z.null(), 404: problemSchema, ...adminOnly },
      },
    },
    async (request, reply) => {
      await supersessions.remove(request.params.id, request.params.fromNumber);
      return reply.code(204).send(null);
    },
  );
};
