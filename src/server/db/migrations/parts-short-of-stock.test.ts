import { type Kysely, sql } from 'kysely';
import { expect, it } from 'vitest';
import { insertCategory, insertPart, type PartWithStock, updatePart } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';
import type { Db } from '../database';
import { migrateTo, migrateToLatest } from '../migrator';

/** What low_stock_parts and unbookable_parts must hold, computed from the parts themselves. */
async function expected(db: Db) {
  const parts = await db
    .selectFrom('parts')
    .innerJoin('part_stock', 'part_stock.part_id', 'parts.id')
    .select(['id', 'stock', 'min_order_quantity', 'low_stock_threshold', 'archived_at', 'category_id'])
    .execute();
  const live = parts.filter((part) => part.archived_at === null);
  return {
    low: live
      .filter((part) => part.stock < (part.low_stock_threshold ?? 2 * part.min_order_quantity))
      .map((part) => ({ part_id: part.id, stock: part.stock }))
      .sort((a, b) => (a.part_id < b.part_id ? -1 : 1)),
    unbookable: live
      .filter((part) => part.stock <= 0 || part.stock < part.min_order_quantity)
      .map((part) => ({ part_id: part.id, category_id: part.category_id }))
      .sort((a, b) => (a.part_id < b.part_id ? -1 : 1)),
  };
}

async function kept(db: Db) {
  return {
    low: await db.selectFrom('low_stock_parts').select(['part_id', 'stock']).orderBy('part_id').execute(),
    unbookable: await db.selectFrom('unbookable_parts').select(['part_id', 'category_id']).orderBy('part_id').execute(),
  };
}

describeOnEachEngine('the parts short of stock (migrations 0019 and 0020)', (ctx) => {
  it('keeps both tables equal to what the parts say through every change an admin or a booking makes', async () => {
    const { db } = ctx.database;
    const other = await insertCategory(db);
    const check = async () => expect(await kept(db)).toEqual(await expected(db));
    const update = async (id: string, changes: Partial<PartWithStock>) => {
      await updatePart(db, id, changes);
      await check();
    };

    const plenty = await insertPart(db, { stock: 500, min_order_quantity: 12 });
    const low = await insertPart(db, { stock: 20, min_order_quantity: 12 });
    const unbookable = await insertPart(db, { stock: 5, min_order_quantity: 12 });
    const empty = await insertPart(db, { stock: 0, min_order_quantity: 1, low_stock_threshold: 0 });
    await check();
    const first = await kept(db);
    expect(first.low.map((row) => row.part_id)).toEqual(expect.arrayContaining([low.id, unbookable.id]));
    // A line of 0: never low, yet not bookable with nothing in stock.
    expect(first.low.map((row) => row.part_id)).not.toContain(empty.id);
    expect(first.unbookable.map((row) => row.part_id)).toEqual(expect.arrayContaining([unbookable.id, empty.id]));

    // Bookings: the stock goes down, across the low-stock line and under the minimum order.
    await update(plenty.id, { stock: 400 });
    await update(plenty.id, { stock: 23 });
    await update(plenty.id, { stock: 11 });
    await update(low.id, { stock: 19 });
    // Restocked, then the admin's own line, a minimum that rises over the stock, a line of 0 (never low).
    await update(plenty.id, { stock: 1000 });
    await update(plenty.id, { low_stock_threshold: 2000 });
    await update(plenty.id, { min_order_quantity: 1200 });
    await update(plenty.id, { low_stock_threshold: 0, min_order_quantity: 12 });
    await update(plenty.id, { low_stock_threshold: null });
    // Moved to another category while unbookable, archived, back on sale, deleted.
    await update(unbookable.id, { category_id: other.id });
    await update(unbookable.id, { archived_at: '2026-02-01T00:00:00.000Z' });
    await update(unbookable.id, { stock: 0 });
    await update(unbookable.id, { archived_at: null });
    await db.deleteFrom('parts').where('id', '=', unbookable.id).execute();
    await check();
    // Several parts in one statement.
    await db.updateTable('part_stock').set({ stock: 3 }).where('part_id', 'in', [plenty.id, low.id, empty.id]).execute();
    await check();
  });

  it('leaves every index of parts off the stock and the update time, so a booking changes no index (on PostgreSQL, an update in place)', async () => {
    const { db } = ctx.database;
    const definitions =
      ctx.database.dialect === 'sqlite'
        ? await sql<{
            definition: string;
          }>`select sql as definition from sqlite_master where type = 'index' and tbl_name = 'parts' and sql is not null`.execute(
            db,
          )
        : await sql<{ definition: string }>`select indexdef as definition from pg_indexes where tablename = 'parts'`.execute(db);
    expect(definitions.rows.length).toBeGreaterThan(5);
    for (const { definition } of definitions.rows) expect(definition).not.toMatch(/\b(stock|updated_at)\b/);
  });

  it('fills both tables from the parts already there, and gives the partial indexes back when undone', async () => {
    const { db } = ctx.database;
    const before = await insertPart(db, { stock: 7, min_order_quantity: 12 });
    await migrateTo(db, '0018-assumption-checks');
    // The table as it was then, not as the types say now: the stock back in parts.
    const raw = db as never as Kysely<Record<string, Record<string, unknown>>>;
    expect(await raw.selectFrom('parts').select('stock').where('id', '=', before.id).executeTakeFirstOrThrow()).toEqual({
      stock: 7,
    });
    await raw.updateTable('parts').set({ stock: 2 }).where('id', '=', before.id).execute();
    const indexes = async () =>
      ctx.database.dialect === 'sqlite'
        ? (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'parts'`.execute(db))
            .rows
        : (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'parts'`.execute(db)).rows;
    expect((await indexes()).map((row) => row.name)).toEqual(
      expect.arrayContaining(['parts_low_stock_idx', 'parts_unbookable_idx']),
    );

    await migrateToLatest(db);
    expect(await db.selectFrom('part_stock').select('stock').where('part_id', '=', before.id).executeTakeFirstOrThrow()).toEqual({
      stock: 2,
    });
    expect(await kept(db)).toEqual(await expected(db));
    expect((await kept(db)).low).toContainEqual({ part_id: before.id, stock: 2 });
    expect((await indexes()).map((row) => row.name)).not.toContain('parts_low_stock_idx');
  });
});
