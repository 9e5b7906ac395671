import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/database';
import type { PartWithStock } from '../../testing/factories';
import { newId } from '../../ids';
import { insertCategory, insertPart } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';
import { createSearchUpkeep, topSearchMisses } from './index';

// Finding parts (docs/shop-rules.md): the search box, the vehicle and the facets, on both engines.

async function vehicle(db: Db, make: string, model: string, years: [number, number]) {
  const row = {
    id: newId(),
    make,
    model,
    engine: '1.6 85 kW',
    year_from: years[0],
    year_to: years[1],
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
  await db.insertInto('vehicles').values(row).execute();
  return row;
}

async function fits(db: Db, part: PartWithStock, vehicleId: string, years: [number, number]) {
  await db
    .insertInto('part_fitments')
    .values({ part_id: part.id, vehicle_id: vehicleId, position: 0, year_from: years[0], year_to: years[1], note: '' })
    .execute();
}

interface Listed {
  total: number;
  items: { id: string }[];
  facets: { categories: { slug: string; name: string; count: number }[]; inStock: number };
  unknownFilters: string[];
}

describeOnEachEngine('finding parts', (ctx) => {
  const p: Record<string, PartWithStock> = {};
  const v: Record<string, string> = {};

  // The searches that found nothing are counted per client and day, a bounded number each: the tests
  // of their recording search as a client of their own (`remoteAddress`).
  const list = async (query: string, remoteAddress?: string): Promise<Listed> => {
    const res = await ctx.app.inject({ url: `/api/parts?${query}`, ...(remoteAddress ? { remoteAddress } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Listed>();
  };
  const ids = async (query: string) => (await list(query)).items.map((item) => item.id);
  const sorted = (...parts: PartWithStock[]) => parts.map((part) => part.id).sort();
  const search = async (q: string) => (await ids(`q=${encodeURIComponent(q)}`)).sort();

  beforeAll(async () => {
    const { db } = ctx.database;
    const brakes = await insertCategory(db, { slug: 'brakes', name: 'Brakes' });
    const filters = await insertCategory(db, { slug: 'filters', name: 'Filters' });
    const suspension = await insertCategory(db, { slug: 'suspension', name: 'Suspension' });
    const part = (name: string, sku: string, category: string, more: Partial<PartWithStock> = {}) =>
      insertPart(db, {
        name,
        sku,
        category_id: category,
        description: `${name}, made to fit`,
        stock: 10,
        min_order_quantity: 1,
        ...more,
      });
    p.pads = await part('Ceramic Brake Pads', 'GH-BRK-1042', brakes.id, {
      cross_references: JSON.stringify([
        { brand: 'Volkswagen', number: '1K0 698 151 A' },
        { brand: 'Bosch', number: '0 986 494 161' },
      ]),
    });
    p.disc = await part('Vented Brake Disc', 'GH-BRK-2001', brakes.id, { stock: 0 });
    p.sensor = await part('Pad Wear Sensor', 'GH-SEN-0001', brakes.id, {
      cross_references: JSON.stringify([{ brand: 'Textar', number: 'GH BRK 1042' }]),
    });
    p.rear = await part('Rear Pad Set', 'GH-BRK-10425', brakes.id, { stock: 3, min_order_quantity: 4 });
    p.oil = await part('Oil Filter', 'GH-FLT-0300', filters.id, {
      description: 'Spin-on cartridge for petrol engines',
      cross_references: JSON.stringify([
        { brand: 'Volkswagen', number: '03C.115.561.H' },
        { brand: 'Mann-Filter', number: 'W 712/94' },
      ]),
    });
    p.strut = await part('Front Suspension Strut', 'GH-SUS-0777', suspension.id);
    p.archived = await part('Brake Hose', 'GH-BRK-9999', brakes.id, { archived_at: '2026-02-01T00:00:00.000Z' });

    v.golf = (await vehicle(db, 'Volkswagen', 'Golf', [2008, 2012])).id;
    v.golfVariant = (await vehicle(db, 'Volkswagen', 'Golf Variant', [2009, 2013])).id;
    v.focus = (await vehicle(db, 'Ford', 'Focus', [2010, 2018])).id;
    await fits(db, p.pads, v.golf, [2009, 2012]);
    await fits(db, p.pads, v.golfVariant, [2009, 2013]);
    await fits(db, p.oil, v.golf, [2008, 2012]);
    await fits(db, p.oil, v.focus, [2010, 2018]);
    await fits(db, p.strut, v.focus, [2014, 2018]);
    await fits(db, p.disc, v.focus, [2010, 2018]);
  });

  describe('the search box', () => {
    it('finds a part by its SKU whatever the case, spaces, dots or hyphens', async () => {
      for (const q of ['gh brk 1042', 'GH-BRK-1042', 'ghbrk1042', 'Gh.Brk.1042']) {
        expect((await ids(`q=${encodeURIComponent(q)}`))[0], q).toBe(p.pads!.id);
      }
    });

    it('finds a part by a cross-reference number typed another way, or by any piece of it', async () => {
      expect(await search('1k0698151a')).toEqual(sorted(p.pads!));
      expect(await search('1K0.698.151-A')).toEqual(sorted(p.pads!));
      expect(await search('03C 115 561 H')).toEqual(sorted(p.oil!));
      expect(await search('115561')).toEqual(sorted(p.oil!));
      expect(await search('0986-494.161')).toEqual(sorted(p.pads!));
      expect(await search('w 712/94')).toEqual(sorted(p.oil!));
      // A brand is not a part number nor a word of the part.
      expect(await search('bosch')).toEqual([]);
      expect(await search('volkswagen')).toEqual([]);
    });

    it("says which brand's number a search matched, and none when the SKU or the words did", async () => {
      const matched = async (q: string) => {
        const body = (await list(`q=${encodeURIComponent(q)}`)) as unknown as {
          items: { sku: string; matchedReference?: { brand: string; number: string } | null }[];
        };
        return Object.fromEntries(body.items.map((item) => [item.sku, item.matchedReference]));
      };
      for (const q of ['0 986 494 161', '0986494161', '0.986-494 161', '0986-494']) {
        expect(await matched(q), q).toEqual({ 'GH-BRK-1042': { brand: 'Bosch', number: '0 986 494 161' } });
      }
      expect(await matched('1k0.698.151.a')).toEqual({ 'GH-BRK-1042': { brand: 'Volkswagen', number: '1K0 698 151 A' } });
      expect(await matched('W 712/94')).toEqual({ 'GH-FLT-0300': { brand: 'Mann-Filter', number: 'W 712/94' } });
      // The SKU typed: the part with that SKU matched by it, the sensor by its reference, the rear set inside its SKU.
      expect(await matched('gh brk 1042')).toEqual({
        'GH-BRK-1042': null,
        'GH-SEN-0001': { brand: 'Textar', number: 'GH BRK 1042' },
        'GH-BRK-10425': null,
      });
      expect(await matched('ceramic')).toEqual({ 'GH-BRK-1042': null });
      // Without a search, nothing is said.
      const listed = (await list('category=filters')) as unknown as { items: object[] };
      expect(listed.items.every((item) => !('matchedReference' in item))).toBe(true);
    });

    it('finds by name and description words, as prefixes', async () => {
      expect(await search('BRAKE')).toEqual(sorted(p.pads!, p.disc!));
      expect(await search('brak pad')).toEqual(sorted(p.pads!));
      expect(await search('cartridge petrol')).toEqual(sorted(p.oil!));
      // Every word must match.
      expect(await search('brake cartridge')).toEqual([]);
    });

    it('tolerates one typo in a word of five letters or more', async () => {
      expect(await search('brkae')).toEqual(sorted(p.pads!, p.disc!));
      expect(await search('Filtr')).toEqual(sorted(p.oil!));
      expect(await search('suspention')).toEqual(sorted(p.strut!));
      expect(await search('ceramc brkae')).toEqual(sorted(p.pads!));
      expect(await search('fitler')).toEqual(sorted(p.oil!));
      expect(await search('strutt')).toEqual(sorted(p.strut!));
    });

    it('tolerates one typo in a word of four letters when the words as typed find nothing', async () => {
      expect(await search('brke')).toEqual(sorted(p.pads!, p.disc!));
      expect(await search('brke pda')).toEqual([]);
    });

    it('does not tolerate a typo in a shorter word, nor two typos', async () => {
      expect(await search('pda')).toEqual([]);
      expect(await search('bkrea')).toEqual([]);
      expect(await search('fltr')).toEqual([]);
      expect(await search('suspenshun')).toEqual([]);
      expect(await search('hose')).toEqual([]); // archived
    });

    it('orders a search by relevance: the SKU, then a cross-reference number, then a number containing it', async () => {
      expect(await ids('q=gh+brk+1042')).toEqual([p.pads!.id, p.sensor!.id, p.rear!.id]);
      expect(await ids('q=gh+brk+1042&sort=relevance')).toEqual([p.pads!.id, p.sensor!.id, p.rear!.id]);
      // The name counts more than the description.
      const { db } = ctx.database;
      await insertPart(db, { name: 'Caliper bolt kit', description: 'For the gearhouse ceramic range', sku: 'GH-BLT-1' });
      const ceramic = await ids('q=ceramic');
      expect(ceramic[0]).toBe(p.pads!.id);
      expect(ceramic).toHaveLength(2);
      // Another sort is honoured with a search.
      expect(await ids('q=gh+brk+1042&sort=newest')).toEqual([p.rear!.id, p.sensor!.id, p.pads!.id]);
    });

    it('falls back to newest first for relevance without a search', async () => {
      expect(await ids('sort=relevance')).toEqual(await ids('sort=newest'));
    });

    it.each([
      '"',
      '*',
      'NEAR(',
      'brake NEAR(pads',
      'AND OR NOT',
      '-',
      ':',
      "'",
      '%',
      '\\',
      '(',
      'brake" OR "1"="1',
      "brake':* | 'x",
      '🛞 brake',
      '_',
      'x'.repeat(5000),
      'brakebrakebrakebrakebrakebrakebrakebrakebrakebrake '.repeat(100),
    ])('answers any query, even %j', async (q) => {
      const res = await ctx.app.inject({ url: `/api/parts?q=${encodeURIComponent(q)}` });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('answers a lone surrogate and stray bytes', async () => {
      for (const raw of ['%ED%A0%80', '%F0%9F', '%FF', 'brake%ED%A0%80pads']) {
        const res = await ctx.app.inject({ url: `/api/parts?q=${raw}` });
        expect(res.statusCode, raw).toBe(200);
      }
    });

    it('matches nothing for a text without letters or digits', async () => {
      expect((await list('q=_')).total).toBe(0);
      expect((await list(`q=${encodeURIComponent('%%% ---')}`)).total).toBe(0);
    });
  });

  describe('filters and facets', () => {
    it('lists the parts fitting a vehicle in a year, once each', async () => {
      expect((await ids(`vehicle=${v.golf}&year=2010`)).sort()).toEqual(sorted(p.pads!, p.oil!));
      expect((await ids(`vehicle=${v.golf}&year=2008`)).sort()).toEqual(sorted(p.oil!));
      expect((await ids(`vehicle=${v.focus}`)).sort()).toEqual(sorted(p.disc!, p.oil!, p.strut!));
      // The pads fit two Volkswagens: listed once.
      const vw = await list('make=volkswagen&year=2010');
      expect(vw.items.map((item) => item.id).sort()).toEqual(sorted(p.pads!, p.oil!));
      expect(vw.total).toBe(2);
      expect((await ids('make=Ford&year=2012')).sort()).toEqual(sorted(p.disc!, p.oil!));
      expect((await ids('year=2013')).sort()).toEqual(sorted(p.pads!, p.disc!, p.oil!));
      expect((await ids('year=1990')).sort()).toEqual([]);
    });

    it('combines the search, the category, the vehicle, the year and in stock', async () => {
      expect(await ids(`q=brake&vehicle=${v.focus}`)).toEqual([p.disc!.id]);
      expect(await ids(`category=brakes&vehicle=${v.golf}&year=2010`)).toEqual([p.pads!.id]);
      expect((await ids(`inStock=true&vehicle=${v.focus}&year=2015`)).sort()).toEqual(sorted(p.oil!, p.strut!));
    });

    it('counts each category under every other filter, and what is in stock', async () => {
      const focus = await list(`vehicle=${v.focus}&year=2015`);
      expect(focus.facets).toEqual({
        categories: [
          { slug: 'brakes', name: 'Brakes', count: 1 },
          { slug: 'filters', name: 'Filters', count: 1 },
          { slug: 'suspension', name: 'Suspension', count: 1 },
        ],
        inStock: 2,
      });
      // The category filter leaves the categories' counts alone; it narrows the in-stock count.
      const brakes = await list(`vehicle=${v.focus}&year=2015&category=brakes`);
      expect(brakes.items.map((item) => item.id)).toEqual([p.disc!.id]);
      expect(brakes.facets).toEqual({ categories: focus.facets.categories, inStock: 0 });
      // In stock only narrows the categories' counts (the disc has none).
      const inStock = await list(`vehicle=${v.focus}&year=2015&inStock=true`);
      expect(inStock.facets).toEqual({
        categories: [
          { slug: 'filters', name: 'Filters', count: 1 },
          { slug: 'suspension', name: 'Suspension', count: 1 },
        ],
        inStock: 2,
      });
      // A search with them: the pad set's stock is below its minimum order.
      const pads = await list('q=pad');
      expect(pads.facets).toEqual({ categories: [{ slug: 'brakes', name: 'Brakes', count: 3 }], inStock: 2 });
    });

    it.each([
      ['category=no-such-category', 'category'],
      ['vehicle=no-such-vehicle', 'vehicle'],
      ['make=Trabant', 'make'],
    ])('answers an empty list naming the filter for %s', async (query, name) => {
      const res = await list(query);
      expect(res.items).toEqual([]);
      expect(res.total).toBe(0);
      expect(res.unknownFilters).toEqual([name]);
      expect(res.facets.inStock).toBe(0);
    });

    it('still counts the categories beside an unknown category', async () => {
      const res = await list(`category=no-such-category&vehicle=${v.golf}&year=2010`);
      expect(res.facets.categories.map((c) => [c.slug, c.count])).toEqual([
        ['brakes', 1],
        ['filters', 1],
      ]);
    });

    it.each(['year=1949', `year=${new Date().getUTCFullYear() + 2}`, 'year=abc', 'year=2010.5'])(
      'refuses %s with a message',
      async (query) => {
        const res = await ctx.app.inject({ url: `/api/parts?make=Ford&${query}` });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors.year).toEqual(expect.any(String));
      },
    );
  });

  describe('searches that found nothing', () => {
    const misses = () => ctx.database.db.selectFrom('search_misses').selectAll().orderBy('created_at').orderBy('q').execute();

    it('records a first page that found nothing once, with its filters and time', async () => {
      ctx.clock.set('2026-06-15T13:00:00.000Z');
      await list(`q=${encodeURIComponent('  brembo  xyz ')}&make=Ford&year=2012&inStock=true`, '198.51.100.61');
      // Recorded after the answer (other tests' misses may still be arriving): this one, once, its blanks as one.
      const recorded = async () => (await misses()).filter((miss) => miss.q === 'brembo xyz');
      await vi.waitFor(async () => expect(await recorded()).toHaveLength(1));
      const [row] = await recorded();
      expect(JSON.parse(row!.filters)).toEqual({ make: 'Ford', year: 2012, inStock: true });
      expect(row!.created_at).toBe('2026-06-15T13:00:00.000Z');
    });

    it('records no page past the first, no list that found something, and no unfiltered list', async () => {
      const before = (await misses()).length;
      await list('q=nothingatall&page=2', '198.51.100.62');
      await list('q=brake', '198.51.100.62');
      await list('category=filters', '198.51.100.62');
      await list('', '198.51.100.62');
      // One that is recorded, after the others: once it is in, they would be too.
      await list('q=marker', '198.51.100.62');
      await vi.waitFor(async () => expect((await misses()).map((miss) => miss.q)).toContain('marker'));
      expect((await misses()).length).toBe(before + 1);
    });

    it('records an unknown filter that emptied the list', async () => {
      await list('category=no-such-thing&q=pads', '198.51.100.63');
      await vi.waitFor(async () => {
        const row = (await misses()).find((miss) => miss.filters.includes('no-such-thing'));
        expect(row?.q).toBe('pads');
      });
    });

    it('names the texts searched most often without a result, most first', async () => {
      const { db } = ctx.database;
      await db.deleteFrom('search_misses').execute();
      const at = (iso: string, q: string) =>
        db.insertInto('search_misses').values({ id: newId(), q, filters: '{}', created_at: iso }).execute();
      await at('2026-06-10T00:00:00.000Z', 'brembo');
      await at('2026-06-11T00:00:00.000Z', 'Brembo');
      await at('2026-06-12T00:00:00.000Z', 'wiper');
      await at('2026-06-12T00:00:00.000Z', '');
      await at('2026-05-01T00:00:00.000Z', 'wiper');
      await at('2026-05-01T00:00:00.000Z', 'wiper');
      expect(await topSearchMisses(db, { since: '2026-06-01T00:00:00.000Z', limit: 10 })).toEqual([
        { q: 'brembo', count: 2 },
        { q: 'wiper', count: 1 },
      ]);
      expect(await topSearchMisses(db, { since: '2026-04-01T00:00:00.000Z', limit: 1 })).toEqual([{ q: 'wiper', count: 3 }]);
    });

    it('prunes the ones older than 90 days', async () => {
      const { db } = ctx.database;
      await db.deleteFrom('search_misses').execute();
      ctx.clock.set('2026-06-15T12:00:00.000Z');
      const at = (iso: string, q: string) =>
        db.insertInto('search_misses').values({ id: newId(), q, filters: '{}', created_at: iso }).execute();
      await at('2026-03-17T11:59:59.000Z', 'old');
      await at('2026-03-17T12:00:01.000Z', 'kept');
      const upkeep = createSearchUpkeep(db, { clock: ctx.clock, log: console });
      expect(await upkeep.pass()).toBe(1);
      expect((await misses()).map((miss) => miss.q)).toEqual(['kept']);
      ctx.clock.advance(2 * 1000);
      // Started, it prunes at once, then every interval, until stopped.
      upkeep.start(60_000);
      await upkeep.stop();
      expect(await misses()).toEqual([]);
    });
  });
});

interface Suggested {
  total: number;
  items: { id: string; name: string }[];
  suggestion?: string;
}

describeOnEachEngine('typos in short words, compound words and "Did you mean"', (ctx) => {
  const p: Record<string, PartWithStock> = {};
  const list = async (query: string): Promise<Suggested> => {
    const res = await ctx.app.inject({ url: `/api/parts?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Suggested>();
  };
  const q = (text: string) => `q=${encodeURIComponent(text)}`;
  /** The names found, in the list's order (best match first). */
  const found = async (text: string) => (await list(q(text))).items.map((item) => item.name);
  const names = (...parts: PartWithStock[]) => parts.map((part) => part.name).sort();
  const search = async (text: string) => (await found(text)).sort();

  beforeAll(async () => {
    const { db } = ctx.database;
    const brakes = await insertCategory(db, { slug: 'brakes', name: 'Brakes' });
    const filters = await insertCategory(db, { slug: 'filters', name: 'Filters' });
    const part = (name: string, description: string, category: string) =>
      insertPart(db, { name, description, category_id: category, stock: 10, min_order_quantity: 1 });
    // As the demo shop names them.
    p.frontPads = await part('Ceramic Front Brake Pads Set', 'Low-dust pads for the front axle', brakes.id);
    p.rearPads = await part('Semi-Metallic Rear Brake Pads', 'Pads for the rear axle', brakes.id);
    p.disc = await part('Vented Front Brake Disc 300 mm', 'One disc, cast iron', brakes.id);
    p.clutch = await part('Clutch Disk', 'Organic lining', brakes.id);
    p.oil = await part('Spin-On Oil Filter', 'Cartridge for petrol engines', filters.id);
    p.wrench = await part('Oilfilter Wrench', 'Grips cartridges of 65 to 80 mm', filters.id);
    p.gaiter = await part('Gear Lever Gaiter', 'Leather', brakes.id);
    p.strutBar = await part('Strut Bar', 'A brace between the strut towers', brakes.id);
  });

  describe('a typo in a word of four letters', () => {
    it('is tolerated: "brake pdas" finds the brake pads, "brake disk" the brake disc', async () => {
      expect(await search('brake pdas')).toEqual(names(p.frontPads!, p.rearPads!));
      expect(await search('PDAS')).toEqual(names(p.frontPads!, p.rearPads!));
      // "Clutch Disk" has the word as typed, but not with "brake": the typo is tried then.
      expect(await search('brake disk')).toEqual(names(p.disc!));
    });

    it('is not tried when the words as typed find parts: no "gear" for "rear", no "disc" for "disk"', async () => {
      expect(await search('rear')).toEqual(names(p.rearPads!));
      expect(await search('disk')).toEqual(names(p.clutch!));
      expect(await search('raer')).toEqual(names(p.rearPads!));
    });
  });

  describe('compound words', () => {
    it('splits a word into two the catalogue has: "brakepads", "oilfilter"', async () => {
      expect(await search('brakepads')).toEqual(names(p.frontPads!, p.rearPads!));
      expect(await search('Brake-pads')).toEqual(names(p.frontPads!, p.rearPads!));
      // The part with the word as typed comes first.
      expect(await found('oilfilter')).toEqual([p.wrench!.name, p.oil!.name]);
    });

    it('joins two words the catalogue has as one: "oil filter" finds "Oilfilter", after the parts with both words', async () => {
      expect(await found('oil filter')).toEqual([p.oil!.name, p.wrench!.name]);
      expect(await found('oil filt')).toEqual([p.oil!.name, p.wrench!.name]);
    });
  });

  it('ranks the parts with the words as typed before those found through a typo', async () => {
    // "brace" is only in the bar's description; "brake" (one typo away) is in three names.
    const ranked = await found('brace');
    expect(ranked[0]).toBe(p.strutBar!.name);
    expect(ranked.slice(1).sort()).toEqual(names(p.frontPads!, p.rearPads!, p.disc!));
  });

  describe('"Did you mean"', () => {
    it.each([
      ['break pads', 'brake pads'],
      ['bkare dsic', 'brake disc'],
      ['oli fliter', 'oil filter'],
      ['Ceramc Brkae Pdas Sett', 'ceramic brake pads set'],
    ])('answers a search that finds nothing (%j) with the closest one that finds parts (%j)', async (typed, suggested) => {
      const missed = await list(q(typed));
      expect(missed.total).toBe(0);
      expect(missed.suggestion).toBe(suggested);
      expect((await list(q(suggested))).total).toBeGreaterThan(0);
    });

    it('suggests only what finds parts under the same filters', async () => {
      expect((await list(`${q('break pads')}&category=brakes`)).suggestion).toBe('brake pads');
      const filtered = await list(`${q('break pads')}&category=filters`);
      expect(filtered.total).toBe(0);
      expect(filtered).not.toHaveProperty('suggestion');
    });

    it.each(['zzzqqq', 'qwxzv', 'break zzzqqq', 'gh-brk-9999'])('suggests nothing for %j', async (typed) => {
      const missed = await list(q(typed));
      expect(missed.total).toBe(0);
      expect(missed).not.toHaveProperty('suggestion');
    });

    it('says nothing when the search found parts', async () => {
      expect(await list(q('brake pads'))).not.toHaveProperty('suggestion');
    });

    it('is described in the OpenAPI document', async () => {
      const doc = (await ctx.app.inject({ url: '/api/openapi.json' })).json();
      const answer = doc.paths['/api/parts'].get.responses['200'].content['application/json'].schema;
      expect(answer.properties.suggestion).toMatchObject({ type: 'string', description: expect.stringMatching(/found nothing/) });
      expect(answer.required).not.toContain('suggestion');
    });
  });
});
