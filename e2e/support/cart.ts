import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import * as copy from '#shared/copy';
import { smallestAllowedQuantity } from '#shared/pricing';
import type { Cart } from '#shared/schemas/cart';

/** What the cart helpers need of a part: its id, name and quantity rules. */
export interface CartPart {
  id: string;
  name: string;
  minOrderQuantity: number;
  stock: number;
  packSize?: number;
}

/** The card of `part` among those the page shows (landing page or /part). */
export function partCard(page: Page, part: CartPart): Locator {
  return page.getByTestId('part-card').filter({ has: page.getByRole('heading', { name: part.name.slice(0, 35) }) });
}

/** Presses "Add to cart" on the part's card and waits for the toast: the part's smallest allowed quantity went in. */
export async function addToCartFromCard(page: Page, part: CartPart): Promise<void> {
  const card = partCard(page, part);
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: copy.cartView.addToCart }).click();
  await expect(page.getByText(copy.cartView.added(smallestAllowedQuantity(part), part.name))).toBeVisible();
}

/** The navbar's cart link, named by its number of lines ("Cart, 3 lines"). */
export function cartLink(page: Page, lines: number): Locator {
  return page.getByRole('link', { name: copy.cartView.navLabel(lines), exact: true });
}

/** One line of the /cart page, by its part's name. */
export function cartLine(page: Page, name: string): Locator {
  return page.getByTestId('cart-line').filter({ has: page.getByRole('link', { name, exact: true }) });
}

/** Types a new quantity into a line of /cart and leaves the field, which saves it. */
export async function setCartQuantity(page: Page, name: string, quantity: number): Promise<void> {
  const input = cartLine(page, name).getByLabel(copy.fields.quantity);
  await input.fill(String(quantity));
  await input.press('Enter');
}

/** The cart of whoever `request` is signed in as, as the API answers it: part id → quantity. */
export async function serverCartOf(request: APIRequestContext): Promise<Record<string, number>> {
  const res = await request.get('/api/cart');
  expect(res.status(), await res.text()).toBe(200);
  const cart = (await res.json()) as Cart;
  return Object.fromEntries(cart.lines.map((line) => [line.partId, line.quantity]));
}

/** Puts a line into the cart of whoever `request` is signed in as. */
export async function putInServerCart(request: APIRequestContext, partId: string, quantity: number): Promise<void> {
  const res = await request.put(`/api/cart/lines/${encodeURIComponent(partId)}`, { data: { quantity } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The browser cart a visitor's page holds (localStorage), as stored. */
export async function browserCartOf(page: Page): Promise<unknown> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('gearhouse.cart') ?? '[]') as unknown);
}
