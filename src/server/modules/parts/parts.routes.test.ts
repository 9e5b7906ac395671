import { beforeAll, expect, it } from 'vitest';
import { describeOnEachEngine } from '../../testing/test-app';
import { insertPart, insertReview } from '../../testing/factories';

describeOnEachEngine('parts API', (ctx) => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const { db } = ctx.database;
    ids.pads = (
      await insertPart(db, { name: 'Ceramic Brake Pads', description: 'Quiet stopping', price_cents: 4999, sku: 'GH-PAD-1' })
    ).id;
    ids.disc = (
      await insertPart(db, { name: 'Vented Brake Disc', description: 'Cools fast', price_cents: 8900, sku: 'GH-DSC-2' })
    ).id;
    ids.filter = (
      await insertPart(db, { name: 'Oil Filter', description: 'Fits most 50% of engines', price_cents: 799, sku: 'GH-FLT-3' })
    ).id;
    ids.archived = (
      await insertPart(db, { name: 'Old Brake Hose', archived_at: '2026-02-01T00:00:00.000Z', sku: 'GH-HSE-4' })
    ).id;
    ids.belt = (
      await insertPart(db, { name: 'Timing Belt', description: "Driver's choice", price_cents: 3500, sku: 'GH-BLT-5' })
    ).id;
    await insertReview(db, { part_id: ids.pads, rating: 5 });
    await insertReview(db, { part_id: ids.pads, rating: 4 });
  });

  it('lists live parts newest first with the total', async () => {
    const res = await ctx.app.inject({ url: '/api/parts' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(4);
    expect(body.page).toBe(1);
    expect(body.limit).toBe(12);
    expect(body.items.map((p: { id: string }) => p.id)).toEqual([ids.belt, ids.filter, ids.disc, ids.pads]);
  });

  it('never lists an archived part', async () => {
    const res = await ctx.app.inject({ url: '/api/parts?q=hose' });
    expect(res.json().items).toEqual([]);
    expect((await ctx.app.inject({ url: `/api/parts/${ids.archived}` })).statusCode).toBe(404);
  });

  it('searches name and description, case-insensitively', async () => {
    const res = await ctx.app.inject({ url: '/api/parts?q=BRAKE' });
    expect(
      res
        .json()
        .items.map((p: { name: string }) => p.name)
        .sort(),
    ).toEqual(['Ceramic Brake Pads', 'Vented Brake Disc']);
    expect(res.json().total).toBe(2);
    const byDescription = await ctx.app.inject({ url: '/api/parts?q=cools' });
    expect(byDescription.json().items[0].id).toBe(ids.disc);
  });

  it('treats LIKE wildcards, quotes and SQL in the search as plain text', async () => {
    expect((await ctx.app.inject({ url: '/api/parts?q=50%25' })).json().items.map((p: { id: string }) => p.id)).toEqual([
      ids.filter,
    ]);
    expect((await ctx.app.inject({ url: '/api/parts?q=_' })).json().total).toBe(0);
    expect((await ctx.app.inject({ url: `/api/parts?q=${encodeURIComponent("driver's")}` })).json().total).toBe(1);
    const injection = await ctx.app.inject({ url: `/api/parts?q=${encodeURIComponent("' or 1=1 --")}` });
    expect(injection.statusCode).toBe(200);
    expect(injection.json().total).toBe(0);
  });

  it('cuts a search longer than 100 characters instead of refusing it', async () => {
    const res = await ctx.app.inject({ url: `/api/parts?q=brake${'x'.repeat(200)}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(0);
    const cutToAWord = await ctx.app.inject({ url: `/api/parts?q=${encodeURIComponent(`${' '.repeat(95)}brake pads`)}` });
    // Trimmed first, then cut: "brake pads" fits in the 100 characters.
    expect(cutToAWord.json().items.map((p: { id: string }) => p.id)).toEqual([ids.pads]);
  });

  it('sorts by price both ways and by name', async () => {
    const prices = async (sort: string) =>
      (await ctx.app.inject({ url: `/api/parts?sort=${sort}` })).json().items.map((p: { priceCents: number }) => p.priceCents);
    expect(await prices('price_asc')).toEqual([799, 3500, 4999, 8900]);
    expect(await prices('price_desc')).toEqual([8900, 4999, 3500, 799]);
    const names = (await ctx.app.inject({ url: '/api/parts?sort=name' })).json().items.map((p: { name: string }) => p.name);
    expect(names).toEqual(['Ceramic Brake Pads', 'Oil Filter', 'Timing Belt', 'Vented Brake Disc']);
  });

  it('pages through the results', async () => {
    const first = (await ctx.app.inject({ url: '/api/parts?limit=3&page=1' })).json();
    const second = (await ctx.app.inject({ url: '/api/parts?limit=3&page=2' })).json();
    expect(first.items).toHaveLength(3);
    expect(second.items).toHaveLength(1);
    expect(second.total).toBe(4);
    expect(second.items[0].id).toBe(ids.pads);
    expect((await ctx.app.inject({ url: '/api/parts?limit=3&page=9' })).json().items).toEqual([]);
  });

  it('answers a part with its fields and rating summary', async () => {
    const res = await ctx.app.inject({ url: `/api/parts/${ids.pads}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: ids.pads,
      name: 'Ceramic Brake Pads',
      priceCents: 4999,
      stock: 100,
      minOrderQuantity: 12,
      rating: { average: 4.5, count: 2 },
    });
    expect((await ctx.app.inject({ url: `/api/parts/${ids.disc}` })).json().rating).toEqual({ average: 0, count: 0 });
  });

  it('answers 404 as problem+json for a missing part', async () => {
    const res = await ctx.app.inject({ url: '/api/parts/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 404, code: 'not_found', title: 'Not found' });
  });

  it.each([
    ['sort=cheapest', 'sort'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['limit=1000', 'limit'],
  ])('refuses ?%s with 400 naming the field', async (query, field) => {
    const res = await ctx.app.inject({ url: `/api/parts?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json().code).toBe('validation_failed');
    expect(Object.keys(res.json().errors)).toContain(field);
  });

  it('sends an ETag and answers 304 when it still matches', async () => {
    const first = await ctx.app.inject({ url: '/api/parts?limit=6' });
    expect(first.headers.etag).toBeTruthy();
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const again = await ctx.app.inject({ url: '/api/parts?limit=6', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    await insertPart(ctx.database.db, { name: 'Brand new part' });
    const changed = await ctx.app.inject({ url: '/api/parts?limit=6', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().items[0].name).toBe('Brand new part');
  });
});
