import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  exportOrdersQuerySchema,
  idempotencyHeadersSchema,
  listOrdersQuerySchema,
  myOrdersQuerySchema,
  creditNoteParamsSchema,
  declineOrderInputSchema,
  orderIdParamsSchema,
  orderListSchema,
  orderSchema,
  orderStatusUpdateSchema,
  placedOrderSchema,
  placeOrderInputSchema,
} from '#shared/schemas/orders';
import { requireAdmin, requireUser, signedInUser } from '../../http/guards';
import { sendPdfDownload } from '../../http/pdf-download';
import { problemSchema } from '../../http/openapi';
import type { OrdersService } from './orders.service';

// Guards run before validation, so a visitor learns nothing about the body's rules.
const signedIn = { 401: problemSchema };
const adminOnly = { 401: problemSchema, 403: problemSchema };

export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  app.post(
    '/api/orders',
    {
      config: { apiKeyScope: 'orders:write' },
      preValidation: requireUser,
      schema: {
        tags: ['orders'],
        summary:
          "Book a part, or lines of parts: the server prices it and takes the stock. An Idempotency-Key header (1-200 characters) makes a retry safe: the same key with the same body answers the first order again (201, as when it was placed), the same key with another body 422 `idempotency_key_reused`; keys are per acting user (an API key acts as its maker). 409 when you already hold MAX_UNPAID_ORDERS unpaid orders or they would come to more than MAX_UNPAID_VALUE with this one, 403 while your address is unverified (REQUIRE_VERIFIED_EMAIL). A member of an active (or on hold) company orders for it: `deliveryAddressId` (one of its delivery addresses, required; 400 otherwise), `poNumber` (up to 35 characters) and `payment` ('card', the default, or 'account' when its terms allow it; 400 'payment' otherwise). Answers `{id, number, status, invoiceNumber, dueDate}`: `pending_payment` (card: pay it next), `confirmed` (on account: invoiced at once, due by `dueDate`) or `awaiting_approval` (the total, tax and delivery included, is above the member's order limit: a company admin approves or declines it). On account, 409 with the reason: \"Your company's account is on hold\", \"Invoice INV-… is overdue\", \"Over your credit limit by $…\" (nothing is written).",
        headers: idempotencyHeadersSchema,
        body: placeOrderInputSchema,
        response: {
          201: placedOrderSchema,
          400: problemSchema,
          403: problemSchema,
          404: problemSchema,
          409: problemSchema,
          422: problemSchema,
          ...signedIn,
        },
      },
    },
    async (request, reply) => {
      const created = await orders.placeOrder(signedInUser(request), request.body, request.headers['idempotency-key']);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/me/orders',
    {
      config: { apiKeyScope: 'orders:read' },
      preValidation: requireUser,
      schema: {
        tags: ['orders'],
        summary:
          'Your orders, newest first: `view=open` (the default: all but cancelled), `cancelled` (each with its `cancelReason`) or `all`',
        querystring: myOrdersQuerySchema,
        response: { 200: orderListSchema, 400: problemSchema, ...signedIn },
      },
    },
    async (request) => orders.listMyOrders(signedInUser(request), request.query),
  );

  app.get(
    '/api/orders',
    {
      config: { apiKeyScope: 'orders:read' },
      preValidation: requireAdmin,
      schema: {
        tags: ['orders'],
        summary:
          "Every order, newest first, optionally of one status, with the company's name and PO number where present (a customer's own are at /api/me/orders)",
        querystring: listOrdersQuerySchema,
        response: { 200: orderListSchema, 400: problemSchema, ...adminOnly },
      },
    },
    async (request) => orders.listOrders(request.query),
  );

  app.post(
    '/api/orders/:id/approve',
    {
      preValidation: requireUser,
      schema: {
        tags: ['orders'],
        summary:
          "Approve a colleague's order awaiting approval (a company admin of its company; anyone else 404): on account it is credit-checked again (409 with the reason) and becomes `confirmed`, invoiced at once; by card it becomes `pending_payment`. The buyer is mailed. 409 once decided or expired",
        params: orderIdParamsSchema,
        response: { 200: orderSchema, 404: problemSchema, 409: problemSchema, ...signedIn },
      },
    },
    async (request) => orders.approveOrder(request.params.id, signedInUser(request)),
  );

  app.post(
    '/api/orders/:id/decline',
    {
      // Who may decline is checked before the body: anyone else learns nothing of its rules (404).
      preValidation: [
        requireUser,
        async (request: FastifyRequest) => {
          const { id } = request.params as { id?: unknown };
          await orders.mustDecide(typeof id === 'string' ? id : '', signedInUser(request));
        },
      ],
      schema: {
        tags: ['orders'],
        summary:
          "Decline a colleague's order awaiting approval with a `reason` (up to 500 characters; a company admin of its company; anyone else 404): it becomes `declined`, its stock goes back and the buyer is mailed the reason. 409 once decided or expired",
        params: orderIdParamsSchema,
        body: declineOrderInputSchema,
        response: { 200: orderSchema, 400: problemSchema, 404: problemSchema, 409: problemSchema, ...signedIn },
      },
    },
    async (request) => orders.declineOrder(request.params.id, signedInUser(request), request.body),
  );

  app.get(
    '/api/orders.csv',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['orders'],
        summary:
          'Every order as a CSV download, newest first, optionally of one status and booked from/to a day (YYYY-MM-DD, inclusive, UTC, at most two years); streamed',
        querystring: exportOrdersQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), 400: problemSchema, ...adminOnly },
      },
    },
    async (request, reply) => {
      const { filename, chunks } = orders.exportOrdersCsv(request.query);
      // A byte stream pulls the next batch only once the client has taken the last one. Fastify sends
      // a stream as it comes; the 200 schema's string only documents the body.
      const body = Readable.from(chunks, { objectMode: false });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(body as unknown as string);
    },
  );

  app.get(
    '/api/orders/:id',
    {
      config: { apiKeyScope: 'orders:read' },
      preValidation: requireUser,
      schema: {
        tags: ['orders'],
        summary: 'One order (its owner or an admin)',
        params: orderIdParamsSchema,
        response: { 200: orderSchema, 404: problemSchema, ...signedIn },
      },
    },
    async (request) => orders.getOrder(request.params.id, signedInUser(request)),
  );

  app.get(
    '/api/orders/:id/invoice.pdf',
    {
      config: { apiKeyScope: 'invoices:read' },
      preValidation: requireUser,
      schema: {
        tags: ['orders'],
        summary: 'The invoice of a paid order as a PDF download (its owner or an admin); 404 while it is unpaid',
        params: orderIdParamsSchema,
        produces: ['application/pdf'],
        response: { 200: z.string(), 404: problemSchema, ...signedIn },
      },
    },
    async (request, reply) => {
      return sendPdfDownload(reply, await orders.invoicePdf(request.params.id, signedInUser(request)));
    },
  );

  app.get(
    '/api/credit-notes/:number.pdf',
    {
      config: { apiKeyScope: 'invoices:read' },
      preValidation: requireUser,
      schema: {
        tags: ['orders'],
        summary: "A credit note as a PDF download (its order's owner or an admin), laid out as the invoice it refers to",
        params: creditNoteParamsSchema,
        produces: ['application/pdf'],
        response: { 200: z.string(), 404: problemSchema, ...signedIn },
      },
    },
    async (request, reply) => {
      return sendPdfDownload(reply, await orders.creditNotePdf(request.params.number, signedInUser(request)));
    },
  );

  app.delete(
    '/api/orders/:id',
    {
      config: { apiKeyScope: 'orders:write' },
      preValidation: requireUser,
      schema: {
        tags: ['orders'],
        summary:
          'Cancel an unpaid order (its owner or an admin); its quantity goes back to stock. An admin also cancels a paid order that has not shipped: a credit note is issued and the payment refunded; 409 once sent',
        params: orderIdParamsSchema,
        response: { 200: orderSchema, 404: problemSchema, 409: problemSchema, ...signedIn },
      },
    },
    async (request) => {
      const cancelled = await orders.cancelOrder(request.params.id, signedInUser(request));
      return cancelled;
    },
  );

  app.patch(
    '/api/orders/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['orders'],
        summary: 'Mark an order shipped (when paid) or delivered (when shipped)',
        params: orderIdParamsSchema,
        body: orderStatusUpdateSchema,
        response: { 200: orderSchema, 400: problemSchema, 404: problemSchema, 409: problemSchema, ...adminOnly },
      },
    },
    async (request) => orders.updateStatus(request.params.id, request.body),
  );
};
