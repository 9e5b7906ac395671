import { createHash } from 'node:crypto';
import * as copy from '#shared/copy';
import { DEFAULT_DEAL_PERCENT, DEFAULT_SELLER } from '#shared/schemas/content';
import { DEFAULT_PACK_SIZE } from '#shared/pricing';
import { DEFAULT_MIN_ORDER_QUANTITY } from '#shared/schemas/parts';
import { type Clock, systemClock } from '../../clock';
import type { Config } from '../../config';
import { createMailer } from '../../modules/mail';
import type { ObjectStorage } from '../../modules/uploads';
import { type Auth, createAuth, demoAccounts, ensureDemoAccounts } from '../../modules/users';
import type { Db, DatabaseHandle } from '../database';
import type { BlogPostsTable, CategoriesTable, PartFitmentsTable, PartsTable, ReviewsTable, VehiclesTable } from '../schema';
import { demoBlogPosts } from './blog-posts';
import { demoCategories, demoFlashDealParts, demoMinimumOrders, demoParts } from './catalogue';
import { demoPictureName, readDemoPictureManifest, storeDemoPicture } from './demo-pictures';
import { shopSettings } from '../../modules/content';
import {
  type DemoTable,
  existingIds,
  insertMissingDemoOrders,
  insertMissingDemoRows,
  storedParts,
  userIdByEmail,
  whatTheShopHas,
} from './demo-rows.repository';
import { demoOrders, demoTaxRates, demoTransitDays, plannedDemoOrders } from './orders';
import { demoReviews } from './reviews';
import { ensureDemoTradeAccount, seedDemoCompany } from './trade-account';
import { demoFitments, demoVehicles } from './vehicles';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const FLASH_DEAL_DAYS = 14;
/** Copying is I/O (a disk, or S3 over the network); a few at a time without piling up memory. */
const COPY_CONCURRENCY = 4;

export interface SeedDeps {
  clock: Clock;
  storage: ObjectStorage;
  /** The demo accounts are made through better-auth, so their passwords are hashed by the library. */
  auth: Auth;
}

/**
 * The seed's dependencies as the server's first start and `npm run db:seed` make them. The seed sends
 * no mail; the mailer is there because better-auth asks for one.
 */
export function demoSeedDeps(config: Config, database: DatabaseHandle, storage: ObjectStorage): SeedDeps {
  return {
    clock: systemClock,
    storage,
    auth: createAuth(config, { database, mailer: createMailer(config, console), log: console }),
  };
}

/** A row waiting for its picture: stored only if the row is actually missing. */
interface Pending<Row> {
  row: Omit<Row, 'image_url'>;
  /** The committed picture's name (demo-pictures.ts). */
  picture: string;
}

/**
 * A UUID-shaped id (version 8, "custom") derived from a stable key, so every run computes the same
 * ids and finds the rows an earlier run created.
 */
export function demoId(
  kind: 'category' | 'part' | 'review' | 'blog-post' | 'vehicle' | 'order' | 'company' | 'company-address',
  key: string,
): string {
  const hex = createHash('sha256').update(`demo-${kind}:${key}`).digest('hex');
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Fills an empty shop with the demo catalogue, reviews, blog posts, settings, the demo accounts, the
 * demo orders (docs/shop-rules.md, "Roles, accounts and safety") and the demo trade account's company
 * ("Trade accounts"). Idempotent: rows are keyed by deterministic ids (accounts by address) and
 * created only when missing, so a second run creates nothing and never overwrites what an admin has
 * changed. Returns the number of rows created (an order counts once, with its lines).
 */
export async function seedDemoData(db: Db, deps: SeedDeps): Promise<number> {
  const catalogue = await seedDemoCatalogue(db, deps);
  const accounts = (await ensureDemoAccounts(deps.auth)) + (await ensureDemoTradeAccount(deps.auth));
  // After the accounts: the demo customer's orders are theirs, the company the trade account's.
  const orders = await seedDemoOrders(db, deps.clock.now());
  return catalogue + accounts + orders + (await seedDemoCompany(db, deps.clock.now(), demoId));
}

/** The demo orders not there yet, priced from the shop's settings as they are now. */
async function seedDemoOrders(db: Db, now: Date): Promise<number> {
  const partKeys = [...new Set(demoOrders.flatMap((order) => order.lines.map(([key]) => key)))];
  const [settings, parts, customerId] = await Promise.all([
    shopSettings(db),
    storedParts(
      db,
      partKeys.map((key) => demoId('part', key)),
    ),
    userIdByEmail(db, demoAccounts.find((account) => account.role === 'customer')!.email),
  ]);
  const planned = plannedDemoOrders(
    now,
    settings,
    parts,
    customerId,
    (key) => demoId('order', key),
    (key) => demoId('part', key),
  );
  return insertMissingDemoOrders(db, planned);
}

async function seedDemoCatalogue(db: Db, deps: Omit<SeedDeps, 'auth'>): Promise<number> {
  const now = deps.clock.now();
  const [parts, reviews, posts] = await Promise.all([
    missingOnly(db, 'parts', plannedParts(now)),
    missingOnly(db, 'reviews', plannedReviews(now)),
    missingOnly(db, 'blog_posts', plannedPosts(now)),
  ]);
  const pending = [...parts, ...reviews, ...posts];
  const manifest = pending.length > 0 ? await readDemoPictureManifest() : {};
  const urls = await mapWithConcurrency(pending, COPY_CONCURRENCY, (item) =>
    storeDemoPicture(deps.storage, manifest, item.picture),
  );
  const partRows = withPictures(parts, urls.slice(0, parts.length));
  const reviewRows = withPictures(reviews, urls.slice(parts.length, parts.length + reviews.length));
  const postRows = withPictures(posts, urls.slice(parts.length + reviews.length));

  return insertMissingDemoRows(db, {
    categories: plannedCategories(now),
    parts: partRows,
    reviews: reviewRows,
    posts: postRows,
    settings: {
      id: 1,
      flash_deal_ends_at: new Date(now.getTime() + FLASH_DEAL_DAYS * DAY).toISOString(),
      flash_deal_percent: DEFAULT_DEAL_PERCENT,
      flash_deal_discount_text: copy.deal.discountText(DEFAULT_DEAL_PERCENT),
      // The demo's seller: a US manufacturer, as the dollar prices say.
      seller_name: DEFAULT_SELLER.sellerName,
      seller_address: JSON.stringify(DEFAULT_SELLER.sellerAddress),
      seller_vat_number: DEFAULT_SELLER.sellerVatNumber,
      tax_rates: JSON.stringify(demoTaxRates),
      transit_days: JSON.stringify(demoTransitDays),
      updated_at: now.toISOString(),
    },
    vehicles: plannedVehicles(now),
    fitments: plannedFitments(),
  });
}

function minutesBefore(now: Date, minutes: number): string {
  return new Date(now.getTime() - minutes * MINUTE).toISOString();
}

/**
 * Rows are dated by their position in the lists, newest first and at uneven-looking steps: parts
 * about 45 hours apart over the past two months, reviews about 44 hours apart over the past month.
 * No two share a timestamp, so "newest first" has one answer.
 */
const partAge = (index: number) => 6 * 60 + index * 2707;
const reviewAge = (index: number) => 2 * 60 + index * 2645;

function plannedCategories(now: Date): CategoriesTable[] {
  const at = now.toISOString();
  return demoCategories.map((category) => ({
    id: demoId('category', category.slug),
    slug: category.slug,
    name: category.name,
    created_at: at,
    updated_at: at,
  }));
}

function plannedVehicles(now: Date): VehiclesTable[] {
  const at = now.toISOString();
  return demoVehicles.map((vehicle) => ({
    id: demoId('vehicle', vehicle.key),
    make: vehicle.make,
    model: vehicle.model,
    engine: vehicle.engine,
    year_from: vehicle.yearFrom,
    year_to: vehicle.yearTo,
    created_at: at,
    updated_at: at,
  }));
}

function plannedFitments(): Omit<PartFitmentsTable, 'position'>[] {
  return demoFitments(demoParts).map((fitment) => ({
    part_id: demoId('part', fitment.partKey),
    vehicle_id: demoId('vehicle', fitment.vehicleKey),
    year_from: fitment.yearFrom,
    year_to: fitment.yearTo,
    note: fitment.note,
  }));
}

function plannedParts(now: Date): Pending<PartsTable & { stock: number }>[] {
  return demoParts.map((part, index) => {
    const createdAt = minutesBefore(now, partAge(index));
    return {
      row: {
        id: demoId('part', part.key),
        name: part.name,
        description: part.description,
        price_cents: part.priceCents,
        stock: part.stock,
        min_order_quantity: demoMinimumOrders[part.key] ?? DEFAULT_MIN_ORDER_QUANTITY,
        sku: part.sku,
        // The slug; the stored category's id replaces it when the rows are written.
        category_id: part.category,
        cross_references: JSON.stringify(part.crossReferences),
        pack_size: part.packSize ?? DEFAULT_PACK_SIZE,
        price_tiers: JSON.stringify(part.priceTiers ?? []),
        core_charge_cents: part.coreChargeCents ?? 0,
        low_stock_threshold: null,
        flash_deal_since: demoFlashDealParts.includes(part.key) ? createdAt : null,
        created_at: createdAt,
        updated_at: createdAt,
        archived_at: null,
      },
      picture: demoPictureName.part(part.key),
    };
  });
}

function plannedReviews(now: Date): Pending<ReviewsTable>[] {
  return demoReviews.map((review, index) => ({
    row: {
      id: demoId('review', review.key),
      user_id: null,
      part_id: review.partKey === null ? null : demoId('part', review.partKey),
      name: review.name,
      rating: review.rating,
      text: review.text,
      created_at: minutesBefore(now, reviewAge(index)),
    },
    picture: demoPictureName.review(review.key),
  }));
}

function plannedPosts(now: Date): Pending<BlogPostsTable>[] {
  return demoBlogPosts.map((post) => ({
    row: {
      id: demoId('blog-post', post.slug),
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      body: JSON.stringify(post.paragraphs),
      author: post.author,
      published_at: minutesBefore(now, post.daysAgo * 24 * 60 + 3 * 60),
    },
    picture: demoPictureName.blogPost(post.slug),
  }));
}

function withPictures<Row>(
  list: readonly Pending<Row>[],
  urls: readonly string[],
): (Omit<Row, 'image_url'> & { image_url: string })[] {
  return list.map((pending, i) => {
    const url = urls[i];
    if (url === undefined) throw new Error('A demo picture is missing');
    return { ...pending.row, image_url: url };
  });
}

async function missingOnly<Row extends { id: string }>(
  db: Db,
  table: DemoTable,
  planned: Pending<Row>[],
): Promise<Pending<Row>[]> {
  const found = await existingIds(
    db,
    table,
    planned.map((pending) => pending.row.id),
  );
  return planned.filter((pending) => !found.has(pending.row.id));
}

async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * At start-up the demo catalogue (and its orders) is added only to a shop that has never been seeded
 * (no settings row yet), and the demo accounts (and the demo company) only to a shop without any
 * account, so a demo part or account an admin deleted does not come back on the next restart (a shop
 * seeded before accounts existed still gets its way in). `npm run db:seed` calls `seedDemoData`
 * directly and puts back whatever is missing.
 */
export async function seedDemoDataOnFirstStart(db: Db, deps: SeedDeps): Promise<number> {
  const { settings, anyUser } = await whatTheShopHas(db);
  const catalogue = settings ? 0 : await seedDemoCatalogue(db, deps);
  const accounts = anyUser ? 0 : (await ensureDemoAccounts(deps.auth)) + (await ensureDemoTradeAccount(deps.auth));
  // The demo orders come with the demo catalogue, never into a shop that already had its own; the
  // demo company with the demo accounts.
  const orders = settings ? 0 : await seedDemoOrders(db, deps.clock.now());
  return catalogue + accounts + orders + (anyUser ? 0 : await seedDemoCompany(db, deps.clock.now(), demoId));
}
