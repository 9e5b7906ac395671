import { formatCount } from '../numbers';

/** Quick order: lines of part number and quantity, pasted or from a CSV file. */
export const quickOrder = {
  textRequired: 'Paste lines of part number and quantity, or choose a CSV file.',
  textTooLong: 'That is more text than one quick order takes: at most 500 lines.',
  tooManyLines: (max: number, found: number) => `At most ${max} lines at a time; this has ${found}. Split the list.`,
  nothingToAdd: 'There are no lines to add: write a part number and a quantity on each line.',
  unknownPart: 'Unknown part number',
  unreadable: 'Write the part number, then the quantity, for example: GH-BRK-1042 48',
  quantityNotNumber: 'The quantity is a whole number, for example 48.',
  csvHeader:
    'The CSV file needs a first row naming its columns: the part number (SKU, Part number, Item…) and the quantity (Quantity, Qty…), for example SKU;Quantity.',
  notUtf8: 'This file is not UTF-8 text: save it as "CSV UTF-8" and choose it again.',
  merged: (lines: number) => `Listed on ${lines} lines: the quantities were added together.`,
  /** A part listed on several lines is judged on their quantities together, and refused on each of them. */
  mergedRefused: (lines: number, total: number, problem: string) =>
    `Listed on ${lines} lines, ${formatCount(total)} in all. ${problem}`,
} as const;
