import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import type { Part, PartList } from '#shared/schemas/parts';
import { expect, expectNoA11yViolations, expectRefusal, queryShopDatabase, test } from './fixtures';
import { categoryIdOf, uniqueSku } from './support/catalogue-api';
import { receivedMail } from './support/inbox';
import { partWithStock, placeOrder } from './support/orders';
import { demoAccount, newCustomer, settled, signIn, signInAs, unique } from './support/session';

/** The demo admin in a browser context of its own, for calls made beside the page under test. */
async function adminRequest(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const { email, password } = await demoAccount(context.request, 'admin');
  const res = await context.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { origin: baseURL ?? '' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { request: context.request, close: () => context.close() };
}

/** A fresh part of the shop's own, with stock for several bookings. */
async function newPart(request: APIRequestContext, name: string): Promise<Part> {
  const parts = (await (await request.get('/api/parts?sort=newest&limit=1')).json()) as PartList;
  const imageUrl = parts.items[0]!.imageUrl;
  const res = await request.post('/api/parts', {
    data: {
      name,
      description: 'Made for the walk-through tests',
      priceCents: 1250,
      stock: 500,
      imageUrl,
      sku: uniqueSku(),
      categoryId: await categoryIdOf(request),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  return (await (await request.get(`/api/parts/${id}`)).json()) as Part;
}

/** Waits (up to 10 s: mail goes out in the background) for a mail to `address` that says `text`. */
async function mailSaying(address: string, text: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = receivedMail()
          .map((mail) => mail.text)
          .find((mail) => new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'im').test(mail) && mail.includes(text));
        return found !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

function orderStatus(id: string) {
  return queryShopDatabase<{ status: string; cancel_reason: string | null }>(
    'SELECT status, cancel_reason FROM orders WHERE id = ?',
    id,
  )[0];
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
}

const cardForm = (page: Page) => page.getByRole('form', { name: copy.payment.cardTitle });

test.describe('walk-through: orders and payments', () => {
  test("an admin opening a customer's payment page sees the order read-only, greeted with the customer's name", async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const customer = await newCustomer(request, baseURL, { label: 'Wanda Walk' });
    const part = await partWithStock(request, { bookings: 6 });
    const orderId = await placeOrder(request, part);

    await signInAs(page, 'admin');
    await page.goto(`/dashboard/payment/${orderId}`);
    const summary = page.getByTestId('order-summary');
    await expect(summary).toContainText(copy.payment.hello(customer.name));
    await expect(summary).toContainText(copy.payment.payFor(part.name));
    const details = page.getByTestId('read-only-order');
    await expect(details.getByRole('heading', { name: copy.payment.readOnlyTitle })).toBeVisible();
    await expect(details).toContainText(customer.name);
    await expect(details).toContainText(customer.email);
    await expect(details).toContainText(part.name);
    await expect(details).toContainText(String(part.minOrderQuantity));
    await expect(details).toContainText(formatMoney(part.priceCents * part.minOrderQuantity));
    await expect(details).toContainText(copy.manageOrders.statuses.pending_payment);
    // No card form and no refusal: only the customer pays.
    await expect(cardForm(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: copy.payment.pay, exact: true })).toHaveCount(0);
    await expect(page.getByText('This order does not exist.')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectNoA11yViolations(page);
    await details.getByRole('link', { name: copy.payment.backToManageOrders }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/manageOrders$/);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/dashboard/payment/${orderId}`);
    await expect(page.getByTestId('read-only-order')).toContainText(customer.email);
    await noSidewaysScroll(page);
    await expectNoA11yViolations(page);

    // The owner is greeted with the name on the order too, and gets the card form.
    const owner = await browser.newPage({ baseURL });
    try {
      await signIn(owner, customer.email, customer.password);
      await owner.goto(`/dashboard/payment/${orderId}`);
      await expect(owner.getByTestId('order-summary')).toContainText(copy.payment.hello(customer.name));
      await expect(cardForm(owner)).toBeVisible();
      await expect(owner.getByTestId('read-only-order')).toHaveCount(0);
    } finally {
      await owner.close();
    }
  });

  test('an order an admin cancels is mailed to the customer and listed under their cancelled orders with its reason', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const customer = await newCustomer(request, baseURL, { label: 'Wanda Walk', page });
    const admin = await adminRequest(browser, baseURL);
    // A part of its own, with a plain name: the mail's subject is read as text below, and other specs
    // leave parts whose names carry markup (which mail headers encode).
    let part: Part;
    let cancelledByShop: string;
    let cancelledByMe: string;
    let stillOpen: string;
    try {
      part = await newPart(admin.request, `Cancelled clutch kit ${unique()}`);
      cancelledByShop = await placeOrder(page.request, part);
      cancelledByMe = await placeOrder(page.request, part);
      stillOpen = await placeOrder(page.request, part);
      expect((await page.request.delete(`/api/orders/${cancelledByMe}`)).status()).toBe(200);
      expect((await admin.request.delete(`/api/orders/${cancelledByShop}`)).status()).toBe(200);
    } finally {
      await admin.close();
    }
    expect(orderStatus(cancelledByShop)).toEqual({ status: 'cancelled', cancel_reason: 'admin' });
    expect(orderStatus(stillOpen)?.status).toBe('pending_payment');

    const mail = await mailSaying(customer.email, copy.mail.cancelledByShopIntro);
    expect(mail).toContain(copy.mail.cancelledSubject(part.name));

    // By default My Orders lists the open order only.
    await page.goto('/dashboard');
    const rows = page.getByTestId('order-row');
    await expect(rows).toHaveCount(1);
    await expect(page.getByLabel(copy.orders.viewLabel)).toHaveValue('open');

    // The filter shows the cancelled ones, each with who cancelled it, and lives in the URL.
    await page.getByLabel(copy.orders.viewLabel).selectOption({ label: copy.orders.views.cancelled });
    await expect(page).toHaveURL(/\/dashboard\?view=cancelled$/);
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: copy.orders.cancelledBy.admin })).toHaveCount(1);
    await expect(rows.filter({ hasText: copy.orders.cancelledBy.customer })).toHaveCount(1);
    await expect(rows.getByRole('link', { name: copy.orders.payLabel(part.name) })).toHaveCount(0);
    await expect(rows.first()).toContainText(copy.orders.notPaid);
    await expectNoA11yViolations(page);
    await page.reload();
    await expect(page.getByLabel(copy.orders.viewLabel)).toHaveValue('cancelled');
    await expect(rows).toHaveCount(2);

    await page.getByLabel(copy.orders.viewLabel).selectOption({ label: copy.orders.views.all });
    await expect(page).toHaveURL(/\/dashboard\?view=all$/);
    await expect(rows).toHaveCount(3);
    await page.setViewportSize({ width: 390, height: 844 });
    await noSidewaysScroll(page);
    await expectNoA11yViolations(page);
  });

  test('every confirmation dialog says what its buttons do', async ({ page, request, browser, baseURL }) => {
    // The labels the dialogs used to have, which say nothing of what happens.
    const vague = async (dialog: Locator) => {
      await expect(dialog.getByRole('button', { name: 'Yes', exact: true })).toHaveCount(0);
      await expect(dialog.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
    };
    const dialog = page.getByRole('dialog', { name: copy.common.areYouSure });

    // My Orders: cancel an order.
    const customer = await newCustomer(request, baseURL, { label: 'Wanda Walk', page });
    const part = await partWithStock(request, { bookings: 6 });
    await placeOrder(page.request, part);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: copy.orders.cancelLabel(part.name) }).click();
    await expect(dialog.getByRole('button', { name: copy.orders.keepOrder, exact: true })).toBeFocused();
    await expect(dialog.getByRole('button', { name: copy.orders.confirmCancelYes, exact: true })).toBeVisible();
    await vague(dialog);
    await settled(page);
    await expectNoA11yViolations(page);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('order-row')).toHaveCount(1);

    // Manage All Orders: cancel a customer's order.
    const customerOrder = await placeOrder(page.request, part);
    // Signed out (the sign-in page is for visitors), then in as the admin.
    await page.context().clearCookies();
    await signInAs(page, 'admin');
    await page.goto('/dashboard/manageOrders?status=pending_payment');
    const t = copy.manageOrders;
    const orderRow = page.getByTestId('order-row').filter({ hasText: customer.email });
    await expect(orderRow).toHaveCount(2);
    await orderRow
      .first()
      .getByRole('button', { name: t.actionLabel(t.cancel, part.name, customer.name) })
      .click();
    await expect(dialog.getByRole('button', { name: t.keepOrder, exact: true })).toBeFocused();
    await expect(dialog.getByRole('button', { name: t.confirmCancelYes, exact: true })).toBeVisible();
    await vague(dialog);
    await dialog.getByRole('button', { name: t.keepOrder, exact: true }).click();
    expect(orderStatus(customerOrder)?.status).toBe('pending_payment');

    // Manage All Parts: delete a part.
    const admin = await adminRequest(browser, baseURL);
    const partName = `Dialog test part ${unique()}`;
    try {
      await newPart(admin.request, partName);
    } finally {
      await admin.close();
    }
    await page.goto(`/dashboard/manageParts?q=${encodeURIComponent(partName)}`);
    await page.getByRole('button', { name: `${copy.partsAdmin.delete} ${partName}` }).click();
    await expect(dialog.getByRole('button', { name: copy.partsAdmin.keepPart, exact: true })).toBeFocused();
    await expect(dialog.getByRole('button', { name: copy.partsAdmin.confirmDeleteYes, exact: true })).toBeVisible();
    await vague(dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Manage All User: make admin, and remove a user.
    const other = await newCustomer(request, baseURL, { label: 'Wanda Walk' });
    await page.goto(`/dashboard/manageUser?q=${encodeURIComponent(other.email)}`);
    const userRow = page.getByTestId('user-row').filter({ hasText: other.email });
    await userRow.getByRole('button', { name: copy.users.makeAdmin }).click();
    await expect(dialog.getByRole('button', { name: copy.users.keepCustomer, exact: true })).toBeFocused();
    await expect(dialog.getByRole('button', { name: copy.users.confirmMakeAdminYes, exact: true })).toBeVisible();
    await vague(dialog);
    await page.keyboard.press('Escape');
    await userRow.getByRole('button', { name: copy.users.removeUser }).click();
    await expect(dialog.getByRole('button', { name: copy.users.keepUser, exact: true })).toBeFocused();
    await expect(dialog.getByRole('button', { name: copy.users.confirmRemoveYes, exact: true })).toBeVisible();
    await vague(dialog);
    await page.keyboard.press('Escape');
    await expect(userRow).toHaveCount(1);
  });

  test("the card provider's refusal goes away once the card details change", async ({ page, request, baseURL, problems }) => {
    await newCustomer(request, baseURL, { label: 'Wanda Walk', page });
    const orderId = await placeOrder(page.request, await partWithStock(request, { bookings: 6 }));
    await page.goto(`/dashboard/payment/${orderId}`);
    const form = cardForm(page);
    await form.getByLabel(copy.payment.cardNumber).fill('4000 0000 0000 0002');
    await form.getByLabel(copy.payment.expiry).fill('12/30');
    await form.getByLabel(copy.payment.cvc).fill('123');
    await form.getByRole('button', { name: copy.payment.pay, exact: true }).click();
    const refusal = page.getByRole('alert').filter({ hasText: copy.payment.declined });
    await expect(refusal).toBeVisible();
    expectRefusal(problems, 402, `/api/orders/${orderId}/payment`);

    // A new, still incomplete number: the old refusal no longer applies; the field's own message shows.
    await form.getByLabel(copy.payment.cardNumber).fill('4242');
    await expect(refusal).toHaveCount(0);
    await form.getByRole('button', { name: copy.payment.pay, exact: true }).click();
    await expect(form.getByLabel(copy.payment.cardNumber)).toHaveAccessibleDescription(copy.payment.numberIncomplete);
    await expect(page.getByText(copy.payment.declined)).toHaveCount(0);
  });

  test('an expiry written "12 / 30" or "12/2030" is read whole and pays; nonsense gets the form\'s message', async ({
    page,
    request,
    baseURL,
  }) => {
    await newCustomer(request, baseURL, { label: 'Wanda Walk', page });
    const part = await partWithStock(request, { bookings: 6 });
    const orderId = await placeOrder(page.request, part);
    await page.goto(`/dashboard/payment/${orderId}`);
    const form = cardForm(page);
    const expiry = form.getByLabel(copy.payment.expiry);
    const pay = form.getByRole('button', { name: copy.payment.pay, exact: true });
    await form.getByLabel(copy.payment.cardNumber).fill('4242 4242 4242 4242');
    await form.getByLabel(copy.payment.cvc).fill('123');

    // Nonsense: the form's messages, nothing sent.
    await expiry.fill('13/30');
    await pay.click();
    await expect(expiry).toHaveAccessibleDescription(copy.payment.expMonthInvalid);
    await expiry.fill('soon');
    await expect(expiry).toHaveAccessibleDescription(copy.payment.expiryIncomplete);
    await expiry.fill('12/2030');
    await expect(expiry).toHaveValue('12/2030');
    await expect(expiry).not.toHaveAttribute('aria-invalid', 'true');

    // As a password manager fills it: kept whole, and read as December 2030.
    await expiry.fill('12 / 30');
    await expect(expiry).toHaveValue('12 / 30');
    await expectNoA11yViolations(page);
    await pay.click();
    await expect(page.getByText(copy.payment.success)).toBeVisible();
    expect(orderStatus(orderId)?.status).toBe('paid');
  });

  test('deleting a part warns of its unpaid orders, cancels them with a mail to each customer, and they can no longer be paid', async ({
    page,
    request,
    browser,
    baseURL,
    problems,
  }) => {
    const admin = await adminRequest(browser, baseURL);
    const partName = `Withdrawn bracket ${unique()}`;
    let part: Part;
    try {
      part = await newPart(admin.request, partName);
    } finally {
      await admin.close();
    }
    const other = await newCustomer(request, baseURL, { label: 'Wanda Walk' });
    await placeOrder(request, part);
    // Signed up through the page's own requests: the page is signed in as them.
    const customer = await newCustomer(page.request, baseURL, { label: 'Wanda Walk' });
    const orderId = await placeOrder(page.request, part);
    expect(customer.email).not.toBe(other.email);

    // The customer opens the payment page before the part goes.
    await page.goto(`/dashboard/payment/${orderId}`);
    const form = cardForm(page);
    await expect(form.getByRole('button', { name: copy.payment.pay, exact: true })).toBeEnabled();

    const adminPage = await browser.newPage({ baseURL });
    const adminProblems: string[] = [];
    adminPage.on('console', (message) => {
      if (message.type() === 'error') adminProblems.push(message.text());
    });
    try {
      await signInAs(adminPage, 'admin');
      await adminPage.goto(`/dashboard/manageParts?q=${encodeURIComponent(partName)}`);
      await adminPage.getByRole('button', { name: `${copy.partsAdmin.delete} ${partName}` }).click();
      const dialog = adminPage.getByRole('dialog', { name: copy.common.areYouSure });
      await expect(dialog.getByTestId('unpaid-orders-warning')).toHaveText(copy.partsAdmin.confirmDeleteUnpaid(2));
      await settled(adminPage);
      await expectNoA11yViolations(adminPage);
      await dialog.getByRole('button', { name: copy.partsAdmin.confirmDeleteYes, exact: true }).click();
      await expect(adminPage.getByText(copy.toasts.partDeleted)).toBeVisible();
      expect(adminProblems).toEqual([]);
    } finally {
      await adminPage.close();
    }
    expect(orderStatus(orderId)).toEqual({ status: 'cancelled', cancel_reason: 'admin' });
    for (const email of [customer.email, other.email]) {
      expect(await mailSaying(email, copy.mail.partWithdrawnIntro)).toContain(copy.mail.cancelledSubject(partName));
    }

    // The page still open: paying is refused, with the reason.
    await form.getByLabel(copy.payment.cardNumber).fill('4242 4242 4242 4242');
    await form.getByLabel(copy.payment.expiry).fill('12/30');
    await form.getByLabel(copy.payment.cvc).fill('123');
    await form.getByRole('button', { name: copy.payment.pay, exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: copy.payment.partWithdrawn })).toBeVisible();
    expectRefusal(problems, 409, `/api/orders/${orderId}/payment`);
    expect(orderStatus(orderId)?.status).toBe('cancelled');

    // My Orders: gone from the open orders, listed as cancelled by the shop.
    await page.goto('/dashboard?view=cancelled');
    await expect(page.getByTestId('order-row').filter({ hasText: partName })).toContainText(copy.orders.cancelledBy.admin);
  });
});
