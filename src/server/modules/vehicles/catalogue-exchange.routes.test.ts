import sharp from 'sharp';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { type CatalogueCsvReport, MAX_CATALOGUE_CSV_BYTES } from '#shared/schemas/catalogue-exchange';
import { signedInAdmin, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { insertCategory, insertFitment, insertPart, insertVehicle } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';
import { storeImage } from '../uploads';

const c = copy.catalogueExchange;
const csv = { headers: { 'content-type': 'text/csv' } };
const PARTS_HEADER =
  'sku,name,description,category,price,core_charge,stock,min_order,pack_size,low_stock_threshold,image_url,archived,price_tiers,cross_references,supersessions';
const FITMENTS_HEADER = 'sku,make,model,engine,vehicle_from,year_from,year_to,note';
const BOM = '\uFEFF';

/** A file of these records, CRLF-ended, with the header. */
const file = (header: string, ...rows: string[]) => [header, ...rows].map((row) => `${row}\r\n`).join('');
/** The records of an export, the BOM and header taken off. */
const records = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(1, -1);

describeOnEachEngine('the catalogue as CSV files', (ctx) => {
  let admin: TestAccount;
  let imageUrl: string;
  let slug: string;
  let categoryId: string;
  const api = testApi(ctx);
  const db = () => ctx.database.db;

  beforeAll(async () => {
    admin = await signedInAdmin(ctx);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#c93' } })
      .png()
      .toBuffer();
    imageUrl = (await storeImage(ctx.storage, png)).url;
    const category = await insertCategory(db(), { slug: 'csv-brakes' });
    slug = category.slug;
    categoryId = category.id;
  });

  const importFile = async (kind: 'parts' | 'fitments', body: string | Buffer, apply = false) =>
    api.as(admin).post<CatalogueCsvReport>(`/api/admin/catalogue/import?kind=${kind}&apply=${apply}`, body, csv);

  /** A parts row with these cells over a valid new part's. */
  const partRow = (sku: string, cells: Partial<Record<string, string>> = {}) => {
    const row: Record<string, string> = {
      sku,
      name: `Part ${sku}`,
      description: 'A part',
      category: slug,
      price: '20.00',
      core_charge: '',
      stock: '10',
      min_order: '1',
      pack_size: '1',
      low_stock_threshold: '',
      image_url: imageUrl,
      archived: '',
      price_tiers: '',
      cross_references: '',
      supersessions: '',
      ...cells,
    };
    return PARTS_HEADER.split(',')
      .map((column) => {
        const value = row[column]!;
        return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
      })
      .join(',');
  };

  const partBySku = (sku: string) =>
    db()
      .selectFrom('parts')
      .innerJoin('part_stock', 'part_stock.part_id', 'parts.id')
      .select([
        'parts.id',
        'name',
        'description',
        'price_cents',
        'core_charge_cents',
        'stock',
        'price_tiers',
        'archived_at',
        'updated_at',
      ])
      .where('sku', '=', sku)
      .executeTakeFirst();

  const counts = async () => ({
    parts: Number(
      (
        await db()
          .selectFrom('parts')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    fitments: Number(
      (
        await db()
          .selectFrom('part_fitments')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    supersessions: Number(
      (
        await db()
          .selectFrom('part_supersessions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  it('downloads both files as attachments, UTF-8 with a header, ordered by SKU', async () => {
    const b = await insertPart(db(), { sku: 'CSV-ORD-B', category_id: categoryId });
    const a = await insertPart(db(), { sku: 'CSV-ORD-A', category_id: categoryId });
    const vehicle = await insertVehicle(db(), { make: 'Ordermake', model: 'One', engine: 'E1', year_from: 2010, year_to: 2020 });
    const other = await insertVehicle(db(), {
      make: 'Ordermake',
      model: 'Another',
      engine: 'E1',
      year_from: 2010,
      year_to: 2020,
    });
    await insertFitment(db(), { part_id: b.id, vehicle, year_from: 2011, year_to: 2012, note: 'rear' });
    await insertFitment(db(), { part_id: a.id, vehicle });
    await insertFitment(db(), { part_id: a.id, vehicle: other, position: 1 });

    const parts = await api.as(admin).get('/api/admin/catalogue.csv');
    expect(parts.status).toBe(200);
    expect(parts.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(parts.headers['content-disposition']).toBe('attachment; filename="catalogue.csv"');
    expect(parts.body.startsWith(`${BOM}${PARTS_HEADER}\r\n`)).toBe(true);
    const skus = records(parts.body).map((row) => row.split(',')[0]!);
    expect(skus.indexOf('CSV-ORD-A')).toBeLessThan(skus.indexOf('CSV-ORD-B'));
    expect([...skus].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))).toEqual(skus);

    const fitments = await api.as(admin).get('/api/admin/fitments.csv');
    expect(fitments.status).toBe(200);
    expect(fitments.headers['content-disposition']).toBe('attachment; filename="fitments.csv"');
    const ours = records(fitments.body).filter((row) => row.startsWith('CSV-ORD-'));
    expect(ours).toEqual([
      'CSV-ORD-A,Ordermake,Another,E1,2010,2010,2020,',
      'CSV-ORD-A,Ordermake,One,E1,2010,2010,2020,',
      'CSV-ORD-B,Ordermake,One,E1,2010,2011,2012,rear',
    ]);
  });

  it('checks a parts file without writing, then applies it: added, changed and unchanged, the rest left alone', async () => {
    const kept = await insertPart(db(), { sku: 'CSV-KEEP-1', category_id: categoryId, name: 'Left alone' });
    const changed = await insertPart(db(), { sku: 'CSV-CHG-1', category_id: categoryId, price_cents: 2000, stock: 5 });
    const same = await insertPart(db(), { sku: 'CSV-SAME-1', category_id: categoryId });
    const exported = records((await api.as(admin).get('/api/admin/catalogue.csv')).body);
    const sameRow = exported.find((row) => row.startsWith('CSV-SAME-1,'))!;
    const body = file(
      PARTS_HEADER,
      partRow('CSV-NEW-1', {
        price_tiers: '10|18.00; 50|15.50',
        supersessions: 'OLD-NEW-1|2|2025-01-31|Pairs; old-new-2|1|2025-02-01|',
      }),
      partRow('csv-chg-1', { name: 'Changed name', price: '25.50', stock: '7', description: changed.description }),
      sameRow,
    );
    const before = await counts();
    const check = await importFile('parts', body);
    expect(check.status, check.body).toBe(200);
    expect(check.json).toEqual({ ok: true, added: 1, changed: 1, unchanged: 1, errors: [] });
    expect(await counts()).toEqual(before);
    expect(await partBySku('CSV-NEW-1')).toBeUndefined();

    const applied = await importFile('parts', body, true);
    expect(applied.json).toEqual({ ok: true, added: 1, changed: 1, unchanged: 1, errors: [] });
    const added = (await partBySku('CSV-NEW-1'))!;
    expect(added).toMatchObject({ price_cents: 2000, stock: 10, archived_at: null });
    expect(JSON.parse(added.price_tiers)).toEqual([
      { minQuantity: 10, unitPriceCents: 1800 },
      { minQuantity: 50, unitPriceCents: 1550 },
    ]);
    const replaced = await db()
      .selectFrom('part_supersessions')
      .selectAll()
      .where('to_part_id', '=', added.id)
      .orderBy('from_key')
      .execute();
    expect(replaced.map((row) => [row.from_number, Number(row.quantity_factor), row.since, row.note])).toEqual([
      ['OLD-NEW-1', 2, '2025-01-31', 'Pairs'],
      ['OLD-NEW-2', 1, '2025-02-01', ''],
    ]);
    expect(await partBySku('CSV-CHG-1')).toMatchObject({ name: 'Changed name', price_cents: 2550, stock: 7 });
    expect((await partBySku('CSV-KEEP-1'))!.name).toBe(kept.name);
    expect((await partBySku('CSV-SAME-1'))!.updated_at).toBe(same.updated_at);
    // Once applied, the same file changes nothing.
    expect((await importFile('parts', body, true)).json).toEqual({ ok: true, added: 0, changed: 0, unchanged: 3, errors: [] });
  });

  it('round-trips every value exactly: export → import → export gives the same bytes, for both files', async () => {
    const tricky = file(
      PARTS_HEADER,
      partRow('CSV-RT-1', {
        name: '=SUM(A1) "quoted", with comma',
        description: "Line one\r\nline two; a|pipe \\ backslash\r\n'=not a formula",
        price_tiers: '5|19.99',
        cross_references: 'Bosch|0 986 494 123; ATE \\| Teves|13.0460-7184.2',
        supersessions: 'RT OLD/1|3|2024-12-24|Note with \\; semicolon\\| pipe \\\\ and, comma',
      }),
      partRow('CSV-RT-2', {
        name: "''-starts with quote and minus",
        description: '+plus first, ünïcödé ✓',
        low_stock_threshold: '0',
        core_charge: '45.50',
      }),
      partRow('CSV-RT-3', { name: '@at', description: '-minus', min_order: '4', pack_size: '2', stock: '0' }),
    );
    expect((await importFile('parts', tricky, true)).json).toMatchObject({ ok: true, added: 3 });
    const first = (await api.as(admin).get('/api/admin/catalogue.csv')).body;
    const ours = records(first).filter((row) => row.startsWith('CSV-RT-'));
    expect(ours.length).toBeGreaterThan(0);
    // A spreadsheet opens a cell starting with =, +, - or @ as text: the export guards it with a ', the import takes it off.
    expect(ours).toContain(`CSV-RT-3,'@at,'-minus,${slug},20.00,,0,4,2,,${imageUrl},,,,`);
    expect(first).toContain('Bosch|0 986 494 123; ATE \\| Teves|13.0460-7184.2');
    expect((await partBySku('CSV-RT-2'))!.core_charge_cents).toBe(4550);
    expect((await partBySku('CSV-RT-1'))!.description).toBe("Line one\r\nline two; a|pipe \\ backslash\r\n'=not a formula");
    expect((await partBySku('CSV-RT-1'))!.name).toBe('=SUM(A1) "quoted", with comma');
    expect((await partBySku('CSV-RT-2'))!.name).toBe("'-starts with quote and minus");
    const reimport = await importFile('parts', first, true);
    expect(reimport.json).toMatchObject({ ok: true, added: 0, changed: 0 });
    expect((await api.as(admin).get('/api/admin/catalogue.csv')).body).toBe(first);

    const vehicle = await insertVehicle(db(), {
      make: 'Roundtrip',
      model: 'M, "1"',
      engine: '=E',
      year_from: 2001,
      year_to: 2009,
    });
    const fitments = file(FITMENTS_HEADER, `CSV-RT-1,Roundtrip,"M, ""1""",'=E,2001,2003,2005,"front; left, ""quoted"""`);
    expect((await importFile('fitments', fitments, true)).json).toEqual({
      ok: true,
      added: 1,
      changed: 0,
      unchanged: 0,
      errors: [],
    });
    const firstFitments = (await api.as(admin).get('/api/admin/fitments.csv')).body;
    expect(records(firstFitments)).toContain(fitments.split('\r\n')[1]);
    expect((await importFile('fitments', firstFitments, true)).json).toMatchObject({ ok: true, added: 0, changed: 0 });
    expect((await api.as(admin).get('/api/admin/fitments.csv')).body).toBe(firstFitments);
    expect(vehicle.model).toBe('M, "1"');
  });

  it('imports fitments: adds, changes years and notes, leaves the rest; a check writes nothing', async () => {
    const part = await insertPart(db(), { sku: 'CSV-FIT-1', category_id: categoryId });
    const golf = await insertVehicle(db(), { make: 'Fitmake', model: 'Golf', engine: '1.4', year_from: 2012, year_to: 2019 });
    const polo = await insertVehicle(db(), { make: 'Fitmake', model: 'Polo', engine: '1.0', year_from: 2010, year_to: 2017 });
    const up = await insertVehicle(db(), { make: 'Fitmake', model: 'Up', engine: '1.0', year_from: 2011, year_to: 2020 });
    await insertFitment(db(), { part_id: part.id, vehicle: golf, note: 'front' });
    await insertFitment(db(), { part_id: part.id, vehicle: polo, position: 1 });
    const body = file(
      FITMENTS_HEADER,
      'CSV-FIT-1,Fitmake,Golf,1.4,2012,2012,2019,front',
      'csv-fit-1,Fitmake,Polo,1.0,2010,2012,2015,rear axle',
      'CSV-FIT-1,Fitmake,Up,1.0,2011,2011,2020,',
    );
    const before = await counts();
    expect((await importFile('fitments', body)).json).toEqual({ ok: true, added: 1, changed: 1, unchanged: 1, errors: [] });
    expect(await counts()).toEqual(before);
    expect((await importFile('fitments', body, true)).json).toEqual({ ok: true, added: 1, changed: 1, unchanged: 1, errors: [] });
    const rows = await db()
      .selectFrom('part_fitments')
      .select(['vehicle_id', 'position', 'year_from', 'year_to', 'note'])
      .where('part_id', '=', part.id)
      .orderBy('position')
      .execute();
    expect(rows).toEqual([
      { vehicle_id: golf.id, position: 0, year_from: 2012, year_to: 2019, note: 'front' },
      { vehicle_id: polo.id, position: 1, year_from: 2012, year_to: 2015, note: 'rear axle' },
      { vehicle_id: up.id, position: 2, year_from: 2011, year_to: 2020, note: '' },
    ]);
    // Only adds and changes: a fitment the file leaves out stays.
    expect(
      (await importFile('fitments', file(FITMENTS_HEADER, 'CSV-FIT-1,Fitmake,Up,1.0,2011,2011,2020,'), true)).json,
    ).toMatchObject({
      ok: true,
      unchanged: 1,
    });
    expect(await counts()).toEqual({ ...before, fitments: before.fitments + 1 });
  });

  /** Each bad file: its report (or problem), and nothing written. */
  const refused = async (kind: 'parts' | 'fitments', body: string | Buffer, expected: { line: number; message: string }[]) => {
    const before = await counts();
    const res = await importFile(kind, body, true);
    expect(res.status, res.body).toBe(200);
    expect(res.json.ok).toBe(false);
    for (const error of expected) expect(res.json.errors).toContainEqual(error);
    expect(await counts()).toEqual(before);
    return res.json;
  };

  it('refuses a file that is not UTF-8, and takes one with a BOM', async () => {
    const latin1 = Buffer.concat([
      Buffer.from(`${PARTS_HEADER}\r\n`),
      Buffer.from(partRow('CSV-LAT-1', { name: 'Bremsbel\u00e4ge' }), 'latin1'),
    ]);
    const before = await counts();
    const res = await importFile('parts', latin1, true);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.body).toContain(copy.catalogueImport.notText);
    expect(await counts()).toEqual(before);
    const withBom = Buffer.from(`${BOM}${file(PARTS_HEADER, partRow('CSV-BOM-1', { name: 'Bremsbeläge' }))}`);
    expect((await importFile('parts', withBom, true)).json).toMatchObject({ ok: true, added: 1 });
    expect((await partBySku('CSV-BOM-1'))!.name).toBe('Bremsbeläge');
  });

  it('refuses an empty file, and a missing or unknown column on line 1', async () => {
    await refused('parts', '', [{ line: 1, message: c.empty }]);
    await refused('fitments', '\r\n', [{ line: 1, message: c.empty }]);
    await refused('parts', file(PARTS_HEADER.replace(',stock', ',colour'), partRow('CSV-COL-1')), [
      { line: 1, message: c.columnUnknown('colour') },
      { line: 1, message: c.columnMissing('stock') },
    ]);
    await refused('fitments', file(FITMENTS_HEADER.replace(',note', '')), [{ line: 1, message: c.columnMissing('note') }]);
  });

  it('names both lines of a SKU given twice, and refuses bad prices, stocks, tiers and categories', async () => {
    const report = await refused(
      'parts',
      file(
        PARTS_HEADER,
        partRow('CSV-DUP-1'),
        partRow('CSV-BAD-1', { price: '12.345' }),
        partRow('csv-dup-1'),
        partRow('CSV-BAD-2', { stock: '-1' }),
        partRow('CSV-BAD-3', { price_tiers: '10|25.00' }),
        partRow('CSV-BAD-4', { category: 'no-such-category' }),
        partRow('CSV-BAD-5', { price_tiers: '10' }),
      ),
      [
        { line: 4, message: c.skuTwice('CSV-DUP-1', 2) },
        { line: 3, message: c.badPrice('price') },
      ],
    );
    const lines = report.errors.map((error) => error.line);
    expect(lines).toEqual(expect.arrayContaining([5, 6, 8]));
    expect(report.errors.find((error) => error.line === 6)!.message).toMatch(/^price_tiers: /);
    // The unknown category is found once the file has no other error.
    await refused('parts', file(PARTS_HEADER, partRow('CSV-BAD-4', { category: 'no-such-category' })), [
      { line: 2, message: c.unknownCategory('no-such-category') },
    ]);
    await refused('parts', file(PARTS_HEADER, partRow('CSV-IMG-1', { image_url: 'https://evil.example/x.png' })), [
      { line: 2, message: c.imageNotServed('https://evil.example/x.png') },
    ]);
  });

  it('refuses a part replacing its own SKU, and replaced numbers making a circle', async () => {
    await refused('parts', file(PARTS_HEADER, partRow('CSV-OWN-1', { supersessions: 'csv-own-1|1|2025-01-01|' })), [
      { line: 2, message: c.supersessionOwnSku('CSV-OWN-1') },
    ]);
    await refused(
      'parts',
      file(
        PARTS_HEADER,
        partRow('CSV-CYC-1', { supersessions: 'CSV-CYC-2|1|2025-01-01|' }),
        partRow('CSV-CYC-2', { supersessions: 'CSV-CYC-1|1|2025-01-01|' }),
      ),
      [{ line: 2, message: c.supersessionCycle('CSV-CYC-1', 'CSV-CYC-1') }],
    );
  });

  it('refuses fitments of unknown parts and vehicles, and years the vehicle was not built in', async () => {
    await insertPart(db(), { sku: 'CSV-FITBAD-1', category_id: categoryId });
    await insertVehicle(db(), { make: 'Badmake', model: 'Known', engine: 'E', year_from: 2010, year_to: 2015 });
    const report = await refused(
      'fitments',
      file(
        FITMENTS_HEADER,
        'CSV-NOPE-1,Badmake,Known,E,2010,2010,2015,',
        'CSV-FITBAD-1,Badmake,Unknown,E,2010,2010,2015,',
        'CSV-FITBAD-1,Badmake,Known,E,2010,2009,2016,',
      ),
      [
        { line: 2, message: c.unknownPart('CSV-NOPE-1') },
        { line: 3, message: c.unknownVehicle('Badmake Unknown E (from 2010)') },
        { line: 4, message: c.yearsOutside('Badmake Known E (from 2010)', 2010, 2015) },
      ],
    );
    expect(report.errors).toHaveLength(3);
    await refused(
      'fitments',
      file(FITMENTS_HEADER, 'CSV-FITBAD-1,Badmake,Known,E,2010,2010,2015,', 'CSV-FITBAD-1,Badmake,Known,E,2010,2011,2012,'),
      [{ line: 3, message: c.fitmentTwice(2) }],
    );
    // A pair named again after other rows' errors is still found, after the repeating row's own errors.
    const repeated = await refused(
      'fitments',
      file(
        FITMENTS_HEADER,
        'CSV-FITBAD-1,Badmake,Known,E,2010,20x0,2015,',
        'CSV-FITBAD-1,Badmake,Known,E,2010,2010,2015,',
        'CSV-FITBAD-1,Badmake,Known,E,2010,2014,2012,',
        'CSV-FITBAD-1,Badmake,Known,E,2010,2011,2012,',
      ),
      [],
    );
    expect(repeated.errors).toEqual([
      { line: 2, message: c.badYear('year_from') },
      { line: 3, message: c.fitmentTwice(2) },
      { line: 4, message: c.yearsReversed },
      { line: 4, message: c.fitmentTwice(2) },
      { line: 5, message: c.fitmentTwice(2) },
    ]);
  });

  it('refuses a file over the limit with 413 naming it, and writes nothing', async () => {
    const before = await counts();
    const big = Buffer.alloc(MAX_CATALOGUE_CSV_BYTES + 1, 'a');
    const res = await importFile('fitments', big, true);
    expect(res.status).toBe(413);
    expect(res.body).toContain(copy.catalogueImport.tooLarge(MAX_CATALOGUE_CSV_BYTES / 1024 / 1024));
    expect(await counts()).toEqual(before);
  });

  it('leaves the catalogue untouched when row 9,999 of 10,000 is bad, and names its line', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) =>
      partRow(`CSV-BIG-${String(i).padStart(5, '0')}`, i === 9_998 ? { price: 'abc' } : {}),
    );
    const report = await refused('parts', file(PARTS_HEADER, ...rows), [{ line: 10_000, message: c.badPrice('price') }]);
    expect(report.errors).toHaveLength(1);
  }, 60_000);

  it('documents the three routes with examples in the OpenAPI document', async () => {
    const doc = (await api.anonymous.get('/api/openapi.json')).json as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content: Record<string, { schema: { example?: string } }> };
            responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
          }
        >
      >;
    };
    const importRoute = doc.paths['/api/admin/catalogue/import']!.post!;
    expect(importRoute.requestBody!.content['text/csv']!.schema.example).toMatch(/^sku,make,model,engine,vehicle_from/);
    expect(JSON.stringify(importRoute.responses['200'])).toContain('"examples"');
    for (const [path, header] of [
      ['/api/admin/catalogue.csv', PARTS_HEADER],
      ['/api/admin/fitments.csv', FITMENTS_HEADER],
    ] as const) {
      expect(JSON.stringify(doc.paths[path]!.get!.responses['200'])).toContain(header);
    }
  });

  it('rolls back everything when a write fails during the apply', async () => {
    await insertPart(db(), { sku: 'CSV-RB-1', category_id: categoryId, name: 'Before' });
    if (ctx.engine === 'sqlite') {
      await sql`create trigger csv_fail before insert on parts when new.sku = 'CSV-RB-FAIL' begin select raise(abort, 'refused'); end`.execute(
        db(),
      );
    } else {
      await sql`create function csv_fail() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.execute(
        db(),
      );
      await sql`create trigger csv_fail before insert on parts for each row when (new.sku = 'CSV-RB-FAIL') execute function csv_fail()`.execute(
        db(),
      );
    }
    try {
      const before = await counts();
      const res = await importFile(
        'parts',
        file(PARTS_HEADER, partRow('CSV-RB-1', { name: 'After' }), partRow('CSV-RB-2'), partRow('CSV-RB-FAIL')),
        true,
      );
      expect(res.status).toBe(500);
      expect(await counts()).toEqual(before);
      expect((await partBySku('CSV-RB-1'))!.name).toBe('Before');
      expect(await partBySku('CSV-RB-2')).toBeUndefined();
    } finally {
      await sql`drop trigger csv_fail${sql.raw(ctx.engine === 'sqlite' ? '' : ' on parts')}`.execute(db());
    }
  });
});
