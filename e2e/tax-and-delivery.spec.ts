import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import { countryName } from '#shared/schemas/address';
import type { Settings } from '#shared/schemas/content';
import type { Order } from '#shared/schemas/orders';
import { expect, test, untilAppRuns } from './fixtures';
import { adminApi, createPart, deletePart } from './support/catalogue-api';
import { cartLine, putInServerCart, setCartQuantity } from './support/cart';
import { bookingBody, stockOf } from './support/orders';
import { newCustomer, signInAs, unique } from './support/session';
import { settingsUpdateOf } from './support/settings';

const a = copy.address;
const t = copy.totals;

/** The shop's tax and delivery for this spec: a Michigan sales tax, German VAT, $9.90 under $100. */
const TAX_RATES = [
  { country: 'US', region: 'MI', name: 'Sales tax' as const, ratePercent: 6 },
  { country: 'DE', name: 'VAT' as const, ratePercent: 19 },
];
const FEE = 990;
const THRESHOLD = 10_000;
const PRICE = 500;

/** Tax on goods and delivery at one rate, rounded half-up once, as the invoice charges it. */
const taxOf = (goods: number, delivery: number, ratePercent: number) => Math.round(((goods + delivery) * ratePercent) / 100);

function orderForm(page: Page): Locator {
  return page.locator('form', { has: page.getByRole('button', { name: copy.cartView.placeOrder }) });
}

/** What the cart's or the payment page's figures show, read from the page. */
async function figuresOn(page: Page, prefix: string) {
  const text = (id: string) => page.getByTestId(`${prefix}-${id}`).allInnerTexts();
  return { goods: await text('goods'), delivery: await text('delivery'), tax: await text('tax'), total: await text('total') };
}

/** Checks the cart's figures: goods, delivery ("Free" at 0), one tax line or none, and their sum as the total. */
async function expectCartFigures(page: Page, goods: number, delivery: number, tax?: { label: string; cents: number }) {
  const totals = page.getByTestId('cart-totals');
  await expect(totals.getByTestId('cart-totals-goods')).toHaveText(formatMoney(goods));
  await expect(totals.getByTestId('cart-totals-delivery')).toHaveText(delivery === 0 ? t.deliveryFree : formatMoney(delivery));
  if (tax) {
    await expect(totals.getByTestId('cart-totals-tax')).toHaveText([formatMoney(tax.cents)]);
    await expect(totals.locator('dt', { hasText: tax.label })).toBeVisible();
  } else {
    await expect(totals.getByTestId('cart-totals-tax')).toHaveCount(0);
  }
  await expect(totals.getByTestId('cart-totals-total')).toHaveText(formatMoney(goods + delivery + (tax?.cents ?? 0)));
}

test.describe('tax and delivery', () => {
  test('the cart prices delivery and tax by address, the order charges the same, and a refund credits it', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const admin = await adminApi(baseURL);
    const before = (await (await admin.get('/api/settings')).json()) as Settings;
    let partId: string | undefined;
    try {
      const changed = await admin.patch('/api/settings', {
        data: {
          ...settingsUpdateOf(before),
          taxRates: TAX_RATES,
          deliverTo: [],
          deliveryFeeCents: FEE,
          freeDeliveryThresholdCents: THRESHOLD,
        },
      });
      expect(changed.status(), await changed.text()).toBe(200);
      // $5.00 at a minimum of 12: $60.00 of goods, under the free-delivery threshold.
      const part = await createPart(admin, { name: `Tax Bolts ${unique()}`, stock: 600, priceCents: PRICE });
      partId = part.id;

      // A new customer puts the minimum in the cart from the part's page.
      const customer = await newCustomer(page.request, baseURL, { label: 'Tess Tax', page });
      await page.goto(`/part/${part.id}`);
      await page.getByLabel(copy.fields.quantity, { exact: true }).fill('12');
      await page.getByRole('button', { name: copy.cartView.addToCart }).click();
      await expect(page.getByText(copy.cartView.added(12, part.name))).toBeVisible();

      // Under $100 of goods: $9.90 delivery and what is missing for free delivery; no state chosen, no tax yet.
      await page.goto('/cart');
      await expect(cartLine(page, part.name)).toBeVisible();
      await expectCartFigures(page, 12 * PRICE, FEE);
      await expect(page.getByTestId('cart-totals-free-delivery')).toHaveText(
        t.freeDeliveryShort(formatMoney(THRESHOLD - 12 * PRICE)),
      );

      // Michigan: 6% of $69.90 is $4.194, charged $4.19.
      const form = orderForm(page);
      await form.getByLabel(a.stateLabel).selectOption('MI');
      const salesTax = { label: t.tax('Sales tax', '6'), cents: taxOf(12 * PRICE, FEE, 6) };
      expect(salesTax.cents).toBe(419);
      await expectCartFigures(page, 12 * PRICE, FEE, salesTax);

      // 24 make $120.00: delivery is free and the line about it goes.
      await setCartQuantity(page, part.name, 24);
      const goods = 24 * PRICE;
      await expectCartFigures(page, goods, 0, { label: salesTax.label, cents: taxOf(goods, 0, 6) });
      await expect(page.getByTestId('cart-totals-free-delivery')).toHaveCount(0);

      // Indiana has no row: no tax line.
      await form.getByLabel(a.stateLabel).selectOption('IN');
      await expectCartFigures(page, goods, 0);

      // Germany: a region code and a postal code instead of a state and a ZIP; VAT at 19%.
      await form.getByLabel(a.countryLabel).selectOption('DE');
      await expect(form.getByLabel(a.stateLabel)).toHaveCount(0);
      await expect(form.getByLabel(a.regionLabel)).toHaveValue('');
      const vat = { label: t.tax('VAT', '19'), cents: taxOf(goods, 0, 19) };
      expect(vat.cents).toBe(2280);
      await expectCartFigures(page, goods, 0, vat);
      const total = goods + vat.cents;
      const inCart = await figuresOn(page, 'cart-totals');

      // Ordered to Berlin, the payment page shows the cart's figures.
      await form.getByLabel(copy.fields.phone).fill('+49 30 901820');
      await form.getByLabel(a.line1Label).fill('Werkstattstraße 7');
      await form.getByLabel(a.cityLabel).fill('Berlin');
      await form.getByLabel(a.regionLabel).fill('BE');
      await form.getByLabel(a.postalCodeLabel).fill('10115');
      await form.getByRole('button', { name: copy.cartView.placeOrder }).click();
      await expect(page).toHaveURL(/\/dashboard\/payment\/[^/]+$/);
      const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
      await expect(page.getByTestId('order-totals-total')).toHaveText(formatMoney(total));
      expect(await figuresOn(page, 'order-totals')).toEqual(inCart);

      // Paid with the sandbox's test card.
      const card = page.getByRole('form', { name: copy.payment.cardTitle });
      await expect(card.getByRole('button', { name: copy.payment.pay, exact: true })).toBeEnabled();
      await card.getByLabel(copy.payment.cardNumber).fill('4242424242424242');
      await card.getByLabel(copy.payment.expiry).fill('1230');
      await card.getByLabel(copy.payment.cvc).fill('123');
      await card.getByRole('button', { name: copy.payment.pay, exact: true }).click();
      await expect(page.getByText(copy.payment.success)).toBeVisible();

      // The order stored the same figures.
      const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as Order;
      expect(order).toMatchObject({
        status: 'paid',
        goodsCents: goods,
        deliveryCents: 0,
        taxes: [{ name: 'VAT', ratePercent: 19, baseCents: goods, amountCents: vat.cents }],
        totalCents: total,
        deliveryAddress: { country: 'DE', region: 'BE', postalCode: '10115', city: 'Berlin' },
      });
      expect(order.exemption).toBeUndefined();
      const invoiceNumber = order.invoiceNumber ?? '';
      expect(invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);

      // My Orders links the invoice, a PDF.
      await page.goto('/dashboard');
      const invoiceLink = page.getByRole('link', { name: copy.invoice.linkLabel(invoiceNumber) });
      await expect(invoiceLink).toBeVisible();
      const [download] = await Promise.all([page.waitForEvent('download'), invoiceLink.click()]);
      expect(
        readFileSync(await download.path())
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-');

      // The admin cancels the paid order and refunds it, from Manage All Orders.
      const adminContext = await browser.newContext({ baseURL });
      try {
        const adminPage = await adminContext.newPage();
        await signInAs(adminPage, 'admin');
        await untilAppRuns(adminPage, await adminPage.goto('/dashboard/manageOrders'));
        const m = copy.manageOrders;
        const row = adminPage.getByTestId('order-row').filter({ hasText: customer.email });
        await row.getByRole('button', { name: m.actionLabel(m.cancelRefund, part.name, customer.name) }).click();
        const confirm = adminPage.getByRole('dialog', { name: copy.common.areYouSure });
        await expect(confirm).toContainText(m.confirmCancelPaid(part.name, customer.name, formatMoney(total)));
        await confirm.getByRole('button', { name: m.confirmCancelYes }).click();
        await expect(adminPage.getByText(m.cancelled)).toBeVisible();
      } finally {
        await adminContext.close();
      }

      // The customer finds the credit note beside the invoice; it downloads as a PDF.
      const refunded = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as Order;
      expect(refunded.status).toBe('cancelled');
      expect(refunded.creditNotes).toHaveLength(1);
      const note = refunded.creditNotes[0]!;
      expect(note.totalCents).toBe(total);
      // A cancelled order is kept under "Cancelled orders" of My Orders.
      await page.goto('/dashboard');
      await page
        .getByRole('combobox', { name: copy.manageOrders.filterLabel })
        .selectOption({ label: copy.orders.views.cancelled });
      const noteLink = page.getByRole('link', { name: copy.invoice.creditNoteLinkLabel(note.number) });
      await expect(noteLink).toBeVisible();
      const pdf = await page.request.get((await noteLink.getAttribute('href')) ?? '');
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // Delivering to the US only: a new customer's cart offers no Germany, and the API refuses an order there.
      const onlyUs = await admin.patch('/api/settings', {
        data: { flashDealEndsAt: before.flashDealEndsAt, deliverTo: ['US'] },
      });
      expect(onlyUs.status(), await onlyUs.text()).toBe(200);
      await newCustomer(page.request, baseURL, { label: 'Uma Us Only', page });
      await putInServerCart(page.request, part.id, 12);
      await page.goto('/cart');
      const country = orderForm(page).getByLabel(a.countryLabel);
      await expect(country).toHaveValue('US');
      await expect(country.locator('option')).toHaveText([countryName('US')]);
      const stock = await stockOf(page.request, part.id);
      const refused = await page.request.post('/api/orders', {
        data: bookingBody(part, {
          address: undefined,
          deliveryAddress: { line1: 'Werkstattstraße 7', city: 'Berlin', postalCode: '10115', country: 'DE' },
        }),
      });
      expect(refused.status()).toBe(400);
      const problem = (await refused.json()) as { errors?: Record<string, string> };
      expect(problem.errors?.['deliveryAddress.country']).toBe(a.notDeliveredTo(countryName('DE')));
      expect(await stockOf(page.request, part.id)).toBe(stock);
    } finally {
      const restored = await admin.patch('/api/settings', { data: settingsUpdateOf(before) });
      expect(restored.status(), await restored.text()).toBe(200);
      if (partId) await deletePart(admin, partId);
      await admin.dispose();
    }
  });
});
