import { sql } from 'kysely';
import { type Db, isPostgres } from '../../db/database';
import type { PartFitmentRow, VehicleBaseIdRow, VehicleRow } from '../../db/schema';

/** Lists longer than this go to the database in slices, under both engines' limits on parameters. */
const SLICE = 500;

function slices<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += SLICE) out.push(items.slice(start, start + SLICE));
  return out;
}

/** Every vehicle of the shop (a VCdb extract is matched against all of them). */
export async function allVehicles(db: Db): Promise<VehicleRow[]> {
  return db.selectFrom('vehicles').selectAll().orderBy('make').orderBy('model').orderBy('year_from').orderBy('id').execute();
}

/** Every base-vehicle id the shop's vehicles have. */
export async function allVehicleBaseIds(db: Db): Promise<VehicleBaseIdRow[]> {
  return db.selectFrom('vehicle_base_ids').selectAll().execute();
}

export async function deleteVehicleBaseIds(db: Db, rows: readonly VehicleBaseIdRow[]): Promise<void> {
  for (const row of rows) {
    await db
      .deleteFrom('vehicle_base_ids')
      .where('base_vehicle_id', '=', row.base_vehicle_id)
      .where('vehicle_id', '=', row.vehicle_id)
      .execute();
  }
}

export async function insertVehicleBaseIds(db: Db, rows: readonly VehicleBaseIdRow[]): Promise<void> {
  for (const slice of slices(rows)) await db.insertInto('vehicle_base_ids').values(slice).execute();
}

/** A shop vehicle a base vehicle is, in the base vehicle's year. */
export interface BaseVehicleMatch {
  baseVehicleId: number;
  year: number;
  vehicle: VehicleRow;
}

/**
 * The shop's vehicles of these base vehicles, each in a year it was built (an id whose year a changed
 * vehicle no longer spans matches nothing).
 */
export async function vehiclesOfBaseIds(db: Db, ids: readonly number[]): Promise<Map<number, BaseVehicleMatch[]>> {
  const found = new Map<number, BaseVehicleMatch[]>();
  for (const slice of slices([...new Set(ids)])) {
    const rows = await db
      .selectFrom('vehicle_base_ids')
      .innerJoin('vehicles', 'vehicles.id', 'vehicle_base_ids.vehicle_id')
      .selectAll('vehicles')
      .select(['vehicle_base_ids.base_vehicle_id', 'vehicle_base_ids.year'])
      .where('vehicle_base_ids.base_vehicle_id', 'in', slice)
      .whereRef('vehicle_base_ids.year', '>=', 'vehicles.year_from')
      .whereRef('vehicle_base_ids.year', '<=', 'vehicles.year_to')
      .orderBy('vehicles.make')
      .orderBy('vehicles.model')
      .orderBy('vehicles.engine')
      .orderBy('vehicles.id')
      .execute();
    for (const { base_vehicle_id, year, ...vehicle } of rows) {
      const id = Number(base_vehicle_id);
      found.set(id, [...(found.get(id) ?? []), { baseVehicleId: id, year: Number(year), vehicle }]);
    }
  }
  return found;
}

/** The fitments of these parts, by part. */
export async function fitmentsOfParts(db: Db, partIds: readonly string[]): Promise<Map<string, PartFitmentRow[]>> {
  const found = new Map<string, PartFitmentRow[]>();
  for (const slice of slices([...new Set(partIds)])) {
    const rows = await db.selectFrom('part_fitments').selectAll().where('part_id', 'in', slice).execute();
    for (const row of rows) found.set(row.part_id, [...(found.get(row.part_id) ?? []), row]);
  }
  return found;
}

export async function insertFitments(db: Db, rows: readonly PartFitmentRow[]): Promise<void> {
  for (const slice of slices(rows)) await db.insertInto('part_fitments').values(slice).execute();
}

export async function updateFitment(
  db: Db,
  row: Pick<PartFitmentRow, 'part_id' | 'vehicle_id' | 'year_from' | 'year_to' | 'note'>,
): Promise<void> {
  await db
    .updateTable('part_fitments')
    .set({ year_from: row.year_from, year_to: row.year_to, note: row.note })
    .where('part_id', '=', row.part_id)
    .where('vehicle_id', '=', row.vehicle_id)
    .execute();
}

/**
 * Adds these fitments and changes the years and notes of those already there (a part's row for the
 * vehicle), in slices of one statement each: a catalogue file's thousands of rows in a few round trips.
 */
export async function upsertFitments(db: Db, rows: readonly PartFitmentRow[]): Promise<void> {
  for (const slice of slices(rows)) {
    await db
      .insertInto('part_fitments')
      .values(slice)
      .onConflict((conflict) =>
        conflict.columns(['part_id', 'vehicle_id']).doUpdateSet((eb) => ({
          year_from: eb.ref('excluded.year_from'),
          year_to: eb.ref('excluded.year_to'),
          note: eb.ref('excluded.note'),
        })),
      )
      .execute();
  }
}

/** The parts (live or archived) with these SKUs, stored upper-case, by SKU. */
export async function partIdsBySku(db: Db, skus: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const slice of slices([...new Set(skus)])) {
    const rows = await db.selectFrom('parts').select(['id', 'sku']).where('sku', 'in', slice).execute();
    for (const row of rows) found.set(row.sku, row.id);
  }
  return found;
}

/** A fitment as the fitments file has it: the part's SKU and the vehicle's key. */
export interface ExportedFitment {
  sku: string;
  make: string;
  model: string;
  engine: string;
  vehicle_from: number;
  year_from: number;
  year_to: number;
  note: string;
}

/** Parts' SKUs compared byte by byte on both engines (PostgreSQL's default collation skips hyphens). */
const skuOrder = (db: Db) => (isPostgres(db) ? sql<string>`parts.sku collate "C"` : sql<string>`parts.sku`);

/**
 * The fitments of the next `limit` parts with fitments after the SKU `after` (every part's from the
 * start with undefined), ordered by SKU and then vehicle (make, model, engine, first year), compared
 * by UTF-16 code unit.
 */
export async function fitmentsAfterSku(db: Db, after: string | undefined, limit: number): Promise<ExportedFitment[]> {
  let parts = db
    .selectFrom('parts')
    .select(['parts.id', 'parts.sku'])
    .where((eb) => eb.exists(eb.selectFrom('part_fitments').select('part_id').whereRef('part_fitments.part_id', '=', 'parts.id')))
    .orderBy(skuOrder(db))
    .limit(limit);
  if (after !== undefined) parts = parts.where(skuOrder(db), '>', after);
  const batch = await parts.execute();
  if (batch.length === 0) return [];
  const skuOf = new Map(batch.map((part) => [part.id, part.sku]));
  const rows = await db
    .selectFrom('part_fitments')
    .innerJoin('vehicles', 'vehicles.id', 'part_fitments.vehicle_id')
    .select([
      'part_fitments.part_id',
      'vehicles.make',
      'vehicles.model',
      'vehicles.engine',
      'vehicles.year_from as vehicle_from',
      'part_fitments.year_from',
      'part_fitments.year_to',
      'part_fitments.note',
    ])
    .where('part_fitments.part_id', 'in', [...skuOf.keys()])
    .execute();
  const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  return rows
    .map(({ part_id, ...row }) => ({ sku: skuOf.get(part_id)!, ...row, vehicle_from: Number(row.vehicle_from) }))
    .sort(
      (a, b) =>
        compare(a.sku, b.sku) ||
        compare(a.make, b.make) ||
        compare(a.model, b.model) ||
        compare(a.engine, b.engine) ||
        a.vehicle_from - b.vehicle_from,
    );
}
