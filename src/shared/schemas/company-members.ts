import { z } from 'zod';
import * as copy from '../copy';
import { addressSchema } from './address';
import { emailSchema, idSchema, isoDateTime } from './common';
import { companyDeliveryAddressInputSchema, companyRoleValues, MAX_CREDIT_LIMIT_CENTS } from './companies';
import { EXAMPLE_ADDRESS } from './examples';
import { phoneSchema } from './orders';

const m = copy.companyMembers;

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;
/** Invitations a company may have waiting at once: enough for a fleet, too few to mail a list. */
export const MAX_PENDING_INVITATIONS = 50;
/** Delivery sites a company may keep. */
export const MAX_COMPANY_ADDRESSES = 100;

const roleSchema = z.enum(companyRoleValues, { error: m.roleInvalid });

/** POST /api/me/company/invitations: the colleague's address (compared and stored in lower case) and role. */
export const invitationInputSchema = z
  .strictObject({
    email: emailSchema.transform((email) => email.toLowerCase()),
    role: roleSchema,
  })
  .meta({ examples: [{ email: 'sam@riverside-fleet.example', role: 'buyer' }] });
export type InvitationInput = z.infer<typeof invitationInputSchema>;

/** GET /api/invitations/:token: what the invitee sees before joining. */
export const invitationPreviewSchema = z
  .object({
    companyName: z.string(),
    email: z.string(),
    role: z.enum(companyRoleValues),
    expiresAt: isoDateTime,
  })
  .meta({
    examples: [
      {
        companyName: 'Riverside Fleet Service LLC',
        email: 'sam@riverside-fleet.example',
        role: 'buyer',
        expiresAt: '2026-12-14T09:30:00.000Z',
      },
    ],
  });
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** The link's token: base64url, 43 characters as made; anything far off is simply unknown. */
export const invitationTokenParamsSchema = z.object({ token: z.string().min(1).max(128) });
export const invitationIdParamsSchema = z.object({ id: idSchema });
export const memberParamsSchema = z.object({ userId: idSchema });
export const companyAddressParamsSchema = z.object({ id: idSchema });

/** An order limit in cents: a whole number, 0 or more; null for none. */
export const orderLimitSchema = z
  .number({ error: m.orderLimitInvalid })
  .int(m.orderLimitInvalid)
  .min(0, m.orderLimitInvalid)
  .max(MAX_CREDIT_LIMIT_CENTS, m.orderLimitInvalid)
  .nullable();

/** PATCH /api/me/company/members/:userId (company admin): the role and the order limit. */
export const memberUpdateSchema = z
  .strictObject({ role: roleSchema.optional(), orderLimitCents: orderLimitSchema.optional() })
  .refine((body) => body.role !== undefined || body.orderLimitCents !== undefined, m.updateEmpty)
  .meta({ examples: [{ role: 'buyer', orderLimitCents: 250000 }] });
export type MemberUpdate = z.infer<typeof memberUpdateSchema>;

/** POST /api/me/company/addresses: a new delivery site, as in the application. */
export const companyAddressInputSchema = companyDeliveryAddressInputSchema;
export type CompanyAddressInput = z.infer<typeof companyAddressInputSchema>;

/** PATCH /api/me/company/addresses/:id: any of the site's fields. */
export const companyAddressUpdateSchema = z
  .strictObject({
    label: companyDeliveryAddressInputSchema.shape.label.optional(),
    phone: phoneSchema.optional(),
    address: addressSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), m.updateEmpty)
  .meta({
    examples: [
      {
        label: 'Body shop, Dearborn',
        address: { ...EXAMPLE_ADDRESS, line1: '5100 Schaefer Rd', city: 'Dearborn', postalCode: '48126' },
      },
    ],
  });
export type CompanyAddressUpdate = z.infer<typeof companyAddressUpdateSchema>;
