import type { APIRequestContext, Locator, Page } from '@playwright/test';
import * as copy from '#shared/copy';
import type { Settings } from '#shared/schemas/content';
import { expect, test } from './fixtures';
import { PISTON_ROAD } from './support/address';
import { payOrder, placeOrder } from './support/orders';
import { partWithMinimum12 } from './support/parts';
import { settingsUpdateOf } from './support/settings';
import { photoFile } from './support/uploads';
import { demoAccount, newCustomer, signUpThroughApi, unique } from './support/session';

/**
 * Keyboard only: every flow of the suite, once, by keyboard alone. After `page.goto` the page is driven
 * only through `page.keyboard` (Tab, Shift+Tab, Enter, Space, Escape, arrows, typing into the focused
 * field); locators only check where focus is and what the page shows. The photo inputs open the file
 * chooser with Space, and Playwright supplies the file to that chooser.
 */

/** Presses `key` until `target` has focus; fails when `max` presses never get there. */
async function pressUntilFocused(page: Page, target: Locator, key = 'Tab', max = 80): Promise<void> {
  // A control the page has drawn but not yet enabled (its data or the app still on the way) is skipped
  // by Tab: wait until it can take focus, or the presses run out before it does.
  await expect(target).toBeEnabled();
  for (let presses = 0; presses <= max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target, `${key} never reached it`).toBeFocused({ timeout: 1 });
}

/** Tabs to a field, selects what it holds and types over it. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await pressUntilFocused(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/**
 * The focused element shows a focus indicator: it matches :focus-visible and draws an outline or a
 * ring (box-shadow) — on itself, or on `indicator` when a wrapper draws it (the star radios).
 */
async function expectVisibleFocus(page: Page, indicator?: Locator): Promise<void> {
  const focused = page.locator(':focus');
  expect(await focused.evaluate((element) => element.matches(':focus-visible')), 'focus is :focus-visible').toBe(true);
  const style = await (indicator ?? focused).evaluate((element) => {
    const s = getComputedStyle(element);
    return { outline: s.outlineStyle, outlineWidth: parseFloat(s.outlineWidth), boxShadow: s.boxShadow };
  });
  const visible = (style.outline !== 'none' && style.outlineWidth > 0) || style.boxShadow !== 'none';
  expect(visible, `a focus indicator (${JSON.stringify(style)})`).toBe(true);
}

/** Focuses a file input by Tab and opens its chooser with Space; Playwright answers the chooser. */
async function choosePhoto(page: Page, input: Locator): Promise<void> {
  await pressUntilFocused(page, input);
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles(await photoFile({ r: 40, g: 120, b: 60 }));
}

async function bookByKeyboard(page: Page): Promise<void> {
  const form = page.locator('form', { has: page.getByRole('button', { name: copy.booking.submit }) });
  await typeInto(page, form.getByLabel(copy.fields.quantity), '12');
  await expectVisibleFocus(page);
  await typeInto(page, form.getByLabel(copy.fields.phone), '+1 555-010-2030');
  await typeInto(page, form.getByLabel(copy.address.line1Label), PISTON_ROAD.line1);
  await typeInto(page, form.getByLabel(copy.address.cityLabel), PISTON_ROAD.city);
  // A select takes its option from the keys typed while it has the focus.
  await pressUntilFocused(page, form.getByLabel(copy.address.stateLabel));
  await page.keyboard.type('Indiana');
  await expect(form.getByLabel(copy.address.stateLabel)).toHaveValue(PISTON_ROAD.state);
  await typeInto(page, form.getByLabel(copy.address.zipLabel), PISTON_ROAD.zip);
  await pressUntilFocused(page, form.getByRole('button', { name: copy.booking.submit }));
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page.getByText(copy.toasts.partAdded).last()).toBeVisible();
  await expect(form.getByLabel(copy.fields.phone)).toHaveValue('');
}

test.describe('by keyboard alone', () => {
  test('a visitor skips to the content and opens the phone menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: copy.nav.skipToContent });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();

    const menuButton = page.getByRole('button', { name: copy.nav.openMenu });
    await pressUntilFocused(page, menuButton, 'Shift+Tab');
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    const close = page.getByRole('button', { name: copy.nav.closeMenu });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    // Escape closes it and focus stays on the button.
    await page.keyboard.press('Escape');
    await expect(menuButton).toBeFocused();
    await page.keyboard.press('Space');
    const parts = page.getByRole('navigation', { name: copy.nav.label }).getByRole('link', { name: copy.nav.parts });
    await pressUntilFocused(page, parts);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/part$/);
    await expect(menuButton).toBeVisible();
  });

  // The customer's walk, in four tests: each makes what it starts from with the test kit, so a slow
  // machine stretches one short walk, not all of them.
  test('a customer signs up, signs out and signs in', async ({ page }) => {
    test.setTimeout(120_000);
    const tag = unique();
    const account = { name: `Kim Keys ${tag}`, email: `keys-${tag}@garage.example`, password: 'keyboard-only-1' };

    // Sign up.
    await page.goto('/signup');
    await typeInto(page, page.getByLabel(copy.fields.name), account.name);
    await expectVisibleFocus(page);
    await typeInto(page, page.getByLabel(copy.fields.email), account.email);
    await typeInto(page, page.getByLabel(copy.fields.password), account.password);
    await page.keyboard.press('Enter');
    // No page to return to: the shop's home.
    await expect(page).toHaveURL(/\/$/);
    const signOut = page.getByRole('banner').getByRole('button', { name: copy.nav.signOut });
    await pressUntilFocused(page, signOut);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('banner').getByRole('link', { name: copy.nav.login })).toBeVisible();

    // Sign in.
    await page.goto('/login');
    await typeInto(page, page.getByLabel(copy.fields.email), account.email);
    await typeInto(page, page.getByLabel(copy.fields.password, { exact: true }), account.password);
    await pressUntilFocused(page, page.getByRole('button', { name: copy.auth.loginSubmit, exact: true }));
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(signOut).toBeVisible();
  });

  test('a customer sorts, pages and searches the parts, opens one and books it twice', async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    await newCustomer(request, baseURL, { label: 'Kim Keys', page });

    // Browse: sort, page, search, open a part.
    const part = partWithMinimum12(1);
    await page.goto('/part');
    await expect(page.getByTestId('part-card')).toHaveCount(12);
    const sort = page.getByLabel(copy.part.sortLabel);
    await pressUntilFocused(page, sort);
    await expectVisibleFocus(page);
    // Space opens the list, the arrow picks the next sort, Enter chooses it.
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/sort=/);
    const next = page
      .getByRole('navigation', { name: copy.pagination.label })
      .getByRole('button', { name: copy.pagination.next });
    await pressUntilFocused(page, next);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/page=2/);
    await typeInto(page, page.getByLabel(copy.part.searchLabel), part.name);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/q=/);
    const card = page.getByTestId('part-card').filter({ hasText: part.name.slice(0, 30) });
    await expect(card).toHaveCount(1);
    await pressUntilFocused(page, card.getByRole('link', { name: copy.part.bookNow }));
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/part/${part.id}`);

    // Book 12, twice.
    await bookByKeyboard(page);
    await bookByKeyboard(page);
    await page.goto('/dashboard');
    await expect(page.getByTestId('order-row').filter({ hasText: part.name })).toHaveCount(2);
  });

  test('a customer pays one order and cancels another', async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    await newCustomer(request, baseURL, { label: 'Kim Keys', page });
    const part = partWithMinimum12(1);
    await placeOrder(request, { id: part.id, minOrderQuantity: 12 });
    await placeOrder(request, { id: part.id, minOrderQuantity: 12 });

    // My Orders, then pay the first.
    await page.goto('/dashboard');
    const rows = page.getByTestId('order-row').filter({ hasText: part.name });
    await expect(rows).toHaveCount(2);
    await pressUntilFocused(page, rows.first().getByRole('link', { name: copy.orders.payLabel(part.name) }));
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/payment\//);
    const card4242 = page.getByRole('form', { name: copy.payment.cardTitle });
    await typeInto(page, card4242.getByLabel(copy.payment.cardNumber), '4242424242424242');
    await expect(card4242.getByLabel(copy.payment.cardNumber)).toHaveValue('4242 4242 4242 4242');
    await typeInto(page, card4242.getByLabel(copy.payment.expiry), '1230');
    await typeInto(page, card4242.getByLabel(copy.payment.cvc), '123');
    await pressUntilFocused(page, card4242.getByRole('button', { name: copy.payment.pay, exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(copy.payment.success)).toBeVisible();

    // Cancel the other one: focus goes into the dialog, and back to the button when it closes.
    await page.goto('/dashboard');
    const cancel = page.getByRole('button', { name: copy.orders.cancelLabel(part.name) });
    await expect(cancel).toHaveCount(1);
    await pressUntilFocused(page, cancel);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: copy.common.areYouSure });
    await expect(dialog.getByRole('button', { name: copy.orders.keepOrder })).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: copy.orders.keepOrder })).toBeFocused();
    await pressUntilFocused(page, dialog.getByRole('button', { name: copy.orders.confirmCancelYes }));
    await page.keyboard.press('Enter');
    await expect(cancel).toHaveCount(0);
    await expect(dialog).toBeHidden();
    // The button is gone with its order: focus moves to a control nearby, not lost on the body.
    await expect(page.locator('body')).not.toBeFocused();
    await expectVisibleFocus(page);
  });

  test('a customer writes a review, the stars chosen with the arrow keys, and renames themselves', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const tag = unique();
    await newCustomer(request, baseURL, { label: 'Kim Keys', page });

    // A review, the stars chosen with the arrow keys.
    await page.goto('/dashboard/addReview');
    const zero = page.getByRole('radio', { name: copy.reviewForm.stars(0) });
    await pressUntilFocused(page, zero);
    await expectVisibleFocus(page, page.locator('label').filter({ has: zero }));
    for (let n = 0; n < 4; n++) await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: copy.reviewForm.stars(4) })).toBeChecked();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('radio', { name: copy.reviewForm.stars(3) })).toBeChecked();
    await page.keyboard.press('ArrowRight');
    await typeInto(page, page.getByLabel(copy.fields.review, { exact: true }), `Typed without a mouse ${tag}`);
    await choosePhoto(page, page.getByLabel(copy.fields.photo));
    await pressUntilFocused(page, page.getByRole('button', { name: copy.reviewForm.add, exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(copy.toasts.reviewAdded)).toBeVisible();

    // Profile: a new display name.
    await page.goto('/dashboard/profile');
    const renamed = `Kimberly Keys ${tag}`;
    await typeInto(page, page.getByLabel(copy.fields.name), renamed);
    await pressUntilFocused(page, page.getByRole('button', { name: copy.profile.save }));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('profile-name')).toHaveText(renamed);
  });

  test('an admin adds, updates and deletes parts, ships an order, promotes a user, handles mail and saves settings', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const tag = unique();
    const admin = await demoAccount(request, 'admin');
    const originalSettings = (await (await request.get('/api/settings')).json()) as Settings;
    const { customer, order, subject } = await adminFixtures(request, baseURL, tag);

    // Sign in with the demo accounts dialog.
    await page.goto('/login');
    const demoButton = page.getByRole('button', { name: copy.auth.demoAccounts });
    await pressUntilFocused(page, demoButton);
    await page.keyboard.press('Enter');
    const demo = page.getByRole('dialog', { name: copy.auth.demoAccounts });
    await expect(demo).toBeVisible();
    await expect(demo.locator(':focus')).toHaveCount(1);
    await pressUntilFocused(
      page,
      demo.getByRole('button', { name: copy.auth.useAccountLabel(copy.auth.demoRoles.admin, admin.email) }),
    );
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(demo).toBeHidden();
    await expect(page.getByLabel(copy.fields.email)).toHaveValue(admin.email);
    await pressUntilFocused(page, page.getByRole('button', { name: copy.auth.loginSubmit, exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('banner').getByRole('button', { name: copy.nav.signOut })).toBeVisible();

    // Add a part, its photo chosen from the keyboard.
    const name = `Keyboard Kit ${tag}`;
    await page.goto('/dashboard/addPart');
    const form = page.locator('form', { has: page.getByRole('button', { name: copy.partsAdmin.add, exact: true }) });
    await typeInto(page, form.getByLabel(copy.fields.name), name);
    await typeInto(page, form.getByLabel(copy.partsAdmin.sku), `kb-${tag}`);
    // A closed drop-down takes the first letters of an option.
    const category = form.getByLabel(copy.partsAdmin.category);
    await pressUntilFocused(page, category);
    await expectVisibleFocus(page);
    await page.keyboard.type('Filters');
    await expect(category.locator('option:checked')).toHaveText('Filters');
    await typeInto(page, form.getByLabel(copy.fields.price, { exact: true }), '42.10');
    await typeInto(page, form.getByLabel(copy.fields.quantity), '300');
    await typeInto(page, form.getByLabel(copy.fields.description), 'Added with the keyboard alone.');
    await expectVisibleFocus(page);
    // A price tier: the new row takes focus.
    await pressUntilFocused(page, form.getByRole('button', { name: copy.partsAdmin.addTier }));
    await page.keyboard.press('Enter');
    await expect(form.getByLabel(`${copy.partsAdmin.tier(1)}: ${copy.partsAdmin.tierMinQuantity}`)).toBeFocused();
    await page.keyboard.type('48');
    await typeInto(page, form.getByLabel(`${copy.partsAdmin.tier(1)}: ${copy.partsAdmin.tierUnitPrice}`), '38.00');
    // A vehicle it fits: the new row takes focus on its make; a closed drop-down takes typed letters.
    const fit = copy.fitmentRows;
    await pressUntilFocused(page, form.getByRole('button', { name: fit.add }));
    await page.keyboard.press('Enter');
    const fitMake = form.getByLabel(`${fit.row(1)}: ${fit.make}`);
    await expect(fitMake).toBeFocused();
    await page.keyboard.type('Ford');
    await expect(fitMake.locator('option:checked')).toHaveText('Ford');
    const fitVehicle = form.getByLabel(`${fit.row(1)}: ${fit.vehicle}`);
    await expect(fitVehicle).toBeEnabled();
    await pressUntilFocused(page, fitVehicle);
    await expectVisibleFocus(page);
    await page.keyboard.type('Focus');
    await expect(fitVehicle.locator('option:checked')).toHaveText(/^Focus /);
    await expect(form.getByLabel(`${fit.row(1)}: ${fit.yearFrom}`)).not.toHaveValue('');
    await typeInto(page, form.getByLabel(`${fit.row(1)}: ${fit.note}`), 'front axle');
    await choosePhoto(page, form.getByLabel(copy.fields.photo));
    await expectVisibleFocus(page);
    await pressUntilFocused(page, form.getByRole('button', { name: copy.partsAdmin.add, exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(copy.toasts.partAdded)).toBeVisible();
    await expect(form.getByLabel(copy.fields.name)).toHaveValue('');

    // Update it in the edit modal; focus returns to Update.
    await page.goto(`/dashboard/manageParts?q=${encodeURIComponent(name)}`);
    const row = page.getByTestId('part-row').filter({ hasText: name });
    const update = row.getByRole('button', { name: `${copy.partsAdmin.update} ${name}` });
    await pressUntilFocused(page, update);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    const edit = page.getByRole('dialog', { name: copy.partsAdmin.editTitle(name) });
    await expect(edit).toBeVisible();
    await expect(edit.locator(':focus')).toHaveCount(1);
    await typeInto(page, edit.getByLabel(copy.fields.price, { exact: true }), '39.90');
    await page.keyboard.press('Enter');
    await expect(page.getByText(copy.toasts.partUpdated)).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('39.90');
    await expect(update).toBeFocused();

    // Delete it after "Are you sure?".
    await pressUntilFocused(page, row.getByRole('button', { name: `${copy.partsAdmin.delete} ${name}` }));
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: copy.common.areYouSure });
    await expect(confirm.getByRole('button', { name: copy.partsAdmin.keepPart })).toBeFocused();
    await pressUntilFocused(page, confirm.getByRole('button', { name: copy.partsAdmin.confirmDeleteYes }));
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page.getByText(copy.toasts.partDeleted)).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.locator('body')).not.toBeFocused();
    await expectVisibleFocus(page);

    // Mark the customer's paid order shipped.
    const t = copy.manageOrders;
    await page.goto('/dashboard/manageOrders');
    const orderRow = page.getByTestId('order-row').filter({ hasText: customer.email });
    const ship = orderRow.getByRole('button', { name: t.actionLabel(t.markShipped, order.partName, customer.name) });
    await pressUntilFocused(page, ship);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page.getByText(t.markedShipped)).toBeVisible();
    await expect(orderRow.getByRole('cell').nth(6)).toContainText(t.statuses.shipped);
    // The same button now offers the next step, and keeps focus.
    await expect(
      orderRow.getByRole('button', { name: t.actionLabel(t.markDelivered, order.partName, customer.name) }),
    ).toBeFocused();

    // Make the customer an admin.
    await page.goto(`/dashboard/manageUser?q=${tag}`);
    const makeAdmin = page.getByTestId('user-row').filter({ hasText: customer.email }).getByRole('button', {
      name: copy.users.makeAdmin,
    });
    await pressUntilFocused(page, makeAdmin);
    await page.keyboard.press('Enter');
    await expect(confirm.getByRole('button', { name: copy.users.keepCustomer })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(confirm.getByRole('button', { name: copy.users.confirmMakeAdminYes })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: copy.toasts.adminAdded })).toBeVisible();
    await expect(makeAdmin).toHaveCount(0);
    // The same button now offers the way back, and keeps focus.
    await expect(
      page.getByTestId('user-row').filter({ hasText: customer.email }).getByRole('button', { name: copy.users.removeAdmin }),
    ).toBeFocused();

    // Mark the contact message handled.
    await page.goto('/dashboard/inbox');
    await pressUntilFocused(page, page.getByRole('button', { name: `${copy.inbox.markHandled}: ${subject}` }));
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: `${copy.inbox.markUnhandled}: ${subject}` })).toBeFocused();

    // Settings.
    await page.goto('/dashboard/settings');
    await typeInto(page, page.getByLabel(copy.settings.percent), '35');
    await expectVisibleFocus(page);
    await pressUntilFocused(page, page.getByRole('button', { name: copy.settings.save }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(copy.toasts.settingsSaved)).toBeVisible();
    const restored = await page.request.patch('/api/settings', { data: settingsUpdateOf(originalSettings) });
    expect(restored.status(), await restored.text()).toBe(200);

    // At phone width, the dashboard menu opens, takes focus, and goes where it is told.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    const menu = page.getByRole('button', { name: new RegExp(copy.dashboard.openMenu) });
    await pressUntilFocused(page, menu);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: copy.dashboard.navLabel });
    await expect(drawer).toBeVisible();
    await expect(drawer.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
    await page.keyboard.press('Enter');
    await pressUntilFocused(page, drawer.getByRole('link', { name: copy.dashboard.settings }));
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    await expect(drawer).toBeHidden();
  });
});

test.describe('by keyboard alone, finding parts', () => {
  test('a customer saves a vehicle to the garage and opens the parts that fit it', async ({ page, baseURL }) => {
    const tag = unique();
    await signUpThroughApi(page.request, baseURL, {
      name: `Gail Garage ${tag}`,
      email: `garage-keys-${tag}@garage.example`,
      password: 'keyboard-only-3',
    });
    const g = copy.garagePage;
    const picker = copy.vehiclePicker;
    await page.goto('/dashboard/garage');
    const make = page.getByLabel(picker.make);
    await expect(make).toBeEnabled();
    await pressUntilFocused(page, make);
    await expectVisibleFocus(page);
    await page.keyboard.type('Ford');
    const model = page.getByLabel(picker.model);
    await expect(model).toBeEnabled();
    await pressUntilFocused(page, model);
    await page.keyboard.type('Focus');
    await expect(model.locator('option:checked')).toHaveText(/^Focus /);
    const year = page.getByLabel(picker.year);
    await expect(year).toBeEnabled();
    await pressUntilFocused(page, year);
    await page.keyboard.type('2015');
    await expect(year).toHaveValue('2015');
    await typeInto(page, page.getByLabel(g.nickname), 'Van 3');
    await pressUntilFocused(page, page.getByRole('button', { name: g.save }));
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page.getByText(g.saved)).toBeVisible();

    const show = page.getByRole('link', { name: g.showPartsOf('Van 3') });
    await pressUntilFocused(page, show);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/part\?vehicle=[^&]+&year=2015$/);
  });
});

/** What the admin flow works on: a customer with a paid order, and a contact message. */
async function adminFixtures(request: APIRequestContext, baseURL: string | undefined, tag: string) {
  const customer = { name: `Kurt Keys ${tag}`, email: `kurt-${tag}@garage.example`, password: 'keyboard-only-2' };
  await signUpThroughApi(request, baseURL, customer);
  const part = partWithMinimum12(1);
  const orderId = await placeOrder(request, { id: part.id, minOrderQuantity: 12 });
  await payOrder(request, orderId);
  const subject = `Keyboard question ${tag}`;
  const sent = await request.post('/api/contact', {
    data: { email: `kurt-${tag}@garage.example`, subject, message: 'Can I order by keyboard?' },
  });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  // Signed out again, so the page's admin session is the only one in play.
  await request.post('/api/auth/sign-out', { headers: { origin: baseURL ?? '' } });
  return { customer, order: { id: orderId, partName: part.name }, subject };
}
