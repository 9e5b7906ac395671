import * as copy from '#shared/copy';
import type { Order } from '#shared/schemas/orders';
import type { Part } from '#shared/schemas/parts';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { adminApi, createPart } from './support/catalogue-api';
import { partWithStock, payOrder, placeOrder } from './support/orders';
import { newCustomer, settled, signInAs, unique } from './support/session';

const o = copy.overview;

test.describe('the admin overview', () => {
  test("after a customer pays an order, the admin sees the day's revenue in the chart and its table, by status and among the best sellers", async ({
    page,
    request,
    baseURL,
  }) => {
    await newCustomer(request, baseURL, { label: 'Olive Overview' });
    const part = await partWithStock(request);
    const orderId = await placeOrder(request, part);
    await payOrder(request, orderId);
    const order = (await (await request.get(`/api/orders/${orderId}`)).json()) as Order;
    const today = new Date().toISOString().slice(0, 10);

    await signInAs(page, 'admin');
    await page.goto('/dashboard');
    await page.getByRole('link', { name: copy.dashboard.overview }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
    await expect(page.getByRole('heading', { name: copy.dashboard.overview, level: 2 })).toBeVisible();
    await expect(page.getByRole('img', { name: o.chartLabel(30) })).toBeVisible();
    // Other specs pay orders on the same shop: today holds at least this one.
    await page.getByText(o.revenueTableToggle).click();
    const todayRow = page
      .getByRole('table', { name: o.revenueTitle })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: today }) });
    await expect(todayRow).toBeVisible();
    const [orders, revenue] = await todayRow.getByRole('cell').allTextContents();
    expect(Number(orders)).toBeGreaterThanOrEqual(1);
    expect(Math.round(Number((revenue ?? '').replace(/[$,]/g, '')) * 100)).toBeGreaterThanOrEqual(order.totalCents);
    const paid = page
      .getByRole('table', { name: o.statusTitle })
      .getByRole('row')
      .filter({ hasText: copy.manageOrders.statuses.paid });
    expect(Number(await paid.getByRole('cell').textContent())).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole('table', { name: o.topPartsTitle }).getByRole('rowheader', { name: part.name })).toBeVisible();
    await expectNoA11yViolations(page);

    // The period is in the address: 90 days, then back.
    await page.getByLabel(o.daysLabel).selectOption('90');
    await expect(page).toHaveURL(/days=90/);
    await expect(page.getByRole('img', { name: o.chartLabel(90) })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('img', { name: o.chartLabel(30) })).toBeVisible();
  });

  test("an admin sets a part's own low-stock threshold on its form, and empties it for the default", async ({
    page,
    baseURL,
  }) => {
    const admin = await adminApi(baseURL);
    const name = `Threshold test hub ${unique()}`;
    const part = await createPart(admin, { name, stock: 40, minOrderQuantity: 12 });
    const stored = async () => ((await (await admin.get(`/api/parts/${part.id}`)).json()) as Part).lowStockThreshold;

    await signInAs(page, 'admin');
    await page.goto(`/dashboard/manageParts?q=${encodeURIComponent(name)}`);
    const row = page.getByTestId('part-row').filter({ hasText: name });
    const open = async () => {
      await row.getByRole('button', { name: `${copy.partsAdmin.update} ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: copy.partsAdmin.editTitle(name) });
      await settled(page);
      return dialog;
    };
    let dialog = await open();
    const field = dialog.getByLabel(copy.partsAdmin.lowStockThreshold);
    await expect(field).toHaveValue('');
    await expect(dialog.getByText(copy.partsAdmin.lowStockThresholdHint(12))).toBeVisible();
    await field.fill('-5');
    await dialog.getByRole('button', { name: copy.partsAdmin.save }).click();
    await expect(dialog.getByText(copy.pricing.lowStockThresholdInvalid)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await field.fill('60');
    await dialog.getByRole('button', { name: copy.partsAdmin.save }).click();
    await expect(page.getByText(copy.toasts.partUpdated)).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(await stored()).toBe(60);

    dialog = await open();
    await expect(dialog.getByLabel(copy.partsAdmin.lowStockThreshold)).toHaveValue('60');
    await dialog.getByLabel(copy.partsAdmin.lowStockThreshold).fill('');
    await dialog.getByRole('button', { name: copy.partsAdmin.save }).click();
    await expect(dialog).toBeHidden();
    expect(await stored()).toBeNull();
    await admin.dispose();
  });

  test('is for admins only: a customer is sent away', async ({ page, request, baseURL }) => {
    await newCustomer(request, baseURL, { label: 'Carl Customer', page });
    await page.goto('/dashboard/overview');
    await expect(page).not.toHaveURL(/\/dashboard\/overview/);
  });
});
