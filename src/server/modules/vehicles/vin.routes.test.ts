import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { vinCheckDigit } from '#shared/vin';
import { testApi } from '../../testing/api';
import { insertVehicle } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';
import type { VehiclesTable } from '../../db/schema';

const t = copy.vin;

/** The VIN with its 9th character made right. */
const withCheckDigit = (vin: string) => `${vin.slice(0, 8)}${vinCheckDigit(vin)}${vin.slice(9)}`;

// A 2016 Ford made in the United States (a letter at 7: the 2010–2039 cycle), and a 2016 Opel.
const FORD_2016 = withCheckDigit('1FAHP3K20GL000001');
const OPEL_2016 = 'W0LPD6EE1GG000001';

const asVehicle = (row: VehiclesTable) => ({
  id: row.id,
  make: row.make,
  model: row.model,
  engine: row.engine,
  yearFrom: row.year_from,
  yearTo: row.year_to,
});

describeOnEachEngine('finding the vehicle by VIN', (ctx) => {
  const api = testApi(ctx);
  const db = () => ctx.database.db;
  let focus: VehiclesTable;
  let fiesta: VehiclesTable;
  let astraOpel: VehiclesTable;
  let astraVauxhall: VehiclesTable;

  beforeAll(async () => {
    fiesta = await insertVehicle(db(), { make: 'Ford', model: 'Fiesta', engine: '1.0 EcoBoost', year_from: 2017, year_to: 2023 });
    focus = await insertVehicle(db(), { make: 'Ford', model: 'Focus III', engine: '1.6 Ti-VCT', year_from: 2011, year_to: 2018 });
    // Built up to 2015 and from 2017: not a 2016 Ford.
    await insertVehicle(db(), { make: 'Ford', model: 'Focus II', engine: '1.6', year_from: 2004, year_to: 2015 });
    astraOpel = await insertVehicle(db(), {
      make: 'Opel',
      model: 'Astra K',
      engine: '1.4 Turbo',
      year_from: 2015,
      year_to: 2021,
    });
    astraVauxhall = await insertVehicle(db(), {
      make: 'Vauxhall',
      model: 'Astra K',
      engine: '1.4 Turbo',
      year_from: 2016,
      year_to: 2016,
    });
    // A spelling of the shop's own: found whatever its case and accents.
    await insertVehicle(db(), { make: 'CITROEN', model: 'C4', engine: '1.2', year_from: 2010, year_to: 2020 });
  });

  it('answers the make, the model year and the make\u2019s vehicles built that year, in the picker\u2019s order', async () => {
    const res = await api.anonymous.get(`/api/vehicles/vin/${FORD_2016}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ vin: FORD_2016, make: 'Ford', year: 2016, vehicles: [asVehicle(focus)] });
    expect(res.json.vehicles).not.toContainEqual(asVehicle(fiesta));
  });

  it('reads a VIN typed with spaces, hyphens and in lower case', async () => {
    const typed = `${FORD_2016.slice(0, 3).toLowerCase()}-${FORD_2016.slice(3, 9)} ${FORD_2016.slice(9)}`;
    const res = await api.anonymous.get(`/api/vehicles/vin/${encodeURIComponent(typed)}`);
    expect(res.status).toBe(200);
    expect(res.json.vin).toBe(FORD_2016);
  });

  it('offers the makes the same vehicles are sold as, and matches the shop\u2019s spelling of a make', async () => {
    const opel = await api.anonymous.get(`/api/vehicles/vin/${OPEL_2016}`);
    expect(opel.json).toEqual({
      vin: OPEL_2016,
      make: 'Opel',
      year: 2016,
      vehicles: [asVehicle(astraOpel), asVehicle(astraVauxhall)],
    });
    const citroen = await api.anonymous.get('/api/vehicles/vin/VF7AAAAA0G0000001');
    expect(citroen.json).toMatchObject({ make: 'Citroën', year: 2016, vehicles: [{ make: 'CITROEN', model: 'C4' }] });
  });

  it('answers a valid VIN of a maker the shop does not know with no make and no vehicles', async () => {
    const res = await api.anonymous.get('/api/vehicles/vin/1M8GDM9AXKP042788');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ vin: '1M8GDM9AXKP042788', make: null, year: 1989, vehicles: [] });
  });

  it('offers every vehicle of the make when the VIN names no year', async () => {
    const res = await api.anonymous.get('/api/vehicles/vin/WF0AXXGCD00000001');
    expect(res.status).toBe(200);
    expect(res.json.make).toBe('Ford');
    expect(res.json.year).toBeNull();
    expect(res.json.vehicles.map((vehicle: { model: string }) => vehicle.model)).toEqual(['Fiesta', 'Focus II', 'Focus III']);
  });

  it.each([
    ['too short', '1FAHP3K2', t.length(8)],
    ['too long', `${FORD_2016}1`, t.length(18)],
    ['with I, O or Q', FORD_2016.replace('000001', '0O0001'), t.forbiddenLetters],
    ['with other characters', FORD_2016.replace('000001', '00000.'), t.characters],
    [
      'with a wrong check digit',
      `${FORD_2016.slice(0, 8)}${FORD_2016[8] === '0' ? '1' : '0'}${FORD_2016.slice(9)}`,
      t.checkDigit,
    ],
    ['with no model year at 10', withCheckDigit('1FAHP3K20UL000001'), t.yearCode],
  ])('refuses a VIN %s with 400 and the reason under `vin`', async (_why, vin, message) => {
    const res = await api.anonymous.get(`/api/vehicles/vin/${encodeURIComponent(vin)}`);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.json).toMatchObject({ code: 'validation_failed', detail: message, errors: { vin: message } });
  });
});
