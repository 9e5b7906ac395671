/** "Find parts for your vehicle": make, then model (with engine), then year (docs/shop-rules.md, "Finding parts"). */
export const vehiclePicker = {
  legend: 'Find parts for your vehicle',
  make: 'Make',
  model: 'Model',
  year: 'Year',
  anyMake: 'Any make',
  anyModel: 'Any model',
  anyYear: 'Any year',
  chooseMake: 'Choose the make',
  chooseModel: 'Choose the model',
  chooseYear: 'Choose the year',
  /** A model's option: "Focus 1.6 Ti-VCT 92 kW (2011–2018)". */
  vehicleOption: (modelAndEngine: string, years: string) => `${modelAndEngine} (${years})`,
  loadingMakes: 'Loading makes…',
  loadingModels: 'Loading models…',
  makesFailed: 'The makes could not be loaded.',
  modelsFailed: 'The models of this make could not be loaded.',
  unknownVehicle: 'A vehicle the shop does not list',
} as const;
