import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import type { Order, OrderList, OrderStatus } from '#shared/schemas/orders';
import type { Part } from '#shared/schemas/parts';
import { expect, expectNoA11yViolations, expectRefusal, test } from './fixtures';
import { partWithStock, payOrder, placeOrder, stockOf } from './support/orders';
import { newCustomer, settled, signInAs, unique } from './support/session';

const t = copy.manageOrders;

interface Customer {
  name: string;
  email: string;
  phone: string;
  address: string;
  request: APIRequestContext;
  /** The customer's own browser, to look at My Orders as they would. */
  context: BrowserContext;
  close: () => Promise<void>;
}

/** A new customer in a browser context of their own, signed up (and so signed in) through the API. */
async function customerInOwnBrowser(browser: Browser, baseURL: string | undefined): Promise<Customer> {
  const context = await browser.newContext({ baseURL });
  const account = await newCustomer(context.request, baseURL, { label: 'Olive Orders' }).catch(async (error: unknown) => {
    await context.close();
    throw error;
  });
  const customer = {
    name: account.name,
    email: account.email,
    phone: '+1 555 0142 777',
    address: `${unique()} Workshop Lane, Springfield`,
  };
  expect((await context.request.get('/api/me')).status()).toBe(200);
  return { ...customer, request: context.request, context, close: () => context.close() };
}

/** Books the part's minimum quantity as the customer, to their phone and address. */
const bookAs = (customer: Customer, part: Part) =>
  placeOrder(customer.request, part, { phone: customer.phone, address: customer.address });

/** The customer's own view of their orders (My Orders reads the same endpoint). */
async function myOrderStatus(customer: Customer, orderId: string): Promise<OrderStatus | undefined> {
  const list = (await (await customer.request.get('/api/me/orders?limit=60')).json()) as OrderList;
  return list.items.find((o) => o.id === orderId)?.status;
}

async function showOnly(page: Page, label: string) {
  await page.getByLabel(t.filterLabel).selectOption({ label });
}

test.describe('manage all orders', () => {
  test('an admin ships, then delivers a paid order, and the customer sees each step', async ({
    page,
    browser,
    baseURL,
    problems,
  }) => {
    // Two browsers, a booking, a payment, and axe at each step of the order: about a minute alone.
    test.setTimeout(120_000);
    const customer = await customerInOwnBrowser(browser, baseURL);
    try {
      const part = await partWithStock(page.request);
      const orderId = await bookAs(customer, part);
      await payOrder(customer.request, orderId);
      expect(await myOrderStatus(customer, orderId)).toBe('paid');

      await signInAs(page, 'admin');
      await page.goto('/dashboard/manageOrders');
      await expect(page.getByRole('heading', { name: copy.dashboard.manageOrders })).toBeVisible();
      const row = page.getByTestId('order-row').filter({ hasText: customer.email });
      await expect(row).toHaveCount(1);
      await expectNoA11yViolations(page);

      // Each column under its own header.
      const headers = page.getByRole('columnheader');
      await expect(headers).toHaveText([t.index, t.customer, t.picture, t.part, t.quantity, t.price, t.status]);
      const cells = row.getByRole('cell');
      await expect(cells.nth(1)).toContainText(customer.name);
      await expect(cells.nth(1)).toContainText(customer.phone);
      await expect(cells.nth(1)).toContainText(customer.address);
      await expect(cells.nth(2).locator('img')).toBeVisible();
      // The part, and the disclosure of the order's one line.
      await expect(cells.nth(3)).toContainText(part.name);
      await expect(cells.nth(3).getByRole('button', { expanded: false })).toContainText(copy.orders.showLines(1));
      await expect(cells.nth(4)).toContainText(String(part.minOrderQuantity));
      await expect(cells.nth(5)).toContainText(formatMoney(part.priceCents * part.minOrderQuantity));
      await expect(cells.nth(6)).toContainText(t.statuses.paid);

      // The filter lives in the URL and survives a reload.
      await showOnly(page, t.statuses.paid);
      await expect(page).toHaveURL(/[?&]status=paid\b/);
      await page.reload();
      await expect(page.getByLabel(t.filterLabel)).toHaveValue('paid');
      await expect(page.getByTestId('order-row').getByRole('cell').nth(6)).toContainText(t.statuses.paid);

      await row.getByRole('button', { name: t.actionLabel(t.markShipped, part.name, customer.name) }).click();
      await expect(page.getByText(t.markedShipped)).toBeVisible();
      // No longer paid: it leaves the filtered list.
      await expect(row).toHaveCount(0);
      expect(await myOrderStatus(customer, orderId)).toBe('shipped');
      // The customer's My Orders says so.
      const customerPage = await customer.context.newPage();
      await customerPage.goto('/dashboard');
      await expect(customerPage.getByTestId('order-row').filter({ hasText: part.name })).toContainText(
        copy.orders.statuses.shipped,
      );

      await showOnly(page, t.statuses.shipped);
      await expect(page).toHaveURL(/[?&]status=shipped\b/);
      await expect(row.getByRole('cell').nth(6)).toContainText(t.statuses.shipped);
      await row.getByRole('button', { name: t.actionLabel(t.markDelivered, part.name, customer.name) }).click();
      await expect(page.getByText(t.markedDelivered)).toBeVisible();
      await expect(row).toHaveCount(0);
      expect(await myOrderStatus(customer, orderId)).toBe('delivered');
      await customerPage.reload();
      await expect(customerPage.getByTestId('order-row').filter({ hasText: part.name })).toContainText(
        copy.orders.statuses.delivered,
      );

      await showOnly(page, t.all);
      await expect(page).not.toHaveURL(/status=/);
      await expect(row.getByRole('cell').nth(6)).toContainText(t.statuses.delivered);
      // No action is left: the one button is the disclosure of the order's line.
      await expect(row.getByRole('button')).toHaveCount(1);
      await expect(row.getByRole('button', { expanded: false })).toContainText(copy.orders.showLines(1));

      // A second paid order, shipped behind this page's back: the refusal's reason shows as a toast.
      const second = await bookAs(customer, part);
      await payOrder(customer.request, second);
      await page.reload();
      const secondRow = page.getByTestId('order-row').filter({ hasText: customer.email }).first();
      await expect(secondRow.getByRole('cell').nth(6)).toContainText(t.statuses.paid);
      const shipped = await page.request.patch(`/api/orders/${second}`, { data: { status: 'shipped' } });
      expect(shipped.status()).toBe(200);
      await secondRow.getByRole('button', { name: t.actionLabel(t.markShipped, part.name, customer.name) }).click();
      await expect(page.getByText('Only a paid order can be marked shipped; this one is shipped.')).toBeVisible();
      await expect(secondRow.getByRole('cell').nth(6)).toContainText(t.statuses.shipped);
      expectRefusal(problems, 409, `/api/orders/${second}`);

      // At phone width each row is a card and nothing scrolls sideways.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(
        secondRow.getByRole('button', { name: t.actionLabel(t.markDelivered, part.name, customer.name) }),
      ).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoA11yViolations(page);
    } finally {
      await customer.close();
    }
  });

  test('an admin cancels an unpaid order after "Are you sure?" and its stock comes back', async ({ page, browser, baseURL }) => {
    const customer = await customerInOwnBrowser(browser, baseURL);
    try {
      const part = await partWithStock(page.request);
      const before = await stockOf(page.request, part.id);
      const orderId = await bookAs(customer, part);
      expect(await stockOf(page.request, part.id)).toBe(before - part.minOrderQuantity);

      await signInAs(page, 'admin');
      await page.goto('/dashboard/manageOrders?status=pending_payment');
      await expect(page.getByLabel(t.filterLabel)).toHaveValue('pending_payment');
      const row = page.getByTestId('order-row').filter({ hasText: customer.email });
      await expect(row.getByRole('cell').nth(6)).toContainText(t.statuses.pending_payment);
      const cancel = row.getByRole('button', { name: t.actionLabel(t.cancel, part.name, customer.name) });

      // Keeping the order changes nothing.
      await cancel.click();
      const confirm = page.getByRole('dialog', { name: copy.common.areYouSure });
      await expect(confirm).toContainText(t.confirmCancel(part.name, customer.name));
      await settled(page);
      await expectNoA11yViolations(page);
      await confirm.getByRole('button', { name: t.keepOrder }).click();
      await expect(confirm).toBeHidden();
      expect(await myOrderStatus(customer, orderId)).toBe('pending_payment');

      await cancel.click();
      await confirm.getByRole('button', { name: t.confirmCancelYes }).click();
      await expect(page.getByText(t.cancelled)).toBeVisible();
      await expect(confirm).toBeHidden();
      await expect(row).toHaveCount(0);

      expect(await stockOf(page.request, part.id)).toBe(before);
      // My Orders leaves cancelled orders out.
      expect(await myOrderStatus(customer, orderId)).toBeUndefined();
      const order = (await (await customer.request.get(`/api/orders/${orderId}`)).json()) as Order;
      expect(order).toMatchObject({ status: 'cancelled', cancelReason: 'admin' });

      await showOnly(page, t.statuses.cancelled);
      await expect(row.getByRole('cell').nth(6)).toContainText(`${t.statuses.cancelled} ${t.cancelReasons.admin}`);
      // No action is left: the one button is the disclosure of the order's line.
      await expect(row.getByRole('button')).toHaveCount(1);
      await expect(row.getByRole('button', { expanded: false })).toContainText(copy.orders.showLines(1));
    } finally {
      await customer.close();
    }
  });

  test('an unknown status in the URL lists every order; a status without orders says so', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto('/dashboard/manageOrders?status=lost');
    await expect(page.getByLabel(t.filterLabel)).toHaveValue('');
    await expect(page.getByRole('status').filter({ hasText: /^\d+ orders?$/ })).toBeVisible();

    // Whether the shared e2e shop has delivered orders depends on the other tests: answer "none" here.
    await page.route(/\/api\/orders\?.*status=delivered/, (route) =>
      route.fulfill({ json: { items: [], total: 0, page: 1, limit: 20 } satisfies OrderList }),
    );
    await showOnly(page, t.statuses.delivered);
    await expect(page.getByText(t.emptyFiltered(t.statuses.delivered))).toBeVisible();
    await page.getByRole('link', { name: t.showAll }).click();
    await expect(page).toHaveURL(/\/dashboard\/manageOrders$/);
    await expect(page.getByLabel(t.filterLabel)).toHaveValue('');
  });

  test('a customer who opens Manage All Orders is signed out and sent to /login', async ({ page }) => {
    await signInAs(page, 'customer');
    expect((await page.request.get('/api/orders')).status()).toBe(403);
    await page.goto('/dashboard/manageOrders');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('banner').getByRole('link', { name: copy.nav.login })).toBeVisible();
    expect((await page.request.get('/api/me')).status()).toBe(401);
  });
});
