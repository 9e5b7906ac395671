import type { APIRequestContext, Page } from '@playwright/test';
import * as copy from '#shared/copy';
import { a11yViolations, expect, queryShopDatabase, test } from './fixtures';
import { partWithStock, placeOrder } from './support/orders';
import { newCustomer, settled, signInAs, signUpThroughApi, unique } from './support/session';

/**
 * Accessibility: axe finds no violation of any impact on any page, for each role that can open it,
 * at phone and desktop width. One test per page (with its dialogs and messages) and role, so a slow
 * machine slows each test a little rather than one long walk a lot; within a test every check is a
 * soft assertion, so one run lists everything there is to fix.
 */

const desktop = { width: 1280, height: 800 } as const;
const phone = { width: 390, height: 844 } as const;
const widths = [desktop, phone] as const;

/** The page is drawn: its data loaded, lazy sections scrolled into being, dialogs done fading in. */
async function ready(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Spinners and skeletons gone: the page's data is in.
  await expect(page.locator('.loading, .animate-pulse')).toHaveCount(0);
  await settled(page);
}

/** axe at desktop width, then at phone width on the same page (a resize is much cheaper than a reload). */
async function check(page: Page, what: string, only?: (typeof widths)[number]): Promise<void> {
  await ready(page);
  for (const viewport of only ? [only] : widths) {
    if (page.viewportSize()?.width !== viewport.width) {
      await page.setViewportSize(viewport);
      await settled(page);
    }
    expect.soft(await a11yViolations(page), `axe violations on ${what} at ${viewport.width} px (${page.url()})`).toEqual([]);
  }
  await page.setViewportSize(widths[0]);
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await check(page, path);
}

/** Opens a page only to open a dialog on it: the page itself is checked elsewhere. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await ready(page);
}

/** The landing page loads its lower sections as they come near: scroll through it, a screen at a time. */
async function visitLanding(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (let screen = 0; screen < 40; screen++) {
    // Two frames after each scroll: the browser has drawn the new position and told the sections that
    // load when they come near (their intersection observers run once a frame) before the next scroll.
    const atBottom = await page.evaluate(async () => {
      window.scrollBy(0, window.innerHeight);
      for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    if (atBottom) break;
  }
  await check(page, '/');
}

/**
 * Hover and keyboard focus change colours: look at a few controls of the page in each state, with
 * the contrast rule only (it is the one a pseudo-class can break).
 */
async function checkStates(page: Page, what: string, selectors: string[]): Promise<void> {
  // A phone has no hover, and focus colours are the same at every width: at desktop width only.
  for (const selector of selectors) {
    const target = page.locator(selector).first();
    if (!(await target.isVisible())) continue;
    await target.hover();
    expect
      .soft(await a11yViolations(page, { include: selector, rules: ['color-contrast'] }), `${what}: ${selector} hovered`)
      .toEqual([]);
    await target.focus();
    expect
      .soft(await a11yViolations(page, { include: selector, rules: ['color-contrast'] }), `${what}: ${selector} focused`)
      .toEqual([]);
  }
  await page.mouse.move(0, 0);
}

/** A new customer signed in (through the API, which the page shares) with two unpaid orders of one part. */
async function customerWithOrders(page: Page, request: APIRequestContext, baseURL: string | undefined) {
  const tag = unique();
  await signUpThroughApi(page.request, baseURL, {
    name: `Axel Axe ${tag}`,
    email: `axe-${tag}@garage.example`,
    password: 'secret-password-1',
  });
  const part = await partWithStock(request, { sort: 'name' });
  const orderId = await placeOrder(page.request, part);
  await placeOrder(page.request, part);
  return { part, orderId };
}

test.describe('axe, every impact, at 1280 and 390 px', () => {
  test.beforeEach(async ({ page }) => {
    // A bound for a hung test, well above what a page's checks take on a busy machine.
    test.setTimeout(120_000);
    await page.setViewportSize(desktop);
  });

  test.describe('as a visitor', () => {
    test('the landing page', async ({ page }) => {
      await visitLanding(page);
      await checkStates(page, '/', ['header nav a[href="/part"]', 'main a.btn-primary']);
    });

    test('the parts list, filtered, and finding nothing', async ({ page }) => {
      await visit(page, '/part');
      await checkStates(page, '/part', ['[data-testid="part-card"] a', 'nav[aria-label] button']);
      // Filtered: the picker as chosen, a category marked current, the chips and "Fits …" on every card.
      const vehicle = queryShopDatabase<{ id: string }>(
        "SELECT id FROM vehicles WHERE make = 'Ford' AND model LIKE 'Focus%' AND year_from <= 2015 AND year_to >= 2015 ORDER BY model, engine LIMIT 1",
      )[0];
      const category = queryShopDatabase<{ slug: string }>('SELECT slug FROM categories ORDER BY name LIMIT 1')[0];
      await visit(page, `/part?category=${category!.slug}&vehicle=${vehicle!.id}&year=2015&inStock=true`);
      await checkStates(page, '/part filtered', ['nav[aria-labelledby] a', 'main ul a[aria-label]']);
      await visit(page, '/part?q=zzqx-nothing&category=no-such-category');
    });

    test('reviews, the blog, a post and the not-found page', async ({ page, request }) => {
      await visit(page, '/reviews');
      await visit(page, '/blogs');
      const posts = (await (await request.get('/api/blogs')).json()) as { items: { slug: string }[] };
      await visit(page, `/blogs/${posts.items[0]!.slug}`);
      await page.goto('/no/such/page');
      await check(page, 'the not-found page');
    });

    test('login and its demo accounts', async ({ page }) => {
      await visit(page, '/login');
      await checkStates(page, '/login', ['main button[type="submit"]', 'main a[href="/reset"]', 'main a[href="/signup"]']);
      await page.getByRole('button', { name: copy.auth.demoAccounts }).click();
      await expect(page.getByRole('dialog', { name: copy.auth.demoAccounts })).toBeVisible();
      await check(page, 'the demo accounts dialog');
    });

    test('sign-up, reset and a reset link that does not work', async ({ page }) => {
      await visit(page, '/signup');
      await visit(page, '/reset');
      await page.goto('/reset-password?token=x');
      await check(page, 'reset-password with an invalid token');
    });

    test('the open filters and the open menu on a phone', async ({ page }) => {
      await page.setViewportSize(phone);
      await page.goto('/part');
      await page.getByRole('button', { name: copy.partsList.showFilters(0) }).click();
      await check(page, 'the open filters on a phone', phone);
      // check() leaves the desktop width behind it.
      await page.setViewportSize(phone);
      await page.getByRole('button', { name: copy.nav.openMenu }).click();
      await check(page, 'the open phone menu', phone);
    });
  });

  test.describe('as a customer', () => {
    test('the landing page and a part, signed in', async ({ page, request, baseURL }) => {
      const { part } = await customerWithOrders(page, request, baseURL);
      await visitLanding(page);
      await checkStates(page, '/ signed in', ['header nav a[href="/dashboard"]', 'header button']);
      await visit(page, `/part/${part.id}`);
      await checkStates(page, '/part/:id', ['main button[type="submit"]', 'main a[href*="addReview"]']);
    });

    test('My Orders and its cancel confirm', async ({ page, request, baseURL }) => {
      const { part } = await customerWithOrders(page, request, baseURL);
      await visit(page, '/dashboard');
      await expect(page.getByTestId('order-row')).toHaveCount(2);
      await checkStates(page, 'My Orders', ['[data-testid="order-row"] a', '[data-testid="order-row"] button']);
      await page
        .getByTestId('order-row')
        .first()
        .getByRole('button', { name: copy.orders.cancelLabel(part.name) })
        .click();
      await expect(page.getByRole('dialog', { name: copy.common.areYouSure })).toBeVisible();
      await check(page, 'the cancel-order confirm');
    });

    test('My Profile, Add Review and Quick order with their messages', async ({ page, request, baseURL }) => {
      await customerWithOrders(page, request, baseURL);
      await visit(page, '/dashboard/profile');
      // The returns' list when there are none (the return's pages are checked in returns.spec).
      await visit(page, '/dashboard/returns');
      await visit(page, '/dashboard/addReview');
      await page.getByRole('button', { name: copy.reviewForm.add, exact: true }).click();
      await check(page, 'Add Review with its errors');
      await visit(page, '/dashboard/quick-order');
      await page.getByRole('button', { name: copy.quickOrderPage.submit }).click();
      await check(page, 'Quick order with its error');
    });

    test('My garage with a vehicle, its messages and its remove confirm', async ({ page, request, baseURL }) => {
      await customerWithOrders(page, request, baseURL);
      const fords = (await (await request.get('/api/vehicles?make=Ford')).json()) as { items: { id: string; yearTo: number }[] };
      const saved = await page.request.post('/api/me/vehicles', {
        data: { vehicleId: fords.items[0]!.id, year: fords.items[0]!.yearTo, nickname: 'Van 3' },
        headers: { origin: baseURL ?? '' },
      });
      expect(saved.status(), await saved.text()).toBeLessThan(300);
      await visit(page, '/dashboard/garage');
      await checkStates(page, 'My garage', ['[data-testid="garage-vehicle"] a', '[data-testid="garage-vehicle"] button']);
      await page.getByRole('button', { name: copy.garagePage.save }).click();
      await check(page, 'My garage with its errors');
      await page
        .getByTestId('garage-vehicle')
        .first()
        .getByRole('button', { name: copy.garagePage.removeOf('Van 3') })
        .click();
      await expect(page.getByRole('dialog', { name: copy.common.areYouSure })).toBeVisible();
      await check(page, 'the remove-vehicle confirm');
    });

    test('the payment form and the dashboard menu on a phone', async ({ page, request, baseURL }) => {
      const { orderId } = await customerWithOrders(page, request, baseURL);
      await visit(page, `/dashboard/payment/${orderId}`);
      await expect(page.getByRole('button', { name: copy.payment.pay, exact: true })).toBeEnabled();
      await check(page, 'the payment form');
      await page.setViewportSize(phone);
      await page.getByRole('button', { name: new RegExp(copy.dashboard.openMenu) }).click();
      await check(page, 'the dashboard menu', phone);
    });
  });

  // The landing page, a part, My Orders and My Profile look the same to an admin as to a customer but
  // for the sidebar's links, which every admin page below shows.
  test.describe('as an admin', () => {
    test.beforeEach(async ({ page }) => {
      await signInAs(page, 'admin');
    });

    test('Overview with its table', async ({ page }) => {
      await visit(page, '/dashboard/overview');
      await page.getByText(copy.overview.revenueTableToggle).click();
      await check(page, 'Overview with its table');
    });

    test('Add Parts with its errors', async ({ page }) => {
      await visit(page, '/dashboard/addPart');
      await page.getByRole('button', { name: copy.fitmentRows.add }).click();
      await page.getByRole('button', { name: copy.partsAdmin.add, exact: true }).click();
      await check(page, 'Add Parts with its errors');
    });

    test('Manage All Parts, its edit dialog and delete confirm', async ({ page }) => {
      await visit(page, '/dashboard/manageParts');
      await checkStates(page, 'Manage All Parts', ['[data-testid="part-row"] button']);
      const row = page.getByTestId('part-row').first();
      await row.getByRole('button', { name: new RegExp(`^${copy.partsAdmin.update} `) }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check(page, 'the edit-part modal');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await row.getByRole('button', { name: new RegExp(`^${copy.partsAdmin.delete} `) }).click();
      await expect(page.getByRole('dialog', { name: copy.common.areYouSure })).toBeVisible();
      await check(page, 'the delete-part confirm');
    });

    test('Categories, its rename dialog and delete confirm', async ({ page }) => {
      await visit(page, '/dashboard/categories');
      await checkStates(page, 'Categories', ['[data-testid="category-row"] button']);
      const category = page.getByTestId('category-row').first();
      await category.getByRole('button', { name: new RegExp(`^${copy.categoriesAdmin.rename} `) }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check(page, 'the rename-category modal');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await category.getByRole('button', { name: new RegExp(`^${copy.categoriesAdmin.delete} `) }).click();
      await expect(page.getByRole('dialog', { name: copy.common.areYouSure })).toBeVisible();
      await check(page, 'the delete-category confirm');
    });

    test('Vehicles, its dialogs and its errors', async ({ page }) => {
      await visit(page, '/dashboard/vehicles');
      await checkStates(page, 'Vehicles', ['[data-testid="vehicle-row"] button', 'main select']);
      const vehicle = page.getByTestId('vehicle-row').first();
      await vehicle.getByRole('button', { name: new RegExp(`^${copy.vehiclesAdmin.edit} `) }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check(page, 'the edit-vehicle modal');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await vehicle.getByRole('button', { name: new RegExp(`^${copy.vehiclesAdmin.delete} `) }).click();
      await expect(page.getByRole('dialog', { name: copy.common.areYouSure })).toBeVisible();
      await check(page, 'the delete-vehicle confirm');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: copy.vehiclesAdmin.add, exact: true }).click();
      await check(page, 'Vehicles with its errors');
    });

    test("Manage All Orders' cancel confirm", async ({ page, request, baseURL }) => {
      // A customer's unpaid order, so there is a Cancel to confirm.
      await newCustomer(request, baseURL, { label: 'Ada Axe' });
      await placeOrder(request, await partWithStock(request, { sort: 'name' }));
      await visit(page, '/dashboard/manageOrders?status=pending_payment');
      await page
        .getByTestId('order-row')
        .first()
        .getByRole('button', { name: new RegExp(`^${copy.manageOrders.cancel}: `) })
        .click();
      await expect(page.getByRole('dialog', { name: copy.common.areYouSure })).toBeVisible();
      await check(page, 'the cancel-order confirm (admin)');
    });

    test('Manage All User, its make-admin confirm, and no sideways scrolling on a phone', async ({ page, request, baseURL }) => {
      const customer = await newCustomer(request, baseURL, { label: 'Ada Axe' });
      await open(page, `/dashboard/manageUser?q=${encodeURIComponent(customer.email)}`);
      await page.getByTestId('user-row').first().getByRole('button', { name: copy.users.makeAdmin }).click();
      await expect(page.getByRole('dialog', { name: copy.common.areYouSure })).toBeVisible();
      await check(page, 'the make-admin confirm');
      await page.keyboard.press('Escape');
      await visit(page, '/dashboard/manageUser');
      // The table never makes the page scroll sideways at phone width.
      await page.setViewportSize(phone);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    });

    test('Returns, Inbox, the newsletter subscribers and Settings', async ({ page }) => {
      await visit(page, '/dashboard/returns');
      await visit(page, '/dashboard/inbox');
      await page.getByRole('link', { name: copy.inbox.subscribers }).click();
      await check(page, 'the newsletter subscribers');
      await visit(page, '/dashboard/settings');
      await checkStates(page, 'Settings', ['main button[type="submit"]', 'nav[aria-label="Dashboard"] a']);
    });
  });
});
