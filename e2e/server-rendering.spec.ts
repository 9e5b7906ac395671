import type { Page, Request } from '@playwright/test';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { expect, queryShopDatabase, test } from './fixtures';
import { signInAs } from './support/session';

/** The newest live part, whose card comes first on /part and on the landing page. */
function newestPart(): { id: string; name: string } {
  const [row] = queryShopDatabase<{ id: string; name: string }>(
    'SELECT id, name FROM parts WHERE archived_at IS NULL ORDER BY created_at DESC, id DESC LIMIT 1',
  );
  if (!row) throw new Error('the demo shop has no parts');
  return row;
}

/** A part's card, found by its booking link (other specs store long names and markup, shown cut). */
const cardOf = (page: Page, part: { id: string }) => page.locator(`main a[href="${paths.part(part.id)}"]`).first();

test.describe('public pages rendered on the server (docs/decisions/0013)', () => {
  test('are readable with JavaScript off: parts, reviews, the landing page and the sign-in form', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    try {
      await page.goto('/part');
      await expect(page).toHaveTitle(`${copy.part.allParts} · ${copy.brand}`);
      await expect(page.getByRole('heading', { name: copy.part.allParts })).toBeVisible();
      await expect(cardOf(page, newestPart())).toBeVisible();
      // Nothing that needs the code can be used before it runs.
      await expect(page.getByRole('button', { name: copy.part.searchSubmit })).toBeDisabled();

      await page.goto('/reviews');
      await expect(page.getByRole('heading', { name: copy.reviews.title })).toBeVisible();
      await expect(page.locator('main article').first()).toBeVisible();

      await page.goto('/');
      await expect(page.getByRole('heading', { name: copy.landing.newParts })).toBeVisible();
      await expect(cardOf(page, newestPart())).toBeVisible();

      await page.goto('/login');
      await expect(page.getByLabel(copy.fields.email)).toBeDisabled();
      await expect(page.getByRole('button', { name: copy.auth.loginSubmit, exact: true })).toBeDisabled();
    } finally {
      await context.close();
    }
  });

  test('are taken over by the app without asking the API again, then work as before', async ({ page }) => {
    const partListRequests: string[] = [];
    const track = (request: Request) => {
      if (/\/api\/parts\?/.test(request.url())) partListRequests.push(request.url());
    };
    page.on('request', track);
    await page.goto('/part');
    await expect(cardOf(page, newestPart())).toBeVisible();
    // The list came with the page.
    expect(partListRequests).toEqual([]);

    const search = page.getByLabel(copy.part.searchLabel);
    await expect(search).toBeEnabled();
    await search.fill('brake');
    await page.getByRole('button', { name: copy.part.searchSubmit }).click();
    await expect(page).toHaveURL(/\/part\?q=brake$/);
    await expect.poll(() => partListRequests.some((url) => url.includes('q=brake'))).toBe(true);
    page.off('request', track);
  });

  test('an address with parameters the page does not read, defaults and invalid values is taken over as the canonical page', async ({
    page,
  }) => {
    const partListRequests: string[] = [];
    const track = (request: Request) => {
      if (/\/api\/parts\?/.test(request.url())) partListRequests.push(request.url());
    };
    page.on('request', track);
    // The server answers from its copy of /part; the app reads the same values from this address.
    const response = await page.goto('/part?utm_source=mail&sort=bogus&page=abc&q=%20%20');
    expect(await response?.text()).toContain('id="page-state"');
    await expect(cardOf(page, newestPart())).toBeVisible();
    await expect(page.getByLabel(copy.part.searchLabel)).toBeEnabled();
    expect(partListRequests).toEqual([]);
    await expect(page).toHaveURL(/utm_source=mail/);
    page.off('request', track);
  });

  test('a signed-in customer gets their own navbar at once on a public page', async ({ page }) => {
    await signInAs(page, 'customer');
    await page.goto('/part');
    await expect(page.getByRole('link', { name: copy.nav.dashboard })).toBeVisible();
    await expect(page.getByRole('link', { name: copy.nav.login, exact: true })).toHaveCount(0);
  });
});
