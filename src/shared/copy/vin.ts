/** Finding the vehicle by its VIN (docs/shop-rules.md, "Finding parts"). */
export const vin = {
  /** The button that opens the finder under the make, model and year. */
  open: 'Find by VIN',
  label: 'VIN',
  help: 'The 17 characters on the registration document or at the bottom of the windscreen.',
  find: 'Find',
  finding: 'Finding…',
  /** Why a VIN is refused, under the field and in the API's answer. */
  required: 'Type the VIN.',
  characters: 'A VIN holds only letters and digits.',
  forbiddenLetters: 'A VIN never holds the letters I, O or Q: they are the digits 1 and 0.',
  length: (n: number) => `A VIN has 17 characters; this one has ${n}.`,
  checkDigit: 'The check digit (the 9th character) does not match the others: one of the characters is probably mistyped.',
  yearCode: 'The 10th character is not a model year: one of the characters is probably mistyped.',
  failed: 'The VIN could not be looked up. Try again, or choose the make, model and year above.',
  /** What the VIN says: "2016 Ford", "Ford" when it does not name its year. */
  found: (make: string, year: number | null) => (year === null ? make : `${year} ${make}`),
  /** The VIN is well formed, but its maker is not one the shop's table knows. */
  unknownMake: (wmi: string) =>
    `The VIN is valid, but the shop does not know its maker (${wmi}). Choose the make, model and year above.`,
  /** The shop lists none of the make's vehicles built that year. */
  noVehicles: (found: string) => `${found}: the shop lists no vehicle of this make built that year.`,
  chooseModel: 'Choose the model',
  /** The label of the candidates' select: "Which 2016 Ford is it?". */
  candidates: (found: string) => `Which ${found} is it?`,
  /** A candidate's option when they are of more than one make: "Vauxhall Astra K 1.4 Turbo (2015–2021)". */
  candidateOfMake: (make: string, label: string) => `${make} ${label}`,
} as const;
