import { formatCount } from '../numbers';

export const quickOrderPage = {
  text: 'Paste part numbers and quantities from your list or spreadsheet, or choose a CSV file. The parts go to your cart, where you check them before you order.',
  textLabel: 'Part numbers and quantities',
  textHint:
    'One part a line: its part number, then the quantity, for example GH-BRK-1042 48. A space, a comma, a semicolon or a tab between them; cells pasted from a spreadsheet work too.',
  fileLabel: 'Or choose a CSV file',
  fileHint: 'UTF-8 text whose first row is the header sku,quantity.',
  fileRead: (name: string) => `${name} is in the box above: check it, then add it to your cart.`,
  submit: 'Add to cart',
  answersTitle: 'Your lines',
  addedTitle: (n: number) => `Added to your cart: ${n} ${n === 1 ? 'part' : 'parts'}`,
  added: (quantity: number) => `${formatCount(quantity)} added`,
  rejectedTitle: (n: number) => `Not added: ${n} ${n === 1 ? 'line' : 'lines'}, kept in the box to fix`,
  lineNumber: (line: number) => `Line ${line}`,
  goToCart: 'Go to your cart',
} as const;
