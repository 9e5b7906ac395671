import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { signedInAdmin, signedInCustomer, TEST_ORIGIN, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { insertFitment, insertPart, insertVehicle } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';

const c = copy.catalogueImport;
const samples = path.resolve(__dirname, '../../../web/public/samples');
const sampleVcdb = readFileSync(path.join(samples, 'vcdb-demo-vehicles.csv'), 'utf8');
const sampleAces = readFileSync(path.join(samples, 'aces-demo-fitments.xml'));
const csv = { headers: { 'content-type': 'text/csv' } };
const xml = { headers: { 'content-type': 'application/xml' } };
const MB = 1024 * 1024;

/** An ACES file of these App elements, one App per line from line 3 on. */
const aces = (...apps: string[]) =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<ACES version="4.2">\n${apps.join('\n')}\n</ACES>\n`);
const app = (baseVehicleId: number | string, part: string, extra = '') =>
  `<App action="A" id="1"><BaseVehicle id="${baseVehicleId}"/><Qty>1</Qty>${extra}<Part>${part}</Part></App>`;

describeOnEachEngine('catalogue import: VCdb extracts and ACES fitments', (ctx) => {
  let admin: TestAccount;
  let customer: TestAccount;
  const api = testApi(ctx);
  const db = () => ctx.database.db;

  beforeAll(async () => {
    admin = await signedInAdmin(ctx);
    customer = await signedInCustomer(ctx);
  });

  const fitmentsOf = async (partId: string) =>
    (
      await db()
        .selectFrom('part_fitments')
        .innerJoin('vehicles', 'vehicles.id', 'part_fitments.vehicle_id')
        .select(['vehicles.model', 'vehicles.engine', 'part_fitments.year_from', 'part_fitments.year_to', 'note', 'position'])
        .where('part_id', '=', partId)
        .orderBy('position')
        .execute()
    ).map((row) => `${row.model} ${row.engine} ${row.year_from}-${row.year_to} ${row.note} #${row.position}`);

  /** A make of its own, so each test's vehicles and base-vehicle ids are its own. */
  let makes = 0;
  const ownVehicles = async (years: [number, number] = [2012, 2019]) => {
    makes += 1;
    const make = `Make${makes}`;
    const petrol = await insertVehicle(db(), {
      make,
      model: 'Golf VII',
      engine: '1.4 TSI',
      year_from: years[0],
      year_to: years[1],
    });
    const diesel = await insertVehicle(db(), {
      make,
      model: 'Golf VII',
      engine: '2.0 TDI',
      year_from: years[0],
      year_to: years[1],
    });
    const base = 500_000 + makes * 100;
    const rows = Array.from({ length: years[1] - years[0] + 1 }, (_, i) => `${base + i},${years[0] + i},${make},Golf VII`);
    const load = await api.as(admin).post('/api/admin/vcdb', `base_vehicle_id,year,make,model\n${rows.join('\n')}\n`, csv);
    expect(load.json).toEqual({ matched: rows.length, unmatched: [] });
    /** The base-vehicle id of a year. */
    const id = (year: number) => base + year - years[0];
    return { make, petrol, diesel, id };
  };

  it('imports the sample files: the extract gives the demo vehicles their ids, and the Apps grow the parts’ fitments', async () => {
    const golf14 = await insertVehicle(db(), {
      make: 'Volkswagen',
      model: 'Golf VII',
      engine: '1.4 TSI 92 kW',
      year_from: 2012,
      year_to: 2019,
    });
    const golf20 = await insertVehicle(db(), {
      make: 'Volkswagen',
      model: 'Golf VII',
      engine: '2.0 TDI 110 kW',
      year_from: 2012,
      year_to: 2019,
    });
    const clio09 = await insertVehicle(db(), {
      make: 'Renault',
      model: 'Clio IV',
      engine: '0.9 TCe 66 kW',
      year_from: 2012,
      year_to: 2019,
    });
    const clio15 = await insertVehicle(db(), {
      make: 'Renault',
      model: 'Clio IV',
      engine: '1.5 dCi 66 kW',
      year_from: 2012,
      year_to: 2019,
    });
    await insertVehicle(db(), { make: 'Kia', model: 'Ceed CD', engine: '1.4 T-GDi 103 kW', year_from: 2018, year_to: 2022 });
    await insertVehicle(db(), { make: 'Kia', model: 'Ceed CD', engine: '1.6 CRDi 85 kW', year_from: 2018, year_to: 2022 });
    const pads = await insertPart(db(), { sku: 'GH-BRK-1042' });
    const discs = await insertPart(db(), { sku: 'GH-BRK-2210' });
    await insertFitment(db(), { part_id: pads.id, vehicle: golf14, position: 0, note: 'front axle' });
    await insertFitment(db(), { part_id: pads.id, vehicle: golf20, position: 1, note: 'front axle' });
    const facelift = { year_from: 2014, note: 'front axle, from the facelift' };
    await insertFitment(db(), { part_id: pads.id, vehicle: clio09, position: 2, ...facelift });
    await insertFitment(db(), { part_id: pads.id, vehicle: clio15, position: 3, ...facelift });
    const before = await fitmentsOf(pads.id);

    const load = await api.as(admin).post('/api/admin/vcdb', sampleVcdb, csv);
    expect(load.status, load.body).toBe(200);
    expect(load.json).toEqual({ matched: 21, unmatched: [{ line: 23, message: c.vcdbNoVehicle(2020, 'Tesla', 'Model 3') }] });

    const check = await api.as(admin).post('/api/admin/aces?apply=false', sampleAces, xml);
    expect(check.status, check.body).toBe(200);
    expect(check.json).toEqual({ ok: true, added: 4, changed: 2, unchanged: 2, errors: [] });
    expect(await fitmentsOf(pads.id)).toEqual(before);

    const done = await api.as(admin).post('/api/admin/aces?apply=true', sampleAces, xml);
    expect(done.json).toEqual({ ok: true, added: 4, changed: 2, unchanged: 2, errors: [] });
    expect(await fitmentsOf(pads.id)).toEqual([
      'Golf VII 1.4 TSI 92 kW 2012-2019 front axle #0',
      'Golf VII 2.0 TDI 110 kW 2012-2019 front axle #1',
      'Clio IV 0.9 TCe 66 kW 2012-2019 front axle #2',
      'Clio IV 1.5 dCi 66 kW 2012-2019 front axle #3',
      'Ceed CD 1.4 T-GDi 103 kW 2018-2022 front axle #4',
      'Ceed CD 1.6 CRDi 85 kW 2018-2022 front axle #5',
    ]);
    expect(await fitmentsOf(discs.id)).toEqual([
      'Ceed CD 1.4 T-GDi 103 kW 2018-2022 front axle #0',
      'Ceed CD 1.6 CRDi 85 kW 2018-2022 front axle #1',
    ]);
    // The part's page lists what was imported.
    const page = await api.anonymous.get(`/api/parts/${discs.id}`);
    expect(page.json.fits.map((fit: { vehicle: { model: string } }) => fit.vehicle.model)).toEqual(['Ceed CD', 'Ceed CD']);

    const again = await api.as(admin).post('/api/admin/aces?apply=true', sampleAces, xml);
    expect(again.json).toEqual({ ok: true, added: 0, changed: 0, unchanged: 8, errors: [] });
  });

  it('matches extract rows by make and model in any case and spacing, within the years built, and reports the rest', async () => {
    const { make, petrol, diesel } = await ownVehicles([2014, 2016]);
    const file = [
      'Model;Year;Make;Base Vehicle ID',
      `golf  vii;2016;${make.toUpperCase()};700001`,
      `Golf VII;2017;${make};700002`,
      `Golf VII;2015;Nomake;700003`,
      `Golf VII;15;${make};700004`,
      `Golf VII;2015;${make};abc`,
      `;2015;${make};700005`,
      `Golf VII;2014;${make};700001`,
      `Golf VII;2016;${make};700006`,
    ].join('\r\n');
    const res = await api.as(admin).post('/api/admin/vcdb', file, csv);
    expect(res.status, res.body).toBe(200);
    expect(res.json).toEqual({
      matched: 1,
      unmatched: [
        { line: 3, message: c.vcdbNoVehicle(2017, make, 'Golf VII') },
        { line: 4, message: c.vcdbNoVehicle(2015, 'Nomake', 'Golf VII') },
        { line: 5, message: c.vcdbBadYear },
        { line: 6, message: c.vcdbBadId },
        { line: 7, message: c.vcdbMissing },
        { line: 8, message: c.vcdbDuplicate(700001, 2) },
        { line: 9, message: c.vcdbSameYear(`${make} Golf VII`, 2016, 2) },
      ],
    });
    const stored = await db()
      .selectFrom('vehicle_base_ids')
      .select(['base_vehicle_id', 'vehicle_id', 'year'])
      .where('vehicle_id', 'in', [petrol.id, diesel.id])
      .where('year', '=', 2016)
      .orderBy('vehicle_id')
      .execute();
    expect(stored.map((row) => [Number(row.base_vehicle_id), row.year])).toEqual([
      [700001, 2016],
      [700001, 2016],
    ]);

    // A later extract gives the year another id: the old one no longer names it.
    const reload = await api
      .as(admin)
      .post('/api/admin/vcdb', `base_vehicle_id,year,make,model\n700009,2016,${make},Golf VII\n`, csv);
    expect(reload.json).toEqual({ matched: 1, unmatched: [] });
    const ids = await db()
      .selectFrom('vehicle_base_ids')
      .select('base_vehicle_id')
      .where('vehicle_id', '=', petrol.id)
      .where('year', '=', 2016)
      .execute();
    expect(ids.map((row) => Number(row.base_vehicle_id))).toEqual([700009]);
  });

  it('refuses an extract without its header, or not in UTF-8, with 400 naming the file', async () => {
    const noHeader = await api.as(admin).post('/api/admin/vcdb', '130015,2015,Volkswagen,Golf VII\n', csv);
    expect(noHeader.status).toBe(400);
    expect(noHeader.json.errors).toEqual({ file: c.vcdbHeader });
    const latin1 = Buffer.from('base_vehicle_id,year,make,model\n1,2015,Citro\xebn,C4\n', 'latin1');
    const notUtf8 = await api.as(admin).post('/api/admin/vcdb', latin1, csv);
    expect(notUtf8.status).toBe(400);
    expect(notUtf8.json.errors).toEqual({ file: c.notText });
  });

  it('reports every App it cannot take, with its line, and then writes nothing', async () => {
    const { id, petrol } = await ownVehicles();
    const part = await insertPart(db());
    const archived = await insertPart(db(), { archived_at: '2026-01-01T00:00:00.000Z' });
    await insertFitment(db(), { part_id: part.id, vehicle: petrol, year_from: 2014, year_to: 2015 });
    const file = aces(
      app(id(2016), part.sku),
      app(999_999_001, part.sku),
      app(id(2013), 'GH-NO-SUCH'),
      app(id(2013), archived.sku),
      app(id(2016), part.sku.toLowerCase()),
      app(id(2013), part.sku, '<Years from="2014" to="2019"/>'),
      app(id(2013), part.sku, '<EngineBase id="12"/>'),
      `<App action="D" id="9"><BaseVehicle id="${id(2013)}"/><Part>${part.sku}</Part></App>`,
      `<App action="A" id="10"><Part>${part.sku}</Part></App>`,
      app(id(2013), part.sku).replace('<Qty>1</Qty>', '<Qty>0</Qty>'),
      app(id(2013), ''),
      app(id(2018), part.sku),
    );
    const res = await api.as(admin).post('/api/admin/aces?apply=true', file, xml);
    expect(res.status, res.body).toBe(200);
    const gap = c.appGap(part.sku, `${petrol.make} Golf VII 1.4 TSI`, 2014, 2018);
    expect(res.json).toEqual({
      ok: false,
      added: 0,
      changed: 0,
      unchanged: 0,
      errors: [
        { line: 4, message: c.appUnknownBaseVehicle(999_999_001) },
        { line: 5, message: c.appUnknownPart('GH-NO-SUCH') },
        { line: 6, message: c.appUnknownPart(archived.sku) },
        { line: 7, message: c.appOverlap(part.sku, id(2016), 3) },
        { line: 8, message: c.appYearsOutside(id(2013), 2013) },
        { line: 9, message: c.appNarrowed('EngineBase') },
        { line: 10, message: c.appActionNotAdd('D') },
        { line: 11, message: c.appNoBaseVehicle },
        { line: 12, message: c.appBadQty },
        { line: 13, message: c.appNoPart },
        { line: 14, message: gap },
        { line: 14, message: c.appGap(part.sku, `${petrol.make} Golf VII 2.0 TDI`, 2016, 2018) },
      ],
    });
    expect(await fitmentsOf(part.id)).toEqual([`Golf VII 1.4 TSI 2014-2015  #0`]);
  });

  it('widens a fitment by the years next to it, takes the Apps’ note, and counts each fitment once', async () => {
    const { id } = await ownVehicles();
    const part = await insertPart(db());
    const file = aces(app(id(2015), part.sku, '<Note>rear axle</Note>'), app(id(2013), part.sku), app(id(2014), part.sku));
    const res = await api.as(admin).post('/api/admin/aces?apply=true', file, xml);
    expect(res.json).toEqual({ ok: true, added: 2, changed: 0, unchanged: 0, errors: [] });
    expect(await fitmentsOf(part.id)).toEqual([
      'Golf VII 1.4 TSI 2013-2015 rear axle #0',
      'Golf VII 2.0 TDI 2013-2015 rear axle #1',
    ]);

    const wider = await api
      .as(admin)
      .post('/api/admin/aces?apply=true', aces(app(id(2016), part.sku), app(id(2014), part.sku)), xml);
    expect(wider.json).toEqual({ ok: true, added: 0, changed: 2, unchanged: 0, errors: [] });
    expect(await fitmentsOf(part.id)).toEqual([
      'Golf VII 1.4 TSI 2013-2016 rear axle #0',
      'Golf VII 2.0 TDI 2013-2016 rear axle #1',
    ]);
  });

  it('refuses a file that is not well-formed XML, not ACES or not UTF-8, or JSON, with 400; a picture with 415', async () => {
    const broken = await api
      .as(admin)
      .post('/api/admin/aces', Buffer.from('<?xml version="1.0"?>\n<ACES>\n<App>\n</ACES>\n'), xml);
    expect(broken.status).toBe(400);
    expect(broken.json.errors.file).toMatch(/^The file is not well-formed XML \(line 4\): /);

    const notAces = await api.as(admin).post('/api/admin/aces', Buffer.from('<html><body/></html>'), xml);
    expect(notAces.status).toBe(400);
    expect(notAces.json.errors).toEqual({ file: c.notAces });

    const declared = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?>\n<ACES></ACES>\n');
    const latin1 = await api.as(admin).post('/api/admin/aces', declared, xml);
    expect(latin1.status).toBe(400);
    expect(latin1.json.errors).toEqual({ file: c.encodingNotUtf8('ISO-8859-1') });

    const badBytes = await api
      .as(admin)
      .post('/api/admin/aces', Buffer.from('<ACES><App><Note>Citro\xebn</Note></App></ACES>', 'latin1'), xml);
    expect(badBytes.status).toBe(400);
    expect(badBytes.json.errors).toEqual({ file: c.notText });

    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<ACES></ACES>', 'utf16le')]);
    // UTF-16 holds NULs, which the shop refuses in any text before reading it.
    const wide = await api.as(admin).post('/api/admin/aces', utf16, xml);
    expect(wide.status).toBe(400);
    expect(wide.json.detail).toBe(copy.validation.nulCharacter);

    const json = await api.as(admin).post('/api/admin/aces', { apps: [] });
    expect(json.status).toBe(400);
    const picture = await api
      .as(admin)
      .post('/api/admin/aces', Buffer.from('GIF89a'), { headers: { 'content-type': 'image/gif' } });
    expect(picture.status).toBe(415);
    expect(picture.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('refuses a 50 MB file with 413 before reading it', async () => {
    let sent = 0;
    const endless = new Readable({
      read() {
        sent += 64 * 1024;
        this.push(sent > 50 * MB ? null : Buffer.alloc(64 * 1024, 0x20));
      },
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/aces?apply=true',
      headers: { ...xml.headers, 'content-length': String(50 * MB), cookie: admin.cookie, origin: TEST_ORIGIN },
      payload: endless,
    });
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json().detail).toBe(c.tooLarge(10));
    expect(sent).toBeLessThan(10 * MB);
  });

  it('leaves the catalogue as it was when a write fails part-way', async () => {
    const { id, petrol } = await ownVehicles();
    const part = await insertPart(db());
    const other = await insertPart(db());
    await insertFitment(db(), { part_id: part.id, vehicle: petrol, year_from: 2014, year_to: 2015 });
    // The database refuses the new fitment of `other`, after the widened one of `part` was written.
    if (ctx.engine === 'sqlite') {
      await sql`create trigger refuse_fitment before insert on part_fitments when new.part_id = ${sql.lit(other.id)}
        begin select raise(abort, 'refused'); end`.execute(db());
    } else {
      await sql`create function refuse_fitment() returns trigger language plpgsql as $$
        begin if new.part_id = ${sql.lit(other.id)} then raise exception 'refused'; end if; return new; end $$`.execute(db());
      await sql`create trigger refuse_fitment before insert on part_fitments for each row execute function refuse_fitment()`.execute(
        db(),
      );
    }
    try {
      const res = await api
        .as(admin)
        .post('/api/admin/aces?apply=true', aces(app(id(2016), part.sku), app(id(2016), other.sku)), xml);
      expect(res.status).toBe(500);
      expect(await fitmentsOf(part.id)).toEqual(['Golf VII 1.4 TSI 2014-2015  #0']);
      expect(await fitmentsOf(other.id)).toEqual([]);
    } finally {
      await sql`drop trigger refuse_fitment${ctx.engine === 'sqlite' ? sql`` : sql` on part_fitments`}`.execute(db());
    }
  });

  it('is for shop admins only', async () => {
    expect((await api.as(customer).post('/api/admin/vcdb', sampleVcdb, csv)).status).toBe(403);
    expect((await api.as(customer).post('/api/admin/aces', sampleAces, xml)).status).toBe(403);
    expect((await api.anonymous.post('/api/admin/aces', sampleAces, xml)).status).toBe(401);
  });
});
