import { formatCount } from '../numbers';

/** Price and availability (POST /api/availability): what a buyer's system is told of each line it asks about. */
export const availability = {
  linesRequired: 'Send the lines to price: at least one part number and quantity.',
  tooManyLines: (max: number) => `At most ${formatCount(max)} lines at a time: split the list.`,
  skuRequired: 'Write the part number.',
  skuTooLong: (max: number) => `A part number is at most ${max} characters.`,
  quantityInvalid: (max: number) => `The quantity is a whole number from 1 to ${formatCount(max)}.`,
  /** A line whose number leads to no part sold today. */
  unknownPart: (sku: string) => `No part ${sku}.`,
} as const;
