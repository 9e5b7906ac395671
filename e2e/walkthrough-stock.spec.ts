import type { Page } from '@playwright/test';
import * as copy from '#shared/copy';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { adminApi, type CreatedPart, createPart, deletePart } from './support/catalogue-api';
import { placeOrder, payOrder } from './support/orders';
import { newCustomer, signUpThroughApi, unique } from './support/session';

/**
 * A part whose stock does not cover its minimum order (none left, or fewer than the minimum) says
 * "Out of stock" wherever it is shown and offers no booking; the parts list can leave such parts out.
 */
test.describe('parts out of stock', () => {
  let soldOut: CreatedPart;
  let tooFew: CreatedPart;

  test.beforeEach(async ({ baseURL }) => {
    // The newest parts: first on the landing page, the parts list and (while few parts have sold) the carousel.
    const admin = await adminApi(baseURL);
    soldOut = await createPart(admin, { name: `Sold out heavy duty clutch plate ${unique()}`, stock: 0 });
    tooFew = await createPart(admin, { name: `Nearly gone front wheel bearing kit ${unique()}`, stock: 5 });
    await admin.dispose();
  });

  // Gone again after each test, so that specs after this one find the newest parts bookable as before.
  test.afterEach(async ({ baseURL }) => {
    const admin = await adminApi(baseURL);
    for (const part of [soldOut, tooFew]) await deletePart(admin, part.id);
    await admin.dispose();
  });

  // Names past 35 characters are cut on the cards; the heading keeps the whole name in its title.
  const card = (page: Page, name: string) => page.getByTestId('part-card').filter({ has: page.locator(`[title="${name}"]`) });

  test('cards on the landing page and /part say "Out of stock" and offer no booking', async ({ page }) => {
    await page.goto('/');
    for (const part of [soldOut, tooFew]) {
      const shown = card(page, part.name);
      await expect(shown.getByTestId('out-of-stock')).toHaveText(copy.part.outOfStock);
      await expect(shown.getByRole('link', { name: copy.part.bookNow })).toHaveCount(0);
    }

    await page.goto('/part');
    for (const part of [soldOut, tooFew]) {
      const shown = card(page, part.name);
      await expect(shown.getByTestId('out-of-stock')).toHaveText(copy.part.outOfStock);
      await expect(shown.getByRole('link', { name: copy.part.bookNow })).toHaveCount(0);
    }
    // A part in stock still offers "Book Now".
    const inStock = page
      .getByTestId('part-card')
      .filter({ hasNot: page.getByTestId('out-of-stock') })
      .first();
    await expect(inStock.getByRole('link', { name: copy.part.bookNow })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('the best-seller carousel marks them "Out of stock"', async ({ page, request, baseURL }) => {
    // Made the best sellers whatever the other specs sold: each is stocked, 1,200 units of it are
    // bought and paid, and its stock is then set back to none or too few.
    const admin = await adminApi(baseURL);
    await newCustomer(request, baseURL, { label: 'Bulk Buyer' });
    for (const part of [soldOut, tooFew]) {
      expect((await admin.patch(`/api/parts/${part.id}`, { data: { stock: 1200 } })).status()).toBe(200);
      await payOrder(request, await placeOrder(request, part, { quantity: 1200 }));
      expect((await admin.patch(`/api/parts/${part.id}`, { data: { stock: part.stock } })).status()).toBe(200);
    }
    await admin.dispose();
    const best = (await (await request.get('/api/parts/best-sellers')).json()).items as { id: string; name: string }[];
    const shownThere = best.filter((part) => part.id === soldOut.id || part.id === tooFew.id);
    expect(shownThere.map((part) => part.id).sort()).toEqual([soldOut.id, tooFew.id].sort());
    await page.goto('/');
    // The carousel's code loads as it nears the screen.
    await page.getByRole('heading', { name: copy.landing.bestSellers }).scrollIntoViewIfNeeded();
    const slides = page.getByTestId('best-seller-card');
    await slides.first().waitFor({ state: 'attached' });
    for (const part of shownThere) {
      const slide = slides.filter({ hasText: part.name.slice(0, 20) }).first();
      await expect(slide.getByTestId('out-of-stock')).toHaveText(copy.part.outOfStock);
    }
    // And only them among the carousel's parts the test knows to be in stock.
    const inStockIds = new Set(
      ((await (await request.get('/api/parts?inStock=true&limit=60')).json()).items as { id: string }[]).map((p) => p.id),
    );
    const inStockShown = best.find((part) => inStockIds.has(part.id));
    if (inStockShown) {
      await expect(
        slides
          .filter({ hasText: inStockShown.name.slice(0, 20) })
          .first()
          .getByTestId('out-of-stock'),
      ).toHaveCount(0);
    }
  });

  test('"In stock only" on /part leaves them out, lives in the URL, and works from the keyboard', async ({ page, request }) => {
    await page.goto('/part');
    await expect(card(page, soldOut.name)).toHaveCount(1);
    // The facet's box, named with its count ("In stock only 31 parts"); the chip is a link.
    const checkbox = page.getByRole('checkbox', { name: copy.part.inStockOnly });
    await expect(checkbox).not.toBeChecked();
    await checkbox.focus();
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/[?&]inStock=true/);
    await expect(checkbox).toBeChecked();
    await expect(card(page, soldOut.name)).toHaveCount(0);
    await expect(card(page, tooFew.name)).toHaveCount(0);
    await expect(page.getByTestId('out-of-stock')).toHaveCount(0);
    const inStock = (await (await request.get('/api/parts?inStock=true')).json()) as { total: number };
    await expect(page.getByRole('status').filter({ hasText: new RegExp(`^${copy.part.results(inStock.total)}$`) })).toBeVisible();

    // Opened directly, the server draws the same narrowed list.
    const html = await (await request.get('/part?inStock=true')).text();
    expect(html).not.toContain(soldOut.name);
    expect(html).toContain(copy.part.inStockOnly);
    await page.goto('/part?inStock=true');
    await expect(page.getByRole('checkbox', { name: copy.part.inStockOnly })).toBeChecked();
    await expect(card(page, soldOut.name)).toHaveCount(0);

    // Unticked, they are back. (A click, then a waiting check: the box follows the URL, which the
    // router updates a moment after the click, and `uncheck()` looks only once.)
    await page.getByRole('checkbox', { name: copy.part.inStockOnly }).click();
    await expect(page.getByRole('checkbox', { name: copy.part.inStockOnly })).not.toBeChecked();
    await expect(page).not.toHaveURL(/inStock/);
    await expect(card(page, soldOut.name)).toHaveCount(1);
  });

  for (const width of [390, 1280]) {
    test(`the part's page says why it cannot be booked, with no form (${width} px)`, async ({ page, baseURL }) => {
      await page.setViewportSize({ width, height: 900 });
      const customer = { name: 'Stella Stock', email: `stock-${unique()}@example.com`, password: 'stock-pass-12' };
      // Signing up through the page's own request context signs the page in.
      await signUpThroughApi(page.request, baseURL, customer);
      for (const part of [soldOut, tooFew]) {
        await page.goto(`/part/${part.id}`);
        await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
        await expect(page.getByText(copy.part.outOfStock, { exact: true })).toBeVisible();
        const booking = page.getByRole('region', { name: copy.booking.title });
        await expect(booking.getByTestId('booking-unavailable')).toHaveText(
          copy.part.outOfStockReason(part.stock, part.minOrderQuantity),
        );
        await expect(booking.locator('form')).toHaveCount(0);
        await expect(page.getByRole('button', { name: copy.booking.submit })).toHaveCount(0);
      }
      // Instead, "Notify me", from the keyboard: the page says the request is taken and offers to stop it.
      const notify = page.getByTestId('notify-me');
      await notify.getByRole('button', { name: copy.stockAlerts.notifyMe }).focus();
      await page.keyboard.press('Enter');
      await expect(notify.getByRole('status')).toHaveText(copy.stockAlerts.waiting);
      await expect(notify.getByRole('button', { name: copy.stockAlerts.stop })).toBeFocused();
      await expectNoA11yViolations(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
