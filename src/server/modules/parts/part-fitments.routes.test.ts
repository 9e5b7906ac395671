import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { MAX_FITMENTS_PER_PART, MAX_FITMENT_NOTE_LENGTH } from '#shared/schemas/vehicles';
import { signedInAdmin, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { ensureTestCategory, insertFitment, insertPart, insertVehicle } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';
import type { VehiclesTable } from '../../db/schema';
import { storeImage } from '../uploads';

const v = copy.vehicles;

describeOnEachEngine('the vehicles a part fits', (ctx) => {
  let admin: TestAccount;
  let imageUrl: string;
  let categoryId: string;
  let skus = 0;
  let focus: VehiclesTable;
  let golf: VehiclesTable;

  beforeAll(async () => {
    admin = await signedInAdmin(ctx);
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#39c' } })
      .png()
      .toBuffer();
    imageUrl = (await storeImage(ctx.storage, png)).url;
    categoryId = await ensureTestCategory(ctx.database.db);
    focus = await insertVehicle(ctx.database.db, {
      make: 'Ford',
      model: 'Focus',
      engine: '1.6 Ti-VCT 92 kW',
      year_from: 2011,
      year_to: 2018,
    });
    golf = await insertVehicle(ctx.database.db, {
      make: 'Volkswagen',
      model: 'Golf VII',
      engine: '1.4 TSI 90 kW',
      year_from: 2012,
      year_to: 2019,
    });
  });

  const api = testApi(ctx);
  const db = () => ctx.database.db;
  const partBody = (overrides: object = {}) => ({
    name: 'Front brake pads',
    description: 'Ceramic',
    priceCents: 4200,
    stock: 40,
    imageUrl,
    sku: `GH-FIT-${(skus += 1)}`,
    categoryId,
    ...overrides,
  });
  const fitsOf = async (id: string) => {
    const res = await api.anonymous.get(`/api/parts/${id}`);
    expect(res.status, res.body).toBe(200);
    return res.json.fits;
  };
  const storedFitments = (partId: string) =>
    db().selectFrom('part_fitments').selectAll().where('part_id', '=', partId).orderBy('position').execute();

  it('adds a part with its vehicles, and its page lists them in the order given with their years and notes', async () => {
    const res = await api.as(admin).post(
      '/api/parts',
      partBody({
        fitments: [
          { vehicleId: golf.id, yearFrom: 2013, yearTo: 2019, note: '  front axle ' },
          { vehicleId: focus.id, yearFrom: 2015, yearTo: 2015 },
        ],
      }),
    );
    expect(res.status, res.body).toBe(201);
    expect(await fitsOf(res.json.id)).toEqual([
      {
        vehicle: { id: golf.id, make: 'Volkswagen', model: 'Golf VII', engine: '1.4 TSI 90 kW' },
        yearFrom: 2013,
        yearTo: 2019,
        note: 'front axle',
      },
      {
        vehicle: { id: focus.id, make: 'Ford', model: 'Focus', engine: '1.6 Ti-VCT 92 kW' },
        yearFrom: 2015,
        yearTo: 2015,
        note: '',
      },
    ]);
    expect((await storedFitments(res.json.id)).map((row) => [row.vehicle_id, row.position])).toEqual([
      [golf.id, 0],
      [focus.id, 1],
    ]);
  });

  it('shows a part that fits nothing with an empty list', async () => {
    const part = await insertPart(db());
    expect(await fitsOf(part.id)).toEqual([]);
  });

  it('replaces the whole list on update, keeps it when absent, and empties it with []', async () => {
    const part = await insertPart(db());
    await insertFitment(db(), { part_id: part.id, vehicle: focus, note: 'rear axle' });

    const renamed = await api.as(admin).patch(`/api/parts/${part.id}`, { name: 'Renamed part' });
    expect(renamed.status, renamed.body).toBe(200);
    expect((await fitsOf(part.id)).map((fit: { note: string }) => fit.note)).toEqual(['rear axle']);

    const replaced = await api.as(admin).patch(`/api/parts/${part.id}`, {
      fitments: [
        { vehicleId: golf.id, yearFrom: 2012, yearTo: 2014 },
        { vehicleId: focus.id, yearFrom: 2011, yearTo: 2018, note: 'estate only' },
      ],
    });
    expect(replaced.status, replaced.body).toBe(200);
    expect((await fitsOf(part.id)).map((fit: { vehicle: { id: string }; note: string }) => [fit.vehicle.id, fit.note])).toEqual([
      [golf.id, ''],
      [focus.id, 'estate only'],
    ]);

    expect((await api.as(admin).patch(`/api/parts/${part.id}`, { fitments: [] })).status).toBe(200);
    expect(await fitsOf(part.id)).toEqual([]);
  });

  it('refuses an unknown vehicle or years the vehicle was not built in under the row, writing nothing', async () => {
    const before = await api.anonymous.get('/api/parts?limit=1');
    const unknown = await api.as(admin).post(
      '/api/parts',
      partBody({
        fitments: [
          { vehicleId: focus.id, yearFrom: 2011, yearTo: 2012 },
          { vehicleId: 'no-such-vehicle', yearFrom: 2011, yearTo: 2012 },
        ],
      }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors).toEqual({ 'fitments.1.vehicleId': v.fitmentVehicleUnknown });

    const outside = await api.as(admin).post(
      '/api/parts',
      partBody({
        fitments: [
          { vehicleId: golf.id, yearFrom: 2011, yearTo: 2015 },
          { vehicleId: focus.id, yearFrom: 2016, yearTo: 2019 },
        ],
      }),
    );
    expect(outside.status).toBe(400);
    expect(outside.json.errors).toEqual({
      'fitments.0.yearFrom': v.fitmentYearsOutside(2012, 2019),
      'fitments.1.yearFrom': v.fitmentYearsOutside(2011, 2018),
    });
    expect((await api.anonymous.get('/api/parts?limit=1')).json.total).toBe(before.json.total);

    const part = await insertPart(db(), { name: 'Kept as it was' });
    await insertFitment(db(), { part_id: part.id, vehicle: focus });
    const refused = await api.as(admin).patch(`/api/parts/${part.id}`, {
      name: 'Not saved',
      fitments: [{ vehicleId: golf.id, yearFrom: 2010, yearTo: 2019 }],
    });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual({ 'fitments.0.yearFrom': v.fitmentYearsOutside(2012, 2019) });
    const shown = await api.anonymous.get(`/api/parts/${part.id}`);
    expect(shown.json.name).toBe('Kept as it was');
    expect(shown.json.fits.map((fit: { vehicle: { id: string } }) => fit.vehicle.id)).toEqual([focus.id]);
  });

  it("refuses rows the form's rules refuse: a vehicle twice, years backwards or missing, a long note, too many rows", async () => {
    const cases: [object[], Record<string, string>][] = [
      [
        [
          { vehicleId: focus.id, yearFrom: 2011, yearTo: 2012 },
          { vehicleId: focus.id, yearFrom: 2013, yearTo: 2014 },
        ],
        { 'fitments.1.vehicleId': v.fitmentDuplicate },
      ],
      [[{ vehicleId: focus.id, yearFrom: 2014, yearTo: 2012 }], { 'fitments.0.yearTo': v.yearsBackwards }],
      [[{ vehicleId: focus.id, yearTo: 2012 }], { 'fitments.0.yearFrom': v.yearRequired }],
      [[{ vehicleId: '', yearFrom: 2011, yearTo: 2012 }], { 'fitments.0.vehicleId': v.fitmentVehicleRequired }],
      [
        [{ vehicleId: focus.id, yearFrom: 2011, yearTo: 2012, note: 'x'.repeat(MAX_FITMENT_NOTE_LENGTH + 1) }],
        { 'fitments.0.note': v.noteTooLong(MAX_FITMENT_NOTE_LENGTH) },
      ],
      [
        Array.from({ length: MAX_FITMENTS_PER_PART + 1 }, (_, i) => ({ vehicleId: `v-${i}`, yearFrom: 2011, yearTo: 2012 })),
        { fitments: v.fitmentsTooMany(MAX_FITMENTS_PER_PART) },
      ],
    ];
    for (const [fitments, errors] of cases) {
      const res = await api.as(admin).post('/api/parts', partBody({ fitments }));
      expect(res.status, JSON.stringify(fitments).slice(0, 200)).toBe(400);
      expect(res.json.errors).toEqual(errors);
    }
  });
});

describeOnEachEngine(
  'the vehicles a part fits, behind the response cache',
  (ctx) => {
    it("shows a part's new vehicles on its page at once", async () => {
      const admin = await signedInAdmin(ctx);
      const api = testApi(ctx);
      const part = await insertPart(ctx.database.db);
      const car = await insertVehicle(ctx.database.db);
      expect((await api.anonymous.get(`/api/parts/${part.id}`)).json.fits).toEqual([]);
      const saved = await api.as(admin).patch(`/api/parts/${part.id}`, {
        fitments: [{ vehicleId: car.id, yearFrom: car.year_from, yearTo: car.year_to }],
      });
      expect(saved.status, saved.body).toBe(200);
      expect((await api.anonymous.get(`/api/parts/${part.id}`)).json.fits).toHaveLength(1);
    });
  },
  { responseCacheTtlMs: 60_000 },
);
