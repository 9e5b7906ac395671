import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types. One representation on both engines (docs/decisions/0002):
 * ids are text, timestamps are ISO-8601 UTC text (they sort as they compare), money is integer cents,
 * flags are nullable timestamps ("handled_at") rather than booleans.
 */
export interface PartsTable {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  stock: number;
  min_order_quantity: number;
  image_url: string;
  created_at: string;
  updated_at: string;
  archived_at: string | null;
}

export interface ReviewsTable {
  id: string;
  user_id: string | null;
  /** The part the review is about, when it is about one (feeds the part's rating summary). */
  part_id: string | null;
  name: string;
  rating: number;
  text: string;
  image_url: string;
  created_at: string;
}

export interface BlogPostsTable {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  /** JSON array of paragraphs. */
  body: string;
  image_url: string;
  author: string;
  published_at: string;
}

export interface SettingsTable {
  id: ColumnType<number, number, never>;
  flash_deal_ends_at: string;
  flash_deal_discount_text: string;
  updated_at: string;
}

export interface ContactMessagesTable {
  id: string;
  email: string;
  subject: string;
  message: string;
  created_at: string;
  handled_at: string | null;
}

export interface NewsletterSubscribersTable {
  id: string;
  email: string;
  created_at: string;
}

export interface Database {
  parts: PartsTable;
  reviews: ReviewsTable;
  blog_posts: BlogPostsTable;
  settings: SettingsTable;
  contact_messages: ContactMessagesTable;
  newsletter_subscribers: NewsletterSubscribersTable;
}

export type PartRow = Selectable<PartsTable>;
export type NewPartRow = Insertable<PartsTable>;
export type PartUpdate = Updateable<PartsTable>;
export type ReviewRow = Selectable<ReviewsTable>;
export type BlogPostRow = Selectable<BlogPostsTable>;
export type SettingsRow = Selectable<SettingsTable>;
// Generated is re-exported for later tables with database-made keys.
export type { Generated };
