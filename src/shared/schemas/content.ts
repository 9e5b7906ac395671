import { z } from 'zod';
import * as copy from '../copy';
import { emailSchema, isoDateTime, limitSchema, pageOf, pageSchema, requiredText } from './common';
import { type Address, addressAnswerSchema, addressSchema, countryCodeSchema, isCountryCode } from './address';
import { EXAMPLE_PART_ID } from './examples';

const v = copy.validation;

export const blogSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  imageUrl: z.string(),
  author: z.string(),
  publishedAt: isoDateTime,
});
export type BlogSummary = z.infer<typeof blogSummarySchema>;

export const blogPostSchema = blogSummarySchema.extend({
  /** Paragraphs of plain text; the page renders each as text, never as markup. */
  body: z.array(z.string()),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

export const blogListSchema = z.object({ items: z.array(blogSummarySchema) });
export const blogSlugParamsSchema = z.object({ slug: z.string().min(1).max(120) });

/** A part in the flash deal, as the settings name it. */
export const flashDealPartSchema = z.object({ id: z.string(), sku: z.string(), name: z.string() });
export type FlashDealPart = z.infer<typeof flashDealPartSchema>;

/** A row of the tax table as the API shows it (#shared/order-totals `TaxRate`). */
export const taxRateSchema = z.object({
  country: z.string(),
  region: z.string().optional(),
  name: z.string(),
  ratePercent: z.number(),
});

/**
 * What every page may know of the shop's settings: the flash deal, the seller, and what prices an
 * order (tax table, delivery, cut-off), so the browser computes the same figures as the server.
 */
export const publicSettingsSchema = z.object({
  flashDealEndsAt: isoDateTime,
  /** The percentage off every unit price of the deal's parts until `flashDealEndsAt` (#shared/pricing). */
  flashDealPercent: z.number().int(),
  /** What the landing page says of the deal, made from the percentage: "25% OFF". */
  flashDealDiscountText: z.string(),
  /** The parts on sale the deal prices, by name. */
  flashDealParts: z.array(flashDealPartSchema),
  /** The seller every invoice names: company name, postal address, tax ID ('' for none). */
  sellerName: z.string(),
  sellerAddress: addressAnswerSchema,
  sellerVatNumber: z.string(),
  /** ISO 4217; every price of the shop is in it. */
  currency: z.string(),
  taxRates: z.array(taxRateSchema),
  deliveryFeeCents: z.number().int(),
  freeDeliveryThresholdCents: z.number().int(),
  /** 'HH:MM' in `timeZone`: orders placed later leave the next working day. */
  orderCutoff: z.string(),
  timeZone: z.string(),
  /** Working days in transit by destination country; a country not named takes DEFAULT_TRANSIT_DAYS. */
  transitDays: z.record(z.string(), z.number().int()),
  /** The countries delivered to; empty: everywhere. */
  deliverTo: z.array(z.string()),
  returnWindowDays: z.number().int(),
  coreReturnWindowDays: z.number().int(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** Every setting, as admins read it: the public ones and what only the shop's staff need. */
export const settingsSchema = publicSettingsSchema
  .extend({
    /** What a customer is told to do with an approved return (sent in its mail). */
    returnInstructions: z.string(),
  })
  .meta({
    examples: [
      {
        flashDealEndsAt: '2026-12-24T23:59:00.000Z',
        flashDealPercent: 25,
        flashDealDiscountText: '25% OFF',
        flashDealParts: [{ id: EXAMPLE_PART_ID, sku: 'GH-BRK-0042', name: 'Front brake pads, ceramic' }],
        sellerName: 'Gearhouse Manufacturing Inc.',
        sellerAddress: { line1: '2750 Foundry Avenue', city: 'Detroit', region: 'MI', postalCode: '48207', country: 'US' },
        sellerVatNumber: '38-1234567',
        currency: 'USD',
        taxRates: [
          { country: 'US', region: 'MI', name: 'Sales tax', ratePercent: 6 },
          { country: 'US', region: 'OH', name: 'Sales tax', ratePercent: 5.75 },
        ],
        deliveryFeeCents: 990,
        freeDeliveryThresholdCents: 10000,
        orderCutoff: '14:00',
        timeZone: 'America/Detroit',
        transitDays: { US: 3, CA: 5 },
        deliverTo: ['CA', 'US'],
        returnWindowDays: 30,
        coreReturnWindowDays: 90,
        returnInstructions: 'Pack the parts in their box and write the RMA number on the label.',
      },
    ],
  });
export type Settings = z.infer<typeof settingsSchema>;

/** The flash deal's percentage off: 25 until an admin sets another, from 1 to 90. */
export const DEFAULT_DEAL_PERCENT = 25;
export const MIN_DEAL_PERCENT = 1;
export const MAX_DEAL_PERCENT = 90;
/** The most parts one deal prices: a flash deal is a handful of parts, and its list is one screen. */
export const MAX_FLASH_DEAL_PARTS = 100;

/**
 * The seller until an admin sets one: a US manufacturer, as the shop's dollar prices say. A US company
 * has no VAT number, and its tax ID (EIN) is the admin's to enter. (Migration 0014 gave the column the
 * first shop's placeholder; the shop writes these values itself whenever it creates the settings row.)
 */
export const DEFAULT_SELLER: { sellerName: string; sellerAddress: Address; sellerVatNumber: string } = {
  sellerName: 'Gearhouse Manufacturing Inc.',
  sellerAddress: { line1: '2750 Foundry Avenue', city: 'Detroit', region: 'MI', postalCode: '48207', country: 'US' },
  sellerVatNumber: '',
};

/** Tax, delivery and returns until an admin sets them (the columns' defaults say the same). */
export const DEFAULT_TAX_AND_DELIVERY = {
  currency: 'USD',
  taxRates: [] as { country: string; region?: string; name: string; ratePercent: number }[],
  deliveryFeeCents: 990,
  freeDeliveryThresholdCents: 10_000,
  orderCutoff: '14:00',
  timeZone: 'America/Detroit',
  transitDays: {} as Record<string, number>,
  deliverTo: [] as string[],
  returnWindowDays: 30,
  coreReturnWindowDays: 90,
  returnInstructions: '',
};

export const sellerNameSchema = requiredText(v.sellerNameRequired, 120);
export const sellerAddressSchema = addressSchema;

/**
 * The seller's tax ID: a VAT number (DE123456789) or a US EIN (38-1234567). Two to twenty letters and
 * digits, spaces and hyphens allowed between them, stored in capitals; empty for none.
 */
export const sellerVatNumberSchema = z
  .string({ error: v.vatNumberInvalid })
  .trim()
  .max(20, { error: v.vatNumberInvalid, abort: true })
  .refine((text) => text === '' || /^[A-Za-z0-9][A-Za-z0-9 -]*[A-Za-z0-9]$/.test(text), v.vatNumberInvalid)
  .transform((text) => text.toUpperCase());

export const newsletterInputSchema = z.strictObject({ email: emailSchema });
export type NewsletterInput = z.infer<typeof newsletterInputSchema>;

export const contactInputSchema = z.strictObject({
  email: emailSchema,
  subject: requiredText(v.subjectRequired, 150),
  message: requiredText(v.messageRequired, 5000),
});
export type ContactInput = z.infer<typeof contactInputSchema>;

export const createdSchema = z.object({ id: z.string() }).meta({ examples: [{ id: EXAMPLE_PART_ID }] });
export const okSchema = z.object({ ok: z.literal(true) });

/** What the web app needs to know about how this shop is set up, before anyone signs in. */
export const shopInfoSchema = z.object({
  demoMode: z.boolean(),
  googleSignIn: z.boolean(),
  /** The sandbox takes the payments where real ones are expected: every page says so. */
  paymentsTestMode: z.boolean(),
  /** Booking needs a verified address (REQUIRE_VERIFIED_EMAIL): sign-up says a link was mailed. */
  verifiedEmailRequired: z.boolean(),
  /** Shown in the login page's demo modal; empty unless demo mode is on. */
  demoAccounts: z.array(
    z.object({ role: z.enum(['admin', 'customer', 'company_admin']), email: z.string(), password: z.string() }),
  ),
  /** The shop's pages on social networks (SOCIAL_*_URL); a network without one is left out. */
  social: z.object({
    facebook: z.string().optional(),
    instagram: z.string().optional(),
    x: z.string().optional(),
    youtube: z.string().optional(),
    linkedin: z.string().optional(),
  }),
});
export type ShopInfo = z.infer<typeof shopInfoSchema>;

const dealPercentInvalid = copy.settings.percentInvalid(MIN_DEAL_PERCENT, MAX_DEAL_PERCENT);
const s = copy.settings;

/** The currencies the shop can price in (ISO 4217); #shared/money writes each with its sign. */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF', 'PLN', 'CZK', 'SEK', 'DKK', 'NOK'] as const;

/** The highest tax rate the table takes, in percent. */
export const MAX_TAX_RATE_PERCENT = 30;
/** The most rows the tax table holds: a country and its regions, for every country delivered to. */
export const MAX_TAX_RATES = 400;
/** The names a tax row may carry: what the invoice prints before its rate. */
export const TAX_NAMES = ['VAT', 'Sales tax'] as const;

/** From 0 to 30 with at most three decimals (8.875). */
function isTaxRate(rate: number): boolean {
  const thousandths = rate * 1000;
  return rate >= 0 && rate <= MAX_TAX_RATE_PERCENT && Math.abs(thousandths - Math.round(thousandths)) < 1e-6;
}

/** Whether the runtime's time-zone database knows `zone` (an IANA name such as "Europe/Berlin"). */
function isTimeZone(zone: string): boolean {
  try {
    // Constructing a formatter is the one portable check of an IANA name; nothing is formatted here.
    // eslint-disable-next-line no-restricted-properties
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

const centsSchema = (message: string) => z.number({ error: message }).int(message).min(0, message).max(100_000_000, message);
const daysSchema = (message: string, max: number, min = 0) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

export const taxRateInputSchema = z.strictObject({
  country: countryCodeSchema,
  region: z
    .string({ error: copy.address.regionInvalid })
    .trim()
    .optional()
    .transform((text) => (text ? text.toUpperCase() : undefined))
    .refine((text) => text === undefined || /^[A-Z0-9]{1,3}$/.test(text), copy.address.regionInvalid),
  name: z.enum(TAX_NAMES, { error: s.taxNameInvalid }),
  ratePercent: z
    .number({ error: s.taxRateInvalid(MAX_TAX_RATE_PERCENT) })
    .refine(isTaxRate, s.taxRateInvalid(MAX_TAX_RATE_PERCENT)),
});

/** The whole tax table: each country (and region) once. */
export const taxTableSchema = z
  .array(taxRateInputSchema, { error: s.taxTableInvalid })
  .max(MAX_TAX_RATES, s.taxTableTooLong(MAX_TAX_RATES))
  .superRefine((rows, ctx) => {
    const first = new Map<string, number>();
    rows.forEach((row, index) => {
      const key = `${row.country}/${row.region ?? ''}`;
      const earlier = first.get(key);
      if (earlier === undefined) first.set(key, index);
      else
        ctx.addIssue({
          code: 'custom',
          path: [index, row.region ? 'region' : 'country'],
          message: s.taxRowDuplicate(earlier + 1),
        });
    });
  });

/** Working days in transit by country code, 0 to 60 each. */
export const transitDaysSchema = z
  .record(
    z.string(),
    z
      .number({ error: s.transitDaysInvalid })
      .int(s.transitDaysInvalid)
      .min(0, s.transitDaysInvalid)
      .max(60, s.transitDaysInvalid),
    {
      error: s.transitDaysInvalid,
    },
  )
  .superRefine((days, ctx) => {
    for (const code of Object.keys(days)) {
      if (!isCountryCode(code)) ctx.addIssue({ code: 'custom', path: [code], message: copy.address.countryUnknown });
    }
  });

/** The deal's percentage off: a whole number from 1 to 90. */
export const flashDealPercentSchema = z
  .number({ error: dealPercentInvalid })
  .int(dealPercentInvalid)
  .min(MIN_DEAL_PERCENT, dealPercentInvalid)
  .max(MAX_DEAL_PERCENT, dealPercentInvalid);

export const settingsUpdateSchema = z
  .strictObject({
    flashDealEndsAt: z.iso.datetime({ offset: true, error: copy.validation.dateInvalid }),
    // Optional, as the seller: a client changing only the end keeps the rest of the deal as it is.
    flashDealPercent: flashDealPercentSchema.optional(),
    /** The whole list of the deal's parts (absent: unchanged, [] empties it); each a part on sale, once. */
    flashDealPartIds: z
      .array(
        z
          .string({ error: copy.settings.dealPartsInvalid })
          .min(1, copy.settings.dealPartsInvalid)
          .max(64, copy.settings.dealPartUnknown),
        {
          error: copy.settings.dealPartsInvalid,
        },
      )
      .max(MAX_FLASH_DEAL_PARTS, copy.settings.dealPartsTooMany(MAX_FLASH_DEAL_PARTS))
      .transform((ids) => [...new Set(ids)])
      .optional(),
    // Optional so that a client changing only the flash deal keeps the seller as it is.
    sellerName: sellerNameSchema.optional(),
    sellerAddress: sellerAddressSchema.optional(),
    sellerVatNumber: sellerVatNumberSchema.optional(),
    // Tax, delivery and returns: each optional, a field left out keeps what is stored.
    currency: z.enum(CURRENCIES, { error: s.currencyInvalid }).optional(),
    taxRates: taxTableSchema.optional(),
    deliveryFeeCents: centsSchema(s.deliveryFeeInvalid).optional(),
    freeDeliveryThresholdCents: centsSchema(s.thresholdInvalid).optional(),
    orderCutoff: z
      .string({ error: s.cutoffInvalid })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, s.cutoffInvalid)
      .optional(),
    timeZone: z.string({ error: s.timeZoneInvalid }).max(64, s.timeZoneInvalid).refine(isTimeZone, s.timeZoneInvalid).optional(),
    transitDays: transitDaysSchema.optional(),
    deliverTo: z
      .array(countryCodeSchema, { error: copy.address.countryUnknown })
      .max(300)
      .transform((codes) => [...new Set(codes)].sort())
      .optional(),
    returnWindowDays: daysSchema(s.returnWindowInvalid, 365, 1).optional(),
    coreReturnWindowDays: daysSchema(s.coreReturnWindowInvalid, 365, 1).optional(),
    returnInstructions: z.string().trim().max(2000, v.tooLong(2000)).optional(),
  })
  .meta({
    examples: [
      {
        flashDealEndsAt: '2026-12-24T23:59:00Z',
        flashDealPercent: 25,
        flashDealPartIds: [EXAMPLE_PART_ID],
        taxRates: [
          { country: 'US', region: 'MI', name: 'Sales tax', ratePercent: 6 },
          { country: 'US', region: 'OH', name: 'Sales tax', ratePercent: 5.75 },
        ],
        deliveryFeeCents: 990,
        freeDeliveryThresholdCents: 10000,
        orderCutoff: '14:00',
        transitDays: { US: 3, CA: 5 },
        returnWindowDays: 30,
      },
    ],
  });
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

export const contactMessageSchema = z.object({
  id: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: isoDateTime,
  handledAt: isoDateTime.nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export const contactMessageListSchema = pageOf(contactMessageSchema);
export const contactMessageUpdateSchema = z.strictObject({ handled: z.boolean() });

export const subscriberSchema = z.object({ id: z.string(), email: z.string(), createdAt: isoDateTime });
export type Subscriber = z.infer<typeof subscriberSchema>;
export const subscriberListSchema = pageOf(subscriberSchema);

export const inboxQuerySchema = z.object({ page: pageSchema, limit: limitSchema(100, 20) });
