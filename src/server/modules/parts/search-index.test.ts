import { expect, it } from 'vitest';
import { insertCategory, insertPart, type PartWithStock, updatePart } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';

// The search index follows every change of a part (SQLite: triggers keep the FTS5 tables and their
// rows of id, category and bookable; PostgreSQL: generated columns), so a search's hits, facets and
// "in stock only" count are always the parts' own.
describeOnEachEngine('the search index after changes to parts', (ctx) => {
  type Listed = {
    total: number;
    items: { name: string }[];
    facets: { categories: { slug: string; count: number }[]; inStock: number };
  };
  const search = async (query: string) => {
    const res = await ctx.app.inject({ url: `/api/parts?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Listed>();
    return {
      total: body.total,
      names: body.items.map((item) => item.name).sort(),
      facets: Object.fromEntries(body.facets.categories.map((c) => [c.slug, c.count])),
      inStock: body.facets.inStock,
    };
  };

  it('finds, counts and files each part as it is now', async () => {
    const { db } = ctx.database;
    const engines = await insertCategory(db, { slug: 'engine-parts', name: 'Engine parts' });
    const valves = await insertCategory(db, { slug: 'valve-parts', name: 'Valve parts' });
    const ring = await insertPart(db, {
      name: 'Piston ring',
      sku: 'PR-100',
      category_id: engines.id,
      stock: 100,
      min_order_quantity: 12,
    });
    const pin = await insertPart(db, {
      name: 'Piston pin',
      sku: 'PP-200',
      category_id: valves.id,
      stock: 100,
      min_order_quantity: 12,
    });
    const set = (id: string, changes: Partial<PartWithStock>) => updatePart(db, id, changes);

    expect(await search('q=piston')).toEqual({
      total: 2,
      names: ['Piston pin', 'Piston ring'],
      facets: { 'engine-parts': 1, 'valve-parts': 1 },
      inStock: 2,
    });

    // A booking that leaves it bookable, then one that does not.
    await set(ring.id, { stock: 50 });
    expect(await search('q=piston&inStock=true')).toMatchObject({ total: 2, inStock: 2 });
    await set(ring.id, { stock: 5 });
    expect(await search('q=piston&inStock=true')).toMatchObject({ total: 1, names: ['Piston pin'], inStock: 1 });
    expect(await search('q=piston')).toMatchObject({ total: 2, inStock: 1 });

    // Moved to another category.
    await set(ring.id, { category_id: valves.id });
    expect(await search('q=piston')).toMatchObject({ facets: { 'valve-parts': 2 } });
    expect(await search('q=piston&category=engine-parts')).toMatchObject({ total: 0 });

    // Renamed: the old word finds it no more, the new one does, with a typo too.
    await set(ring.id, { name: 'Valve spring' });
    expect(await search('q=piston')).toMatchObject({ total: 1, names: ['Piston pin'] });
    expect(await search('q=vlave')).toMatchObject({
      total: 1,
      names: ['Valve spring'],
      facets: { 'valve-parts': 1 },
      inStock: 0,
    });

    // A new part number, and cross-references: their numbers are found, their brands are not numbers.
    await set(ring.id, { sku: 'VS-300', cross_references: '[{"brand":"Bosch","number":"11 22 333"}]' });
    expect(await search('q=pr100')).toMatchObject({ total: 0 });
    expect(await search('q=vs%20300')).toMatchObject({ total: 1, names: ['Valve spring'] });
    expect(await search('q=1122333')).toMatchObject({ total: 1, names: ['Valve spring'] });
    expect(await search('q=bosch')).toMatchObject({ total: 0 });
    await set(ring.id, { cross_references: '[{"brand":"Elring","number":"44-55.666"}]' });
    expect(await search('q=1122333')).toMatchObject({ total: 0 });
    expect(await search('q=44%2055%20666')).toMatchObject({ total: 1, names: ['Valve spring'] });

    // Archived: gone from every search; back: found where it is, as it is.
    await set(ring.id, { archived_at: '2026-05-01T00:00:00.000Z' });
    expect(await search('q=valve')).toMatchObject({ total: 0 });
    expect(await search('q=vs300')).toMatchObject({ total: 0 });
    await set(ring.id, { stock: 60, category_id: engines.id });
    await set(ring.id, { archived_at: null });
    expect(await search('q=valve')).toEqual({ total: 1, names: ['Valve spring'], facets: { 'engine-parts': 1 }, inStock: 1 });

    // A part added archived is found once it is live.
    const later = await insertPart(db, {
      name: 'Piston skirt',
      category_id: engines.id,
      archived_at: '2026-05-02T00:00:00.000Z',
    });
    expect(await search('q=piston')).toMatchObject({ total: 1 });
    await set(later.id, { archived_at: null });
    expect(await search('q=piston')).toMatchObject({ total: 2, names: ['Piston pin', 'Piston skirt'] });

    // Deleted.
    await db.deleteFrom('parts').where('id', '=', pin.id).execute();
    expect(await search('q=piston')).toMatchObject({ total: 1, names: ['Piston skirt'], facets: { 'engine-parts': 1 } });
  });
});
