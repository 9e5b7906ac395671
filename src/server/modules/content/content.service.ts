import * as copy from '#shared/copy';
import type { FlashDealTerms } from '#shared/pricing';
import type {
  BlogPost,
  BlogSummary,
  ContactInput,
  ContactMessage,
  FlashDealPart,
  NewsletterInput,
  Settings,
  SettingsUpdate,
  Subscriber,
} from '#shared/schemas/content';
import { DEFAULT_DEAL_PERCENT, DEFAULT_SELLER, DEFAULT_TAX_AND_DELIVERY } from '#shared/schemas/content';
import type { Address } from '#shared/schemas/address';
import { structuredAddressOf } from '../../db/migrations/0032-tax-and-delivery';
import type { TaxRate } from '#shared/order-totals';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { BlogPostRow, ContactMessageRow, NewsletterSubscriberRow, SettingsRow } from '../../db/schema';
import { AppError } from '../../app-error';
import type { EventBus } from '../../events';
import { newId } from '../../ids';
import * as repo from './content.repository';
import type { SettingsColumns } from './content.repository';
import { toCsv } from './csv';

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

function toContactMessage(row: ContactMessageRow): ContactMessage {
  return {
    id: row.id,
    email: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: row.created_at,
    handledAt: row.handled_at,
  };
}

function toSubscriber(row: NewsletterSubscriberRow): Subscriber {
  return { id: row.id, email: row.email, createdAt: row.created_at };
}

function toBlogSummary(row: BlogPostRow): BlogSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    imageUrl: row.image_url,
    author: row.author,
    publishedAt: row.published_at,
  };
}

function parseBody(body: string): string[] {
  const parsed: unknown = JSON.parse(body);
  return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string') : [];
}

/**
 * The parts module's side of the flash deal (its `flashDealParts`), handed in when the services are
 * made: the parts module prices parts with the deal's terms from here, so this module must not import it.
 */
export interface FlashDealPartsPort {
  /** The parts on sale in the deal, by name. */
  list(db: Db): Promise<FlashDealPart[]>;
  /**
   * Makes `ids` the deal's parts, in the caller's transaction; answers those that are not parts on sale,
   * and then changes nothing.
   */
  replace(trx: Db, ids: readonly string[], now: string): Promise<string[]>;
}

export interface ContentServiceDeps {
  clock: Clock;
  /** Where the service announces what it did (settingsChanged). */
  events: EventBus;
  flashDealParts: FlashDealPartsPort;
}

/**
 * The flash deal's percentage and end, for pricing the parts in it (#shared/pricing, `dealPercentAt`).
 * A shop never configured has a deal that has ended.
 */
export async function flashDealOf(db: Db): Promise<FlashDealTerms> {
  const row = await repo.findFlashDeal(db);
  return {
    percent: row ? Number(row.percent) : DEFAULT_DEAL_PERCENT,
    endsAt: row?.ends_at ?? new Date(0).toISOString(),
  };
}

/**
 * The stored seller address: JSON since migration 0032. A row written without one holds the column's
 * old default, lines of text, which reads as the migration read such text.
 */
function sellerAddressOf(stored: string): Address {
  return stored.startsWith('{') ? (JSON.parse(stored) as Address) : structuredAddressOf(stored);
}

/** The settings row made into the API's shape, less the deal's parts; the defaults before an admin saved any. */
export function shopSettingsOf(row: SettingsRow | undefined): Omit<Settings, 'flashDealParts'> {
  const percent = row ? Number(row.flash_deal_percent) : DEFAULT_DEAL_PERCENT;
  const d = DEFAULT_TAX_AND_DELIVERY;
  return {
    flashDealEndsAt: row?.flash_deal_ends_at ?? new Date(0).toISOString(),
    flashDealPercent: percent,
    // Made from the percentage, so the landing page never claims a discount the prices do not give.
    flashDealDiscountText: copy.deal.discountText(percent),
    sellerName: row?.seller_name ?? DEFAULT_SELLER.sellerName,
    sellerAddress: row ? sellerAddressOf(row.seller_address) : DEFAULT_SELLER.sellerAddress,
    sellerVatNumber: row?.seller_vat_number ?? DEFAULT_SELLER.sellerVatNumber,
    currency: row?.currency ?? d.currency,
    taxRates: row ? (JSON.parse(row.tax_rates) as TaxRate[]) : d.taxRates,
    deliveryFeeCents: row ? Number(row.delivery_fee_cents) : d.deliveryFeeCents,
    freeDeliveryThresholdCents: row ? Number(row.free_delivery_threshold_cents) : d.freeDeliveryThresholdCents,
    orderCutoff: row?.order_cutoff ?? d.orderCutoff,
    timeZone: row?.time_zone ?? d.timeZone,
    transitDays: row ? (JSON.parse(row.transit_days) as Record<string, number>) : d.transitDays,
    deliverTo: row ? (JSON.parse(row.deliver_to) as string[]) : d.deliverTo,
    returnWindowDays: row ? Number(row.return_window_days) : d.returnWindowDays,
    coreReturnWindowDays: row ? Number(row.core_return_window_days) : d.coreReturnWindowDays,
    returnInstructions: row?.return_instructions ?? d.returnInstructions,
  };
}

/** The shop's settings as stored now (the defaults before an admin saved any), less the deal's parts. */
export async function shopSettings(db: Db): Promise<Omit<Settings, 'flashDealParts'>> {
  return shopSettingsOf(await repo.findSettings(db));
}

/** The seller invoices name: the stored one, or the defaults before an admin saved any settings. */
export async function sellerOf(db: Db): Promise<{ name: string; address: Address; vatNumber: string }> {
  const settings = await shopSettings(db);
  return { name: settings.sellerName, address: settings.sellerAddress, vatNumber: settings.sellerVatNumber };
}

/** The settings' JSON lists and seller as columns: undefined (left out of the update) stays undefined. */
function columnsOf(input: SettingsUpdate): SettingsColumns {
  const json = <T>(value: T | undefined) => (value === undefined ? undefined : JSON.stringify(value));
  return {
    seller_name: input.sellerName,
    seller_address: json(input.sellerAddress),
    seller_vat_number: input.sellerVatNumber,
    currency: input.currency,
    tax_rates: json(input.taxRates?.map(({ region, ...row }) => ({ ...row, ...(region ? { region } : {}) }))),
    delivery_fee_cents: input.deliveryFeeCents,
    free_delivery_threshold_cents: input.freeDeliveryThresholdCents,
    order_cutoff: input.orderCutoff,
    time_zone: input.timeZone,
    transit_days: json(input.transitDays),
    deliver_to: json(input.deliverTo),
    return_window_days: input.returnWindowDays,
    core_return_window_days: input.coreReturnWindowDays,
    return_instructions: input.returnInstructions,
  };
}

export function createContentService(db: Db, { clock, events, flashDealParts }: ContentServiceDeps) {
  return {
    async listBlogs(): Promise<{ items: BlogSummary[] }> {
      return { items: (await repo.listBlogPosts(db)).map(toBlogSummary) };
    },

    /** Whether there is a post at `slug`. */
    async blogPostExists(slug: string): Promise<boolean> {
      return repo.blogPostSlugExists(db, slug);
    },

    async getBlog(slug: string): Promise<BlogPost> {
      const row = await repo.findBlogPostBySlug(db, slug);
      if (!row) throw new AppError('not_found', copy.blogs.notFound);
      return { ...toBlogSummary(row), body: parseBody(row.body) };
    },

    /** A shop that was never configured still answers: the deal has simply ended. */
    async getSettings(): Promise<Settings> {
      const [row, parts] = await Promise.all([repo.findSettings(db), flashDealParts.list(db)]);
      return { ...shopSettingsOf(row), flashDealParts: parts };
    },

    async subscribe(input: NewsletterInput): Promise<void> {
      await repo.addNewsletterSubscriber(db, {
        id: newId(),
        email: input.email.toLowerCase(),
        createdAt: clock.now().toISOString(),
      });
    },

    async sendContactMessage(input: ContactInput): Promise<{ id: string }> {
      const id = newId();
      await repo.insertContactMessage(db, { id, ...input, createdAt: clock.now().toISOString() });
      return { id };
    },

    /**
     * The deal (its end, percentage and parts) and the seller, in one transaction: a list naming a part
     * not on sale changes nothing. Announced, so the public answers that show prices are dropped at once.
     */
    async updateSettings(input: SettingsUpdate): Promise<Settings> {
      const now = clock.now().toISOString();
      await events.transaction(db, async ({ trx, announce }) => {
        const stored = await repo.findFlashDeal(trx);
        const percent = input.flashDealPercent ?? (stored ? Number(stored.percent) : DEFAULT_DEAL_PERCENT);
        // Stored in one form (UTC ISO) whatever offset the form sent, so both engines compare it alike.
        await repo.upsertSettings(trx, {
          flashDealEndsAt: new Date(input.flashDealEndsAt).toISOString(),
          flashDealDiscountText: copy.deal.discountText(percent),
          columns: { ...columnsOf(input), flash_deal_percent: percent },
          now,
        });
        if (input.flashDealPartIds !== undefined) {
          const unknown = await flashDealParts.replace(trx, input.flashDealPartIds, now);
          if (unknown.length > 0) {
            throw new AppError('validation_failed', copy.settings.dealPartUnknown, {
              flashDealPartIds: copy.settings.dealPartUnknown,
            });
          }
        }
        await announce('settingsChanged', {});
      });
      return this.getSettings();
    },

    async listContactMessages(query: { page: number; limit: number }): Promise<Page<ContactMessage>> {
      const { rows, total } = await repo.listContactMessages(db, query);
      return { items: rows.map(toContactMessage), total, page: query.page, limit: query.limit };
    },

    async markContactMessage(id: string, handled: boolean): Promise<ContactMessage> {
      const row = await repo.setContactMessageHandledAt(db, id, handled ? clock.now().toISOString() : null);
      if (!row) throw new AppError('not_found', copy.inbox.messageNotFound);
      return toContactMessage(row);
    },

    async listSubscribers(query: { page: number; limit: number }): Promise<Page<Subscriber>> {
      const { rows, total } = await repo.listSubscribers(db, query);
      return { items: rows.map(toSubscriber), total, page: query.page, limit: query.limit };
    },

    async subscribersCsv(): Promise<string> {
      const rows = await repo.listAllSubscribers(db);
      return toCsv([['email', 'subscribed_at'], ...rows.map((row) => [row.email, row.created_at])]);
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
