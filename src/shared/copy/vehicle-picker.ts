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
  /** Above the selects, a signed-in customer's saved vehicles, each one click from its parts. */
  myGarage: 'My garage',
  /** A saved vehicle's button: "Ford Focus 2014 “Van 3”" (its engine on a second line). */
  savedVehicle: (makeAndModel: string, year: number, nickname: string) =>
    nickname ? `${makeAndModel} ${year} “${nickname}”` : `${makeAndModel} ${year}`,
  /** Under the selects once a vehicle and its year are chosen. */
  nickname: 'Nickname (optional)',
  nicknamePlaceholder: 'Van 3',
  saveToGarage: 'Save to My garage',
  /** Said instead of the button when the chosen vehicle and year are saved already. */
  inGarage: (nicknames: readonly string[]) =>
    nicknames.length > 0 ? `In your garage as ${nicknames.map((name) => `“${name}”`).join(', ')}` : 'In your garage',
  openGarage: 'Open My garage',
  signInToSave: 'Sign in to save this vehicle to My garage',
} as const;
