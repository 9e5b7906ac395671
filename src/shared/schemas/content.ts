import { z } from 'zod';
import * as copy from '../copy';
import { emailSchema, isoDateTime, limitSchema, pageOf, pageSchema, requiredText } from './common';

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

export const settingsSchema = z.object({
  flashDealEndsAt: isoDateTime,
  /** The percentage off every unit price of the deal's parts until `flashDealEndsAt` (#shared/pricing). */
  flashDealPercent: z.number().int(),
  /** What the landing page says of the deal, made from the percentage: "25% OFF". */
  flashDealDiscountText: z.string(),
  /** The parts on sale the deal prices, by name. */
  flashDealParts: z.array(flashDealPartSchema),
  /** The seller every invoice names: company name, postal address (lines split by newlines), tax ID ('' for none). */
  sellerName: z.string(),
  sellerAddress: z.string(),
  sellerVatNumber: z.string(),
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
export const DEFAULT_SELLER = {
  sellerName: 'Gearhouse Manufacturing Inc.',
  sellerAddress: '2750 Foundry Avenue\nDetroit, MI 48207\nUnited States',
  sellerVatNumber: '',
};

/** An address prints on an invoice's seller block: a few lines, each kept, blank ones dropped. */
export const MAX_SELLER_ADDRESS_LINES = 6;

export const sellerNameSchema = requiredText(v.sellerNameRequired, 120);
export const sellerAddressSchema = requiredText(v.sellerAddressRequired, 400)
  .transform((text) =>
    text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .join('\n'),
  )
  .refine((text) => text.split('\n').length <= MAX_SELLER_ADDRESS_LINES, v.sellerAddressLines(MAX_SELLER_ADDRESS_LINES));
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

export const createdSchema = z.object({ id: z.string() });
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
  demoAccounts: z.array(z.object({ role: z.enum(['admin', 'customer']), email: z.string(), password: z.string() })),
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

/** The deal's percentage off: a whole number from 1 to 90. */
export const flashDealPercentSchema = z
  .number({ error: dealPercentInvalid })
  .int(dealPercentInvalid)
  .min(MIN_DEAL_PERCENT, dealPercentInvalid)
  .max(MAX_DEAL_PERCENT, dealPercentInvalid);

export const settingsUpdateSchema = z.strictObject({
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
