import { type Insertable, sql } from 'kysely';
import { type Db, isPostgres } from '../../db/database';
import type { CategoryRow, PartsTable } from '../../db/schema';
import type { SupersessionRow } from './supersessions.repository';

/** Lists longer than this go to the database in slices, under both engines' limits on parameters. */
const SLICE = 500;

function slices<T>(items: readonly T[], size = SLICE): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** What the parts file holds of a part, as stored. */
export interface CsvPartRow {
  id: string;
  sku: string;
  name: string;
  description: string;
  category_id: string;
  price_cents: number;
  core_charge_cents: number;
  stock: number;
  min_order_quantity: number;
  pack_size: number;
  low_stock_threshold: number | null;
  image_url: string;
  archived_at: string | null;
  price_tiers: string;
  cross_references: string;
}

const csvPartColumns = [
  'parts.id',
  'parts.sku',
  'parts.name',
  'parts.description',
  'parts.category_id',
  'parts.price_cents',
  'parts.core_charge_cents',
  'part_stock.stock',
  'parts.min_order_quantity',
  'parts.pack_size',
  'parts.low_stock_threshold',
  'parts.image_url',
  'parts.archived_at',
  'parts.price_tiers',
  'parts.cross_references',
] as const;

const withStock = (db: Db) => db.selectFrom('parts').innerJoin('part_stock', 'part_stock.part_id', 'parts.id');

/** SKUs compared byte by byte on both engines (PostgreSQL's default collation skips hyphens). */
const skuOrder = (db: Db) => (isPostgres(db) ? sql<string>`parts.sku collate "C"` : sql<string>`parts.sku`);

/** The next `limit` parts (live or archived) after the SKU `after`, by SKU. */
export async function csvPartsAfterSku(db: Db, after: string | undefined, limit: number): Promise<CsvPartRow[]> {
  let query = withStock(db).select(csvPartColumns).orderBy(skuOrder(db)).limit(limit);
  if (after !== undefined) query = query.where(skuOrder(db), '>', after);
  return query.execute();
}

/** The parts (live or archived) with these SKUs, by SKU. */
export async function csvPartsBySku(db: Db, skus: readonly string[]): Promise<Map<string, CsvPartRow>> {
  const found = new Map<string, CsvPartRow>();
  for (const slice of slices([...new Set(skus)])) {
    for (const row of await withStock(db).select(csvPartColumns).where('parts.sku', 'in', slice).execute())
      found.set(row.sku, row);
  }
  return found;
}

/** The SKUs of these parts, by id. */
export async function skusOfParts(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const slice of slices([...new Set(ids)])) {
    for (const row of await db.selectFrom('parts').select(['id', 'sku']).where('id', 'in', slice).execute())
      found.set(row.id, row.sku);
  }
  return found;
}

export async function allCategories(db: Db): Promise<CategoryRow[]> {
  return db.selectFrom('categories').selectAll().execute();
}

/** Every supersession of the shop (a few per part at most: the file's rules read them all). */
export async function allSupersessions(db: Db): Promise<SupersessionRow[]> {
  const rows = await db.selectFrom('part_supersessions').selectAll().execute();
  return rows.map((row) => ({ ...row, quantity_factor: Number(row.quantity_factor) }));
}

/** The supersessions of these parts, by part. */
export async function supersessionsOfParts(db: Db, ids: readonly string[]): Promise<Map<string, SupersessionRow[]>> {
  const found = new Map<string, SupersessionRow[]>();
  for (const slice of slices([...new Set(ids)])) {
    const rows = await db.selectFrom('part_supersessions').selectAll().where('to_part_id', 'in', slice).execute();
    for (const row of rows)
      found.set(row.to_part_id, [...(found.get(row.to_part_id) ?? []), { ...row, quantity_factor: Number(row.quantity_factor) }]);
  }
  return found;
}

/** A new part's row; the columns left out take their defaults. */
export type NewCsvPart = Insertable<PartsTable> & { stock: number };

/** Adds parts and their stock, a slice a statement (the caller's transaction: a part is never without its stock). */
export async function insertParts(db: Db, rows: readonly NewCsvPart[]): Promise<void> {
  for (const slice of slices(rows, 200)) {
    await db
      .insertInto('parts')
      .values(slice.map(({ stock: _stock, ...row }) => row))
      .execute();
    await db
      .insertInto('part_stock')
      .values(slice.map((row) => ({ part_id: row.id, stock: row.stock })))
      .execute();
  }
}

/** The fields of an existing part the file sets, as they will be. */
export type CsvPartChange = Omit<CsvPartRow, 'archived_at'> & { updated_at: string };

/**
 * Changes parts, a slice a statement: their stock rows locked first in id order on PostgreSQL, as an
 * admin's change of one part locks its own (a booking waits for the change, or the change for it).
 */
export async function updateParts(db: Db, rows: readonly CsvPartChange[]): Promise<void> {
  const ordered = [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const slice of slices(ordered, 200)) {
    if (isPostgres(db)) {
      await db
        .selectFrom('part_stock')
        .select('part_id')
        .where(
          'part_id',
          'in',
          slice.map((row) => row.id),
        )
        .orderBy('part_id')
        .forUpdate()
        .execute();
    }
    const values = sql.join(
      slice.map(
        (row) =>
          sql`(${row.id}, ${row.sku}, ${row.name}, ${row.description}, ${row.category_id}, cast(${row.price_cents} as integer), cast(${row.core_charge_cents} as integer), cast(${row.min_order_quantity} as integer), cast(${row.pack_size} as integer), cast(${row.low_stock_threshold} as integer), ${row.image_url}, ${row.price_tiers}, ${row.cross_references}, ${row.updated_at})`,
      ),
    );
    await sql`with wanted(id, sku, name, description, category_id, price_cents, core_charge_cents, min_order_quantity, pack_size, low_stock_threshold, image_url, price_tiers, cross_references, updated_at) as (values ${values})
      update parts set sku = wanted.sku, name = wanted.name, description = wanted.description, category_id = wanted.category_id,
        price_cents = wanted.price_cents, core_charge_cents = wanted.core_charge_cents, min_order_quantity = wanted.min_order_quantity, pack_size = wanted.pack_size,
        low_stock_threshold = wanted.low_stock_threshold, image_url = wanted.image_url, price_tiers = wanted.price_tiers, cross_references = wanted.cross_references,
        updated_at = wanted.updated_at
      from wanted where parts.id = wanted.id`.execute(db);
    await db
      .insertInto('part_stock')
      .values(slice.map((row) => ({ part_id: row.id, stock: row.stock })))
      .onConflict((conflict) => conflict.column('part_id').doUpdateSet((eb) => ({ stock: eb.ref('excluded.stock') })))
      .execute();
  }
}

/** Takes these numbers off the parts that replaced them (by part id and number key). */
export async function deleteSupersessions(db: Db, rows: readonly { partId: string; fromKey: string }[]): Promise<void> {
  for (const { partId, fromKey } of rows) {
    await db.deleteFrom('part_supersessions').where('to_part_id', '=', partId).where('from_key', '=', fromKey).execute();
  }
}

/** Adds supersessions, and sets the part, factor, day and note of a number already replaced. */
export async function upsertSupersessions(db: Db, rows: readonly SupersessionRow[]): Promise<void> {
  for (const slice of slices(rows)) {
    await db
      .insertInto('part_supersessions')
      .values(slice)
      .onConflict((conflict) =>
        conflict.column('from_key').doUpdateSet((eb) => ({
          from_number: eb.ref('excluded.from_number'),
          to_part_id: eb.ref('excluded.to_part_id'),
          quantity_factor: eb.ref('excluded.quantity_factor'),
          since: eb.ref('excluded.since'),
          note: eb.ref('excluded.note'),
        })),
      )
      .execute();
  }
}
