import type { Db } from '../db/database';
import type { PartsTable, ReviewsTable } from '../db/schema';
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
