import { readFileSync } from 'node:fs';
import * as copy from '#shared/copy';
import type { Order } from '#shared/schemas/orders';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { adminApi } from './support/catalogue-api';
import { partWithStock, payOrder, placeOrder } from './support/orders';
import { newCustomer, signInAs } from './support/session';

const r = copy.returns;

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
});
