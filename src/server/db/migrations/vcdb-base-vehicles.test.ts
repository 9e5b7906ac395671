import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { insertVehicle } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';
import { down, up } from './0041-vcdb-base-vehicles';

describeOnEachEngine('migration 0041: VCdb base vehicles', (ctx) => {
  it('gives a vehicle one base vehicle a year, shares one among engines, drops them with the vehicle; down() drops it', async () => {
    const { db } = ctx.database;
    const petrol = await insertVehicle(db, { model: 'Golf VII', engine: '1.4 TSI' });
    const diesel = await insertVehicle(db, { model: 'Golf VII', engine: '2.0 TDI' });
    await db
      .insertInto('vehicle_base_ids')
      .values([
        { base_vehicle_id: 130015, vehicle_id: petrol.id, year: 2015 },
        { base_vehicle_id: 130015, vehicle_id: diesel.id, year: 2015 },
        { base_vehicle_id: 130016, vehicle_id: petrol.id, year: 2016 },
      ])
      .execute();
    const duplicate = /UNIQUE constraint failed|duplicate key value/;
    // A second id for the petrol's 2015, and the same id twice for one vehicle.
    await expect(
      db.insertInto('vehicle_base_ids').values({ base_vehicle_id: 130099, vehicle_id: petrol.id, year: 2015 }).execute(),
    ).rejects.toThrow(duplicate);
    await expect(
      db.insertInto('vehicle_base_ids').values({ base_vehicle_id: 130016, vehicle_id: petrol.id, year: 2017 }).execute(),
    ).rejects.toThrow(duplicate);

    await db.deleteFrom('vehicles').where('id', '=', petrol.id).execute();
    const left = await db.selectFrom('vehicle_base_ids').select(['base_vehicle_id', 'vehicle_id']).execute();
    expect(left.map((row) => [Number(row.base_vehicle_id), row.vehicle_id])).toEqual([[130015, diesel.id]]);

    const raw = db as unknown as Kysely<never>;
    await down(raw);
    await expect(db.selectFrom('vehicle_base_ids').select('year').execute()).rejects.toThrow();
    await up(raw);
    expect(await db.selectFrom('vehicle_base_ids').select('year').execute()).toEqual([]);
  });
});
