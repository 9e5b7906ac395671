import { formatCount } from '../numbers';

/**
 * The admin's catalogue import page (/dashboard/catalogue-import) and its API: a VCdb extract that gives
 * the shop's vehicles their base-vehicle ids, and ACES fitment files (docs/shop-rules.md, "Fitment
 * files in ACES").
 */
export const catalogueImport = {
  title: 'Catalogue import',
  intro:
    'Load the trade’s files into the catalogue. Every file is checked as a whole first; nothing is written while it has errors.',
  samples: 'Sample files',
  sampleVcdb: 'VCdb extract of the demo vehicles (CSV)',
  sampleAces: 'ACES fitments of the demo parts (XML)',

  vcdbTitle: 'Base vehicles (VCdb extract)',
  vcdbText:
    'A CSV file with the header base_vehicle_id,year,make,model. Each row gives a year of the shop’s vehicles of that make and model its base-vehicle id; rows for vehicles the shop does not list are reported, not created.',
  vcdbFile: 'VCdb extract (CSV)',
  vcdbLoad: 'Load base vehicles',
  vcdbLoading: 'Loading…',
  vcdbResult: (matched: number) => `${formatCount(matched)} ${matched === 1 ? 'row' : 'rows'} matched to the shop’s vehicles.`,
  vcdbUnmatched: (n: number) => `${formatCount(n)} ${n === 1 ? 'row' : 'rows'} not matched:`,

  acesTitle: 'Fitments (ACES XML)',
  acesText:
    'An ACES file: each App names a base vehicle, a part number and optionally a note. A part’s fitment of a vehicle grows to cover the years of its Apps.',
  acesFile: 'ACES file (XML)',
  check: 'Check',
  checking: 'Checking…',
  import: 'Import',
  importing: 'Importing…',
  chooseFile: 'Choose a file first.',
  fileTooLarge: (megabytes: number) => `The file is larger than ${megabytes} MB.`,
  checkedOk: 'The file has no errors. Import it to write these fitments:',
  imported: 'Imported:',
  notImported: (n: number) => `${formatCount(n)} ${n === 1 ? 'error' : 'errors'}: nothing was written.`,
  counts: (added: number, changed: number, unchanged: number) =>
    `${formatCount(added)} added, ${formatCount(changed)} changed, ${formatCount(unchanged)} unchanged`,
  lineLabel: (line: number) => `Line ${line}`,

  // What the server answers, row by row or for the whole file.
  notText: 'The file is not UTF-8 text: save it as UTF-8.',
  encodingNotUtf8: (encoding: string) => `The file says it is in ${encoding}: save it as UTF-8.`,
  notXml: (line: number, reason: string) => `The file is not well-formed XML (line ${line}): ${reason}`,
  notAces: 'The file is not an ACES file: its root element must be ACES.',
  tooManyApps: (max: number) => `The file has more than ${formatCount(max)} App elements; split it.`,
  tooLarge: (megabytes: number) => `The file is larger than ${megabytes} MB.`,
  vcdbHeader: 'The first line must be the header “base_vehicle_id,year,make,model”.',
  vcdbTooManyRows: (max: number) => `The file has more than ${formatCount(max)} rows; split it.`,
  vcdbBadId: 'The base_vehicle_id must be a whole number above 0.',
  vcdbBadYear: 'The year must be a year like 2015.',
  vcdbMissing: 'The row needs a make and a model.',
  vcdbDuplicate: (id: number, line: number) => `Base vehicle ${id} is already on line ${line}.`,
  vcdbSameYear: (name: string, year: number, line: number) =>
    `The ${name} of ${year} already has its base vehicle on line ${line}.`,
  vcdbNoVehicle: (year: number, make: string, model: string) => `The shop lists no ${make} ${model} built in ${year}.`,
  appActionNotAdd: (action: string) =>
    `The App’s action is “${action}”: a file only adds fitments (action “A”); remove one on the part’s page.`,
  appNoBaseVehicle: 'The App names no BaseVehicle id; the shop matches vehicles by base vehicle only.',
  appBadBaseVehicle: 'The BaseVehicle id must be a whole number above 0.',
  appUnknownBaseVehicle: (id: number) => `Base vehicle ${id} is not one of the shop’s vehicles: load its VCdb row first.`,
  appYearsOutside: (id: number, year: number) => `Base vehicle ${id} is of ${year}, outside the App’s Years.`,
  appNarrowed: (element: string) =>
    `The App narrows the vehicle by ${element}, which the shop cannot match: it fits parts to whole base vehicles.`,
  appBadYears: 'Years needs from and to, like from="2012" to="2019".',
  appNoPart: 'The App names no Part.',
  appUnknownPart: (number: string) => `No part on sale has the number ${number}.`,
  appBadQty: 'Qty must be a whole number above 0.',
  appNoteTooLong: (max: number) => `The Note is longer than ${max} characters.`,
  appNotesTooLong: (sku: string, vehicle: string, max: number) =>
    `The Notes of ${sku} on ${vehicle} are longer together than ${max} characters.`,
  changedMeanwhile: 'These fitments changed while the file was imported: check it again.',
  appOverlap: (sku: string, id: number, line: number) =>
    `${sku} is already fitted to base vehicle ${id} by the App on line ${line}.`,
  appGap: (sku: string, vehicle: string, from: number, to: number) =>
    `${sku} would fit ${vehicle} in ${from}–${to} with years missing between: a fitment is one run of years.`,
  appTooManyFitments: (sku: string, max: number) => `${sku} would fit more than ${max} vehicles.`,
} as const;
