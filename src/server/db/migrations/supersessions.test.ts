import { expect, it } from 'vitest';
import { insertOrder, insertPart } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';
import { migrateTo, migrateToLatest } from '../migrator';

const BEFORE = '0038-saved-lists';
const at = '2026-03-01T09:00:00.000Z';

describeOnEachEngine('migration 0040: supersessions', (ctx) => {
  it('keeps one row per replaced number, refuses a bad factor, and goes with its part', async () => {
    const { db } = ctx.database;
    const part = await insertPart(db);
    const row = {
      from_key: 'GHBRK1042',
      from_number: 'GH-BRK-1042',
      to_part_id: part.id,
      quantity_factor: 2,
      since: '2026-03-01',
      note: 'New pad compound',
      created_at: at,
    };
    await db.insertInto('part_supersessions').values(row).execute();
    // The same number (as compared) cannot be replaced twice.
    await expect(
      db
        .insertInto('part_supersessions')
        .values({ ...row, from_number: 'GH BRK 1042' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('part_supersessions')
        .values({ ...row, from_key: 'GHBRK1043', quantity_factor: 0 })
        .execute(),
    ).rejects.toThrow();
    expect(await db.selectFrom('part_supersessions').selectAll().execute()).toEqual([row]);

    await db.deleteFrom('part_stock').where('part_id', '=', part.id).execute();
    await db.deleteFrom('parts').where('id', '=', part.id).execute();
    expect(await db.selectFrom('part_supersessions').selectAll().execute()).toEqual([]);
  });

  it('adds the number as ordered to cart and order lines, null for the lines already there, and goes back', async () => {
    const { db } = ctx.database;
    const part = await insertPart(db);
    await migrateTo(db, BEFORE);
    const order = await insertOrder(db, { part_id: part.id });
    await migrateToLatest(db);
    const line = await db
      .selectFrom('order_lines')
      .select(['sku', 'ordered_number'])
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ sku: part.sku, ordered_number: null });

    await migrateTo(db, BEFORE);
    const tables = await db.introspection.getTables();
    expect(tables.some((table) => table.name === 'part_supersessions')).toBe(false);
    const columns = (name: string) => (tables.find((table) => table.name === name)?.columns ?? []).map((column) => column.name);
    expect(columns('order_lines')).not.toContain('ordered_number');
    expect(columns('cart_lines')).not.toContain('ordered_number');
    // The order line is still there after the way back.
    expect(await db.selectFrom('order_lines').select('sku').where('order_id', '=', order.id).execute()).toEqual([
      { sku: part.sku },
    ]);
    await migrateToLatest(db);
  });
});
