import { z } from 'zod';
import * as copy from '../copy';
import { normaliseVatId, vatIdProblem } from '../vat-id';
import { addressAnswerSchema, addressSchema } from './address';
import { idSchema, isoDateTime, limitSchema, pageOf, pageSchema, requiredText } from './common';
import { EXAMPLE_ADDRESS, EXAMPLE_COMPANY_ID, EXAMPLE_PART_ID, EXAMPLE_SITE, EXAMPLE_USER_ID } from './examples';
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
export const companyDeliveryAddressInputSchema = z
  .strictObject({
    label: requiredText(c.labelRequired, 60),
    phone: phoneSchema,
    address: addressSchema,
  })
  .meta({ examples: [{ label: 'Main workshop', phone: '+1 313 555 0142', address: EXAMPLE_ADDRESS }] });

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
  })
  .meta({
    examples: [
      {
        name: 'Riverside Fleet Service LLC',
        billingAddress: { line1: '880 W Fort St', city: 'Detroit', region: 'MI', postalCode: '48226', country: 'US' },
        deliveryAddress: { label: 'Main workshop', phone: '+1 313 555 0142', address: EXAMPLE_ADDRESS },
      },
    ],
  });
export type CompanyApplication = z.infer<typeof companyApplicationSchema>;

export const companyAppliedSchema = z
  .object({ id: z.string(), status: z.literal('applied') })
  .meta({ examples: [{ id: EXAMPLE_COMPANY_ID, status: 'applied' }] });
export type CompanyApplied = z.infer<typeof companyAppliedSchema>;

export const companyDeliveryAddressSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    phone: z.string(),
    address: addressAnswerSchema,
  })
  .meta({ examples: [EXAMPLE_SITE] });

const exampleMember = {
  userId: EXAMPLE_USER_ID,
  name: 'Dana Whitfield',
  email: 'dana@riverside-fleet.example',
  role: 'buyer',
  orderLimitCents: 250000,
};

export const companyMemberSchema = z
  .object({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(companyRoleValues),
    /** Orders above it wait for a company admin's approval; null for none. */
    orderLimitCents: z.number().int().nullable(),
  })
  .meta({ examples: [exampleMember] });

/** A colleague invited and not joined yet, as the company admins see it. */
const exampleInvitation = {
  id: '0193a1c2-7d4e-7000-8000-00000000e0f1',
  email: 'sam@riverside-fleet.example',
  role: 'buyer',
  expiresAt: '2026-12-14T09:30:00.000Z',
};

export const companyInvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(companyRoleValues),
    expiresAt: isoDateTime,
  })
  .meta({ examples: [exampleInvitation] });
export type CompanyInvitation = z.infer<typeof companyInvitationSchema>;

const exampleCompanySummary = {
  id: EXAMPLE_COMPANY_ID,
  name: 'Riverside Fleet Service LLC',
  vatId: null,
  taxExempt: false,
  taxExemptReason: null,
  billingAddress: { line1: '880 W Fort St', city: 'Detroit', region: 'MI', postalCode: '48226', country: 'US' },
  paymentTerms: 'net30',
  creditLimitCents: 1500000,
  discountPercent: 8,
  status: 'active',
  declineReason: null,
  createdAt: '2026-11-02T15:04:00.000Z',
};

/** A company as the shop admins' list shows it, and as PATCH answers it. */
export const companySummarySchema = z
  .object({
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
  })
  .meta({ examples: [exampleCompanySummary] });
export type CompanySummary = z.infer<typeof companySummarySchema>;

/** GET /api/me/company: the member's own company, with its sites and people. */
export const companySchema = companySummarySchema
  .extend({
    deliveryAddresses: z.array(companyDeliveryAddressSchema),
    members: z.array(companyMemberSchema),
    /** The invitations waiting to be accepted; only company admins get them. */
    invitations: z.array(companyInvitationSchema).optional(),
    /** What the company owes on account: its unpaid invoices less what was paid against them. */
    balanceCents: z.number().int(),
    /** The credit limit less the balance, never below 0. */
    creditLeftCents: z.number().int(),
  })
  .meta({
    examples: [
      {
        ...exampleCompanySummary,
        deliveryAddresses: [EXAMPLE_SITE],
        members: [
          {
            ...exampleMember,
            userId: '0193a1c2-7d4e-7000-8000-00000000e000',
            name: 'Lee Ortega',
            email: 'lee@riverside-fleet.example',
            role: 'company_admin',
            orderLimitCents: null,
          },
          exampleMember,
        ],
        invitations: [exampleInvitation],
        balanceCents: 412350,
        creditLeftCents: 1087650,
      },
    ],
  });
export type Company = z.infer<typeof companySchema>;

export const companyListSchema = pageOf(companySummarySchema).meta({
  examples: [{ items: [exampleCompanySummary], total: 1, page: 1, limit: 20 }],
});
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
  })
  .meta({ examples: [{ status: 'active', paymentTerms: 'net30', creditLimitCents: 1500000, discountPercent: 8 }] });
export type CompanyUpdate = z.infer<typeof companyUpdateSchema>;

/** The most lines a contract price file may hold: a whole catalogue and more. */
export const MAX_CONTRACT_PRICE_LINES = 20_000;
/** The largest contract price file taken, in bytes (about 40 000 lines). */
export const MAX_CONTRACT_PRICE_FILE_BYTES = 2 * 1024 * 1024;

/** A line of a contract price file that was refused, with why. */
export const contractPriceRejectionSchema = z.object({ line: z.number().int(), message: z.string() });
export type ContractPriceRejection = z.infer<typeof contractPriceRejectionSchema>;

/**
 * PUT /api/companies/:id/prices: how many prices the company now has, or every refused line. With any
 * line refused nothing is imported: the file is the company's whole list.
 */
export const contractPriceImportSchema = z
  .object({
    imported: z.number().int(),
    rejected: z.array(contractPriceRejectionSchema),
  })
  .meta({
    examples: [
      { imported: 42, rejected: [] },
      { imported: 0, rejected: [{ line: 7, message: 'No part on sale has the SKU GH-BRK-9999.' }] },
    ],
  });
export type ContractPriceImport = z.infer<typeof contractPriceImportSchema>;

export const contractPriceSchema = z.object({
  sku: z.string(),
  partId: z.string(),
  partName: z.string(),
  unitPriceCents: z.number().int(),
});
export type ContractPrice = z.infer<typeof contractPriceSchema>;

/** GET /api/companies/:id/prices: the company's contract prices, by SKU. */
export const contractPriceListSchema = z.object({ items: z.array(contractPriceSchema) }).meta({
  examples: [
    { items: [{ sku: 'GH-BRK-0042', partId: EXAMPLE_PART_ID, partName: 'Front brake pads, ceramic', unitPriceCents: 3990 }] },
  ],
});
export type ContractPriceList = z.infer<typeof contractPriceListSchema>;

/** The most parts one request for "Your price" names: a page of the parts list. */
export const MAX_YOUR_PRICE_PARTS = 100;

/** GET /api/me/prices?parts=id,id,…: the parts a page shows. */
export const yourPricesQuerySchema = z.object({
  parts: z
    .string({ error: c.yourPricesParts(MAX_YOUR_PRICE_PARTS) })
    .min(1, c.yourPricesParts(MAX_YOUR_PRICE_PARTS))
    .max(MAX_YOUR_PRICE_PARTS * 65, c.yourPricesParts(MAX_YOUR_PRICE_PARTS)),
});
export type YourPricesQuery = z.infer<typeof yourPricesQuerySchema>;

/**
 * "Your price" of each part asked for, for a member of an active company: the company's discount and
 * contract price (the browser prices any quantity with `memberUnitPriceCents`), and the unit price at
 * the part's listed price. No items for anyone else, who pays list prices.
 */
export const yourPricesSchema = z
  .object({
    discountPercent: z.number().int(),
    items: z.array(
      z.object({
        partId: z.string(),
        contractPriceCents: z.number().int().nullable(),
        yourPriceCents: z.number().int(),
      }),
    ),
  })
  .meta({
    examples: [{ discountPercent: 8, items: [{ partId: EXAMPLE_PART_ID, contractPriceCents: 3990, yourPriceCents: 3990 }] }],
  });
export type YourPrices = z.infer<typeof yourPricesSchema>;
