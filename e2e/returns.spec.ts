import { readFileSync } from 'node:fs';
import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import type { Order } from '#shared/schemas/orders';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { adminApi, createPart, deletePart } from './support/catalogue-api';
import { partWithStock, payOrder, placeOrder } from './support/orders';
import { newCustomer, signInAs } from './support/session';

const r = copy.returns;
const DETROIT = { line1: '12 Piston Road', line2: undefined, city: 'Detroit', region: 'MI', postalCode: '48207', country: 'US' };

test.describe('returns', () => {
  test('a customer returns a line of a delivered order; the shop approves, receives and credits it', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Two browsers, an order paid and delivered, four steps of the return and axe on its pages.
    test.setTimeout(150_000);
    await newCustomer(page.request, baseURL, { label: 'Rita Returns', page });
    const part = await partWithStock(page.request);
    const orderId = await placeOrder(page.request, part);
    await payOrder(page.request, orderId);
    const admin = await adminApi(baseURL);
    for (const status of ['shipped', 'delivered']) {
      const moved = await admin.patch(`/api/orders/${orderId}`, { data: { status } });
      expect(moved.status(), await moved.text()).toBe(200);
    }
    await admin.dispose();
    const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as Order;

    // My Orders offers the return; the form opens by keyboard.
    await page.goto('/dashboard');
    const returnItems = page.getByRole('link', { name: r.returnItemsLabel(order.number) });
    await returnItems.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/dashboard/returns/new\\?order=${orderId}$`));
    await expect(page.getByRole('heading', { name: r.newTitle })).toBeVisible();
    await expectNoA11yViolations(page);

    // Sending nothing is refused in the browser, next to the first line.
    const quantity = page.getByLabel(r.quantityLabel(part.name));
    await page.getByRole('button', { name: r.send }).click();
    await expect(quantity).toHaveAccessibleDescription(r.linesRequired);
    await quantity.fill('1');
    await page.getByLabel(r.reasonLabel(part.name)).selectOption('not_needed');
    await page.getByLabel(r.noteLabel).fill('Ordered one too many.');
    await quantity.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/returns\/[0-9a-f-]{36}$/);
    const returnId = page.url().split('/').pop() ?? '';
    const heading = page.getByRole('heading', { name: /^Return RMA-\d{4}-\d{6}$/ });
    await expect(heading).toBeVisible();
    const number = ((await heading.textContent()) ?? '').replace('Return ', '');
    await expect(page.getByTestId('return-status')).toHaveText(r.statusLabels.requested);
    await expectNoA11yViolations(page);

    // The shop admin, in a browser of their own, handles it from the list of returns.
    const adminContext = await browser.newContext({ baseURL });
    try {
      const adminPage = await adminContext.newPage();
      await signInAs(adminPage, 'admin');
      await adminPage.goto('/dashboard/returns?status=requested');
      await adminPage.getByRole('link', { name: number }).click();
      await expect(adminPage).toHaveURL(new RegExp(`/dashboard/returns/${returnId}$`));
      await expectNoA11yViolations(adminPage);

      await adminPage.getByLabel(r.approveNote).fill('Keep the original box.');
      await adminPage.getByRole('button', { name: r.approve }).click();
      await expect(adminPage.getByTestId('return-status')).toHaveText(r.statusLabels.approved);

      // Every line's condition first, by keyboard: Space checks the focused radio.
      await adminPage.getByRole('radio', { name: r.conditionLabels.resalable }).focus();
      await adminPage.keyboard.press('Space');
      await adminPage.getByRole('button', { name: r.markReceived }).click();
      await expect(adminPage.getByTestId('return-status')).toHaveText(r.statusLabels.received);

      await adminPage.getByRole('button', { name: r.credit }).click();
      const dialog = adminPage.getByRole('dialog');
      await expect(dialog).toContainText(number);
      await dialog.getByRole('button', { name: r.creditYes }).click();
      await expect(adminPage.getByTestId('return-status')).toHaveText(r.statusLabels.credited);
      await expect(adminPage.getByTestId('return-refund')).toContainText('refunded to the card');
    } finally {
      await adminContext.close();
    }

    // The customer sees it credited, with the refund, in the list and on its page.
    await page.goto('/dashboard/returns');
    const row = page.getByTestId('return-row').filter({ hasText: number });
    await expect(row.getByTestId('return-status')).toHaveText(r.statusLabels.credited);
    await row.getByRole('link', { name: number }).click();
    await expect(page.getByTestId('return-refund')).toContainText('refunded to the card');

    // My Orders: the return's state, and its credit note beside the invoice, a PDF.
    await page.goto('/dashboard');
    await expect(page.getByTestId('order-returns')).toContainText(r.returnOfOrder(number, r.statusNames.credited));
    const credited = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as Order;
    const note = credited.creditNotes.at(-1)?.number ?? '';
    expect(note).toMatch(/^CN-\d{4}-\d{6}$/);
    const link = page.getByRole('link', { name: copy.invoice.creditNoteLinkLabel(note) });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const file = readFileSync(await download.path());
    expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  test('a customer sends back the core of a part with a deposit and is credited the deposit and its tax', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    // A part of its own, so no demo part's stock moves: 2 bought, $120.00 each and a $40.00 deposit.
    const quantity = 2;
    const depositCents = 4000;
    const admin = await adminApi(baseURL);
    const part = await createPart(admin, {
      name: `Core alternator ${Date.now()}`,
      stock: 10,
      minOrderQuantity: quantity,
      priceCents: 12_000,
      coreChargeCents: depositCents,
    });
    try {
      await newCustomer(page.request, baseURL, { label: 'Cora Cores', page });
      // Delivered in Michigan, where the demo tax table charges sales tax.
      const orderId = await placeOrder(page.request, part, { address: undefined, deliveryAddress: DETROIT });
      await payOrder(page.request, orderId);
      for (const status of ['shipped', 'delivered']) {
        const moved = await admin.patch(`/api/orders/${orderId}`, { data: { status } });
        expect(moved.status(), await moved.text()).toBe(200);
      }
      const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as Order;
      expect(order.lines.map((line) => [line.kind, line.quantity, line.unitPriceCents])).toEqual([
        ['part', quantity, 12_000],
        ['core', quantity, depositCents],
      ]);
      // The deposit is taxed with the goods at the order's one rate, and credited with that tax.
      expect(order.taxes).toHaveLength(1);
      const depositNet = quantity * depositCents;
      const expected = depositNet + Math.round((depositNet * (order.taxes[0]?.ratePercent ?? 0)) / 100);
      const coreName = copy.orders.coreDepositLine(part.name);

      // My Orders lists the deposit on a line of its own; the form offers only core for it.
      await page.goto('/dashboard');
      await page.getByRole('button', { name: copy.orders.showLines(2) }).click();
      const lines = page.getByTestId('order-line');
      await expect(lines).toHaveCount(2);
      await expect(lines.nth(1)).toContainText(coreName);
      await expect(lines.nth(1)).toContainText(formatMoney(quantity * depositCents));
      await page.getByRole('link', { name: r.returnItemsLabel(order.number) }).click();
      await expect(page.getByRole('heading', { name: r.newTitle })).toBeVisible();
      const reason = page.getByLabel(r.reasonLabel(coreName));
      await expect(reason.locator('option')).toHaveText([r.chooseReason, r.reasonLabels.core]);
      await page.getByLabel(r.quantityLabel(coreName)).fill(String(quantity));
      await reason.selectOption('core');
      await page.getByRole('button', { name: r.send }).click();
      await expect(page).toHaveURL(/\/dashboard\/returns\/[0-9a-f-]{36}$/);
      const returnId = page.url().split('/').pop() ?? '';
      const heading = page.getByRole('heading', { name: /^Return RMA-\d{4}-\d{6}$/ });
      await expect(heading).toBeVisible();
      const number = ((await heading.textContent()) ?? '').replace('Return ', '');
      await expect(page.getByTestId('return-detail-line')).toHaveCount(1);
      await expect(page.getByTestId('return-detail-line')).toContainText(coreName);
      await expect(page.getByTestId('return-detail-line')).toContainText(r.reasonOf(r.reasonLabels.core));

      // The shop admin approves, receives the old units resalable, and credits them.
      const adminContext = await browser.newContext({ baseURL });
      try {
        const adminPage = await adminContext.newPage();
        await signInAs(adminPage, 'admin');
        await adminPage.goto(`/dashboard/returns/${returnId}`);
        await adminPage.getByRole('button', { name: r.approve }).click();
        await expect(adminPage.getByTestId('return-status')).toHaveText(r.statusLabels.approved);
        await adminPage
          .getByRole('group', { name: r.conditionLegend(`${coreName} × ${quantity}`) })
          .getByRole('radio', { name: r.conditionLabels.resalable })
          .check();
        await adminPage.getByRole('button', { name: r.markReceived }).click();
        await expect(adminPage.getByTestId('return-status')).toHaveText(r.statusLabels.received);
        await adminPage.getByRole('button', { name: r.credit }).click();
        const dialog = adminPage.getByRole('dialog');
        await expect(dialog).toContainText(r.creditConfirm(number, formatMoney(depositNet)));
        await dialog.getByRole('button', { name: r.creditYes }).click();
        await expect(adminPage.getByTestId('return-status')).toHaveText(r.statusLabels.credited);
      } finally {
        await adminContext.close();
      }

      // The customer sees the deposit and its tax credited and refunded, and the credit note in My Orders.
      await page.goto('/dashboard/returns');
      const row = page.getByTestId('return-row').filter({ hasText: number });
      await expect(row.getByTestId('return-status')).toHaveText(r.statusLabels.credited);
      await row.getByRole('link', { name: number }).click();
      await expect(page.getByTestId('return-credit')).toContainText(r.creditedTo(formatMoney(expected)));
      await expect(page.getByTestId('return-refund')).toHaveText(r.refundedToCard(formatMoney(expected)));

      await page.goto('/dashboard');
      await expect(page.getByTestId('order-returns')).toContainText(r.returnOfOrder(number, r.statusNames.credited));
      const credited = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as Order;
      const note = credited.creditNotes.at(-1);
      expect(note?.totalCents).toBe(expected);
      const link = page.getByRole('link', { name: copy.invoice.creditNoteLinkLabel(note?.number ?? '') });
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(
        readFileSync(await download.path())
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-');
    } finally {
      await deletePart(admin, part.id);
      await admin.dispose();
    }
  });
});
