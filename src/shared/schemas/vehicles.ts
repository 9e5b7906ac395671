import { z } from 'zod';
import * as copy from '../copy';
import { idSchema, requiredText } from './common';
import { MAX_NICKNAME_LENGTH } from './garage-limits';
import { MIN_VEHICLE_YEAR, maxVehicleYear } from './query-limits';

const v = copy.vehicles;

export { MIN_VEHICLE_YEAR, maxVehicleYear } from './query-limits';
export { MAX_GARAGE_VEHICLES, MAX_NICKNAME_LENGTH } from './garage-limits';

const outOfRange = () => v.yearOutOfRange(MIN_VEHICLE_YEAR, maxVehicleYear());

/**
 * A model year: a whole number from 1950 to next year, checked when it is read (the bound moves). The
 * fixed bounds are what the API's document states; the moving one is the refinement.
 */
export const vehicleYearSchema = z
  .number({ error: v.yearRequired })
  .int(v.yearRequired)
  .min(MIN_VEHICLE_YEAR, { error: outOfRange })
  .max(9999, { error: outOfRange })
  .refine((year) => year <= maxVehicleYear(), { error: outOfRange, abort: true });

/** The same, from a query string: "2015" → 2015. */
export const vehicleYearParamSchema = z.coerce.number({ error: v.yearRequired }).pipe(vehicleYearSchema);

export const MAX_FITMENTS_PER_PART = 200;
export const MAX_FITMENT_NOTE_LENGTH = 120;

export const vehicleSchema = z.object({
  id: z.string(),
  make: z.string(),
  model: z.string(),
  engine: z.string(),
  yearFrom: z.number().int(),
  yearTo: z.number().int(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

/** GET /api/vehicles/makes: every make with at least one vehicle, by name. */
export const vehicleMakesSchema = z.object({ items: z.array(z.string()) });
export type VehicleMakes = z.infer<typeof vehicleMakesSchema>;

/** GET /api/vehicles?make=&model=: the vehicles of a make (and model), by model, engine and year. */
export const vehicleListQuerySchema = z.object({
  make: z.string().trim().max(60).optional(),
  model: z.string().trim().max(60).optional(),
});
export type VehicleListQuery = z.infer<typeof vehicleListQuerySchema>;
export const vehicleListSchema = z.object({ items: z.array(vehicleSchema) });
export type VehicleList = z.infer<typeof vehicleListSchema>;

const vehicleFields = z.strictObject({
  make: requiredText(v.makeRequired, 60),
  model: requiredText(v.modelRequired, 60),
  engine: requiredText(v.engineRequired, 60),
  yearFrom: vehicleYearSchema,
  yearTo: vehicleYearSchema,
});

const yearsInOrder = (years: { yearFrom?: number; yearTo?: number }, ctx: z.RefinementCtx) => {
  if (years.yearFrom !== undefined && years.yearTo !== undefined && years.yearTo < years.yearFrom) {
    ctx.addIssue({ code: 'custom', path: ['yearTo'], message: v.yearsBackwards });
  }
};

/** POST /api/vehicles (admin). */
export const vehicleInputSchema = vehicleFields.superRefine(yearsInOrder);
export type VehicleInput = z.infer<typeof vehicleInputSchema>;

/** PATCH /api/vehicles/:id (admin): any of the fields; the years are checked against the stored ones too. */
export const vehicleUpdateSchema = vehicleFields.partial().superRefine(yearsInOrder);
export type VehicleUpdate = z.infer<typeof vehicleUpdateSchema>;

export const vehicleIdParamsSchema = z.object({ id: idSchema });

/** A part fits a vehicle in these years (within the years it was built), with an optional note. */
export const fitmentInputSchema = z
  .strictObject({
    vehicleId: z.string({ error: v.fitmentVehicleRequired }).min(1, v.fitmentVehicleRequired).max(64, v.fitmentVehicleUnknown),
    yearFrom: vehicleYearSchema,
    yearTo: vehicleYearSchema,
    note: z.string().trim().max(MAX_FITMENT_NOTE_LENGTH, v.noteTooLong(MAX_FITMENT_NOTE_LENGTH)).default(''),
  })
  .superRefine(yearsInOrder);
export type FitmentInput = z.infer<typeof fitmentInputSchema>;

/** A part's `fitments` in the create and update bodies: one row per vehicle. */
export const fitmentsInputSchema = z
  .array(fitmentInputSchema)
  .max(MAX_FITMENTS_PER_PART, v.fitmentsTooMany(MAX_FITMENTS_PER_PART))
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      if (seen.has(row.vehicleId)) ctx.addIssue({ code: 'custom', path: [index, 'vehicleId'], message: v.fitmentDuplicate });
      seen.add(row.vehicleId);
    });
  });

/** What a part's page lists: `fits` in GET /api/parts/:id. */
export const fitSchema = z.object({
  vehicle: vehicleSchema.pick({ id: true, make: true, model: true, engine: true }),
  yearFrom: z.number().int(),
  yearTo: z.number().int(),
  note: z.string(),
});
export type Fit = z.infer<typeof fitSchema>;

/** A vehicle in a customer's garage: GET /api/me/vehicles. */
export const garageVehicleSchema = z.object({
  id: z.string(),
  vehicleId: z.string(),
  nickname: z.string(),
  year: z.number().int(),
  vehicle: vehicleSchema,
});
export type GarageVehicle = z.infer<typeof garageVehicleSchema>;
export const garageSchema = z.object({ items: z.array(garageVehicleSchema) });
export type Garage = z.infer<typeof garageSchema>;

/** POST /api/me/vehicles: the year must be one the vehicle was built in. */
export const garageVehicleInputSchema = z.strictObject({
  vehicleId: z.string({ error: v.fitmentVehicleRequired }).min(1, v.fitmentVehicleRequired).max(64, v.fitmentVehicleUnknown),
  year: vehicleYearSchema,
  nickname: z.string().trim().max(MAX_NICKNAME_LENGTH, copy.garage.nicknameTooLong(MAX_NICKNAME_LENGTH)).default(''),
});
export type GarageVehicleInput = z.infer<typeof garageVehicleInputSchema>;
