import { SqliteAdapter } from 'kysely';
import type { Db } from '../../db/database';
import type { GarageVehicleRow, PartFitmentRow, VehicleRow } from '../../db/schema';

/** Every make with at least one vehicle, by name. */
export async function listMakes(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('vehicles').select('make').distinct().orderBy('make').execute();
  return rows.map((row) => row.make);
}

/** The vehicles of a make (and model), matched in any case; all of them without a make. */
export async function listVehicles(
  db: Db,
  filter: { make?: string | undefined; model?: string | undefined },
): Promise<VehicleRow[]> {
  let query = db.selectFrom('vehicles').selectAll();
  if (filter.make) query = query.where((eb) => eb(eb.fn('lower', ['make']), '=', filter.make!.toLowerCase()));
  if (filter.model) query = query.where((eb) => eb(eb.fn('lower', ['model']), '=', filter.model!.toLowerCase()));
  return query.orderBy('make').orderBy('model').orderBy('engine').orderBy('year_from').orderBy('id').execute();
}

/**
 * The vehicles of these makes (spelled as the shop stores them) built in `year`, or of any year
 * without one, in the picker's order (as listVehicles).
 */
export async function vehiclesOfMakesInYear(db: Db, makes: readonly string[], year: number | null): Promise<VehicleRow[]> {
  if (makes.length === 0) return [];
  let query = db
    .selectFrom('vehicles')
    .selectAll()
    .where('make', 'in', [...makes]);
  if (year !== null) query = query.where('year_from', '<=', year).where('year_to', '>=', year);
  return query.orderBy('make').orderBy('model').orderBy('engine').orderBy('year_from').orderBy('id').execute();
}

export async function findVehicle(db: Db, id: string): Promise<VehicleRow | undefined> {
  return db.selectFrom('vehicles').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The vehicles of these ids, by id (one query for a part's whole list). */
export async function vehiclesByIds(db: Db, ids: readonly string[]): Promise<Map<string, VehicleRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('vehicles').selectAll().where('id', 'in', unique).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

export async function insertVehicle(db: Db, row: VehicleRow): Promise<void> {
  await db.insertInto('vehicles').values(row).execute();
}

export async function updateVehicle(
  db: Db,
  id: string,
  changes: Partial<Pick<VehicleRow, 'make' | 'model' | 'engine' | 'year_from' | 'year_to' | 'updated_at'>>,
): Promise<VehicleRow | undefined> {
  const result = await db.updateTable('vehicles').set(changes).where('id', '=', id).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return findVehicle(db, id);
}

export async function deleteVehicle(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('vehicles').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** How many parts on sale list this vehicle among those they fit. */
export async function countLivePartsFitting(db: Db, vehicleId: string): Promise<number> {
  const row = await db
    .selectFrom('part_fitments')
    .innerJoin('parts', 'parts.id', 'part_fitments.part_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('part_fitments.vehicle_id', '=', vehicleId)
    .where('parts.archived_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Forgets which vehicles archived parts fitted, for this vehicle: they are no longer sold and their
 * lists can no longer be edited, so they must not keep the vehicle from being deleted.
 */
export async function deleteArchivedFitments(db: Db, vehicleId: string): Promise<void> {
  await db
    .deleteFrom('part_fitments')
    .where('vehicle_id', '=', vehicleId)
    .where('part_id', 'in', (eb) => eb.selectFrom('parts').select('id').where('archived_at', 'is not', null))
    .execute();
}

/** How many parts on sale fit this vehicle in a year before `year` (`before`) or after it (`after`). */
export async function countLiveFitmentsBeyond(
  db: Db,
  vehicleId: string,
  side: 'before' | 'after',
  year: number,
): Promise<number> {
  const row = await db
    .selectFrom('part_fitments')
    .innerJoin('parts', 'parts.id', 'part_fitments.part_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('part_fitments.vehicle_id', '=', vehicleId)
    .where('parts.archived_at', 'is', null)
    .where(side === 'before' ? 'part_fitments.year_from' : 'part_fitments.year_to', side === 'before' ? '<' : '>', year)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * How the shop already spells a make ("Ford" for "FORD") on its vehicles other than `exceptId`, so
 * the makes list holds each make once.
 */
export async function storedMakeSpelling(db: Db, make: string, exceptId?: string): Promise<string | undefined> {
  let query = db
    .selectFrom('vehicles')
    .select('make')
    .where((eb) => eb(eb.fn('lower', ['make']), '=', make.toLowerCase()));
  if (exceptId) query = query.where('id', '!=', exceptId);
  const row = await query.orderBy('created_at').orderBy('id').executeTakeFirst();
  return row?.make;
}

/** Another vehicle of the same make, model and engine (in any case) and first year. */
export async function findSameVehicle(
  db: Db,
  identity: Pick<VehicleRow, 'make' | 'model' | 'engine' | 'year_from'>,
  exceptId?: string,
): Promise<VehicleRow | undefined> {
  let query = db
    .selectFrom('vehicles')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['make']), '=', identity.make.toLowerCase()))
    .where((eb) => eb(eb.fn('lower', ['model']), '=', identity.model.toLowerCase()))
    .where((eb) => eb(eb.fn('lower', ['engine']), '=', identity.engine.toLowerCase()))
    .where('year_from', '=', identity.year_from);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

/** A part's fitments joined to their vehicles, in the admin's order. */
export async function fitmentsOfPart(
  db: Db,
  partId: string,
): Promise<(PartFitmentRow & { make: string; model: string; engine: string })[]> {
  return db
    .selectFrom('part_fitments')
    .innerJoin('vehicles', 'vehicles.id', 'part_fitments.vehicle_id')
    .selectAll('part_fitments')
    .select(['vehicles.make', 'vehicles.model', 'vehicles.engine'])
    .where('part_fitments.part_id', '=', partId)
    .orderBy('part_fitments.position')
    .execute();
}

/** Replaces a part's whole list of fitments (inside the part's transaction). */
export async function replaceFitments(db: Db, partId: string, rows: readonly PartFitmentRow[]): Promise<void> {
  await db.deleteFrom('part_fitments').where('part_id', '=', partId).execute();
  if (rows.length > 0)
    await db
      .insertInto('part_fitments')
      .values([...rows])
      .execute();
}

/** A customer's garage, newest first, each with its vehicle. */
export async function listGarage(db: Db, userId: string): Promise<(GarageVehicleRow & { vehicle: VehicleRow })[]> {
  const rows = await db
    .selectFrom('garage_vehicles')
    .innerJoin('vehicles', 'vehicles.id', 'garage_vehicles.vehicle_id')
    .selectAll('garage_vehicles')
    .select([
      'vehicles.make',
      'vehicles.model',
      'vehicles.engine',
      'vehicles.year_from',
      'vehicles.year_to',
      'vehicles.created_at as vehicle_created_at',
      'vehicles.updated_at as vehicle_updated_at',
    ])
    .where('garage_vehicles.user_id', '=', userId)
    .orderBy('garage_vehicles.created_at', 'desc')
    .orderBy('garage_vehicles.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    user_id: row.user_id,
    vehicle_id: row.vehicle_id,
    year: row.year,
    nickname: row.nickname,
    created_at: row.created_at,
    vehicle: {
      id: row.vehicle_id,
      make: row.make,
      model: row.model,
      engine: row.engine,
      year_from: row.year_from,
      year_to: row.year_to,
      created_at: row.vehicle_created_at,
      updated_at: row.vehicle_updated_at,
    },
  }));
}

export async function countGarage(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('garage_vehicles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertGarageVehicle(db: Db, row: GarageVehicleRow): Promise<void> {
  await db.insertInto('garage_vehicles').values(row).execute();
}

/** Removes one of this customer's saved vehicles; false when they have none of that id. */
export async function deleteGarageVehicle(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('garage_vehicles').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Holds another add to the same garage back until this transaction ends, so counting and adding are
 * one step: a row lock on the user on PostgreSQL; SQLite's one writer already runs them one at a time.
 */
export async function lockGarageOwner(trx: Db, userId: string): Promise<void> {
  if (trx.getExecutor().adapter instanceof SqliteAdapter) return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}
