import * as copy from '#shared/copy';
import {
  type Fit,
  type FitmentInput,
  MAX_GARAGE_VEHICLES,
  type Garage,
  type GarageVehicleInput,
  type Vehicle,
  type VehicleInput,
  type VehicleList,
  type VehicleListQuery,
  type VehicleMakes,
  type VehicleUpdate,
} from '#shared/schemas/vehicles';
import { AppError } from '../../app-error';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import type { VehicleRow } from '../../db/schema';
import type { EventBus } from '../../events';
import { newId } from '../../ids';
import type { SessionUser } from '../../session-user';
import type { VinLookup } from '#shared/schemas/vin';
import {
  countGarage,
  countLiveFitmentsBeyond,
  countLivePartsFitting,
  deleteArchivedFitments,
  deleteGarageVehicle,
  deleteVehicle,
  findSameVehicle,
  findVehicle,
  fitmentsOfPart,
  insertGarageVehicle,
  insertVehicle,
  listGarage,
  listMakes,
  listVehicles,
  lockGarageOwner,
  replaceFitments,
  storedMakeSpelling,
  updateVehicle,
  vehiclesByIds,
  vehiclesOfMakesInYear,
} from './vehicles.repository';
import { offlineVinDecoder, type VinDecoder } from './vin-decoder';

const v = copy.vehicles;
const notFound = () => new AppError('not_found', v.notFound);
const taken = () => new AppError('conflict', v.taken, { model: v.taken });

export function toVehicle(row: VehicleRow): Vehicle {
  return { id: row.id, make: row.make, model: row.model, engine: row.engine, yearFrom: row.year_from, yearTo: row.year_to };
}

export interface VehiclesServiceDeps {
  clock: Clock;
  /** Vehicles show in the public catalogue (the picker, a part's page): a change is a `catalogueChanged`. */
  events: EventBus;
  /** Reads VINs: the shop's offline table unless a full decoding service is given here. */
  vinDecoder?: VinDecoder | undefined;
}

/** A make as compared with the shop's spelling: no case, accents, spaces or hyphens ("Citroen", "mercedes benz"). */
function makeKey(make: string): string {
  return make
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

export function createVehiclesService(db: Db, { clock, events, vinDecoder = offlineVinDecoder(clock) }: VehiclesServiceDeps) {
  async function garageOf(userId: string): Promise<Garage> {
    const rows = await listGarage(db, userId);
    return {
      items: rows.map((row) => ({
        id: row.id,
        vehicleId: row.vehicle_id,
        nickname: row.nickname,
        year: row.year,
        vehicle: toVehicle(row.vehicle),
      })),
    };
  }

  return {
    async makes(): Promise<VehicleMakes> {
      return { items: await listMakes(db) };
    },

    async list(query: VehicleListQuery): Promise<VehicleList> {
      return { items: (await listVehicles(db, query)).map(toVehicle) };
    },

    /**
     * The vehicle a VIN names: its make and model year, and the shop's vehicles of that make (or the
     * makes the same vehicles are sold as) built that year, for the customer to pick the model from.
     * A VIN of a maker the shop does not know is valid: no make and no vehicles.
     */
    async findByVin(input: string): Promise<VinLookup> {
      const decoded = await vinDecoder.decode(input);
      if (!decoded.ok) throw new AppError('validation_failed', decoded.message, { vin: decoded.message });
      const wanted = new Set(decoded.makes.map(makeKey));
      const stored = wanted.size > 0 ? (await listMakes(db)).filter((make) => wanted.has(makeKey(make))) : [];
      const rows = await vehiclesOfMakesInYear(db, stored, decoded.year);
      return { vin: decoded.vin, make: decoded.make, year: decoded.year, vehicles: rows.map(toVehicle) };
    },

    async create(input: VehicleInput): Promise<Vehicle> {
      const make = (await storedMakeSpelling(db, input.make)) ?? input.make;
      const identity = { make, model: input.model, engine: input.engine, year_from: input.yearFrom };
      if (await findSameVehicle(db, identity)) throw taken();
      const now = clock.now().toISOString();
      const row: VehicleRow = { id: newId(), ...identity, year_to: input.yearTo, created_at: now, updated_at: now };
      try {
        await insertVehicle(db, row);
      } catch (error) {
        // Another admin added the same vehicle between the check and the insert.
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
      events.committed('catalogueChanged', { vehicleId: row.id });
      return toVehicle(row);
    },

    /**
     * Changes a vehicle. Its years are checked as they will be (a changed first year against the stored
     * last one), and may not shut out years that parts on sale are listed as fitting.
     */
    async update(id: string, input: VehicleUpdate): Promise<Vehicle> {
      const saved = await events.transaction(db, async ({ trx, announce }) => {
        const current = await findVehicle(trx, id);
        if (!current) throw notFound();
        const next = {
          // Its own spelling does not count, so the only vehicle of "FORD" can be corrected to "Ford".
          make: input.make === undefined ? current.make : ((await storedMakeSpelling(trx, input.make, id)) ?? input.make),
          model: input.model ?? current.model,
          engine: input.engine ?? current.engine,
          year_from: input.yearFrom ?? current.year_from,
          year_to: input.yearTo ?? current.year_to,
        };
        if (next.year_to < next.year_from) {
          const field = input.yearTo !== undefined ? 'yearTo' : 'yearFrom';
          throw new AppError('validation_failed', v.yearsBackwards, { [field]: v.yearsBackwards });
        }
        const errors: Record<string, string> = {};
        if (next.year_from > current.year_from) {
          const n = await countLiveFitmentsBeyond(trx, id, 'before', next.year_from);
          if (n > 0) errors.yearFrom = v.yearsExcludeFitments(n);
        }
        if (next.year_to < current.year_to) {
          const n = await countLiveFitmentsBeyond(trx, id, 'after', next.year_to);
          if (n > 0) errors.yearTo = v.yearsExcludeFitments(n);
        }
        const first = Object.values(errors)[0];
        if (first) throw new AppError('conflict', first, errors);
        if (await findSameVehicle(trx, next, id)) throw taken();
        let row: VehicleRow | undefined;
        try {
          row = await updateVehicle(trx, id, { ...next, updated_at: clock.now().toISOString() });
        } catch (error) {
          if (isUniqueViolation(error)) throw taken();
          throw error;
        }
        if (!row) throw notFound();
        await announce('catalogueChanged', { vehicleId: id });
        return row;
      });
      return toVehicle(saved);
    },

    /** Deletes a vehicle no part on sale fits (garages holding it lose it with it). */
    async remove(id: string): Promise<void> {
      await events.transaction(db, async ({ trx, announce }) => {
        if (!(await findVehicle(trx, id))) throw notFound();
        const fitting = await countLivePartsFitting(trx, id);
        if (fitting > 0) throw new AppError('conflict', v.hasParts(fitting));
        await deleteArchivedFitments(trx, id);
        try {
          if (!(await deleteVehicle(trx, id))) throw notFound();
        } catch (error) {
          // A part was listed as fitting it between the count and the delete.
          if (isForeignKeyViolation(error)) throw new AppError('conflict', v.hasParts(1));
          throw error;
        }
        await announce('catalogueChanged', { vehicleId: id });
      });
    },

    async garage(user: SessionUser): Promise<Garage> {
      return garageOf(user.id);
    },

    /** Saves a vehicle to the customer's garage in a year it was built; at most MAX_GARAGE_VEHICLES. */
    async addToGarage(user: SessionUser, input: GarageVehicleInput): Promise<Garage> {
      await db.transaction().execute(async (trx) => {
        const vehicle = await findVehicle(trx, input.vehicleId);
        if (!vehicle) {
          throw new AppError('validation_failed', v.fitmentVehicleUnknown, { vehicleId: v.fitmentVehicleUnknown });
        }
        if (input.year < vehicle.year_from || input.year > vehicle.year_to) {
          const message = copy.garage.yearNotBuilt(vehicle.year_from, vehicle.year_to);
          throw new AppError('validation_failed', message, { year: message });
        }
        await lockGarageOwner(trx, user.id);
        if ((await countGarage(trx, user.id)) >= MAX_GARAGE_VEHICLES) {
          throw new AppError('conflict', copy.garage.full(MAX_GARAGE_VEHICLES));
        }
        await insertGarageVehicle(trx, {
          id: newId(),
          user_id: user.id,
          vehicle_id: vehicle.id,
          year: input.year,
          nickname: input.nickname,
          created_at: clock.now().toISOString(),
        });
      });
      return garageOf(user.id);
    },

    async removeFromGarage(user: SessionUser, id: string): Promise<Garage> {
      if (!(await deleteGarageVehicle(db, user.id, id))) throw new AppError('not_found', copy.garage.notFound);
      return garageOf(user.id);
    },
  };
}

export type VehiclesService = ReturnType<typeof createVehiclesService>;

/**
 * A part's fitments, for the parts module: checked and written inside the part's own transaction, and
 * read for its page. Part fitments belong to this module with the vehicles they point at.
 */
export const partFitments = {
  /**
   * Refuses a list naming a vehicle that does not exist, or years the vehicle was not built in, with
   * the message under the row's field (`fitments.2.vehicleId`).
   */
  async check(db: Db, rows: readonly FitmentInput[]): Promise<void> {
    const vehicles = await vehiclesByIds(
      db,
      rows.map((row) => row.vehicleId),
    );
    const errors: Record<string, string> = {};
    rows.forEach((row, index) => {
      const vehicle = vehicles.get(row.vehicleId);
      if (!vehicle) {
        errors[`fitments.${index}.vehicleId`] = v.fitmentVehicleUnknown;
      } else if (row.yearFrom < vehicle.year_from || row.yearTo > vehicle.year_to) {
        errors[`fitments.${index}.yearFrom`] = v.fitmentYearsOutside(vehicle.year_from, vehicle.year_to);
      }
    });
    const first = Object.values(errors)[0];
    if (first) throw new AppError('validation_failed', first, errors);
  },

  /** Replaces the part's list with these rows, in this order. */
  async replace(db: Db, partId: string, rows: readonly FitmentInput[]): Promise<void> {
    await replaceFitments(
      db,
      partId,
      rows.map((row, position) => ({
        part_id: partId,
        vehicle_id: row.vehicleId,
        position,
        year_from: row.yearFrom,
        year_to: row.yearTo,
        note: row.note,
      })),
    );
  },

  /** The vehicles a part fits, in the admin's order. */
  async fitsOf(db: Db, partId: string): Promise<Fit[]> {
    const rows = await fitmentsOfPart(db, partId);
    return rows.map((row) => ({
      vehicle: { id: row.vehicle_id, make: row.make, model: row.model, engine: row.engine },
      yearFrom: row.year_from,
      yearTo: row.year_to,
      note: row.note,
    }));
  },
};
