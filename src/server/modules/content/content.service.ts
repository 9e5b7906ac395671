import * as copy from '#shared/copy';
import type {
  BlogPost,
  BlogSummary,
  ContactInput,
  ContactMessage,
  NewsletterInput,
  Settings,
  SettingsUpdate,
  Subscriber,
} from '#shared/schemas/content';
import { DEFAULT_DISCOUNT_TEXT, DEFAULT_SELLER } from '#shared/schemas/content';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { BlogPostRow, ContactMessageRow, NewsletterSubscriberRow } from '../../db/schema';
import { AppError } from '../../app-error';
import type { EventBus } from '../../events';
import { newId } from '../../ids';
import * as repo from './content.repository';
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

export interface ContentServiceDeps {
  clock: Clock;
  /** Where the service announces what it did (settingsChanged). */
  events: EventBus;
}

/** The seller invoices name: the stored one, or the defaults before an admin saved any settings. */
export async function sellerOf(db: Db): Promise<{ name: string; address: string; vatNumber: string }> {
  return (
    (await repo.findSeller(db)) ?? {
      name: DEFAULT_SELLER.sellerName,
      address: DEFAULT_SELLER.sellerAddress,
      vatNumber: DEFAULT_SELLER.sellerVatNumber,
    }
  );
}

export function createContentService(db: Db, { clock, events }: ContentServiceDeps) {
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
      const row = await repo.findSettings(db);
      return {
        flashDealEndsAt: row?.flash_deal_ends_at ?? new Date(0).toISOString(),
        flashDealDiscountText: row?.flash_deal_discount_text ?? DEFAULT_DISCOUNT_TEXT,
        sellerName: row?.seller_name ?? DEFAULT_SELLER.sellerName,
        sellerAddress: row?.seller_address ?? DEFAULT_SELLER.sellerAddress,
        sellerVatNumber: row?.seller_vat_number ?? DEFAULT_SELLER.sellerVatNumber,
      };
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

    async updateSettings(input: SettingsUpdate): Promise<Settings> {
      // Stored in one form (UTC ISO) whatever offset the form sent, so both engines compare it alike.
      await repo.upsertSettings(db, {
        flashDealEndsAt: new Date(input.flashDealEndsAt).toISOString(),
        flashDealDiscountText: input.flashDealDiscountText,
        seller: { name: input.sellerName, address: input.sellerAddress, vatNumber: input.sellerVatNumber },
        now: clock.now().toISOString(),
      });
      events.committed('settingsChanged', {});
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
