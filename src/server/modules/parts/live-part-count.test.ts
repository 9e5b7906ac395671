import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { insertPart, TEST_CATEGORY } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';

// The shop's unfiltered total, and the counter kept by triggers on parts (migration 0007): every way a
// part becomes live or stops being live must keep both equal to a real count.
describeOnEachEngine('the live parts total', (ctx) => {
  const shownTotal = async (query = '') => {
    const res = await ctx.app.inject({ url: `/api/parts${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ total: number }>().total;
  };
  const countedLive = async () => {
    const row = await ctx.database.db
      .selectFrom('parts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('archived_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const counter = async () =>
    Number((await ctx.database.db.selectFrom('live_part_count').select('n').executeTakeFirstOrThrow()).n);
  const expectTotal = async (expected: number) => {
    expect(await countedLive()).toBe(expected);
    expect(await shownTotal()).toBe(expected);
    expect(await counter()).toBe(expected);
  };

  it('stays exact through inserts, archiving, unarchiving, edits, bookings and deletes', async () => {
    const { db } = ctx.database;
    await expectTotal(0);

    const first = await insertPart(db, { name: 'Radiator hose' });
    await insertPart(db, { name: 'Archived on arrival', archived_at: '2026-01-02T00:00:00.000Z' });
    await expectTotal(1);

    // Several rows in one statement (a bulk load), live and archived mixed.
    const [a, b, c] = [
      await partRow('Bulk A', null),
      await partRow('Bulk B', null),
      await partRow('Bulk C', '2026-01-03T00:00:00.000Z'),
    ];
    await db.insertInto('parts').values([a, b, c]).execute();
    await expectTotal(3);

    const archive = (id: string, at: string | null) =>
      db.updateTable('parts').set({ archived_at: at }).where('id', '=', id).execute();
    await archive(first.id, '2026-02-01T00:00:00.000Z');
    await expectTotal(2);
    // Archiving again, or moving the archive date, changes nothing.
    await archive(first.id, '2026-02-02T00:00:00.000Z');
    await expectTotal(2);
    await archive(first.id, null);
    await expectTotal(3);
    await archive(c.id, null);
    await expectTotal(4);

    // Edits and stock taken by a booking leave it alone.
    await db.updateTable('parts').set({ name: 'Radiator hose XL', stock: 7 }).where('id', '=', first.id).execute();
    await db
      .updateTable('parts')
      .set((eb) => ({ stock: eb('stock', '-', 1) }))
      .execute();
    await expectTotal(4);

    // Several rows archived by one statement.
    await db.updateTable('parts').set({ archived_at: '2026-03-01T00:00:00.000Z' }).where('id', 'in', [a.id, b.id]).execute();
    await expectTotal(2);

    // Deleting a live part counts; deleting an archived one does not.
    await db.deleteFrom('parts').where('id', '=', first.id).execute();
    await expectTotal(1);
    await db.deleteFrom('parts').where('id', 'in', [a.id, b.id]).execute();
    await expectTotal(1);

    await db.deleteFrom('parts').execute();
    await expectTotal(0);
  });

  it('counts a search exactly, not from the counter, on every page', async () => {
    const { db } = ctx.database;
    await insertPart(db, { name: 'Brake pad front' });
    await insertPart(db, { name: 'Brake pad rear' });
    await insertPart(db, { name: 'Brake disc', archived_at: '2026-01-02T00:00:00.000Z' });
    await insertPart(db, { name: 'Oil filter' });
    expect(await shownTotal('?q=brake')).toBe(2);
    // On every page of the search, and past its last one.
    const page = async (n: number) => (await ctx.app.inject({ url: `/api/parts?q=brake&sort=newest&limit=1&page=${n}` })).json();
    expect(await page(2)).toMatchObject({ total: 2, items: [{ name: 'Brake pad front' }] });
    expect(await page(3)).toMatchObject({ total: 2, items: [] });
    expect(await shownTotal()).toBe(await countedLive());
  });

  // SQLite has no TRUNCATE (its `delete from` fires the row triggers, covered above).
  if (ctx.engine === 'postgres') {
    it('is zero again after the table is truncated (it bypasses row triggers)', async () => {
      const { db } = ctx.database;
      await insertPart(db);
      expect(await shownTotal()).toBeGreaterThan(0);
      await sql`truncate parts cascade`.execute(db);
      await expectTotal(0);
      await insertPart(db);
      await expectTotal(1);
    });
  }
});

let bulk = 0;
async function partRow(name: string, archivedAt: string | null) {
  bulk += 1;
  const at = new Date(Date.UTC(2026, 0, 1, 12) + bulk * 1000).toISOString();
  return {
    id: `bulk-${bulk}-${name.replaceAll(' ', '-').toLowerCase()}`,
    name,
    description: `${name} description`,
    price_cents: 1000,
    stock: 10,
    min_order_quantity: 1,
    image_url: '/uploads/00000000000000000000000000000000.webp',
    created_at: at,
    updated_at: at,
    archived_at: archivedAt,
    sku: `BULK-${bulk}`,
    // Made by the test's first insertPart.
    category_id: TEST_CATEGORY.id,
    oem_numbers: '[]',
    pack_size: 1,
    price_tiers: '[]',
  };
}
