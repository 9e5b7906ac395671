/** Vehicles, fitments and the garage: their rules' messages (docs/shop-rules.md, "Finding parts"). */
export const vehicles = {
  makeRequired: 'Enter the make, for example Ford.',
  modelRequired: 'Enter the model, for example Focus.',
  engineRequired: 'Enter the engine, for example 1.6 Ti-VCT 92 kW.',
  yearRequired: 'Enter the year, for example 2015.',
  yearOutOfRange: (min: number, max: number) => `The year is between ${min} and ${max}.`,
  yearsBackwards: 'The last year comes on or after the first.',
  taken: 'This vehicle is already listed (same make, model, engine and first year).',
  notFound: 'This vehicle does not exist.',
  hasParts: (n: number) =>
    `${n} ${n === 1 ? 'part fits' : 'parts fit'} this vehicle: take it out of ${n === 1 ? "that part's" : 'their'} fitments first.`,
  fitmentVehicleRequired: 'Choose the vehicle.',
  fitmentVehicleUnknown: 'This vehicle does not exist.',
  fitmentYearsOutside: (from: number, to: number) => `The vehicle was built from ${from} to ${to}: choose years within them.`,
  fitmentDuplicate: 'This vehicle is listed twice: keep one row per vehicle.',
  fitmentsTooMany: (max: number) => `A part lists at most ${max} vehicles.`,
  noteTooLong: (max: number) => `The note is at most ${max} characters.`,
  /** Said under the first or last year when narrowing the years would leave parts fitting years the vehicle no longer has. */
  yearsExcludeFitments: (n: number) =>
    `${n} ${n === 1 ? 'part fits' : 'parts fit'} this vehicle in years outside these: change ${n === 1 ? "that part's" : 'their'} years first.`,
} as const;
