import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  companyAppliedSchema,
  companyApplicationSchema,
  companyIdParamsSchema,
  companyListSchema,
  companySchema,
  companySummarySchema,
  companyUpdateSchema,
  listCompaniesQuerySchema,
} from '#shared/schemas/companies';
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
};
