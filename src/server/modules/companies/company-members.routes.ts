import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companyDeliveryAddressSchema,
  companyInvitationSchema,
  companyMemberSchema,
  companySchema,
} from '#shared/schemas/companies';
import {
  companyAddressInputSchema,
  companyAddressParamsSchema,
  companyAddressUpdateSchema,
  invitationIdParamsSchema,
  invitationInputSchema,
  invitationPreviewSchema,
  invitationTokenParamsSchema,
  memberParamsSchema,
  memberUpdateSchema,
} from '#shared/schemas/company-members';
import { requireUser, signedInUser } from '../../http/guards';
import { problemSchema } from '../../http/openapi';
import type { CompanyMembersService } from './company-members.service';

/** A company admin's route: a visitor 401, a buyer 403, someone in no company 404. */
const companyAdmin = { 401: problemSchema, 403: problemSchema, 404: problemSchema };

export const companyMembersRoutes: FastifyPluginAsyncZod<{ companyMembers: CompanyMembersService }> = async (
  app,
  { companyMembers },
) => {
  // After requireUser, before the body is read: see CompanyMembersService.assertMember.
  const companyAdminOnly = async (request: FastifyRequest) => companyMembers.assertMember(signedInUser(request), { admin: true });
  const membersOnly = async (request: FastifyRequest) => companyMembers.assertMember(signedInUser(request), { admin: false });

  app.post(
    '/api/me/company/invitations',
    {
      preValidation: [requireUser, companyAdminOnly],
      schema: {
        tags: ['companies'],
        summary:
          'Invite a colleague by email as buyer or company admin (company admin of an active company). ' +
          'The mailed link works once, for 7 days; inviting the same address again replaces its waiting invitation',
        body: invitationInputSchema,
        response: { 201: companyInvitationSchema, 400: problemSchema, 409: problemSchema, ...companyAdmin },
      },
    },
    async (request, reply) => reply.code(201).send(await companyMembers.invite(signedInUser(request), request.body)),
  );

  app.delete(
    '/api/me/company/invitations/:id',
    {
      preValidation: [requireUser, companyAdminOnly],
      schema: {
        tags: ['companies'],
        summary: 'Withdraw a waiting invitation: its link stops working (company admin)',
        params: invitationIdParamsSchema,
        response: { 204: z.null(), ...companyAdmin },
      },
    },
    async (request, reply) => {
      await companyMembers.withdraw(signedInUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/invitations/:token',
    {
      schema: {
        tags: ['companies'],
        summary: "An invitation's company, address and role, before joining; 404 unknown or withdrawn, 410 used or expired",
        params: invitationTokenParamsSchema,
        response: { 200: invitationPreviewSchema, 404: problemSchema, 410: problemSchema },
      },
    },
    async (request, reply) => {
      // The token is a secret: no shared cache keeps the answer.
      reply.header('cache-control', 'no-store');
      return companyMembers.preview(request.params.token);
    },
  );

  app.post(
    '/api/invitations/:token/accept',
    {
      preValidation: requireUser,
      schema: {
        tags: ['companies'],
        summary:
          'Join the company: signed in with the invited address (else 403). 409 for someone already in a company, ' +
          '410 for a used or expired invitation. Answers the company',
        params: invitationTokenParamsSchema,
        response: {
          200: companySchema,
          401: problemSchema,
          403: problemSchema,
          404: problemSchema,
          409: problemSchema,
          410: problemSchema,
        },
      },
    },
    async (request) => companyMembers.accept(signedInUser(request), request.params.token),
  );

  app.patch(
    '/api/me/company/members/:userId',
    {
      preValidation: [requireUser, companyAdminOnly],
      schema: {
        tags: ['companies'],
        summary:
          "Change a member's role or order limit in cents (null for none) (company admin). The last company admin cannot become a buyer (409)",
        params: memberParamsSchema,
        body: memberUpdateSchema,
        response: { 200: companyMemberSchema, 400: problemSchema, 409: problemSchema, ...companyAdmin },
      },
    },
    async (request) => companyMembers.updateMember(signedInUser(request), request.params.userId, request.body),
  );

  app.delete(
    '/api/me/company/members/:userId',
    {
      preValidation: [requireUser, membersOnly],
      schema: {
        tags: ['companies'],
        summary: 'Remove a member (company admin), or leave the company (your own id). The last company admin cannot go (409)',
        params: memberParamsSchema,
        response: { 204: z.null(), 409: problemSchema, ...companyAdmin },
      },
    },
    async (request, reply) => {
      await companyMembers.removeMember(signedInUser(request), request.params.userId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/me/company/addresses',
    {
      preValidation: [requireUser, companyAdminOnly],
      schema: {
        tags: ['companies'],
        summary: 'Add a delivery address (company admin); 400 `address.country` for a country the shop does not deliver to',
        body: companyAddressInputSchema,
        response: { 201: companyDeliveryAddressSchema, 400: problemSchema, 409: problemSchema, ...companyAdmin },
      },
    },
    async (request, reply) => reply.code(201).send(await companyMembers.addAddress(signedInUser(request), request.body)),
  );

  app.patch(
    '/api/me/company/addresses/:id',
    {
      preValidation: [requireUser, companyAdminOnly],
      schema: {
        tags: ['companies'],
        summary: "Change a delivery address's label, phone or address (company admin)",
        params: companyAddressParamsSchema,
        body: companyAddressUpdateSchema,
        response: { 200: companyDeliveryAddressSchema, 400: problemSchema, ...companyAdmin },
      },
    },
    async (request) => companyMembers.updateAddress(signedInUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/me/company/addresses/:id',
    {
      preValidation: [requireUser, companyAdminOnly],
      schema: {
        tags: ['companies'],
        summary: 'Delete a delivery address (company admin); the last one stays (409). Orders keep their copy of it',
        params: companyAddressParamsSchema,
        response: { 204: z.null(), 409: problemSchema, ...companyAdmin },
      },
    },
    async (request, reply) => {
      await companyMembers.deleteAddress(signedInUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
