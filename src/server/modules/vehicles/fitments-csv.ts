import * as copy from '#shared/copy';
import { FITMENTS_CSV_COLUMNS, type CatalogueCsvReport } from '#shared/schemas/catalogue-exchange';
import type { ImportLineError } from '#shared/schemas/catalogue-import';
import { MAX_FITMENTS_PER_PART, MAX_FITMENT_NOTE_LENGTH } from '#shared/schemas/vehicles';
import { AppError } from '../../app-error';
import { eachCsvRow, exportLine, refusedImport } from '../../csv-stream';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import type { PartFitmentRow } from '../../db/schema';
import type { EventBus } from '../../events';
import { allVehicles, fitmentsAfterSku, fitmentsOfParts, partIdsBySku, upsertFitments } from './catalogue-import.repository';

const c = copy.catalogueExchange;

/** How many parts' fitments the export reads at once. */
const EXPORT_PARTS = 500;

/** A vehicle's key in the file and the table: make, model, engine and first year. */
const vehicleKey = (make: string, model: string, engine: string, from: number) =>
  `${make}\u0000${model}\u0000${engine}\u0000${from}`;
const vehicleName = (make: string, model: string, engine: string, from: number) => `${make} ${model} ${engine} (from ${from})`;

const WHOLE = /^-?\d{1,9}$/;

/** Rows a page of a column holds. */
const PAGE = 8192;

/**
 * A column of whole numbers that grows as rows arrive, a page at a time: a row's numbers without an
 * object a row, and growing copies nothing, so it leaves no arrays behind for the next full collection.
 */
class IntColumn {
  readonly #pages: Int32Array[] = [];
  length = 0;
  push(value: number): void {
    if (this.length % PAGE === 0) this.#pages.push(new Int32Array(PAGE));
    this.#pages[this.#pages.length - 1]![this.length % PAGE] = value;
    this.length += 1;
  }
  at(index: number): number {
    return this.#pages[Math.floor(index / PAGE)]![index % PAGE]!;
  }
}

/** Each distinct text once, by number: a file's 100,000 rows name a few thousand SKUs and vehicles. */
class Texts {
  readonly list: string[] = [];
  readonly #index = new Map<string, number>();
  of(text: string): number {
    let index = this.#index.get(text);
    if (index === undefined) {
      index = this.list.length;
      // A copy, so that the chunk of the file the text was cut from is not kept with it.
      this.list.push(text.length > 0 ? ` ${text}`.slice(1) : '');
      this.#index.set(text, index);
    }
    return index;
  }
}

/**
 * The file's rows as checked on their own, kept until the file has been read: a column a field,
 * the SKUs, vehicles and notes numbered (`Texts`), so that 100,000 rows take a few megabytes.
 */
class FitmentLines {
  readonly line = new IntColumn();
  readonly sku = new IntColumn();
  readonly vehicle = new IntColumn();
  readonly yearFrom = new IntColumn();
  readonly yearTo = new IntColumn();
  readonly note = new IntColumn();
  readonly skus = new Texts();
  readonly vehicles = new Texts();
  readonly notes = new Texts();
  /** The vehicle a `vehicles` key names, as the file wrote it. */
  readonly vehicleNames: string[] = [];
  get length(): number {
    return this.line.length;
  }
}

/**
 * The rows that name a part and vehicle pair an earlier row named, each with that first row's line:
 * the rows' numbers sorted by pair, once the file has been read, rather than a table of every pair
 * grown as rows arrive (each table it outgrew left for the next full collection).
 */
function repeatedPairs(rows: FitmentLines): { line: number; earlier: number }[] {
  const order = new Int32Array(rows.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  // Rows in the file's order within a pair: the first of each run is the pair's first line.
  order.sort((a, b) => rows.sku.at(a) - rows.sku.at(b) || rows.vehicle.at(a) - rows.vehicle.at(b) || a - b);
  const repeated: { line: number; earlier: number }[] = [];
  let first = 0;
  for (let k = 1; k < order.length; k++) {
    const row = order[k]!;
    const firstRow = order[first]!;
    if (rows.sku.at(row) === rows.sku.at(firstRow) && rows.vehicle.at(row) === rows.vehicle.at(firstRow)) {
      repeated.push({ line: rows.line.at(row), earlier: rows.line.at(firstRow) });
    } else {
      first = k;
    }
  }
  return repeated;
}

/** Rows written a slice at a time, each slice made when written. */
const WRITE_SLICE = 500;

/**
 * The fitments as a CSV file (docs/shop-rules.md, "The catalogue as CSV files"): one row per part and
 * vehicle, by SKU and then vehicle. An import adds a part's fitment of a vehicle or changes its years
 * and note; fitments the file does not name are left as they are (a part's page removes one).
 */
export function createFitmentsCsv(db: Db, { events }: { events: EventBus }) {
  return {
    /** The whole file, read a few hundred parts at a time: the header, then one record per fitment. */
    async *exportCsv(): AsyncGenerator<string> {
      yield exportLine(FITMENTS_CSV_COLUMNS);
      let after: string | undefined;
      for (;;) {
        const rows = await fitmentsAfterSku(db, after, EXPORT_PARTS);
        if (rows.length === 0) return;
        let text = '';
        for (const row of rows) {
          text += exportLine([
            row.sku,
            row.make,
            row.model,
            row.engine,
            String(row.vehicle_from),
            String(row.year_from),
            String(row.year_to),
            row.note,
          ]);
        }
        yield text;
        after = rows.at(-1)!.sku;
      }
    },

    /**
     * Reads the file as it arrives and checks every row; with no error and `apply`, writes it in one
     * transaction. The rows are checked against the catalogue inside that transaction, so what is
     * written is what was checked.
     */
    async importCsv(source: AsyncIterable<Uint8Array | string>, maxBytes: number, apply: boolean): Promise<CatalogueCsvReport> {
      const errors: ImportLineError[] = [];
      const rows = new FitmentLines();
      const shapeErrors = await eachCsvRow(source, maxBytes, FITMENTS_CSV_COLUMNS, (line, cell) => {
        const sku = cell('sku').trim().toUpperCase();
        const [make, model, engine] = [cell('make').trim(), cell('model').trim(), cell('engine').trim()];
        const years = (['vehicle_from', 'year_from', 'year_to'] as const).map((column) => {
          const text = cell(column).trim();
          if (!WHOLE.test(text)) errors.push({ line, message: c.badYear(column) });
          return Number(text);
        });
        const note = cell('note').trim();
        if (sku === '') errors.push({ line, message: c.skuMissing });
        if (note.length > MAX_FITMENT_NOTE_LENGTH) errors.push({ line, message: c.noteTooLong(MAX_FITMENT_NOTE_LENGTH) });
        const [vehicleFrom, yearFrom, yearTo] = years as [number, number, number];
        if (yearTo < yearFrom) errors.push({ line, message: c.yearsReversed });
        const skuIndex = rows.skus.of(sku);
        const known = rows.vehicles.list.length;
        const vehicleIndex = rows.vehicles.of(vehicleKey(make, model, engine, vehicleFrom));
        if (vehicleIndex === known) rows.vehicleNames.push(vehicleName(make, model, engine, vehicleFrom));
        // Every row is kept, so that a pair named twice is found after any error; a file with errors writes nothing.
        rows.line.push(line);
        rows.sku.push(skuIndex);
        rows.vehicle.push(vehicleIndex);
        rows.yearFrom.push(yearFrom);
        rows.yearTo.push(yearTo);
        // Once there is an error the file is refused: its notes are no longer kept (the row's number is never read).
        rows.note.push(errors.length > 0 ? -1 : rows.notes.of(note));
      });
      // After each row's own errors, as when they were found row by row (the report sorts by line only).
      for (const { line, earlier } of repeatedPairs(rows)) errors.push({ line, message: c.fitmentTwice(earlier) });
      errors.push(...shapeErrors);
      if (errors.length > 0) return refusedImport(errors);

      try {
        return await events.transaction(db, async ({ trx, announce }) => {
          const byKey = new Map(
            (await allVehicles(trx)).map((vehicle) => [
              vehicleKey(vehicle.make, vehicle.model, vehicle.engine, vehicle.year_from),
              vehicle,
            ]),
          );
          const vehicleOf = rows.vehicles.list.map((key) => byKey.get(key));
          const partIds = await partIdsBySku(trx, rows.skus.list);
          const partOf = rows.skus.list.map((sku) => partIds.get(sku));
          const stored = await fitmentsOfParts(trx, [...partIds.values()]);
          /** What each row does: 0 nothing (unchanged or refused), 1 adds, 2 changes. */
          const action = new Int8Array(rows.length);
          const position = new Int32Array(rows.length);
          let added = 0;
          let changed = 0;
          let unchanged = 0;
          const nextPosition = new Map<string, number>();
          const fitCount = new Map<string, number>();
          for (let i = 0; i < rows.length; i++) {
            const line = rows.line.at(i);
            const sku = rows.skus.list[rows.sku.at(i)]!;
            const name = rows.vehicleNames[rows.vehicle.at(i)]!;
            const partId = partOf[rows.sku.at(i)];
            const vehicle = vehicleOf[rows.vehicle.at(i)];
            if (!partId) errors.push({ line, message: c.unknownPart(sku) });
            if (!vehicle) errors.push({ line, message: c.unknownVehicle(name) });
            if (!partId || !vehicle) continue;
            const [yearFrom, yearTo] = [rows.yearFrom.at(i), rows.yearTo.at(i)];
            const note = rows.notes.list[rows.note.at(i)]!;
            if (yearFrom < vehicle.year_from || yearTo > vehicle.year_to) {
              errors.push({ line, message: c.yearsOutside(name, vehicle.year_from, vehicle.year_to) });
              continue;
            }
            const current = stored.get(partId)?.find((fitment) => fitment.vehicle_id === vehicle.id);
            if (!current) {
              const storedRows = stored.get(partId) ?? [];
              const next = nextPosition.get(partId) ?? Math.max(-1, ...storedRows.map((fitment) => fitment.position)) + 1;
              nextPosition.set(partId, next + 1);
              const count = (fitCount.get(partId) ?? storedRows.length) + 1;
              fitCount.set(partId, count);
              if (count === MAX_FITMENTS_PER_PART + 1)
                errors.push({ line, message: c.tooManyFitments(sku, MAX_FITMENTS_PER_PART) });
              added += 1;
              action[i] = 1;
              position[i] = next;
            } else if (current.year_from !== yearFrom || current.year_to !== yearTo || current.note !== note) {
              changed += 1;
              action[i] = 2;
              position[i] = current.position;
            } else {
              unchanged += 1;
            }
          }
          if (errors.length > 0) return refusedImport(errors);
          if (apply && added + changed > 0) {
            let slice: PartFitmentRow[] = [];
            for (let i = 0; i < rows.length; i++) {
              if (action[i] === 0) continue;
              slice.push({
                part_id: partOf[rows.sku.at(i)]!,
                vehicle_id: vehicleOf[rows.vehicle.at(i)]!.id,
                position: position[i]!,
                year_from: rows.yearFrom.at(i),
                year_to: rows.yearTo.at(i),
                note: rows.notes.list[rows.note.at(i)]!,
              });
              if (slice.length === WRITE_SLICE) {
                await upsertFitments(trx, slice);
                slice = [];
              }
            }
            await upsertFitments(trx, slice);
            await announce('catalogueChanged', {});
          }
          return { ok: true, added, changed, unchanged, errors: [] };
        });
      } catch (error) {
        // Another import or an admin changed the same fitments between this one's reading and its writing.
        if (isUniqueViolation(error)) throw new AppError('conflict', copy.catalogueImport.changedMeanwhile);
        throw error;
      }
    },
  };
}

export type FitmentsCsv = ReturnType<typeof createFitmentsCsv>;
