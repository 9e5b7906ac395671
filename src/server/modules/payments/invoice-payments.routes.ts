import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyHeadersSchema } from '#shared/schemas/orders';
import { confirmStripePaymentInputSchema, paymentResultSchema, payOrderInputSchema } from '#shared/schemas/payments';
import {
  invoiceCardIntentSchema,
  invoiceParamsSchema,
  invoicePaymentSchema,
  invoicePaymentsSchema,
  recordPaymentInputSchema,
  statementSchema,
} from '#shared/schemas/statement';
import { requireAdmin, requireUser, signedInUser } from '../../http/guards';
import { sendPdfDownload } from '../../http/pdf-download';
import { problemSchema } from '../../http/openapi';
import type { InvoicePaymentsService } from './invoice-payments.service';

const signedIn = { 401: problemSchema };
const adminOnly = { 401: problemSchema, 403: problemSchema };

/** The statement's CSV as the example shows it (after the byte-order mark). */
const exampleStatementCsv =
  'record,invoice,order,invoice_date,due_date,total,paid,days_overdue,paid_on,amount,reference,method\r\n' +
  'invoice,INV-2026-000098,0193a1c2-7d4e-7000-8000-00000000a0e7,2026-10-28,2026-11-27,1875.35,0.00,10,,,,\r\n' +
  'invoice,INV-2026-000123,0193a1c2-7d4e-7000-8000-00000000a001,2026-12-01,2026-12-31,248.15,100.00,0,,,,\r\n' +
  'payment,INV-2026-000123,,,,,,,2026-12-03,100.00,Bank transfer 2026-12-03 / 7781,transfer\r\n' +
  'balance,,,2026-12-07,,2023.50,,,,,,\r\n' +
  'credit_limit,,,2026-12-07,,15000.00,,,,,,\r\n' +
  'credit_left,,,2026-12-07,,12976.50,,,,,,\r\n';

/** A card payment's answers: the transaction, or why not (402 the card, 404 not yours, 409 not payable now). */
const cardResponses = {
  200: paymentResultSchema,
  400: problemSchema,
  402: problemSchema,
  404: problemSchema,
  409: problemSchema,
  ...signedIn,
};

export const invoicePaymentsRoutes: FastifyPluginAsyncZod<{ invoicePayments: InvoicePaymentsService }> = async (
  app,
  { invoicePayments },
) => {
  const numberOf = (request: FastifyRequest) => {
    const { number } = request.params as { number?: unknown };
    return typeof number === 'string' ? number : '';
  };
  /** A company admin of the invoice's company, checked before the body: anyone else's invoice is a 404. */
  const ownInvoiceFirst = [
    requireUser,
    async (request: FastifyRequest) => invoicePayments.assertOwnInvoice(numberOf(request), signedInUser(request)),
  ];

  app.post(
    '/api/invoices/:number/payments',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['payments'],
        summary:
          'Record money received against an invoice on account (shop admin): more than 0, no more than is left (409), paid on a day not in the future. ' +
          'The same Idempotency-Key again answers the first payment (200), never a second',
        params: invoiceParamsSchema,
        headers: idempotencyHeadersSchema,
        body: recordPaymentInputSchema,
        response: {
          200: invoicePaymentSchema,
          201: invoicePaymentSchema,
          400: problemSchema,
          404: problemSchema,
          409: problemSchema,
          ...adminOnly,
        },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const { payment, replayed } = await invoicePayments.record(
        request.params.number,
        signedInUser(request),
        request.body,
        typeof key === 'string' ? key : undefined,
      );
      return reply.code(replayed ? 200 : 201).send(payment);
    },
  );

  app.get(
    '/api/invoices/:number/payments',
    {
      preValidation: [
        requireUser,
        async (request: FastifyRequest) => invoicePayments.assertMaySee(numberOf(request), signedInUser(request)),
      ],
      schema: {
        tags: ['payments'],
        summary: "An invoice's total, what is paid and left, and its payments (a shop admin, or a company admin of its company)",
        params: invoiceParamsSchema,
        response: { 200: invoicePaymentsSchema, 404: problemSchema, ...signedIn },
      },
    },
    async (request) => invoicePayments.list(request.params.number, signedInUser(request)),
  );

  app.post(
    '/api/invoices/:number/pay-by-card',
    {
      preValidation: ownInvoiceFirst,
      schema: {
        tags: ['payments'],
        summary:
          "Start paying what is left on your company's open invoice by card (company admin): a payment intent of the shop's provider, paid at …/card-payment",
        params: invoiceParamsSchema,
        response: { 200: invoiceCardIntentSchema, 404: problemSchema, 409: problemSchema, ...signedIn },
      },
    },
    async (request) => invoicePayments.startCardPayment(request.params.number, signedInUser(request)),
  );

  app.post(
    '/api/invoices/:number/card-payment',
    {
      preValidation: ownInvoiceFirst,
      schema: {
        tags: ['payments'],
        summary:
          "Pay your company's invoice by card (sandbox): recorded once the provider confirmed the charge; paying twice charges once",
        params: invoiceParamsSchema,
        body: payOrderInputSchema,
        response: cardResponses,
      },
    },
    async (request) => invoicePayments.payByCard(request.params.number, signedInUser(request), request.body),
  );

  app.post(
    '/api/invoices/:number/card-payment/confirm',
    {
      preValidation: ownInvoiceFirst,
      schema: {
        tags: ['payments'],
        summary:
          "After Stripe.js confirmed the card for your company's invoice: the server asks Stripe and records the charge once",
        params: invoiceParamsSchema,
        body: confirmStripePaymentInputSchema,
        response: cardResponses,
      },
    },
    async (request) => invoicePayments.confirmCardPayment(request.params.number, signedInUser(request), request.body),
  );

  const statementSummary = (what: string) =>
    `Your company's statement ${what}: open invoices with days overdue, the payments of the last 90 days, balance and credit left (company admins; a buyer 403, anyone in no company 404)`;
  const statementResponses = { 403: problemSchema, 404: problemSchema, ...signedIn };

  app.get(
    '/api/me/company/statement',
    {
      config: { apiKeyScope: 'invoices:read' },
      preValidation: requireUser,
      schema: {
        tags: ['payments'],
        summary: statementSummary('as JSON'),
        response: { 200: statementSchema, ...statementResponses },
      },
    },
    async (request) => invoicePayments.statement(signedInUser(request)),
  );

  app.get(
    '/api/me/company/statement.pdf',
    {
      config: { apiKeyScope: 'invoices:read' },
      preValidation: requireUser,
      schema: {
        tags: ['payments'],
        summary: statementSummary('as a PDF download'),
        produces: ['application/pdf'],
        response: { 200: z.string(), ...statementResponses },
      },
    },
    async (request, reply) => {
      return sendPdfDownload(reply, await invoicePayments.statementPdf(signedInUser(request)));
    },
  );

  app.get(
    '/api/me/company/statement.csv',
    {
      config: { apiKeyScope: 'invoices:read' },
      preValidation: requireUser,
      schema: {
        tags: ['payments'],
        summary: statementSummary('as CSV (cells a spreadsheet would run as formulas are quoted as text)'),
        produces: ['text/csv'],
        response: { 200: z.string().meta({ example: exampleStatementCsv }), ...statementResponses },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await invoicePayments.statementCsv(signedInUser(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
};
