import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listUsersQuerySchema,
  meSchema,
  profileUpdateSchema,
  userIdParamsSchema,
  userListItemSchema,
  userListSchema,
  userUpdateSchema,
} from '#shared/schemas/accounts';
import { requireAdmin, requireUser, signedInUser } from '../../http/guards';
import { problemSchema } from '../../http/openapi';
import type { UsersService } from './users.service';

const guarded = { 401: problemSchema };
const adminOnly = { 401: problemSchema, 403: problemSchema };

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/api/me',
    {
      preValidation: requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user, with their EU VAT ID',
        response: { 200: meSchema, ...guarded },
      },
    },
    async (request) => users.me(signedInUser(request)),
  );

  app.patch(
    '/api/me',
    {
      preValidation: requireUser,
      schema: {
        tags: ['accounts'],
        summary:
          'Change your display name, photo (a URL returned by POST /api/uploads) or EU VAT ID (checked for its country, stored normalised; null or empty clears it)',
        body: profileUpdateSchema,
        response: { 200: meSchema, 400: problemSchema, ...guarded },
      },
    },
    async (request) => users.updateProfile(signedInUser(request), request.body),
  );

  app.get(
    '/api/users',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'Every account, newest first; q searches name and email',
        querystring: listUsersQuerySchema,
        response: { 200: userListSchema, 400: problemSchema, ...adminOnly },
      },
    },
    async (request) => users.listUsers(request.query),
  );

  app.patch(
    '/api/users/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['users'],
        summary:
          'Make a user admin or customer (not yourself), and set or clear their tax exemption (taxExemptReason, printed on their invoices; null charges tax again)',
        params: userIdParamsSchema,
        body: userUpdateSchema,
        response: { 200: userListItemSchema, 400: problemSchema, 404: problemSchema, 422: problemSchema, ...adminOnly },
      },
    },
    async (request) => users.updateUser(signedInUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/users/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'Remove a user and end their sessions (not yourself)',
        params: userIdParamsSchema,
        response: { 204: z.null(), 404: problemSchema, 422: problemSchema, ...adminOnly },
      },
    },
    async (request, reply) => {
      await users.removeUser(signedInUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
