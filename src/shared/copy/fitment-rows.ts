/** The vehicles a part fits, in its add and update form. */
export const fitmentRows = {
  legend: 'Fits these vehicles',
  text: (max: number) =>
    `One row per vehicle (at most ${max}): the years of that vehicle the part fits, and a note such as "front axle".`,
  row: (n: number) => `Vehicle ${n}`,
  make: 'Make',
  chooseMake: 'Choose the make',
  vehicle: 'Vehicle',
  chooseVehicle: 'Choose the vehicle',
  chooseMakeFirst: 'Choose the make first',
  yearFrom: 'From year',
  yearTo: 'To year',
  note: 'Note (optional)',
  notePlaceholder: 'front axle',
  add: 'Add a vehicle',
  remove: 'Remove',
  removeRow: (n: number) => `Remove vehicle ${n}`,
  loading: 'Loading…',
  failed: 'The vehicles could not be loaded.',
} as const;
