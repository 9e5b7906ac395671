import type { Db } from '../db/database';
import type { BlogPostsTable, ContactMessagesTable, OrdersTable, PartsTable, ReviewsTable } from '../db/schema';
import { newId } from '../ids';

let sequence = 0;

/** Inserts a part with sensible defaults; `createdAt` steps forward so "newest" order is defined. */
export async function insertPart(db: Db, overrides: Partial<PartsTable> = {}): Promise<PartsTable> {
  sequence += 1;
  const created = new Date(Date.UTC(2026, 0, 1) + sequence * 60_000).toISOString();
  const row: PartsTable = {
    id: newId(),
    name: `Test part ${sequence}`,
    description: `Description of test part ${sequence}`,
    price_cents: 1000 + sequence,
    stock: 100,
    min_order_quantity: 12,
    image_url: '/uploads/00000000000000000000000000000000.webp',
    created_at: created,
    updated_at: created,
    archived_at: null,
    ...overrides,
  };
  await db.insertInto('parts').values(row).execute();
  return row;
}

export async function insertReview(db: Db, overrides: Partial<ReviewsTable> = {}): Promise<ReviewsTable> {
  sequence += 1;
  const row: ReviewsTable = {
    id: newId(),
    user_id: null,
    part_id: null,
    name: `Reviewer ${sequence}`,
    rating: 5,
    text: `Review text ${sequence}`,
    image_url: '/uploads/00000000000000000000000000000000.webp',
    created_at: new Date(Date.UTC(2026, 0, 1) + sequence * 60_000).toISOString(),
    ...overrides,
  };
  await db.insertInto('reviews').values(row).execute();
  return row;
}

/** Inserts an order of a part straight into the table (no stock taken): for lists and counts. */
export async function insertOrder(db: Db, overrides: Partial<OrdersTable> & Pick<OrdersTable, 'part_id'>): Promise<OrdersTable> {
  sequence += 1;
  const created = new Date(Date.UTC(2026, 0, 1) + sequence * 60_000).toISOString();
  const quantity = overrides.quantity ?? 12;
  const row: OrdersTable = {
    id: newId(),
    user_id: null,
    part_name: `Test part ${sequence}`,
    image_url: '/uploads/00000000000000000000000000000000.webp',
    unit_price_cents: 1000,
    quantity,
    total_cents: 1000 * quantity,
    customer_name: `Customer ${sequence}`,
    customer_email: `customer-${sequence}@example.com`,
    phone: '+1 555-010-2030',
    address: '12 Piston Road, Gearville',
    status: 'paid',
    cancel_reason: null,
    transaction_id: null,
    paid_at: null,
    idempotency_key: null,
    created_at: created,
    updated_at: created,
    ...overrides,
  };
  await db.insertInto('orders').values(row).execute();
  return row;
}

/** Inserts a contact message, as the landing page's form would. */
export async function insertContactMessage(db: Db, overrides: Partial<ContactMessagesTable> = {}): Promise<ContactMessagesTable> {
  sequence += 1;
  const row: ContactMessagesTable = {
    id: newId(),
    email: `ask-${sequence}@example.com`,
    subject: 'Fitment',
    message: 'Does it fit?',
    created_at: new Date(Date.UTC(2026, 0, 1) + sequence * 60_000).toISOString(),
    handled_at: null,
    ...overrides,
  };
  await db.insertInto('contact_messages').values(row).execute();
  return row;
}

/** Inserts a published blog post with a unique slug. */
export async function insertBlogPost(db: Db, overrides: Partial<BlogPostsTable> = {}): Promise<BlogPostsTable> {
  sequence += 1;
  const row: BlogPostsTable = {
    id: newId(),
    slug: `post-${sequence}-${newId()}`,
    title: `Post ${sequence}`,
    excerpt: 'Short.',
    body: JSON.stringify(['Text.']),
    image_url: '/uploads/00000000000000000000000000000000.webp',
    author: 'Gearhouse',
    published_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
  await db.insertInto('blog_posts').values(row).execute();
  return row;
}
