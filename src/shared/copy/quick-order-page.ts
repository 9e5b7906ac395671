import { formatCount } from '../numbers';

export const quickOrderPage = {
  text: 'Paste part numbers and quantities from your list or spreadsheet, or choose a CSV file. The parts go to your cart, where you check them before you order.',
  textLabel: 'Part numbers and quantities',
  textHint:
    'One part a line: its part number, then the quantity, for example GH-BRK-1042 48. A space, a comma, a semicolon or a tab between them. Cells pasted from a spreadsheet work too; with their header row (SKU, Qty…) the columns may be in any order, among others.',
  fileLabel: 'Or choose a CSV file',
  fileHint:
    'UTF-8 text whose first row names the part-number and quantity columns (SKU;Quantity, Part number,Qty…); other columns are left aside.',
  fileRead: (name: string) => `${name} is in the box above: check it, then add it to your cart.`,
  /** A file whose first row names no columns: its lines go to the box all the same, to be fixed there. */
  fileWithoutHeader: (name: string) =>
    `${name} has no first row naming its columns (such as SKU;Quantity), so its lines are in the box above, each read as a part number, then a quantity. Check them, or add that row, then add them to your cart.`,
  submit: 'Add to cart',
  answersTitle: 'Your lines',
  addedTitle: (n: number) => `Added to your cart: ${n} ${n === 1 ? 'part' : 'parts'}`,
  added: (quantity: number) => `${formatCount(quantity)} added`,
  rejectedTitle: (n: number) => `Not added: ${n} ${n === 1 ? 'line' : 'lines'}, kept in the box to fix`,
  /** Where a refused line is now: the box holds the refused lines only, so they are numbered afresh. */
  lineInBox: (line: number) => `Line ${line} in the box`,
  /** Where it was in the file it came from, when the text sent was that file as read. */
  lineInFile: (line: number, file: string) => `line ${line} of ${file}`,
  goToCart: 'Go to your cart',
} as const;
