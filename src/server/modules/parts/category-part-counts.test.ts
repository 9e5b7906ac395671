import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { insertCategory, insertPart, type PartWithStock, TEST_CATEGORY, updatePart } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';

// The unfiltered list's total and facets, and /api/categories' part counts, come from counters kept by
// triggers on parts (migration 0013) and an index of the parts not bookable: every way a part becomes
// live, stops being live, changes category or runs out must keep them equal to a real count.
describeOnEachEngine('the live parts total and the category counts', (ctx) => {
  type Listed = { total: number; facets: { categories: { slug: string; count: number }[]; inStock: number } };
  const listed = async (query = '') => {
    const res = await ctx.app.inject({ url: `/api/parts${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Listed>();
  };
  const shownTotal = async (query = '') => (await listed(query)).total;
  /** Per category slug: live parts and bookable ones, counted row by row. */
  const counted = async () => {
    const rows = await ctx.database.db
      .selectFrom('parts')
      .innerJoin('categories', 'categories.id', 'parts.category_id')
      .innerJoin('part_stock', 'part_stock.part_id', 'parts.id')
      .select(['categories.slug', 'part_stock.stock', 'parts.min_order_quantity'])
      .where('parts.archived_at', 'is', null)
      .execute();
    const bySlug = new Map<string, { live: number; bookable: number }>();
    for (const row of rows) {
      const count = bySlug.get(row.slug) ?? { live: 0, bookable: 0 };
      count.live += 1;
      if (row.stock > 0 && row.stock >= row.min_order_quantity) count.bookable += 1;
      bySlug.set(row.slug, count);
    }
    return bySlug;
  };
  const countedLive = async () => [...(await counted()).values()].reduce((sum, c) => sum + c.live, 0);
  const expectCounts = async () => {
    const real = await counted();
    const live = [...real.entries()].filter(([, c]) => c.live > 0).map(([slug, c]) => ({ slug, count: c.live }));
    const bookable = [...real.entries()].filter(([, c]) => c.bookable > 0).map(([slug, c]) => ({ slug, count: c.bookable }));
    const sum = (list: { count: number }[]) => list.reduce((total, c) => total + c.count, 0);
    const all = await listed();
    expect(all.total).toBe(sum(live));
    expect(all.facets.categories.map(({ slug, count }) => ({ slug, count })).sort(bySlug)).toEqual(live.sort(bySlug));
    expect(all.facets.inStock).toBe(sum(bookable));
    const inStock = await listed('?inStock=true');
    expect(inStock.total).toBe(sum(bookable));
    expect(inStock.facets.categories.map(({ slug, count }) => ({ slug, count })).sort(bySlug)).toEqual(bookable.sort(bySlug));
    const categories = (await ctx.app.inject({ url: '/api/categories' })).json<{
      items: { slug: string; partCount: number }[];
    }>();
    for (const category of categories.items) expect(category.partCount, category.slug).toBe(real.get(category.slug)?.live ?? 0);
  };
  const expectTotal = async (expected: number) => {
    expect(await countedLive()).toBe(expected);
    expect(await shownTotal()).toBe(expected);
    await expectCounts();
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
    await db
      .insertInto('part_stock')
      .values([a, b, c].map((part) => ({ part_id: part.id, stock: 10 })))
      .execute();
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
    await db.updateTable('parts').set({ name: 'Radiator hose XL' }).where('id', '=', first.id).execute();
    await db.updateTable('part_stock').set({ stock: 7 }).where('part_id', '=', first.id).execute();
    await db
      .updateTable('part_stock')
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

  it("keeps each category's count and its bookable parts exact through moves and stock running out", async () => {
    const { db } = ctx.database;
    const wheels = await insertCategory(db, { slug: 'wheels', name: 'Wheels' });
    const lights = await insertCategory(db, { slug: 'lights', name: 'Lights' });
    const rim = await insertPart(db, { name: 'Rim', category_id: wheels.id, stock: 24, min_order_quantity: 12 });
    await insertPart(db, { name: 'Hub', category_id: wheels.id, stock: 5, min_order_quantity: 12 });
    const lamp = await insertPart(db, { name: 'Lamp', category_id: lights.id, stock: 0, min_order_quantity: 1 });
    await expectCounts();

    const set = (id: string, changes: Partial<PartWithStock>) => updatePart(db, id, changes);
    // Stock falls under the minimum order, comes back, and the minimum moves over it.
    await set(rim.id, { stock: 11 });
    await expectCounts();
    await set(rim.id, { stock: 40 });
    await expectCounts();
    await set(rim.id, { min_order_quantity: 48 });
    await expectCounts();
    await set(lamp.id, { stock: 3 });
    await expectCounts();
    // A part moved to another category, live and archived.
    await set(rim.id, { category_id: lights.id });
    await expectCounts();
    await set(rim.id, { archived_at: '2026-04-01T00:00:00.000Z' });
    await set(rim.id, { category_id: wheels.id });
    await expectCounts();
    await set(rim.id, { archived_at: null });
    await expectCounts();
    // A category made after its parts' counts started, and one emptied.
    const brakes = await insertCategory(db, { slug: 'brakes', name: 'Brakes' });
    await set(lamp.id, { category_id: brakes.id });
    await expectCounts();
    await db.deleteFrom('parts').where('category_id', '=', brakes.id).execute();
    await expectCounts();
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
    await expectCounts();
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
    min_order_quantity: 1,
    image_url: '/uploads/00000000000000000000000000000000.webp',
    created_at: at,
    updated_at: at,
    archived_at: archivedAt,
    sku: `BULK-${bulk}`,
    // Made by the test's first insertPart.
    category_id: TEST_CATEGORY.id,
    cross_references: '[]',
    pack_size: 1,
    price_tiers: '[]',
    core_charge_cents: 0,
  };
}

const bySlug = (a: { slug: string }, b: { slug: string }) => a.slug.localeCompare(b.slug);
