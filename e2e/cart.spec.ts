import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { fillUsAddress, PISTON_ROAD } from './support/address';
import { adminApi, createPart } from './support/catalogue-api';
import {
  addToCartFromCard,
  browserCartOf,
  cartLine,
  cartLink,
  putInServerCart,
  serverCartOf,
  setCartQuantity,
} from './support/cart';
import { payOrder } from './support/orders';
import { newCustomer, unique } from './support/session';

test.describe('the cart', () => {
  test('a visitor fills a cart, signs in, and orders three parts in one order, paid once', async ({ page, request, baseURL }) => {
    test.setTimeout(180_000);
    const tag = unique();
    const admin = await adminApi(baseURL);
    // Parts of this test's own: newest, so the landing page shows them, with a volume price to reach.
    const pads = await createPart(admin, {
      name: `Cart Pads ${tag}`,
      stock: 500,
      priceCents: 4890,
      priceTiers: [{ minQuantity: 48, unitPriceCents: 4650 }],
    });
    const filter = await createPart(admin, { name: `Cart Filter ${tag}`, stock: 300, priceCents: 2190 });
    const bulbs = await createPart(admin, { name: `Cart Bulbs ${tag}`, stock: 240, priceCents: 990, packSize: 6 });
    await admin.dispose();

    // The account already has pads in its cart (signed in elsewhere): the visitor's cart joins it.
    const customer = await newCustomer(request, baseURL, { label: 'Cart Customer' });
    await putInServerCart(request, pads.id, 12);

    // A visitor: one part from a card on the landing page, one from /part.
    await page.goto('/');
    await expect(cartLink(page, 0)).toBeVisible();
    await addToCartFromCard(page, pads);
    await expect(cartLink(page, 1)).toBeVisible();
    await page.goto(`/part?q=${encodeURIComponent(filter.name)}`);
    await addToCartFromCard(page, filter);
    await expect(cartLink(page, 2)).toBeVisible();
    expect(await browserCartOf(page)).toEqual([
      { partId: pads.id, quantity: 12 },
      { partId: filter.id, quantity: 12 },
    ]);

    // The cart page prices the browser's cart; ordering needs an account.
    await cartLink(page, 2).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(cartLine(page, pads.name)).toContainText(formatMoney(12 * 4890));
    await expect(cartLine(page, filter.name)).toContainText(formatMoney(12 * 2190));
    await expect(page.getByTestId('cart-totals-goods')).toHaveText(formatMoney(12 * 4890 + 12 * 2190));
    await page.getByRole('link', { name: copy.cartView.signInToOrder }).click();
    await expect(page).toHaveURL(/\/login\?next=%2Fcart$/);
    await page.getByLabel(copy.fields.email).fill(customer.email);
    await page.getByLabel(copy.fields.password, { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: copy.auth.loginSubmit, exact: true }).click();

    // Back on the cart, signed in: the two carts are one, quantities of the same part added.
    await expect(page).toHaveURL(/\/cart$/);
    await expect(cartLink(page, 2)).toBeVisible();
    await expect(cartLine(page, pads.name).getByLabel(copy.fields.quantity)).toHaveValue('24');
    await expect(cartLine(page, filter.name).getByLabel(copy.fields.quantity)).toHaveValue('12');
    expect(await serverCartOf(page.request)).toEqual({ [pads.id]: 24, [filter.id]: 12 });
    expect(await browserCartOf(page)).toEqual([]);

    // The third part from its page, with the booking form's quantity.
    await page.goto(`/part/${bulbs.id}`);
    const quantity = page.getByLabel(copy.fields.quantity, { exact: true });
    await quantity.fill('18');
    await page.getByRole('button', { name: copy.cartView.addToCart }).click();
    await expect(page.getByText(copy.cartView.added(18, bulbs.name))).toBeVisible();
    await expect(cartLink(page, 3)).toBeVisible();

    // Past the volume price: the unit price drops and the line says what it saves.
    await cartLink(page, 3).click();
    const padsLine = cartLine(page, pads.name);
    await expect(padsLine).toContainText(formatMoney(4890));
    await expect(padsLine.getByTestId('cart-line-savings')).toHaveCount(0);
    await setCartQuantity(page, pads.name, 48);
    await expect(padsLine.getByTestId('cart-line-tier')).toHaveText(copy.cartView.tier(48));
    await expect(padsLine).toContainText(formatMoney(4650));
    await expect(padsLine.getByTestId('cart-line-savings')).toHaveText(copy.pricing.youSave(formatMoney(48 * 240)));
    await expect(padsLine.getByTestId('cart-line-total')).toHaveText(formatMoney(48 * 4650));
    const subtotal = 48 * 4650 + 12 * 2190 + 18 * 990;
    await expect(page.getByTestId('cart-totals-goods')).toHaveText(formatMoney(subtotal));
    await expectNoA11yViolations(page);

    // One order of the three lines, then its payment page.
    await page.getByLabel(copy.fields.phone).fill('+44 20 7946 0958');
    await fillUsAddress(page.locator('form', { has: page.getByRole('button', { name: copy.cartView.placeOrder }) }), {
      ...PISTON_ROAD,
      line1: `7 Cart Street ${tag}`.slice(0, 120),
    });
    await page.getByRole('button', { name: copy.cartView.placeOrder }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[^/]+$/);
    const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
    const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as {
      totalCents: number;
      lines: { partId: string; quantity: number }[];
    };
    expect(order.totalCents).toBe(subtotal);
    expect(order.lines.map((line) => [line.partId, line.quantity])).toEqual([
      [pads.id, 48],
      [filter.id, 12],
      [bulbs.id, 18],
    ]);
    // The ordered lines left the cart.
    expect(await serverCartOf(page.request)).toEqual({});
    await expect(cartLink(page, 0)).toBeVisible();

    // The payment page opens its payment intent first (the Pay button is enabled then): paying through
    // the API before that would have the page's own request refused as "already paid".
    await expect(page.getByRole('button', { name: copy.payment.pay, exact: true })).toBeEnabled();
    await payOrder(page.request, orderId);
    await page.goto('/dashboard');
    await expect(page.getByTestId('order-row')).toHaveCount(1);
    await expect(page.getByTestId('order-row')).toContainText(formatMoney(subtotal));
  });
});
