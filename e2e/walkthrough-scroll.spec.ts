import type { Page } from '@playwright/test';
import * as copy from '#shared/copy';
import { expect, test } from './fixtures';

/**
 * A reader who scrolls a server-rendered page while its code is still on the way keeps their place
 * when the app takes the page over: nothing moves the scroll on first load. Navigating to another page
 * still starts it at the top, and going back returns to where the reader was.
 */

const appReady = (page: Page) => page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
/** Scrolls to `fraction` of what the page can scroll, and answers where it landed. */
const scrollTo = (page: Page, fraction: number) =>
  page.evaluate((f) => {
    const room = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo(0, Math.round(room * f));
    return Math.round(window.scrollY);
  }, fraction);

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const path of ['/', '/part', '/reviews', '/blogs']) {
      test(`${path} keeps the reader's scroll while the app takes the page over`, async ({ page }) => {
        // The page's code arrives late, as on a slow line: it is held back until the reader has scrolled
        // the server's page (the server's page does not wait for its code, which /page-boot.js starts).
        let delayed = 0;
        let readerScrolled!: () => void;
        const scrolled = new Promise<void>((resolve) => (readerScrolled = resolve));
        await page.route('**/assets/*.js', async (route) => {
          delayed += 1;
          await scrolled;
          await route.continue();
        });
        const loadedAt = Date.now();
        // The frame's own goto: the suite's page.goto would wait for the app to run first.
        await page.mainFrame().goto(path, { waitUntil: 'domcontentloaded' });
        const first = await scrollTo(page, 0.4);
        expect(first, 'the page is long enough to scroll').toBeGreaterThan(50);
        expect(await page.evaluate(() => document.documentElement.dataset.app), 'the app has not run yet').toBeUndefined();
        readerScrolled();

        await appReady(page);
        expect(delayed).toBeGreaterThan(0);
        expect(await scrollY(page), 'the scroll after the app took over').toBe(first);

        // And again within the first second and a half, while the page's data settles.
        const second = await scrollTo(page, 0.6);
        expect(second).not.toBe(first);
        await page.waitForLoadState('networkidle');
        await expect.poll(() => Date.now() - loadedAt).toBeGreaterThan(1500);
        // Within a few pixels: the browser's scroll anchoring may follow the content the reader looks at
        // when a section above it settles (the landing page's carousel at 390 px), which is not a jump.
        expect(Math.abs((await scrollY(page)) - second), 'the second scroll held').toBeLessThanOrEqual(24);
      });
    }

    test('a link starts the next page at the top, and back returns to where the reader was', async ({ page }) => {
      await page.goto('/');
      const reviewsLink = page.getByRole('link', { name: copy.landing.allReview });
      await reviewsLink.scrollIntoViewIfNeeded();
      const before = await scrollY(page);
      expect(before).toBeGreaterThan(0);
      await reviewsLink.click();
      await expect(page).toHaveURL(/\/reviews$/);
      await expect.poll(() => scrollY(page)).toBe(0);
      await page.goBack();
      await expect(page).toHaveURL(/\/$/);
      await expect.poll(() => scrollY(page)).toBe(before);
    });
  });
}
