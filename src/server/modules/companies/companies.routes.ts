import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  companyAppliedSchema,
  companyApplicationSchema,
  companyIdParamsSchema,
  companyListSchema,
  companySchema,
  companySummarySchema,
  companyUpdateSchema,
  contractPriceImportSchema,
  contractPriceListSchema,
  listCompaniesQuerySchema,
  MAX_CONTRACT_PRICE_FILE_BYTES,
  yourPricesQuerySchema,
  yourPricesSchema,
} from '#shared/schemas/companies';
import * as copy from '#shared/copy';
import { z } from 'zod';
import { AppError } from '../../app-error';
import { requireAdmin, requireCustomer, requireUser, signedInUser } from '../../http/guards';
import { problemSchema } from '../../http/openapi';
import type { CompaniesService } from './companies.service';

const adminOnly = { 401: problemSchema, 403: problemSchema };

export const companiesRoutes: FastifyPluginAsyncZod<{ companies: CompaniesService }> = async (app, { companies }) => {
  app.post(
    '/api/companies',
    {
      // The guard runs before validation: a visitor (401) or a shop admin (403) learns nothing of the body's rules.
      preValidation: requireCustomer,
      schema: {
        tags: ['companies'],
        summary:
          'Apply for a trade account: the company, its EU VAT ID (of the billing country), billing address and first delivery address. ' +
          'The applicant becomes its company admin; 409 for someone already in a company',
        body: companyApplicationSchema,
        response: { 201: companyAppliedSchema, 400: problemSchema, 409: problemSchema, ...adminOnly },
      },
    },
    async (request, reply) => reply.code(201).send(await companies.apply(signedInUser(request), request.body)),
  );

  app.get(
    '/api/me/company',
    {
      preValidation: requireUser,
      schema: {
        tags: ['companies'],
        summary: "The caller's company, with its delivery addresses, members and terms; 404 for someone in none",
        response: { 200: companySchema, 401: problemSchema, 404: problemSchema },
      },
    },
    async (request) => companies.myCompany(signedInUser(request)),
  );

  app.get(
    '/api/me/prices',
    {
      config: { apiKeyScope: 'catalogue:read' },
      preValidation: requireUser,
      schema: {
        tags: ['companies'],
        summary:
          '"Your price" of the parts named (comma-separated ids, up to 100) for a member of an active company: the company\'s discount, ' +
          'its contract price and the unit price at the listed price. No items for anyone else. Per user, never cached',
        querystring: yourPricesQuerySchema,
        response: { 200: yourPricesSchema, 400: problemSchema, 401: problemSchema },
      },
    },
    async (request) => companies.yourPrices(signedInUser(request), request.query.parts),
  );

  app.get(
    '/api/companies',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['companies'],
        summary: 'Every company, newest application first; status filters',
        querystring: listCompaniesQuerySchema,
        response: { 200: companyListSchema, 400: problemSchema, ...adminOnly },
      },
    },
    async (request) => companies.list(request.query),
  );

  app.patch(
    '/api/companies/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['companies'],
        summary:
          'Approve (status active), decline with a declineReason, put on hold, and set the payment terms, credit limit, discount (0–50 %) and tax exemption. ' +
          'The applicant is mailed when the application is approved or declined',
        params: companyIdParamsSchema,
        body: companyUpdateSchema,
        response: { 200: companySummarySchema, 400: problemSchema, 404: problemSchema, 409: problemSchema, ...adminOnly },
      },
    },
    async (request) => companies.update(request.params.id, request.body),
  );

  // Contract prices come as the CSV file itself. Content-type parsers are encapsulated: the parser
  // added here serves this plugin's routes, and the rest of the app keeps its JSON parsing.
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error) => {
    // Said in the shop's words; every other error goes on to the app's handler.
    if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new AppError('payload_too_large', copy.companies.pricesTooLarge(MAX_CONTRACT_PRICE_FILE_BYTES / 1024 / 1024));
    }
    throw error;
  });

  app.put(
    '/api/companies/:id/prices',
    {
      preValidation: requireAdmin,
      bodyLimit: MAX_CONTRACT_PRICE_FILE_BYTES,
      schema: {
        tags: ['companies'],
        summary:
          "Import the company's contract prices: a text/csv body `sku,unit_price` (a header row, prices in the shop's currency with two decimals). " +
          'Every refused line is answered with its number and why, and then nothing changes; otherwise the file replaces the whole list',
        params: companyIdParamsSchema,
        consumes: ['text/csv'],
        body: z.string().meta({ example: 'sku,unit_price\nGH-BRK-0042,39.90\nGH-FLT-0107,7.45\n' }),
        response: {
          200: contractPriceImportSchema,
          400: problemSchema,
          404: problemSchema,
          413: problemSchema,
          415: problemSchema,
          ...adminOnly,
        },
      },
    },
    async (request) => companies.importContractPrices(request.params.id, request.body),
  );

  app.get(
    '/api/companies/:id/prices',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['companies'],
        summary: "The company's contract prices, by SKU, with each part's current name",
        params: companyIdParamsSchema,
        response: { 200: contractPriceListSchema, 400: problemSchema, 404: problemSchema, ...adminOnly },
      },
    },
    async (request) => companies.contractPrices(request.params.id),
  );
};
