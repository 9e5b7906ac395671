import type { APIRequestContext } from '@playwright/test';
import * as copy from '#shared/copy';
import type { Cart } from '#shared/schemas/cart';
import { expect, expectNoA11yViolations, queryShopDatabase, test } from './fixtures';
import { payOrder } from './support/orders';
import { newCustomer } from './support/session';

const q = copy.quickOrderPage;
const o = copy.orders;

/** A demo part's id and name by its SKU (src/server/db/seed/catalogue.ts). */
function demoPart(sku: string): { id: string; name: string } {
  const part = queryShopDatabase<{ id: string; name: string }>('SELECT id, name FROM parts WHERE sku = ?', sku)[0];
  if (!part) throw new Error(`the e2e shop has no part ${sku}`);
  return part;
}

/** The cart's lines as the API answers them to whoever `request` is signed in as: SKU → quantity. */
async function cartOf(request: APIRequestContext): Promise<Record<string, number>> {
  const res = await request.get('/api/cart');
  expect(res.status(), await res.text()).toBe(200);
  const cart = (await res.json()) as Cart;
  return Object.fromEntries(cart.lines.map((line) => [line.sku, line.quantity]));
}

test.describe('quick order and order again', () => {
  test('a customer pastes good and bad lines, sees each answered, and the good ones are in the cart', async ({
    page,
    request,
    baseURL,
  }) => {
    await newCustomer(request, baseURL, { label: 'Quentin Quick', page });
    await page.goto('/dashboard');
    await page.getByRole('link', { name: copy.dashboard.quickOrder }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/quick-order$/);
    await expect(page.getByRole('heading', { name: copy.dashboard.quickOrder })).toBeVisible();

    const box = page.getByLabel(q.textLabel);
    await box.fill(
      [
        'GH-BRK-1042 24',
        // A part number nobody sells.
        'GH-NOPE-9999 12',
        // Below the part's minimum order of 12.
        'GH-BRK-2210\t5',
        'GH-FLT-0980;24',
        // The same part again, written another way: the quantities are added together.
        'gh-flt-0980 24',
      ].join('\n'),
    );
    await page.getByRole('button', { name: q.submit }).click();

    const answers = page.getByTestId('quick-order-answers');
    await expect(answers.getByRole('heading', { name: q.answersTitle })).toBeFocused();
    const added = page.getByTestId('quick-order-added').getByRole('listitem');
    await expect(added).toHaveCount(2);
    await expect(added.nth(0)).toContainText('GH-BRK-1042');
    await expect(added.nth(0)).toContainText(q.added(24));
    await expect(added.nth(1)).toContainText('GH-FLT-0980');
    await expect(added.nth(1)).toContainText(q.added(48));
    await expect(added.nth(1)).toContainText(copy.quickOrder.merged(2));

    const rejected = page.getByTestId('quick-order-rejected').getByRole('listitem');
    await expect(rejected).toHaveCount(2);
    // Named by what they say and by the line of the box they are on now.
    await expect(rejected.nth(0)).toContainText('GH-NOPE-9999 12');
    await expect(rejected.nth(0)).toContainText(q.lineInBox(1));
    await expect(rejected.nth(0)).toContainText(copy.quickOrder.unknownPart);
    await expect(rejected.nth(1)).toContainText(q.lineInBox(2));
    await expect(rejected.nth(1)).toContainText(copy.validation.quantityTooLow(12));

    // The refused lines stay in the box to be fixed; the added ones left it.
    await expect(box).toHaveValue('GH-NOPE-9999 12\nGH-BRK-2210\t5');
    expect(await cartOf(page.request)).toEqual({ 'GH-BRK-1042': 24, 'GH-FLT-0980': 48 });
    await expectNoA11yViolations(page);

    // Fixed and sent again: the box empties, and the cart has the third part too.
    await box.fill('GH-BRK-2210 12');
    await page.getByRole('button', { name: q.submit }).click();
    await expect(page.getByTestId('quick-order-added').getByRole('listitem')).toHaveCount(1);
    await expect(page.getByTestId('quick-order-rejected')).toHaveCount(0);
    await expect(box).toHaveValue('');
    expect(await cartOf(page.request)).toEqual({ 'GH-BRK-1042': 24, 'GH-FLT-0980': 48, 'GH-BRK-2210': 12 });

    await page.getByRole('link', { name: q.goToCart }).click();
    await expect(page).toHaveURL(/\/cart$/);
  });

  test('"Order again" on a paid order puts its lines back in the cart', async ({ page, request, baseURL }) => {
    await newCustomer(request, baseURL, { label: 'Rita Reorder', page });
    const pads = demoPart('GH-BRK-1042');
    const filters = demoPart('GH-FLT-0980');
    const placed = await request.post('/api/orders', {
      data: {
        lines: [
          { partId: pads.id, quantity: 36 },
          { partId: filters.id, quantity: 24 },
        ],
        phone: '+1 555-010-2030',
        address: '12 Piston Road, Springfield',
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { id } = (await placed.json()) as { id: string };
    await payOrder(request, id);
    // Placing the order emptied nothing the customer had: the cart starts empty.
    expect(await cartOf(request)).toEqual({});

    await page.goto('/dashboard');
    const row = page.getByTestId('order-row').filter({ hasText: pads.name });
    await expect(row).toContainText(o.moreLines(1));
    await expect(row).toContainText(o.successful);
    // The row opens from the keyboard, and says so.
    const toggle = row.getByRole('button', { name: o.showLines(2) });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(row.getByRole('button', { name: o.hideLines(2) })).toHaveAttribute('aria-expanded', 'true');
    await expect(row.getByRole('button', { name: o.hideLines(2) })).toBeFocused();
    await expect(page.getByTestId('order-line')).toHaveCount(2);
    await expect(page.getByTestId('order-lines')).toContainText('GH-FLT-0980');

    await row.getByRole('button', { name: o.orderAgainLabel(o.orderName(pads.name, 1)) }).click();
    const toast = page.getByTestId('reorder-toast');
    await expect(toast).toContainText(o.reordered(2));
    expect(await cartOf(request)).toEqual({ 'GH-BRK-1042': 36, 'GH-FLT-0980': 24 });

    await toast.getByRole('link', { name: o.viewCart }).click();
    await expect(page).toHaveURL(/\/cart$/);
  });
});
