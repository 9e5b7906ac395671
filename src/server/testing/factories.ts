import type { Db } from '../db/database';
import type {
  BlogPostsTable,
  CategoriesTable,
  ContactMessagesTable,
  OrderLinesTable,
  OrderRow,
  PartFitmentsTable,
  PartsTable,
  ReviewsTable,
  VehiclesTable,
} from '../db/schema';
import { newId } from '../ids';

let sequence = 0;

/** The category the factory files parts under unless told otherwise; made on first use in each database. */
export const TEST_CATEGORY = { id: '00000000-0000-8000-8000-0000000000aa', slug: 'test-parts', name: 'Test parts' };

export async function ensureTestCategory(db: Db): Promise<string> {
  await db
    .insertInto('categories')
    .values({ ...TEST_CATEGORY, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' })
    // Any clash: two factories racing on PostgreSQL may meet on the slug before the id.
    .onConflict((oc) => oc.doNothing())
    .execute();
  return TEST_CATEGORY.id;
}

/** Inserts a category with a unique slug. */
export async function insertCategory(db: Db, overrides: Partial<CategoriesTable> = {}): Promise<CategoriesTable> {
  sequence += 1;
  const row: CategoriesTable = {
    id: newId(),
    slug: `category-${sequence}-${newId().slice(0, 8)}`,
    name: `Category ${sequence} ${newId().slice(0, 4)}`,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
  await db.insertInto('categories').values(row).execute();
  return row;
}

/** Inserts a vehicle with a unique model (built 2010–2020 unless told otherwise). */
export async function insertVehicle(db: Db, overrides: Partial<VehiclesTable> = {}): Promise<VehiclesTable> {
  sequence += 1;
  const row: VehiclesTable = {
    id: newId(),
    make: 'Testmake',
    model: `Model ${sequence} ${newId().slice(0, 4)}`,
    engine: '1.6 85 kW',
    year_from: 2010,
    year_to: 2020,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
  await db.insertInto('vehicles').values(row).execute();
  return row;
}

/** Lists a part as fitting a vehicle: the vehicle's whole years and the first position unless told otherwise. */
export async function insertFitment(
  db: Db,
  fitment: Pick<PartFitmentsTable, 'part_id'> & { vehicle: Pick<VehiclesTable, 'id' | 'year_from' | 'year_to'> } & Partial<
      Omit<PartFitmentsTable, 'part_id' | 'vehicle_id'>
    >,
): Promise<PartFitmentsTable> {
  const { vehicle, ...rest } = fitment;
  const row: PartFitmentsTable = {
    vehicle_id: vehicle.id,
    position: 0,
    year_from: vehicle.year_from,
    year_to: vehicle.year_to,
    note: '',
    ...rest,
  };
  await db.insertInto('part_fitments').values(row).execute();
  return row;
}

/** A part's row with its stock (`part_stock`), as a test writes it. */
export type PartWithStock = PartsTable & { stock: number };

/**
 * Inserts a part with sensible defaults (a unique SKU, the test category, no cross-references or tiers, a
 * pack of one); `createdAt` steps forward so "newest" order is defined.
 */
export async function insertPart(db: Db, overrides: Partial<PartWithStock> = {}): Promise<PartWithStock> {
  sequence += 1;
  const created = new Date(Date.UTC(2026, 0, 1) + sequence * 60_000).toISOString();
  const categoryId = overrides.category_id ?? (await ensureTestCategory(db));
  const row: PartWithStock = {
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
    sku: `T-${sequence}-${newId().slice(0, 8).toUpperCase()}`,
    category_id: categoryId,
    cross_references: '[]',
    pack_size: 1,
    price_tiers: '[]',
    low_stock_threshold: null,
    flash_deal_since: null,
    core_charge_cents: 0,
    ...overrides,
  };
  const { stock, ...part } = row;
  await db.insertInto('parts').values(part).execute();
  await db.insertInto('part_stock').values({ part_id: part.id, stock }).execute();
  return row;
}

/** Changes a part's row and its stock as a test needs them (the stock is its row in part_stock). */
export async function updatePart(db: Db, id: string, { stock, ...changes }: Partial<PartWithStock>): Promise<void> {
  if (Object.keys(changes).length > 0) await db.updateTable('parts').set(changes).where('id', '=', id).execute();
  if (stock !== undefined) await db.updateTable('part_stock').set({ stock }).where('part_id', '=', id).execute();
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

/** The one line `insertOrder` writes: its part, and what it may be given of the line. */
export type OneLine = Pick<OrderLinesTable, 'part_id'> &
  Partial<Pick<OrderLinesTable, 'part_name' | 'image_url' | 'unit_price_cents' | 'quantity'>>;

/**
 * Inserts a one-line order of a part straight into the tables (no stock taken): for lists and counts.
 * Answers the order's row and its line.
 */
export async function insertOrder(
  db: Db,
  { part_id, part_name, image_url, unit_price_cents = 1000, quantity = 12, ...overrides }: Partial<OrderRow> & OneLine,
): Promise<OrderRow & { line: OrderLinesTable }> {
  sequence += 1;
  const created = new Date(Date.UTC(2026, 0, 1) + sequence * 60_000).toISOString();
  const row: OrderRow = {
    id: newId(),
    user_id: null,
    total_cents: unit_price_cents * quantity,
    customer_name: `Customer ${sequence}`,
    customer_email: `customer-${sequence}@example.com`,
    phone: '+1 555-010-2030',
    address: '12 Piston Road, Gearville',
    status: 'paid',
    cancel_reason: null,
    transaction_id: null,
    paid_at: null,
    invoice_number: null,
    idempotency_key: null,
    created_at: created,
    updated_at: created,
    goods_cents: unit_price_cents * quantity,
    delivery_cents: 0,
    tax_cents: 0,
    taxes: '[]',
    tax_exemption: null,
    delivery_address: null,
    expected_delivery: null,
    buyer_vat_id: null,
    currency: 'USD',
    company_id: null,
    po_number: null,
    payment_method: 'card',
    delivery_address_id: null,
    invoiced_at: null,
    due_date: null,
    paid_cents: 0,
    decline_reason: null,
    decided_by: null,
    delivered_at: null,
    idempotency_fingerprint: null,
    ...overrides,
  };
  // A delivered order was delivered at its last change, unless the test says when.
  if (row.status === 'delivered' && !('delivered_at' in overrides)) row.delivered_at = row.updated_at;
  const part = await db.selectFrom('parts').select('sku').where('id', '=', part_id).executeTakeFirst();
  const line: OrderLinesTable = {
    order_id: row.id,
    position: 0,
    part_id,
    sku: part?.sku ?? 'UNKNOWN',
    part_name: part_name ?? `Test part ${sequence}`,
    image_url: image_url ?? '/uploads/00000000000000000000000000000000.webp',
    unit_price_cents,
    quantity,
    line_total_cents: unit_price_cents * quantity,
  };
  // Written only when set: migration tests insert orders into the schema as it was before those columns.
  const { delivered_at: deliveredAt, idempotency_fingerprint: fingerprint, ...columns } = row;
  await db
    .insertInto('orders')
    .values({
      ...columns,
      ...(deliveredAt === null ? {} : { delivered_at: deliveredAt }),
      ...(fingerprint === null ? {} : { idempotency_fingerprint: fingerprint }),
    })
    .execute();
  await db.insertInto('order_lines').values(line).execute();
  return { ...row, line };
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
