import type { Locator, Page } from '@playwright/test';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { expect, expectNoSeriousA11yViolations, queryShopDatabase, test } from './fixtures';
import { cartLink } from './support/cart';
import { partWithMinimum12 } from './support/parts';
import { unique } from './support/session';

/**
 * A newcomer's walk: a part's link shared by a colleague, the cards that lead to parts, the list that
 * answers a search or a vehicle, and the toasts that answer "Add to cart", at a desktop's width and a
 * phone's. Everything here is the visitor's own (a new account, a cart in the browser).
 */

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** The demo's Ford Focus 1.6 Ti-VCT, which seven parts fit in 2015 (README, "Demo mode"). */
function focus16(): { id: string } {
  const [row] = queryShopDatabase<{ id: string }>(
    "SELECT id FROM vehicles WHERE make = 'Ford' AND model = 'Focus' AND engine = '1.6 Ti-VCT 92 kW'",
  );
  if (!row) throw new Error('the demo shop has no Ford Focus 1.6 Ti-VCT');
  return row;
}

/** Whether two boxes share any pixel. */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`not on screen: ${locator.toString()}`);
  return found;
}

/** The first card of the list, once the list shown is the one asked for. */
const firstCard = (page: Page) => page.getByTestId('part-card').first();

test.describe('a visitor with a shared link to a part', () => {
  test('sees the part, is asked to sign in to book it, signs up and lands back on the part, ready to book', async ({ page }) => {
    const part = partWithMinimum12();
    const response = await page.goto(paths.part(part.id));
    expect(response?.status()).toBe(200);
    // Drawn by the server for a visitor, like the other public pages: the part is in the page as it arrives.
    expect(await response!.text()).toContain(copy.booking.signInToBook);
    await expect(page).toHaveURL(new RegExp(`/part/${part.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
    await expect(page.getByTestId('part-stock')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Booking says why it asks for an account, and the way to one comes back here.
    const booking = page.getByRole('region', { name: copy.booking.title });
    await expect(booking.getByText(copy.booking.signInToBookText)).toBeVisible();
    await booking.getByRole('link', { name: copy.booking.signInToBook }).click();
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(paths.part(part.id))}`);
    await page.getByRole('link', { name: copy.auth.createAccount }).click();
    await expect(page).toHaveURL(`/signup?next=${encodeURIComponent(paths.part(part.id))}`);

    const tag = unique();
    await page.getByLabel(copy.fields.name).fill(`Vera Visitor ${tag}`);
    await page.getByLabel(copy.fields.email).fill(`vera-${tag}@workshop.example`);
    await page.getByLabel(copy.fields.password).fill('vera-password-1');
    await page.getByRole('button', { name: copy.auth.signUpSubmit }).click();

    await expect(page).toHaveURL(new RegExp(`/part/${part.id}$`));
    await expect(page.getByRole('button', { name: copy.nav.signOut })).toBeVisible();
    await page.getByRole('heading', { name: copy.booking.title }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('button', { name: copy.booking.submit })).toBeVisible();
    await expect(page.getByRole('link', { name: copy.booking.signInToBook })).toHaveCount(0);
  });

  test("opens the part from a card's name, picture and Book Now, and from the cart's line", async ({ page }) => {
    await page.goto('/');
    const card = firstCard(page);
    const heading = card.getByRole('heading');
    const href = await heading.getByRole('link').getAttribute('href');
    expect(href).toMatch(/^\/part\/[^/]+$/);
    const name = (await heading.textContent()) ?? '';

    await heading.getByRole('link').click();
    await expect(page).toHaveURL(href!);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name.replace(/…$/, ''));
    await page.goBack();
    await firstCard(page).locator('img').click();
    await expect(page).toHaveURL(href!);
    await page.goBack();
    await firstCard(page).getByRole('link', { name: copy.part.bookNow }).click();
    await expect(page).toHaveURL(href!);
    await expect(page.getByRole('link', { name: copy.booking.signInToBook })).toBeVisible();

    // The visitor's cart links its lines to their parts too.
    await page.getByRole('button', { name: copy.cartView.addToCart }).click();
    await cartLink(page, 1).click();
    await expect(page).toHaveURL(/\/cart$/);
    await page.getByTestId('cart-line').getByRole('link').first().click();
    await expect(page).toHaveURL(href!);
  });
});

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('a submitted search brings the results into view, the search box keeping the focus', async ({ page }) => {
      await page.goto('/part');
      const search = page.getByLabel(copy.part.searchLabel);
      await search.fill('brake');
      await search.press('Enter');
      await expect(page).toHaveURL(/\/part\?q=brake$/);
      await expect(page.getByRole('status').filter({ hasText: '“brake”' })).toBeInViewport();
      // The first part's picture and name are on screen.
      await expect(firstCard(page).locator('img')).toBeInViewport({ ratio: 0.75 });
      await expect(firstCard(page).getByRole('heading')).toBeInViewport();
      await expect(search).toBeFocused();
      await expect(search).toBeInViewport();
    });

    test('a vehicle chosen in the picker brings the parts that fit into view, the picker keeping the focus', async ({ page }) => {
      const vehicle = focus16();
      await page.goto('/part');
      // As a pointer or the keyboard chooses: the select has the focus when its value changes.
      const choose = async (label: string, value: string) => {
        const select = page.getByLabel(label);
        // A select still loading its options is disabled, and focus() would pass it by without a word.
        await expect(select).toBeEnabled();
        await select.focus();
        await select.selectOption(value);
        return select;
      };
      await choose(copy.vehiclePicker.make, 'Ford');
      await expect(page).toHaveURL(/make=Ford$/);
      const model = await choose(copy.vehiclePicker.model, vehicle.id);
      await expect(page).toHaveURL(new RegExp(`vehicle=${vehicle.id}$`));
      // The model stays chosen and focused while the list follows: the next stop is the year.
      await expect(model).toBeFocused();
      const year = await choose(copy.vehiclePicker.year, '2015');
      await expect(page).toHaveURL(new RegExp(`vehicle=${vehicle.id}&year=2015$`));
      await expect(firstCard(page).getByTestId('fit-badge')).toContainText('(2015)');
      // The list's count and the first part that fits come on screen, under the year still in view (on a
      // phone the picker's garage line leaves room for half the first picture).
      await expect(page.getByRole('status').filter({ hasText: /^\d+ parts?$/ })).toBeInViewport();
      await expect(firstCard(page).locator('img')).toBeInViewport({ ratio: 0.5 });
      await expect(year).toBeFocused();
      await expect(year).toBeInViewport();
    });

    test("a toast never covers the navbar's controls", async ({ page }) => {
      await page.goto('/part');
      const card = firstCard(page);
      const name = (await card.getByRole('heading').textContent()) ?? '';
      await card.getByRole('button', { name: copy.cartView.addToCart }).click();
      const toast = page.locator('.Toastify__toast').filter({ hasText: name.replace(/…$/, '') });
      await expect(toast).toBeVisible();
      // Where it comes to rest: its entrance slides it in from the side.
      await toast.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
      const banner = page.getByRole('banner');
      const controls = [
        banner.getByRole('link', { name: copy.cartView.navLabel(1), exact: true }),
        banner.getByRole('link', { name: copy.nav.login }),
      ];
      if (viewport.width < 768) controls.push(banner.getByRole('button', { name: copy.nav.openMenu }));
      const shown = await box(toast);
      for (const control of controls) {
        expect(overlaps(shown, await box(control)), `the toast over ${control.toString()}`).toBe(false);
        // What a click at the control's middle reaches is the control itself, not the toast.
        const reached = await control.evaluate((element) => {
          const { x, y, width, height } = element.getBoundingClientRect();
          return element.contains(document.elementFromPoint(x + width / 2, y + height / 2));
        });
        expect(reached, `a click on ${control.toString()}`).toBe(true);
      }
      await expect(toast).toBeVisible();
    });
  });
}
