import type { Page } from '@playwright/test';
import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import { expect, expectNoA11yViolations, expectRefusal, queryShopDatabase, test } from './fixtures';
import { fillUsAddress, PISTON_ROAD } from './support/address';
import { partWithMinimum12 } from './support/parts';
import { newCustomer, settled } from './support/session';

function stockOf(partId: string): number {
  return queryShopDatabase<{ stock: number }>('SELECT stock FROM part_stock WHERE part_id = ?', partId)[0]!.stock;
}

function ordersOf(email: string) {
  return queryShopDatabase<{ id: string; status: string; quantity: number; transaction_id: string | null }>(
    `SELECT o.id, o.status, l.quantity, o.transaction_id
       FROM orders o JOIN order_lines l ON l.order_id = o.id
      WHERE o.customer_email = ? ORDER BY o.created_at`,
    email,
  );
}

function bookingForm(page: Page) {
  return page.locator('form', { has: page.getByRole('button', { name: copy.booking.submit }) });
}

async function book(page: Page, quantity: string) {
  const form = bookingForm(page);
  await form.getByLabel(copy.fields.quantity).fill(quantity);
  await form.getByLabel(copy.fields.phone).fill('+1 555-010-2030');
  await fillUsAddress(form, PISTON_ROAD);
  await form.getByRole('button', { name: copy.booking.submit }).click();
}

async function payWith(page: Page, number: string) {
  const form = page.getByRole('form', { name: copy.payment.cardTitle });
  await form.getByLabel(copy.payment.cardNumber).fill(number);
  await form.getByLabel(copy.payment.expiry).fill('1230');
  await form.getByLabel(copy.payment.cvc).fill('123');
  await form.getByRole('button', { name: copy.payment.pay, exact: true }).click();
}

test.describe('orders', () => {
  test('a customer books a part, finds it in My Orders, is declined once and then pays', async ({
    page,
    request,
    baseURL,
    problems,
  }) => {
    const part = partWithMinimum12();
    const customer = await newCustomer(request, baseURL, { label: 'Olga Orders', page });
    const stockBefore = stockOf(part.id);

    await page.goto(`/part/${part.id}`);
    await expect(page.getByTestId('part-stock')).toHaveText(stockBefore.toLocaleString('en-US'));
    const form = bookingForm(page);
    await expect(form.getByLabel(copy.fields.name)).toHaveValue(customer.name);
    await expect(form.getByLabel(copy.fields.name)).not.toBeEditable();
    await expect(form.getByLabel(copy.fields.email)).toHaveValue(customer.email);
    await expect(form.getByLabel(copy.fields.email)).not.toBeEditable();
    await expect(form.getByLabel(copy.fields.quantity)).toHaveValue('12');

    // Below the part's minimum: the message is next to the field and nothing is booked.
    await book(page, '11');
    const quantity = form.getByLabel(copy.fields.quantity);
    await expect(quantity).toHaveAccessibleDescription(copy.validation.quantityTooLow(12));
    await expect(quantity).toHaveAttribute('aria-invalid', 'true');
    await expectNoA11yViolations(page);
    // After the first submit every change validates again.
    await quantity.fill('');
    await expect(quantity).toHaveAccessibleDescription(copy.validation.quantityRequired);
    await quantity.fill(String(stockBefore + 1));
    // It says how many are left, and the most that whole packs of them make.
    const pack = queryShopDatabase<{ pack_size: number }>('SELECT pack_size FROM parts WHERE id = ?', part.id)[0]!.pack_size;
    await expect(quantity).toHaveAccessibleDescription(
      copy.pricing.overStock(stockBefore, Math.floor(stockBefore / pack) * pack, pack),
    );
    await form.getByLabel(copy.fields.phone).fill('call me');
    await expect(form.getByLabel(copy.fields.phone)).toHaveAccessibleDescription(copy.validation.phoneInvalid);
    expect(ordersOf(customer.email)).toEqual([]);

    await book(page, '12');
    await expect(page.getByText(copy.toasts.partAdded)).toBeVisible();
    await expect(quantity).toHaveValue('12');
    await expect(form.getByLabel(copy.fields.phone)).toHaveValue('');
    await expect(page.getByTestId('part-stock')).toHaveText((stockBefore - 12).toLocaleString('en-US'));
    expect(ordersOf(customer.email)).toMatchObject([{ status: 'pending_payment', quantity: 12 }]);
    expect(stockOf(part.id)).toBe(stockBefore - 12);

    await page.goto('/dashboard');
    const row = page.getByTestId('order-row').filter({ hasText: part.name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('12');
    await expect(row).toContainText(formatMoney(part.price_cents * 12));
    await expect(row.getByRole('button', { name: copy.orders.cancelLabel(part.name) })).toBeVisible();
    await expect(row.getByTestId('time-left')).toHaveText(/^\d+ days? \d+ h left to pay$/);
    await expectNoA11yViolations(page);

    await row.getByRole('link', { name: copy.orders.payLabel(part.name) }).click();
    const orderId = ordersOf(customer.email)[0]!.id;
    await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${orderId}$`));
    const summary = page.getByTestId('order-summary');
    await expect(summary).toContainText(copy.payment.hello(customer.name));
    await expect(summary).toContainText(copy.payment.payFor(part.name));
    await expect(summary).toContainText('12');
    await expect(summary).toContainText(formatMoney(part.price_cents * 12));
    await expect(page.getByTestId('test-card-hint')).toContainText('4242 4242 4242 4242');
    const pay = page.getByRole('button', { name: copy.payment.pay, exact: true });
    await expect(pay).toBeEnabled();
    await expectNoA11yViolations(page);

    // The card number is grouped by 4 as typed.
    const cardNumber = page.getByLabel(copy.payment.cardNumber);
    await cardNumber.pressSequentially('40000000');
    await expect(cardNumber).toHaveValue('4000 0000');
    await cardNumber.fill('');

    // A declined card: the provider's message in red under the form; the order stays unpaid.
    await payWith(page, '4000000000000002');
    await expect(page.getByLabel(copy.payment.cardNumber)).toHaveValue('4000 0000 0000 0002');
    await expect(page.getByLabel(copy.payment.expiry)).toHaveValue('12/30');
    const refusal = page.getByRole('alert').filter({ hasText: copy.payment.declined });
    await expect(refusal).toBeVisible();
    const [red, green, blue] = (await refusal.evaluate((el) => getComputedStyle(el).color)).match(/[\d.]+/g)!.map(Number);
    expect(red! > 150 && green! < 100 && blue! < 100, `the refusal is red (${red}, ${green}, ${blue})`).toBe(true);
    expectRefusal(problems, 402, `/api/orders/${orderId}/payment`);
    expect(ordersOf(customer.email)).toMatchObject([{ status: 'pending_payment' }]);
    await expect(pay).toBeEnabled();
    await expectNoA11yViolations(page);

    await payWith(page, '4242424242424242');
    await expect(page.getByText(copy.payment.success)).toBeVisible();
    const transactionId = ordersOf(customer.email)[0]!.transaction_id;
    expect(transactionId).toBeTruthy();
    await expect(page.getByTestId('transaction-id')).toHaveText(transactionId!);
    await expect(pay).toBeDisabled();
    await expect(refusal).toBeHidden();
    await expectNoA11yViolations(page);
    expect(ordersOf(customer.email)).toMatchObject([{ status: 'paid' }]);

    await page.goto('/dashboard');
    await expect(row).toContainText(copy.orders.successful);
    await expect(row).toContainText(copy.orders.paid);
    await expect(row).toContainText(transactionId!);
    await expect(row.getByRole('button', { name: copy.orders.cancelLabel(part.name) })).toHaveCount(0);
    await expect(row.getByRole('link', { name: copy.orders.payLabel(part.name) })).toHaveCount(0);

    // A paid order's payment page says so instead of offering the form again.
    await page.goto(`/dashboard/payment/${orderId}`);
    await expect(page.getByRole('alert')).toContainText(copy.payment.alreadyPaid);
    await expect(page.getByLabel(copy.payment.cardNumber)).toHaveCount(0);
  });

  test('a customer cancels an unpaid order after "Are you sure?" and its stock comes back', async ({
    page,
    request,
    baseURL,
  }) => {
    const part = partWithMinimum12(1);
    const customer = await newCustomer(request, baseURL, { label: 'Olga Orders', page });
    const stockBefore = stockOf(part.id);

    await page.goto(`/part/${part.id}`);
    await book(page, '12');
    await expect(page.getByText(copy.toasts.partAdded)).toBeVisible();
    expect(stockOf(part.id)).toBe(stockBefore - 12);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    const row = page.getByTestId('order-row').filter({ hasText: part.name });
    await expect(row).toHaveCount(1);
    // On a phone the table never makes the page scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);

    await row.getByRole('button', { name: copy.orders.cancelLabel(part.name) }).click();
    const dialog = page.getByRole('dialog', { name: copy.common.areYouSure });
    await expect(dialog).toBeVisible();
    await settled(page);
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: copy.orders.confirmCancelYes }).click();
    await expect(row).toHaveCount(0);
    // No open order is left, but the cancelled one is kept, one click away.
    await expect(page.getByText(copy.orders.emptyOpen)).toBeVisible();
    await expect(page.getByText(copy.orders.cancelledKept(1))).toBeVisible();
    await expect(page.getByRole('link', { name: copy.orders.showCancelled })).toHaveAttribute(
      'href',
      '/dashboard?view=cancelled',
    );
    await expect(page.getByRole('link', { name: copy.orders.browseParts })).toHaveAttribute('href', '/part');
    expect(ordersOf(customer.email)).toMatchObject([{ status: 'cancelled' }]);
    expect(stockOf(part.id)).toBe(stockBefore);

    await page.goto(`/part/${part.id}`);
    await expect(page.getByTestId('part-stock')).toHaveText(stockBefore.toLocaleString('en-US'));

    // A cancelled order cannot be paid any more.
    await page.goto(`/dashboard/payment/${ordersOf(customer.email)[0]!.id}`);
    await expect(page.getByRole('alert')).toContainText(copy.payment.cancelledOrder);
  });
});
