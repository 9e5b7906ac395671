import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approveReturnInputSchema,
  createdReturnSchema,
  createReturnInputSchema,
  receiveReturnInputSchema,
  refuseReturnInputSchema,
  returnIdParamsSchema,
  returnListQuerySchema,
  returnListSchema,
  returnSchema,
} from '#shared/schemas/returns';
import { requireAdmin, requireUser, signedInUser } from '../../http/guards';
import { problemSchema } from '../../http/openapi';
import type { ReturnsService } from './returns.service';

const signedIn = { 401: problemSchema };
const adminOnly = { 401: problemSchema, 403: problemSchema };

export const returnsRoutes: FastifyPluginAsyncZod<{ returns: ReturnsService }> = async (app, { returns }) => {
  app.post(
    '/api/returns',
    {
      preValidation: requireUser,
      schema: {
        tags: ['returns'],
        summary:
          'Ask to return lines of a delivered order (its buyer, or a company admin of its company): each line once, ' +
          'with a quantity, a reason, a note and up to 3 uploaded photos. Another customer’s order is 404; an order not ' +
          'delivered 409; a line past its window, or more than is left to return, 422',
        body: createReturnInputSchema,
        response: {
          201: createdReturnSchema,
          400: problemSchema,
          404: problemSchema,
          409: problemSchema,
          422: problemSchema,
          ...signedIn,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await returns.create(signedInUser(request), request.body)),
  );

  app.get(
    '/api/returns',
    {
      preValidation: requireUser,
      schema: {
        tags: ['returns'],
        summary: 'Returns, newest first: your own, your company’s (a company admin) or every one (a shop admin)',
        querystring: returnListQuerySchema,
        response: { 200: returnListSchema, 400: problemSchema, ...signedIn },
      },
    },
    async (request) => returns.list(signedInUser(request), request.query),
  );

  app.get(
    '/api/returns/:id',
    {
      preValidation: requireUser,
      schema: {
        tags: ['returns'],
        summary: 'A return with its lines; one you may not see is 404',
        params: returnIdParamsSchema,
        response: { 200: returnSchema, 404: problemSchema, ...signedIn },
      },
    },
    async (request) => returns.get(signedInUser(request), request.params.id),
  );

  app.post(
    '/api/returns/:id/approve',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['returns'],
        summary: 'Approve a requested return; the customer is mailed the return instructions (shop admin). Another state is 409',
        params: returnIdParamsSchema,
        body: approveReturnInputSchema,
        response: { 200: returnSchema, 400: problemSchema, 404: problemSchema, 409: problemSchema, ...adminOnly },
      },
    },
    async (request) => returns.approve(request.params.id, request.body),
  );

  app.post(
    '/api/returns/:id/refuse',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['returns'],
        summary: 'Refuse a requested return with a reason, mailed to the customer (shop admin). Another state is 409',
        params: returnIdParamsSchema,
        body: refuseReturnInputSchema,
        response: { 200: returnSchema, 400: problemSchema, 404: problemSchema, 409: problemSchema, ...adminOnly },
      },
    },
    async (request) => returns.refuse(request.params.id, request.body),
  );

  app.post(
    '/api/returns/:id/receive',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['returns'],
        summary:
          'Mark an approved return received, with the condition of each of its lines, resalable or damaged (shop admin). ' +
          'A refused or other return is 409',
        params: returnIdParamsSchema,
        body: receiveReturnInputSchema,
        response: { 200: returnSchema, 400: problemSchema, 404: problemSchema, 409: problemSchema, ...adminOnly },
      },
    },
    async (request) => returns.receive(request.params.id, request.body),
  );

  app.post(
    '/api/returns/:id/credit',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['returns'],
        summary:
          'Credit a received return (shop admin): a credit note for its goods and tax (and delivery when every line came back ' +
          'as the wrong part or damaged), resalable unwanted or wrong parts back in stock, the amount refunded to the card or ' +
          'taken off the company’s account. A second credit is 409',
        params: returnIdParamsSchema,
        response: { 200: returnSchema, 404: problemSchema, 409: problemSchema, ...adminOnly },
      },
    },
    async (request) => returns.credit(request.params.id),
  );
};
