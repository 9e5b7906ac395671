import { formatCount } from '../numbers';

/**
 * The catalogue as CSV files (docs/shop-rules.md, "The catalogue as CSV files"): the admin's export
 * and import on the catalogue import page, and what the import answers line by line.
 */
export const catalogueExchange = {
  title: 'Catalogue as CSV',
  intro:
    'Export the parts and their fitments as CSV files, edit them in a spreadsheet, then check and import them. Rows are matched by SKU; parts and fitments the file does not name are left as they are.',
  downloadParts: 'Download parts (CSV)',
  downloadFitments: 'Download fitments (CSV)',
  partsTitle: 'Import parts (CSV)',
  partsFile: 'Parts file (CSV)',
  fitmentsTitle: 'Import fitments (CSV)',
  fitmentsFile: 'Fitments file (CSV)',
  checkFirst: 'Check the file first; Apply writes it once it has no errors.',
  check: (what: string) => `Check ${what}`,
  apply: (what: string) => `Apply ${what}`,
  applying: 'Applying…',
  checkedOk: 'The file has no errors. Apply it to write:',
  applied: 'Applied:',

  // What the server answers for the whole file.
  notCsv: 'Send the file as text/csv.',
  empty: 'The file is empty: it needs the header row and a row per part or fitment.',
  unclosedQuote: 'A quoted cell is not closed before the end of the file.',
  columnMissing: (column: string) => `The header has no column “${column}”.`,
  columnUnknown: (column: string) => `The column “${column}” is not one of the file’s columns.`,
  columnTwice: (column: string) => `The column “${column}” is in the header twice.`,
  cellCount: (cells: number, columns: number) => `The row has ${cells} cells; the header has ${columns}.`,
  skuTwice: (sku: string, line: number) => `${sku} is already on line ${line}.`,
  skuMissing: 'The row has no SKU.',

  // Parts.
  badPrice: (column: string) => `${column}: a price like 12.50, with at most two decimals, 0 or more.`,
  badWhole: (column: string) => `${column}: a whole number.`,
  unknownCategory: (slug: string) => `There is no category “${slug}”.`,
  badArchived: 'archived: “yes” or empty.',
  archivedNew: 'A new part cannot be archived.',
  archivedChange: 'archived: a part is archived or brought back on its page, not by a file.',
  archivedEdit: (sku: string) => `${sku} is archived: an archived part is not changed by a file.`,
  imageNotServed: (url: string) => `image_url: ${url} is not a picture the shop serves; upload it on a part’s page first.`,
  listCell: (column: string, item: number, reason: string) => `${column}, item ${item}: ${reason}`,
  listFields: (count: string) => `it needs ${count} separated by “|”.`,
  unclosedEscape: 'it ends with a lone “\\”.',
  field: (column: string, message: string) => `${column}: ${message}`,
  supersessionOwnSku: (number: string) => `supersessions: ${number} is the part’s own SKU.`,
  supersessionTwice: (number: string, sku: string, line: number) =>
    `supersessions: ${number} is also replaced by ${sku} on line ${line}.`,
  supersessionTaken: (number: string, sku: string) =>
    `supersessions: ${number} is already replaced by ${sku}; take it off that part first.`,
  supersessionOnSale: (number: string) =>
    `supersessions: ${number} is a part on sale; replace it on the part’s page, which takes it off sale.`,
  supersessionCycle: (number: string, sku: string) =>
    `supersessions: ${number} leads back to ${sku} through the parts replacing it: a circle.`,
  skuReplaced: (sku: string, by: string) => `${sku} is a number ${by} replaces: it cannot be a part’s SKU.`,

  // Fitments.
  unknownPart: (sku: string) => `No part has the SKU ${sku}.`,
  unknownVehicle: (name: string) => `The shop lists no vehicle ${name}: add it under Vehicles first.`,
  badYear: (column: string) => `${column}: a year like 2015.`,
  yearsOutside: (name: string, from: number, to: number) => `The ${name} was built in ${from}–${to}; the years must be within.`,
  yearsReversed: 'year_to is before year_from.',
  fitmentTwice: (line: number) => `The part and vehicle are already on line ${line}.`,
  noteTooLong: (max: number) => `note: longer than ${max} characters.`,
  tooManyFitments: (sku: string, max: number) => `${sku} would fit more than ${formatCount(max)} vehicles.`,
} as const;
