import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { maxVehicleYear, MIN_VEHICLE_YEAR } from '#shared/schemas/vehicles';
import { signedInAdmin, signedInCustomer, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { insertFitment, insertPart, insertVehicle } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';

const v = copy.vehicles;

describeOnEachEngine('vehicles API', (ctx) => {
  let admin: TestAccount;
  let customer: TestAccount;

  beforeAll(async () => {
    admin = await signedInAdmin(ctx);
    customer = await signedInCustomer(ctx);
  });

  const api = testApi(ctx);
  const db = () => ctx.database.db;
  const vehicleBody = (overrides: object = {}) => ({
    make: 'Ford',
    model: 'Focus',
    engine: '1.6 Ti-VCT 92 kW',
    yearFrom: 2011,
    yearTo: 2018,
    ...overrides,
  });

  it('lists the makes, and the vehicles of a make and model in any case, by model, engine and first year', async () => {
    const late = await insertVehicle(db(), { make: 'Zedmake', model: 'Beta', engine: '2.0', year_from: 2015, year_to: 2020 });
    const early = await insertVehicle(db(), { make: 'Zedmake', model: 'Beta', engine: '2.0', year_from: 2008, year_to: 2014 });
    const alpha = await insertVehicle(db(), { make: 'Zedmake', model: 'Alpha', engine: '1.4', year_from: 2010, year_to: 2012 });
    await insertVehicle(db(), { make: 'Ymake', model: 'Gamma', engine: '1.0' });

    const makes = await api.anonymous.get('/api/vehicles/makes');
    expect(makes.status).toBe(200);
    expect(makes.json.items).toEqual(expect.arrayContaining(['Ymake', 'Zedmake']));
    expect(makes.json.items).toEqual([...new Set(makes.json.items)].sort());

    const ofMake = await api.anonymous.get('/api/vehicles?make=zEDMAKE');
    expect(ofMake.status).toBe(200);
    expect(ofMake.json.items).toEqual([
      { id: alpha.id, make: 'Zedmake', model: 'Alpha', engine: '1.4', yearFrom: 2010, yearTo: 2012 },
      { id: early.id, make: 'Zedmake', model: 'Beta', engine: '2.0', yearFrom: 2008, yearTo: 2014 },
      { id: late.id, make: 'Zedmake', model: 'Beta', engine: '2.0', yearFrom: 2015, yearTo: 2020 },
    ]);
    const ofModel = await api.anonymous.get('/api/vehicles?make=Zedmake&model=beta');
    expect(ofModel.json.items.map((item: { id: string }) => item.id)).toEqual([early.id, late.id]);

    const all = await api.anonymous.get('/api/vehicles');
    const keys = all.json.items.map((item: { make: string; model: string }) => `${item.make}|${item.model}`);
    expect(keys).toEqual(expect.arrayContaining(['Ymake|Gamma', 'Zedmake|Alpha']));
    expect(keys.indexOf('Ymake|Gamma')).toBeLessThan(keys.indexOf('Zedmake|Alpha'));
  });

  it('answers an unknown make with no vehicles, and refuses an overlong one', async () => {
    const unknown = await api.anonymous.get('/api/vehicles?make=No%20such%20make');
    expect(unknown.status).toBe(200);
    expect(unknown.json).toEqual({ items: [] });
    expect((await api.anonymous.get(`/api/vehicles?make=${'x'.repeat(61)}`)).status).toBe(400);
  });

  it('lets only an admin add, change and delete vehicles', async () => {
    for (const [method, url] of [
      ['POST', '/api/vehicles'],
      ['PATCH', '/api/vehicles/some-id'],
      ['DELETE', '/api/vehicles/some-id'],
    ] as const) {
      const body = method === 'DELETE' ? undefined : vehicleBody();
      expect((await api.anonymous.request(method, url, body)).status).toBe(401);
      const asCustomer = await api.as(customer).request(method, url, body);
      expect(asCustomer.status).toBe(403);
      expect(asCustomer.json.detail).toBe(copy.auth.adminOnly);
    }
  });

  it('adds a vehicle and lists it under its make', async () => {
    const res = await api.as(admin).post('/api/vehicles', vehicleBody({ make: 'Addmake' }));
    expect(res.status, res.body).toBe(201);
    expect(res.json).toEqual({ id: expect.any(String), ...vehicleBody({ make: 'Addmake' }) });
    expect((await api.anonymous.get('/api/vehicles?make=Addmake')).json.items).toEqual([res.json]);
    expect((await api.anonymous.get('/api/vehicles/makes')).json.items).toContain('Addmake');
  });

  it('spells a make as the shop already does, so each make is listed once', async () => {
    const res = await api.as(admin).post('/api/vehicles', vehicleBody({ make: 'SPELLMAKE' }));
    expect(res.json.make).toBe('SPELLMAKE');
    // The only vehicle of a make may correct its spelling.
    const corrected = await api.as(admin).patch(`/api/vehicles/${res.json.id}`, { make: 'Spellmake' });
    expect(corrected.json.make).toBe('Spellmake');
    const second = await api.as(admin).post('/api/vehicles', vehicleBody({ make: 'spellMAKE', model: 'Fiesta' }));
    expect(second.status, second.body).toBe(201);
    expect(second.json.make).toBe('Spellmake');
    const moved = await api
      .as(admin)
      .patch(`/api/vehicles/${(await insertVehicle(db(), { make: 'Othermake' })).id}`, { make: 'SPELLMAKE' });
    expect(moved.json.make).toBe('Spellmake');
    const makes = (await api.anonymous.get('/api/vehicles/makes')).json.items as string[];
    expect(makes.filter((make) => make.toLowerCase() === 'spellmake')).toEqual(['Spellmake']);
  });

  it('refuses blank fields, years out of bounds or backwards, unknown fields and the same vehicle twice', async () => {
    const max = maxVehicleYear();
    const cases: [object, number, Record<string, string>][] = [
      [vehicleBody({ make: ' ' }), 400, { make: v.makeRequired }],
      [vehicleBody({ model: '' }), 400, { model: v.modelRequired }],
      [vehicleBody({ engine: '' }), 400, { engine: v.engineRequired }],
      [vehicleBody({ yearFrom: 1900 }), 400, { yearFrom: v.yearOutOfRange(MIN_VEHICLE_YEAR, max) }],
      [vehicleBody({ yearTo: max + 1 }), 400, { yearTo: v.yearOutOfRange(MIN_VEHICLE_YEAR, max) }],
      [vehicleBody({ yearFrom: 2015, yearTo: 2012 }), 400, { yearTo: v.yearsBackwards }],
    ];
    for (const [body, status, errors] of cases) {
      const res = await api.as(admin).post('/api/vehicles', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.json.errors).toEqual(errors);
    }
    expect((await api.as(admin).post('/api/vehicles', vehicleBody({ make: 'Fine', colour: 'red' }))).status).toBe(400);

    await insertVehicle(db(), { make: 'Twicemake', model: 'Focus', engine: '1.6 Ti-VCT 92 kW', year_from: 2011, year_to: 2018 });
    const again = await api.as(admin).post('/api/vehicles', vehicleBody({ make: 'TWICEMAKE', yearTo: 2016 }));
    expect(again.status).toBe(409);
    expect(again.json.errors).toEqual({ model: v.taken });
    expect((await api.anonymous.get('/api/vehicles?make=twicemake')).json.items).toHaveLength(1);
  });

  it('changes a vehicle, checking its years against the stored ones and refusing a clash', async () => {
    const car = await insertVehicle(db(), { make: 'Editmake', model: 'One', year_from: 2010, year_to: 2015 });
    const other = await insertVehicle(db(), { make: 'Editmake', model: 'Two', year_from: 2010, year_to: 2015 });
    const changed = await api.as(admin).patch(`/api/vehicles/${car.id}`, { engine: '2.0 TDI', yearTo: 2016 });
    expect(changed.status, changed.body).toBe(200);
    expect(changed.json).toMatchObject({ id: car.id, model: 'One', engine: '2.0 TDI', yearFrom: 2010, yearTo: 2016 });

    const backwards = await api.as(admin).patch(`/api/vehicles/${car.id}`, { yearFrom: 2017 });
    expect(backwards.status).toBe(400);
    expect(backwards.json.errors).toEqual({ yearFrom: v.yearsBackwards });

    const clash = await api.as(admin).patch(`/api/vehicles/${other.id}`, { engine: '2.0 TDI', model: 'one' });
    expect(clash.status).toBe(409);
    expect(clash.json.errors).toEqual({ model: v.taken });
    expect((await api.as(admin).patch('/api/vehicles/no-such-id', { engine: 'X' })).json).toMatchObject({
      status: 404,
      detail: v.notFound,
    });
    expect((await api.anonymous.get('/api/vehicles?make=Editmake&model=Two')).json.items[0].engine).toBe(other.engine);
  });

  it("refuses narrowing a vehicle's years past those parts on sale fit it in, and allows what they leave", async () => {
    const car = await insertVehicle(db(), { make: 'Narrowmake', year_from: 2010, year_to: 2020 });
    const part = await insertPart(db());
    await insertFitment(db(), { part_id: part.id, vehicle: car, year_from: 2012, year_to: 2018 });
    const archived = await insertPart(db(), { archived_at: '2026-01-01T00:00:00.000Z' });
    await insertFitment(db(), { part_id: archived.id, vehicle: car, year_from: 2010, year_to: 2020 });

    const early = await api.as(admin).patch(`/api/vehicles/${car.id}`, { yearFrom: 2013 });
    expect(early.status).toBe(409);
    expect(early.json.errors).toEqual({ yearFrom: v.yearsExcludeFitments(1) });
    const late = await api.as(admin).patch(`/api/vehicles/${car.id}`, { yearFrom: 2011, yearTo: 2017 });
    expect(late.status).toBe(409);
    expect(late.json.errors).toEqual({ yearTo: v.yearsExcludeFitments(1) });
    const stored = (await api.anonymous.get('/api/vehicles?make=Narrowmake')).json.items[0];
    expect(stored).toMatchObject({ yearFrom: 2010, yearTo: 2020 });

    const fine = await api.as(admin).patch(`/api/vehicles/${car.id}`, { yearFrom: 2012, yearTo: 2018 });
    expect(fine.status, fine.body).toBe(200);
  });

  it('deletes a vehicle no part on sale fits, and refuses one that parts fit', async () => {
    const car = await insertVehicle(db(), { make: 'Deletemake' });
    const [first, second] = [await insertPart(db()), await insertPart(db())];
    await insertFitment(db(), { part_id: first.id, vehicle: car });
    await insertFitment(db(), { part_id: second.id, vehicle: car });
    const refused = await api.as(admin).delete(`/api/vehicles/${car.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json.detail).toBe(v.hasParts(2));
    expect((await api.anonymous.get('/api/vehicles?make=Deletemake')).json.items).toHaveLength(1);

    // A part no longer sold does not keep it.
    const gone = await insertVehicle(db(), { make: 'Deletemake', model: 'Gone' });
    const archived = await insertPart(db(), { archived_at: '2026-01-01T00:00:00.000Z' });
    await insertFitment(db(), { part_id: archived.id, vehicle: gone });
    expect((await api.as(admin).delete(`/api/vehicles/${gone.id}`)).status).toBe(204);
    const missing = await api.as(admin).delete(`/api/vehicles/${gone.id}`);
    expect(missing.status).toBe(404);
    expect(missing.json.detail).toBe(v.notFound);
  });
});

describeOnEachEngine(
  'vehicles API behind the response cache',
  (ctx) => {
    it('serves the makes and vehicles from the cache, and shows a vehicle write at once', async () => {
      const admin = await signedInAdmin(ctx);
      const api = testApi(ctx);
      await insertVehicle(ctx.database.db, { make: 'Cachemake', model: 'First' });
      expect((await api.anonymous.get('/api/vehicles?make=Cachemake')).json.items).toHaveLength(1);
      const makes = (await api.anonymous.get('/api/vehicles/makes')).json.items;
      // Written behind the cache: not shown until something invalidates it.
      await insertVehicle(ctx.database.db, { make: 'Cachemake', model: 'Behind' });
      expect((await api.anonymous.get('/api/vehicles?make=Cachemake')).json.items).toHaveLength(1);

      const added = await api.as(admin).post('/api/vehicles', {
        make: 'Newcachemake',
        model: 'X',
        engine: '1.0',
        yearFrom: 2020,
        yearTo: 2022,
      });
      expect(added.status).toBe(201);
      expect((await api.anonymous.get('/api/vehicles?make=Cachemake')).json.items).toHaveLength(2);
      expect((await api.anonymous.get('/api/vehicles/makes')).json.items).toEqual([...makes, 'Newcachemake'].sort());

      expect((await api.as(admin).patch(`/api/vehicles/${added.json.id}`, { model: 'Y' })).status).toBe(200);
      expect((await api.anonymous.get('/api/vehicles?make=Newcachemake')).json.items[0].model).toBe('Y');
      expect((await api.as(admin).delete(`/api/vehicles/${added.json.id}`)).status).toBe(204);
      expect((await api.anonymous.get('/api/vehicles/makes')).json.items).not.toContain('Newcachemake');
    });
  },
  { responseCacheTtlMs: 60_000 },
);
