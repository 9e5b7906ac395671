import * as copy from '#shared/copy';
import type { AcesImportReport, ImportLineError, VcdbLoad } from '#shared/schemas/catalogue-import';
import { MAX_FITMENTS_PER_PART, MAX_FITMENT_NOTE_LENGTH } from '#shared/schemas/vehicles';
import { AppError } from '../../app-error';
import { refusedImport } from '../../csv-stream';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import type { PartFitmentRow, VehicleBaseIdRow } from '../../db/schema';
import type { EventBus } from '../../events';
import { acesText, readAcesApps } from './aces-import';
import {
  allVehicleBaseIds,
  allVehicles,
  deleteVehicleBaseIds,
  fitmentsOfParts,
  insertFitments,
  insertVehicleBaseIds,
  updateFitment,
  vehiclesOfBaseIds,
} from './catalogue-import.repository';
import { looseName, readVcdbExtract } from './vcdb';

const c = copy.catalogueImport;

/** The live parts with these part numbers, by the number asked for (the parts module's lookup). */
export type LivePartsByNumber = (db: Db, numbers: readonly string[]) => Promise<Map<string, { id: string; sku: string }>>;

export interface CatalogueImportDeps {
  events: EventBus;
  livePartsByNumber: LivePartsByNumber;
}

const vehicleName = (vehicle: { make: string; model: string; engine: string }) =>
  `${vehicle.make} ${vehicle.model} ${vehicle.engine}`;

/** What one part's fitment of one vehicle becomes: the years and notes of its Apps. */
interface Planned {
  partId: string;
  sku: string;
  vehicleId: string;
  vehicleName: string;
  /** Each year an App fits, with the first App's line. */
  years: Map<number, number>;
  notes: string[];
  firstLine: number;
}

/**
 * Catalogue files in the trade's formats (docs/shop-rules.md, "Fitment files in ACES"): a VCdb
 * extract gives the shop's vehicles their base-vehicle ids, and an ACES file's Apps are written as
 * the parts' fitments of those vehicles.
 */
export function createCatalogueImportService(db: Db, { events, livePartsByNumber }: CatalogueImportDeps) {
  return {
    /**
     * Gives each year of the shop's vehicles the base-vehicle id of its row: the vehicles of the row's
     * make and model (case and spacing ignored) built in its year. A vehicle's year that had another id
     * takes the new one; rows that match no vehicle are answered, not created.
     */
    async loadVcdb(text: string): Promise<VcdbLoad> {
      const { rows, refused } = readVcdbExtract(text);
      return events.transaction(db, async ({ trx, announce }) => {
        const vehicles = await allVehicles(trx);
        const byName = new Map<string, typeof vehicles>();
        for (const vehicle of vehicles) {
          const key = `${looseName(vehicle.make)}|${looseName(vehicle.model)}`;
          byName.set(key, [...(byName.get(key) ?? []), vehicle]);
        }
        const existing = await allVehicleBaseIds(trx);
        const wanted: VehicleBaseIdRow[] = [];
        /** Which line gave a vehicle's year its id, so a second row for it is answered. */
        const yearTaken = new Map<string, number>();
        let matched = 0;
        for (const row of rows) {
          const fits = (byName.get(`${looseName(row.make)}|${looseName(row.model)}`) ?? []).filter(
            (vehicle) => row.year >= vehicle.year_from && row.year <= vehicle.year_to,
          );
          if (fits.length === 0) {
            refused.push({ line: row.line, message: c.vcdbNoVehicle(row.year, row.make, row.model) });
            continue;
          }
          const taken = fits
            .map((vehicle) => [vehicle, yearTaken.get(`${vehicle.id}|${row.year}`)] as const)
            .find(([, line]) => line);
          if (taken) {
            const [vehicle, line] = taken;
            refused.push({ line: row.line, message: c.vcdbSameYear(`${vehicle.make} ${vehicle.model}`, row.year, line!) });
            continue;
          }
          matched += 1;
          for (const vehicle of fits) {
            yearTaken.set(`${vehicle.id}|${row.year}`, row.line);
            wanted.push({ base_vehicle_id: row.baseVehicleId, vehicle_id: vehicle.id, year: row.year });
          }
        }
        // A loaded id replaces what it named before, and a vehicle's year takes the id loaded for it.
        const keyOf = (row: VehicleBaseIdRow) => `${row.base_vehicle_id}|${row.vehicle_id}|${row.year}`;
        const loadedIds = new Set(wanted.map((row) => row.base_vehicle_id));
        const wantedKeys = new Set(wanted.map(keyOf));
        const existingKeys = new Set(existing.map(keyOf));
        const replaced = (row: VehicleBaseIdRow) =>
          loadedIds.has(Number(row.base_vehicle_id)) || yearTaken.has(`${row.vehicle_id}|${row.year}`);
        await deleteVehicleBaseIds(
          trx,
          existing.filter((row) => replaced(row) && !wantedKeys.has(keyOf(row))),
        );
        const added = wanted.filter((row) => !existingKeys.has(keyOf(row)));
        await insertVehicleBaseIds(trx, added);
        if (added.length > 0) await announce('catalogueChanged', {});
        refused.sort((a, b) => a.line - b.line);
        return { matched, unmatched: refused };
      });
    },

    /**
     * Checks an ACES file against the catalogue and, with `apply` and no errors, writes it in one
     * transaction: each App fits its part to the shop's vehicles of its base vehicle in that year,
     * adding the part's fitment of a vehicle or widening its years. A fitment is one run of years, so
     * Apps that would leave a year out between two others are an error, as are unknown base vehicles
     * and part numbers and the same part fitted to one base vehicle twice.
     */
    async importAces(text: string, apply: boolean): Promise<AcesImportReport> {
      const { apps, refused } = readAcesApps(acesText(text));
      const errors: ImportLineError[] = [...refused];
      const failed = (): AcesImportReport => refusedImport(errors);
      try {
        return await events.transaction(db, async ({ trx, announce }) => {
          const [baseVehicles, parts] = await Promise.all([
            vehiclesOfBaseIds(
              trx,
              apps.map((app) => app.baseVehicleId),
            ),
            livePartsByNumber(
              trx,
              apps.map((app) => app.partNumber),
            ),
          ]);
          const planned = new Map<string, Planned>();
          const seen = new Map<string, number>();
          for (const app of apps) {
            const matches = baseVehicles.get(app.baseVehicleId);
            const part = parts.get(app.partNumber);
            if (!matches) errors.push({ line: app.line, message: c.appUnknownBaseVehicle(app.baseVehicleId) });
            if (!part) errors.push({ line: app.line, message: c.appUnknownPart(app.partNumber) });
            if (!matches || !part) continue;
            const year = matches[0]!.year;
            if (app.years && (year < app.years.from || year > app.years.to)) {
              errors.push({ line: app.line, message: c.appYearsOutside(app.baseVehicleId, year) });
              continue;
            }
            const once = `${part.id}|${app.baseVehicleId}`;
            const earlier = seen.get(once);
            if (earlier !== undefined) {
              errors.push({ line: app.line, message: c.appOverlap(part.sku, app.baseVehicleId, earlier) });
              continue;
            }
            seen.set(once, app.line);
            for (const { vehicle } of matches) {
              const key = `${part.id}|${vehicle.id}`;
              const plan = planned.get(key) ?? {
                partId: part.id,
                sku: part.sku,
                vehicleId: vehicle.id,
                vehicleName: vehicleName(vehicle),
                years: new Map<number, number>(),
                notes: [],
                firstLine: app.line,
              };
              plan.years.set(year, app.line);
              if (app.note !== '' && !plan.notes.includes(app.note)) plan.notes.push(app.note);
              planned.set(key, plan);
            }
          }

          const stored = await fitmentsOfParts(trx, [...new Set([...planned.values()].map((plan) => plan.partId))]);
          const inserts: PartFitmentRow[] = [];
          const updates: PartFitmentRow[] = [];
          let unchanged = 0;
          const nextPosition = new Map<string, number>();
          const fitCount = new Map<string, number>();
          for (const plan of planned.values()) {
            const rows = stored.get(plan.partId) ?? [];
            const current = rows.find((row) => row.vehicle_id === plan.vehicleId);
            const years = [...plan.years.keys()].sort((a, b) => a - b);
            let from = years[0]!;
            let to = years.at(-1)!;
            if (current) {
              from = Math.min(from, current.year_from);
              to = Math.max(to, current.year_to);
            }
            // Every year between must be an App's or the stored fitment's: a fitment is one run of years.
            const covered = (year: number) =>
              plan.years.has(year) || (current !== undefined && year >= current.year_from && year <= current.year_to);
            const missing = Array.from({ length: to - from + 1 }, (_, i) => from + i).find((year) => !covered(year));
            if (missing !== undefined) {
              const after = [...plan.years].filter(([year]) => year > missing).map(([, line]) => line);
              errors.push({ line: Math.min(...after), message: c.appGap(plan.sku, plan.vehicleName, from, to) });
              continue;
            }
            const note = plan.notes.length > 0 ? plan.notes.join('; ') : (current?.note ?? '');
            if (note.length > MAX_FITMENT_NOTE_LENGTH) {
              errors.push({
                line: plan.firstLine,
                message: c.appNotesTooLong(plan.sku, plan.vehicleName, MAX_FITMENT_NOTE_LENGTH),
              });
              continue;
            }
            if (!current) {
              const position = nextPosition.get(plan.partId) ?? Math.max(-1, ...rows.map((row) => row.position)) + 1;
              nextPosition.set(plan.partId, position + 1);
              const count = (fitCount.get(plan.partId) ?? rows.length) + 1;
              fitCount.set(plan.partId, count);
              if (count === MAX_FITMENTS_PER_PART + 1) {
                errors.push({ line: plan.firstLine, message: c.appTooManyFitments(plan.sku, MAX_FITMENTS_PER_PART) });
              }
              inserts.push({
                part_id: plan.partId,
                vehicle_id: plan.vehicleId,
                position,
                year_from: from,
                year_to: to,
                note,
              });
            } else if (from !== current.year_from || to !== current.year_to || note !== current.note) {
              updates.push({ ...current, year_from: from, year_to: to, note });
            } else {
              unchanged += 1;
            }
          }
          if (errors.length > 0) return failed();
          if (apply) {
            for (const row of updates) await updateFitment(trx, row);
            await insertFitments(trx, inserts);
            if (inserts.length + updates.length > 0) await announce('catalogueChanged', {});
          }
          return { ok: true, added: inserts.length, changed: updates.length, unchanged, errors: [] };
        });
      } catch (error) {
        // Another import added the same fitment between this one's reading and its writing.
        if (isUniqueViolation(error)) throw new AppError('conflict', c.changedMeanwhile);
        throw error;
      }
    },
  };
}

export type CatalogueImportService = ReturnType<typeof createCatalogueImportService>;
