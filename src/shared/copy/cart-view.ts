import { formatCount } from '../numbers';

/** The cart's pages and controls: the navbar's cart, "Add to cart", the /cart page (docs/shop-rules.md, "Cart"). */
export const cartView = {
  title: 'Your cart',
  text: 'The parts you are about to order, priced by quantity. Order them all in one order.',
  /** The navbar's cart link, as a screen reader names it. */
  navLabel: (lines: number) => (lines === 0 ? 'Cart, empty' : `Cart, ${lines} ${lines === 1 ? 'line' : 'lines'}`),
  navLabelLoading: 'Cart',
  addToCart: 'Add to cart',
  added: (quantity: number, name: string) => `Added to your cart: ${formatCount(quantity)} × ${name}`,
  /** The part is in the cart already and the quantity it would reach breaks a rule. */
  notAdded: (inCart: number, problem: string) =>
    `You have ${formatCount(inCart)} in your cart already; with these it would break a rule: ${problem}`,
  linesTitle: 'Parts in your cart',
  sku: 'SKU',
  quantityOf: (name: string) => `Quantity of ${name}`,
  unitPrice: 'Unit price',
  lineTotal: 'Line total',
  /** The volume price a line's quantity reached: "48+ tier". */
  tier: (minQuantity: number) => `${formatCount(minQuantity)}+ tier`,
  remove: 'Remove',
  removeLine: (name: string) => `Remove ${name} from your cart`,
  summaryTitle: 'Summary',
  subtotal: 'Subtotal',
  savings: 'Your savings',
  updating: 'Updating prices…',
  empty: 'Your cart is empty',
  emptyText: 'Add parts from the catalogue with "Add to cart", then order them all at once here.',
  browseParts: 'Browse all parts',
  orderTitle: 'Delivery',
  orderText: 'We hold the parts for you while you pay; unpaid orders are cancelled after the payment window.',
  prefilled: 'Filled in from your last order.',
  placeOrder: 'Place order',
  placed: 'Order placed: pay for it to have it shipped.',
  signInToOrder: 'Sign in to order',
  signInText: "Your cart stays in this browser and joins your account's cart when you sign in.",
  fixLines: 'Some lines cannot be ordered as they stand: change or remove them first.',
  linesRefused: 'Some lines were refused: see the messages on them. Nothing was ordered.',
  mergeFailed: "Your cart could not be added to your account's cart. It is kept in this browser; please try again later.",
} as const;
