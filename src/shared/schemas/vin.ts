import { z } from 'zod';
import { vehicleSchema } from './vehicles';

const EXAMPLE_VEHICLE = {
  id: '01J8Z6Q3W5N2A7B4C9D0E1F2G3',
  make: 'Ford',
  model: 'Focus III',
  engine: '1.6 Ti-VCT 92 kW',
  yearFrom: 2011,
  yearTo: 2018,
};

/** GET /api/vehicles/vin/:vin: the VIN as typed (spaces, hyphens and lower case are read). */
export const vinParamsSchema = z.object({
  vin: z
    .string()
    .meta({ description: 'A vehicle identification number: 17 letters and digits', examples: ['1FAHP3K24GL000001'] }),
});

/**
 * What a VIN says: the make (null when the shop does not know the maker), the model year (null when
 * the VIN names none) and the shop's vehicles of that make built that year, in the picker's order.
 */
export const vinLookupSchema = z
  .object({
    vin: z.string(),
    make: z.string().nullable(),
    year: z.number().int().nullable(),
    vehicles: z.array(vehicleSchema),
  })
  .meta({
    examples: [
      { vin: '1FAHP3K24GL000001', make: 'Ford', year: 2016, vehicles: [EXAMPLE_VEHICLE] },
      { vin: '1M8GDM9AXKP042788', make: null, year: 1989, vehicles: [] },
    ],
  });
export type VinLookup = z.infer<typeof vinLookupSchema>;
