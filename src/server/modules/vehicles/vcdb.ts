import * as copy from '#shared/copy';
import { type ImportLineError, MAX_VCDB_ROWS } from '#shared/schemas/catalogue-import';
import { MIN_VEHICLE_YEAR } from '#shared/schemas/vehicles';
import { AppError } from '../../app-error';
import { tableRows } from '../../csv-table';

const c = copy.catalogueImport;

/** A row of a VCdb extract that reads as a base vehicle. */
export interface VcdbRow {
  line: number;
  baseVehicleId: number;
  year: number;
  make: string;
  model: string;
}

/** A header cell or a make or model as compared: case and spacing ignored ("Golf VII" is "golf  vii"). */
export const looseName = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');

function notText(message: string): AppError {
  return new AppError('validation_failed', message, { file: message });
}

/**
 * Reads a VCdb extract (docs/shop-rules.md, "Fitment files in ACES"): a header naming the columns
 * base_vehicle_id, year, make and model (comma, semicolon or tab between cells; other columns
 * ignored), then a base vehicle a line. A row that does not read is answered with its line and why.
 */
export function readVcdbExtract(text: string): { rows: VcdbRow[]; refused: ImportLineError[] } {
  // Read as UTF-8, a file that was not shows U+FFFD where its bytes did not decode; UTF-16 shows NULs.
  if (text.includes('\uFFFD') || text.includes('\u0000')) throw notText(c.notText);
  const body = text.replace(/^\uFEFF/, '');
  const headerRow = body.split(/\r\n|\r|\n/).find((row) => row.trim() !== '') ?? '';
  const delimiter = ['\t', ';', ','].find((candidate) => headerRow.includes(candidate)) ?? ',';
  const table = tableRows(body, delimiter);
  const header = table[0]?.cells.map(looseName) ?? [];
  const column = {
    id: header.indexOf('basevehicleid'),
    year: header.indexOf('year'),
    make: header.indexOf('make'),
    model: header.indexOf('model'),
  };
  if (Object.values(column).some((index) => index === -1)) throw notText(c.vcdbHeader);
  const records = table.slice(1);
  if (records.length > MAX_VCDB_ROWS) throw notText(c.vcdbTooManyRows(MAX_VCDB_ROWS));

  const rows: VcdbRow[] = [];
  const refused: ImportLineError[] = [];
  const firstSeen = new Map<number, number>();
  for (const { line, cells } of records) {
    const cell = (index: number) => (cells[index] ?? '').trim();
    const idText = cell(column.id);
    const yearText = cell(column.year);
    const make = cell(column.make);
    const model = cell(column.model);
    if (!/^\d{1,9}$/.test(idText) || Number(idText) === 0) {
      refused.push({ line, message: c.vcdbBadId });
      continue;
    }
    const baseVehicleId = Number(idText);
    if (!/^\d{4}$/.test(yearText) || Number(yearText) < MIN_VEHICLE_YEAR) {
      refused.push({ line, message: c.vcdbBadYear });
      continue;
    }
    if (make === '' || model === '') {
      refused.push({ line, message: c.vcdbMissing });
      continue;
    }
    const seen = firstSeen.get(baseVehicleId);
    if (seen !== undefined) {
      refused.push({ line, message: c.vcdbDuplicate(baseVehicleId, seen) });
      continue;
    }
    firstSeen.set(baseVehicleId, line);
    rows.push({ line, baseVehicleId, year: Number(yearText), make, model });
  }
  return { rows, refused };
}
