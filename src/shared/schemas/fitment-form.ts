import { z } from 'zod';
import * as copy from '../copy';
import {
  type Fit,
  type FitmentInput,
  MAX_FITMENT_NOTE_LENGTH,
  MAX_FITMENTS_PER_PART,
  maxVehicleYear,
  MIN_VEHICLE_YEAR,
} from './vehicles';

const v = copy.vehicles;

/**
 * One row of the part form's "Fits these vehicles", as its controls hold it: the make chosen first
 * (to offer its vehicles), the vehicle, the years as typed and the note.
 */
export interface FitmentRowText {
  make: string;
  vehicleId: string;
  yearFrom: string;
  yearTo: string;
  note: string;
}

/** A row's messages by field, and the list's own (too many rows). */
export interface FitmentRowsErrors {
  list?: string;
  rows: readonly (Partial<Record<keyof FitmentRowText, string>> | undefined)[];
}

export const emptyFitmentRow: FitmentRowText = { make: '', vehicleId: '', yearFrom: '', yearTo: '', note: '' };

function yearOf(text: string): number | undefined {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : undefined;
}

/** A year as typed, with the API's messages (`vehicleYearSchema`): "abc" and "" are "Enter the year". */
const yearText = z.string().superRefine((text, ctx) => {
  const year = yearOf(text);
  if (year === undefined) ctx.addIssue({ code: 'custom', message: v.yearRequired });
  else if (year < MIN_VEHICLE_YEAR || year > maxVehicleYear())
    ctx.addIssue({ code: 'custom', message: v.yearOutOfRange(MIN_VEHICLE_YEAR, maxVehicleYear()) });
});

/**
 * The rows' rules, the API's (`fitmentsInputSchema`) on the text the form holds, each message on its
 * row's field (`fitments.N.yearTo`), where the server's land too. Whether the years fall within those
 * the vehicle was built is the server's check (it knows every vehicle); its message lands on the row.
 */
export const fitmentRowsFormSchema = z
  .array(
    z
      .object({
        make: z.string(),
        vehicleId: z.string().min(1, v.fitmentVehicleRequired),
        yearFrom: yearText,
        yearTo: yearText,
        note: z.string().refine((text) => text.trim().length <= MAX_FITMENT_NOTE_LENGTH, v.noteTooLong(MAX_FITMENT_NOTE_LENGTH)),
      })
      .superRefine((row, ctx) => {
        const from = yearOf(row.yearFrom);
        const to = yearOf(row.yearTo);
        if (from !== undefined && to !== undefined && to < from)
          ctx.addIssue({ code: 'custom', path: ['yearTo'], message: v.yearsBackwards });
      }),
  )
  .max(MAX_FITMENTS_PER_PART, v.fitmentsTooMany(MAX_FITMENTS_PER_PART))
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      if (row.vehicleId && seen.has(row.vehicleId))
        ctx.addIssue({ code: 'custom', path: [index, 'vehicleId'], message: v.fitmentDuplicate });
      seen.add(row.vehicleId);
    });
  });

/** The rows as the API takes them (`fitments` in the part's create and update bodies). */
export function toFitmentInputs(rows: readonly FitmentRowText[]): FitmentInput[] {
  return rows.map((row) => ({
    vehicleId: row.vehicleId,
    yearFrom: yearOf(row.yearFrom) ?? 0,
    yearTo: yearOf(row.yearTo) ?? 0,
    note: row.note.trim(),
  }));
}

/** A part's fits as the form's rows, to edit them. */
export function fitmentRowsOf(fits: readonly Fit[]): FitmentRowText[] {
  return fits.map((fit) => ({
    make: fit.vehicle.make,
    vehicleId: fit.vehicle.id,
    yearFrom: String(fit.yearFrom),
    yearTo: String(fit.yearTo),
    note: fit.note,
  }));
}
