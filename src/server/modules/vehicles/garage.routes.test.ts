import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { MAX_GARAGE_VEHICLES, MAX_NICKNAME_LENGTH } from '#shared/schemas/vehicles';
import { signedInAdmin, signedInCustomer, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { insertVehicle } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';

const g = copy.garage;

describeOnEachEngine('garage API', (ctx) => {
  let admin: TestAccount;
  let focus: { id: string };
  let golf: { id: string };

  beforeAll(async () => {
    admin = await signedInAdmin(ctx);
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

  it('is for customers: 401 signed out, 403 for an admin', async () => {
    for (const [method, url] of [
      ['GET', '/api/me/vehicles'],
      ['POST', '/api/me/vehicles'],
      ['DELETE', '/api/me/vehicles/some-id'],
    ] as const) {
      const body = method === 'POST' ? { vehicleId: focus.id, year: 2015, nickname: 'Van 3' } : undefined;
      expect((await api.anonymous.request(method, url, body)).status).toBe(401);
      const asAdmin = await api.as(admin).request(method, url, body);
      expect(asAdmin.status).toBe(403);
      expect(asAdmin.json.detail).toBe(copy.auth.customersOnly);
    }
  });

  it('saves vehicles with a nickname, lists them newest first with their vehicle, and removes one', async () => {
    const customer = await signedInCustomer(ctx);
    expect((await api.as(customer).get('/api/me/vehicles')).json).toEqual({ items: [] });

    const first = await api.as(customer).post('/api/me/vehicles', { vehicleId: focus.id, year: 2015, nickname: '  Van 3  ' });
    expect(first.status, first.body).toBe(201);
    expect(first.json.items).toEqual([
      {
        id: expect.any(String),
        vehicleId: focus.id,
        year: 2015,
        nickname: 'Van 3',
        vehicle: { id: focus.id, make: 'Ford', model: 'Focus', engine: '1.6 Ti-VCT 92 kW', yearFrom: 2011, yearTo: 2018 },
      },
    ]);
    ctx.clock.advance(1000);
    const second = await api.as(customer).post('/api/me/vehicles', { vehicleId: golf.id, year: 2012 });
    expect(second.status).toBe(201);
    expect(second.json.items.map((item: { vehicleId: string; nickname: string }) => [item.vehicleId, item.nickname])).toEqual([
      [golf.id, ''],
      [focus.id, 'Van 3'],
    ]);
    expect((await api.as(customer).get('/api/me/vehicles')).json).toEqual(second.json);

    const removed = await api.as(customer).delete(`/api/me/vehicles/${second.json.items[0].id}`);
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual(first.json);
    const again = await api.as(customer).delete(`/api/me/vehicles/${second.json.items[0].id}`);
    expect(again.status).toBe(404);
    expect(again.json.detail).toBe(g.notFound);
  });

  it("answers 404 for someone else's saved vehicle and leaves it alone", async () => {
    const owner = await signedInCustomer(ctx);
    const other = await signedInCustomer(ctx);
    const saved = (await api.as(owner).post('/api/me/vehicles', { vehicleId: focus.id, year: 2016, nickname: 'Mine' })).json
      .items[0];
    expect((await api.as(other).get('/api/me/vehicles')).json.items).toEqual([]);
    const refused = await api.as(other).delete(`/api/me/vehicles/${saved.id}`);
    expect(refused.status).toBe(404);
    expect((await api.as(owner).get('/api/me/vehicles')).json.items).toEqual([saved]);
  });

  it('refuses an unknown vehicle, a year it was not built in, a long nickname and unknown fields, saving nothing', async () => {
    const customer = await signedInCustomer(ctx);
    const cases: [object, Record<string, string>][] = [
      [{ vehicleId: 'no-such-vehicle', year: 2015 }, { vehicleId: copy.vehicles.fitmentVehicleUnknown }],
      [{ vehicleId: focus.id, year: 2019 }, { year: g.yearNotBuilt(2011, 2018) }],
      [{ vehicleId: focus.id, year: 2010 }, { year: g.yearNotBuilt(2011, 2018) }],
      [
        { vehicleId: focus.id, year: 2015, nickname: 'x'.repeat(MAX_NICKNAME_LENGTH + 1) },
        { nickname: g.nicknameTooLong(MAX_NICKNAME_LENGTH) },
      ],
      [{ vehicleId: '', year: 2015 }, { vehicleId: copy.vehicles.fitmentVehicleRequired }],
      [{ vehicleId: focus.id, year: 'soon' }, { year: copy.vehicles.yearRequired }],
    ];
    for (const [body, errors] of cases) {
      const res = await api.as(customer).post('/api/me/vehicles', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.errors).toEqual(errors);
    }
    expect((await api.as(customer).post('/api/me/vehicles', { vehicleId: focus.id, year: 2015, colour: 'red' })).status).toBe(
      400,
    );
    expect((await api.as(customer).get('/api/me/vehicles')).json.items).toEqual([]);
  });

  it(`holds at most ${MAX_GARAGE_VEHICLES} vehicles`, async () => {
    const customer = await signedInCustomer(ctx);
    for (let i = 0; i < MAX_GARAGE_VEHICLES; i++) {
      expect(
        (await api.as(customer).post('/api/me/vehicles', { vehicleId: focus.id, year: 2011 + (i % 8), nickname: `Van ${i}` }))
          .status,
      ).toBe(201);
    }
    const full = await api.as(customer).post('/api/me/vehicles', { vehicleId: golf.id, year: 2014 });
    expect(full.status).toBe(409);
    expect(full.json.detail).toBe(g.full(MAX_GARAGE_VEHICLES));
    expect((await api.as(customer).get('/api/me/vehicles')).json.items).toHaveLength(MAX_GARAGE_VEHICLES);
  });

  it('counts adds sent at the same time one after the other, so a garage never holds more than the limit', async () => {
    const customer = await signedInCustomer(ctx);
    for (let i = 0; i < MAX_GARAGE_VEHICLES - 2; i++) {
      await ctx.database.db
        .insertInto('garage_vehicles')
        .values({
          id: `${customer.id}-${i}`,
          user_id: customer.id,
          vehicle_id: focus.id,
          year: 2015,
          nickname: '',
          created_at: '2026-01-01T00:00:00.000Z',
        })
        .execute();
    }
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => api.as(customer).post('/api/me/vehicles', { vehicleId: golf.id, year: 2013 + i })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect((await api.as(customer).get('/api/me/vehicles')).json.items).toHaveLength(MAX_GARAGE_VEHICLES);
  });

  it('loses a saved vehicle when the admin deletes the vehicle', async () => {
    const customer = await signedInCustomer(ctx);
    const gone = await insertVehicle(ctx.database.db, { make: 'Garagemake' });
    await api.as(customer).post('/api/me/vehicles', { vehicleId: gone.id, year: 2015 });
    expect((await api.as(admin).delete(`/api/vehicles/${gone.id}`)).status).toBe(204);
    expect((await api.as(customer).get('/api/me/vehicles')).json.items).toEqual([]);
  });
});
