import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cartImportInputSchema,
  cartImportResultSchema,
  cartLineInputSchema,
  cartLinesInputSchema,
  cartPartParamsSchema,
  cartQuoteInputSchema,
  cartQuoteSchema,
  cartSchema,
  reorderResultSchema,
} from '#shared/schemas/cart';
import { availabilityInputSchema, availabilitySchema } from '#shared/schemas/availability';
import { orderIdParamsSchema } from '#shared/schemas/orders';
import { currentUser, requireUser, signedInUser } from '../../http/guards';
import { AppError } from '../../app-error';
import * as copy from '#shared/copy';
import { problemSchema } from '../../http/openapi';
import type { CartService } from './cart.service';

// Guards run before validation, so a visitor learns nothing about the body's rules.
const signedIn = { 401: problemSchema };

export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  app.get(
    '/api/cart',
    {
      preValidation: requireUser,
      schema: { tags: ['cart'], summary: 'Your cart, at today’s prices', response: { 200: cartSchema, ...signedIn } },
    },
    async (request) => cart.getCart(signedInUser(request)),
  );

  app.put(
    '/api/cart/lines/:partId',
    {
      preValidation: requireUser,
      schema: {
        tags: ['cart'],
        summary: "Set a line's quantity (added when new); 400 under `quantity` when it breaks the part's rules",
        params: cartPartParamsSchema,
        body: cartLineInputSchema,
        response: { 200: cartSchema, 400: problemSchema, 404: problemSchema, 409: problemSchema, ...signedIn },
      },
    },
    async (request) => cart.setLine(signedInUser(request), request.params.partId, request.body.quantity),
  );

  app.delete(
    '/api/cart/lines/:partId',
    {
      preValidation: requireUser,
      schema: {
        tags: ['cart'],
        summary: 'Remove a line (404 when the cart does not have it)',
        params: cartPartParamsSchema,
        response: { 200: cartSchema, 404: problemSchema, ...signedIn },
      },
    },
    async (request) => cart.removeLine(signedInUser(request), request.params.partId),
  );

  app.post(
    '/api/cart/lines/:partId/replace',
    {
      preValidation: requireUser,
      schema: {
        tags: ['cart'],
        summary:
          "Replace a line whose part's number was replaced (its `replacedBy`) by the part replacing it, the quantity multiplied by the factor; 404 when the cart has no such line, 409 when its part was not replaced",
        params: cartPartParamsSchema,
        response: { 200: cartSchema, 404: problemSchema, 409: problemSchema, ...signedIn },
      },
    },
    async (request) => cart.replaceLine(signedInUser(request), request.params.partId),
  );

  app.delete(
    '/api/cart',
    {
      preValidation: requireUser,
      schema: { tags: ['cart'], summary: 'Empty the cart', response: { 200: cartSchema, ...signedIn } },
    },
    async (request) => cart.clear(signedInUser(request)),
  );

  app.post(
    '/api/cart/merge',
    {
      preValidation: requireUser,
      schema: {
        tags: ['cart'],
        summary: "At sign-in: a visitor's cart joins yours (quantities added; parts no longer sold left out)",
        body: cartLinesInputSchema,
        response: { 200: cartSchema, 400: problemSchema, ...signedIn },
      },
    },
    async (request) => cart.merge(signedInUser(request), request.body.lines),
  );

  app.post(
    '/api/cart/quote',
    {
      schema: {
        tags: ['cart'],
        summary:
          "Lines (a visitor's cart, or without them the signed-in customer's cart) priced at today's prices for a delivery address: goods, delivery, tax by rate, total and the expected delivery day; nothing is stored",
        body: cartQuoteInputSchema,
        response: { 200: cartQuoteSchema, 400: problemSchema, ...signedIn },
      },
    },
    async (request, reply) => {
      const user = await currentUser(request, reply);
      const { lines, deliveryAddress } = request.body;
      if (lines === undefined && !user) throw new AppError('unauthenticated', copy.auth.signInRequired);
      return cart.quote({ user, lines, deliveryAddress });
    },
  );

  app.post(
    '/api/cart/import',
    {
      preValidation: requireUser,
      schema: {
        tags: ['cart'],
        summary:
          'Quick order: lines of part number and quantity, or a table (a CSV) under a header row naming its part-number and quantity columns (SKU;Qty, Part number,Quantity…), at most 500; each line answered, the good ones added to the cart',
        body: cartImportInputSchema,
        response: { 200: cartImportResultSchema, 400: problemSchema, ...signedIn },
      },
    },
    async (request) => cart.importLines(signedInUser(request), request.body),
  );

  app.post(
    '/api/availability',
    {
      config: { apiKeyScope: 'catalogue:read' },
      preValidation: requireUser,
      schema: {
        tags: ['cart'],
        summary:
          'Price and availability of up to 500 lines of part number and quantity, answered in the order asked: the part sold today ' +
          'under each number (a replaced number followed to its successor, the quantity times the factor, with `resolvedFrom`), your ' +
          "unit price at that quantity as the cart prices it, the units stock covers (`promisable`), and the day an order placed now is expected in your company's country (else the seller's). " +
          'A number no part is sold under answers `found: false` in its place; nothing is stored or reserved',
        body: availabilityInputSchema,
        response: { 200: availabilitySchema, 400: problemSchema, 403: problemSchema, ...signedIn },
      },
    },
    async (request) => cart.availability(signedInUser(request), request.body),
  );

  app.post(
    '/api/orders/:id/reorder',
    {
      preValidation: requireUser,
      schema: {
        tags: ['cart'],
        summary: "Order again: the order's lines added to your cart at today's prices, and the parts no longer sold named",
        params: orderIdParamsSchema,
        response: { 200: reorderResultSchema, 404: problemSchema, ...signedIn },
      },
    },
    async (request) => cart.reorder(signedInUser(request), request.params.id),
  );
};
