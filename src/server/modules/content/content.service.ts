import type { BlogPost, BlogSummary, ContactInput, NewsletterInput, Settings } from '#shared/schemas/content';
import { DEFAULT_DISCOUNT_TEXT } from '#shared/schemas/content';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { BlogPostRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { newId } from '../../ids';
import * as repo from './content.repository';

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

export function createContentService(db: Db, clock: Clock) {
  return {
    async listBlogs(): Promise<{ items: BlogSummary[] }> {
      return { items: (await repo.listBlogPosts(db)).map(toBlogSummary) };
    },

    async getBlog(slug: string): Promise<BlogPost> {
      const row = await repo.findBlogPostBySlug(db, slug);
      if (!row) throw new AppError('not_found', 'This post does not exist.');
      return { ...toBlogSummary(row), body: parseBody(row.body) };
    },

    /** A shop that was never configured still answers: the deal has simply ended. */
    async getSettings(): Promise<Settings> {
      const row = await repo.findSettings(db);
      return {
        flashDealEndsAt: row?.flash_deal_ends_at ?? new Date(0).toISOString(),
        flashDealDiscountText: row?.flash_deal_discount_text ?? DEFAULT_DISCOUNT_TEXT,
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
  };
}

export type ContentService = ReturnType<typeof createContentService>;
