import type { Kysely } from 'kysely';

/**
 * VCdb base-vehicle ids (docs/decisions/0043-base-vehicles-as-a-table.md): the aftermarket's number for
 * one model year of a make and model, which ACES fitment files name vehicles by.
 *
 * - vehicle_base_ids: which base vehicle each year of a shop vehicle is. A shop vehicle spans years
 *   and a base vehicle is one year, so a vehicle has one id a year; a base vehicle carries no engine,
 *   so the Golf VII's 1.4 TSI and 2.0 TDI of 2015 share one. Loading a VCdb extract writes it; a
 *   vehicle's rows go with the vehicle.
 */
// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('vehicle_base_ids')
    .addColumn('base_vehicle_id', 'integer', (c) => c.notNull())
    .addColumn('vehicle_id', 'text', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('vehicle_base_ids_pk', ['base_vehicle_id', 'vehicle_id'])
    // One base vehicle for each year of a shop vehicle.
    .addUniqueConstraint('vehicle_base_ids_vehicle_year_unique', ['vehicle_id', 'year'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('vehicle_base_ids').execute();
}
