import { z } from 'zod';
import * as copy from '../copy';
import { normaliseVatId, vatIdProblem } from '../vat-id';
import { addressAnswerSchema, addressSchema } from './address';
import { idSchema, isoDateTime, limitSchema, pageOf, pageSchema, requiredText } from './common';
import { phoneSchema } from './orders';

const c = copy.companies;

export const paymentTermsValues = ['card', 'net15', 'net30', 'net60'] as const;
export type PaymentTerms = (typeof paymentTermsValues)[number];
export const companyStatusValues = ['applied', 'active', 'on_hold', 'declined'] as const;
export type CompanyStatus = (typeof companyStatusValues)[number];
export const companyRoleValues = ['buyer', 'company_admin'] as const;
export type CompanyRole = (typeof companyRoleValues)[number];

/** The most a shop admin can lend a company on account, in cents (a billion in the shop's currency). */
export const MAX_CREDIT_LIMIT_CENTS = 100_000_000_000;
export const MAX_DISCOUNT_PERCENT = 50;

/** A delivery site as the company gives it: a label its buyers recognise, a phone for the driver, the address. */
export const companyDeliveryAddressInputSchema = z.strictObject({
  label: requiredText(c.labelRequired, 60),
  phone: phoneSchema,
  address: addressSchema,
});

/**
 * POST /api/companies: the application. The VAT ID, when given, is stored normalised and must be a
 * valid EU VAT ID of the billing address's country (a company outside the EU has none).
 */
export const companyApplicationSchema = z
  .strictObject({
    name: requiredText(c.nameRequired, 120),
    vatId: z
      .string({ error: c.vatIdInvalid })
      .max(40, { error: c.vatIdInvalid, abort: true })
      .transform(normaliseVatId)
      .transform((compact) => compact || undefined)
      .optional(),
    billingAddress: addressSchema,
    deliveryAddress: companyDeliveryAddressInputSchema,
  })
  .superRefine((body, ctx) => {
    if (body.vatId === undefined) return;
    const problem = vatIdProblem(body.billingAddress.country, body.vatId);
    if (problem) ctx.addIssue({ code: 'custom', path: ['vatId'], message: problem });
  });
export type CompanyApplication = z.infer<typeof companyApplicationSchema>;

export const companyAppliedSchema = z.object({ id: z.string(), status: z.literal('applied') });
export type CompanyApplied = z.infer<typeof companyAppliedSchema>;

export const companyDeliveryAddressSchema = z.object({
  id: z.string(),
  label: z.string(),
  phone: z.string(),
  address: addressAnswerSchema,
});

export const companyMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(companyRoleValues),
  /** Orders above it wait for a company admin's approval; null for none. */
  orderLimitCents: z.number().int().nullable(),
});

/** A company as the shop admins' list shows it, and as PATCH answers it. */
export const companySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  vatId: z.string().nullable(),
  taxExempt: z.boolean(),
  taxExemptReason: z.string().nullable(),
  billingAddress: addressAnswerSchema,
  paymentTerms: z.enum(paymentTermsValues),
  creditLimitCents: z.number().int(),
  discountPercent: z.number().int(),
  status: z.enum(companyStatusValues),
  /** Why the shop declined the application; null unless declined. */
  declineReason: z.string().nullable(),
  createdAt: isoDateTime,
});
export type CompanySummary = z.infer<typeof companySummarySchema>;

/** GET /api/me/company: the member's own company, with its sites and people. */
export const companySchema = companySummarySchema.extend({
  deliveryAddresses: z.array(companyDeliveryAddressSchema),
  members: z.array(companyMemberSchema),
});
export type Company = z.infer<typeof companySchema>;

export const companyListSchema = pageOf(companySummarySchema);
export type CompanyList = z.infer<typeof companyListSchema>;

export const listCompaniesQuerySchema = z.object({
  status: z.enum(companyStatusValues).optional(),
  page: pageSchema,
  limit: limitSchema(100, 20),
});
export type ListCompaniesQuery = z.infer<typeof listCompaniesQuerySchema>;

export const companyIdParamsSchema = z.object({ id: idSchema });

/**
 * PATCH /api/companies/:id (shop admin): approve (`active`), decline with a reason, put on hold, and
 * set the terms. Declining needs its reason in the same request; a tax exemption needs its reason.
 */
export const companyUpdateSchema = z
  .strictObject({
    status: z.enum(['active', 'on_hold', 'declined'], { error: c.statusInvalid }).optional(),
    paymentTerms: z.enum(paymentTermsValues, { error: c.paymentTermsInvalid }).optional(),
    creditLimitCents: z
      .number({ error: c.creditLimitInvalid })
      .int(c.creditLimitInvalid)
      .min(0, c.creditLimitInvalid)
      .max(MAX_CREDIT_LIMIT_CENTS, c.creditLimitInvalid)
      .optional(),
    discountPercent: z
      .number({ error: c.discountInvalid })
      .int(c.discountInvalid)
      .min(0, c.discountInvalid)
      .max(MAX_DISCOUNT_PERCENT, c.discountInvalid)
      .optional(),
    taxExempt: z.boolean().optional(),
    taxExemptReason: z
      .string({ error: c.taxExemptReasonInvalid })
      .trim()
      .min(1, c.taxExemptReasonInvalid)
      .max(200, c.taxExemptReasonInvalid)
      .nullable()
      .optional(),
    declineReason: z
      .string({ error: c.declineReasonInvalid })
      .trim()
      .min(1, c.declineReasonInvalid)
      .max(500, c.declineReasonInvalid)
      .optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), c.updateEmpty)
  .superRefine((body, ctx) => {
    if (body.status === 'declined' && body.declineReason === undefined) {
      ctx.addIssue({ code: 'custom', path: ['declineReason'], message: c.declineReasonRequired });
    }
    if (body.taxExempt === true && body.taxExemptReason === null) {
      ctx.addIssue({ code: 'custom', path: ['taxExemptReason'], message: c.taxExemptReasonRequired });
    }
  });
export type CompanyUpdate = z.infer<typeof companyUpdateSchema>;
