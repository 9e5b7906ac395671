import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryIdParamsSchema,
  categoryInputSchema,
  categoryListSchema,
  categorySchema,
  categoryUpdateSchema,
} from '#shared/schemas/categories';
import { requireAdmin } from '../../http/guards';
import { problemSchema } from '../../http/openapi';
import type { CategoriesService } from './categories.service';

const adminOnly = { 401: problemSchema, 403: problemSchema };

export const categoriesRoutes: FastifyPluginAsyncZod<{ categories: CategoriesService }> = async (app, { categories }) => {
  app.get(
    '/api/categories',
    {
      config: { cache: 'public', apiKeyScope: 'catalogue:read' },
      schema: {
        tags: ['parts'],
        summary: 'Every category, by name, with its number of parts on sale',
        response: { 200: categoryListSchema },
      },
    },
    async () => categories.list(),
  );

  app.post(
    '/api/categories',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['parts'],
        summary: 'Add a category (its address name is made from its name when not given)',
        body: categoryInputSchema,
        response: { 201: categorySchema, 400: problemSchema, 409: problemSchema, ...adminOnly },
      },
    },
    async (request, reply) => reply.code(201).send(await categories.create(request.body)),
  );

  app.patch(
    '/api/categories/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['parts'],
        summary: 'Rename a category or change its address name',
        params: categoryIdParamsSchema,
        body: categoryUpdateSchema,
        response: { 200: categorySchema, 400: problemSchema, 404: problemSchema, 409: problemSchema, ...adminOnly },
      },
    },
    async (request) => categories.update(request.params.id, request.body),
  );

  app.delete(
    '/api/categories/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['parts'],
        summary: 'Delete an empty category (409 while parts are filed under it)',
        params: categoryIdParamsSchema,
        response: { 204: z.null(), 404: problemSchema, 409: problemSchema, ...adminOnly },
      },
    },
    async (request, reply) => {
      await categories.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );
};
