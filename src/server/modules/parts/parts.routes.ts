import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listPartsQuerySchema, partIdParamsSchema, partListSchema, partSchema } from '#shared/schemas/parts';
import { problemSchema } from '../../http/openapi';
import type { PartsService } from './parts.service';

export const partsRoutes: FastifyPluginAsyncZod<{ parts: PartsService }> = async (app, { parts }) => {
  app.get(
    '/api/parts',
    {
      config: { cache: 'public' },
      schema: {
        tags: ['parts'],
        summary: 'List the parts on sale',
        querystring: listPartsQuerySchema,
        response: { 200: partListSchema, 400: problemSchema },
      },
    },
    async (request) => parts.listParts(request.query),
  );

  app.get(
    '/api/parts/:id',
    {
      config: { cache: 'public' },
      schema: {
        tags: ['parts'],
        summary: 'One part',
        params: partIdParamsSchema,
        response: { 200: partSchema, 404: problemSchema },
      },
    },
    async (request) => parts.getPart(request.params.id),
  );
};
