import * as copy from '#shared/copy';
import { infoPages } from '#shared/info-pages';
import { expect, expectNoA11yViolations, test } from './fixtures';

/** The social addresses the e2e shop is started with (e2e/support/start-shop.ts); LinkedIn is unset. */
const SOCIAL = {
  facebook: 'https://www.facebook.com/gearhouse',
  instagram: 'https://www.instagram.com/gearhouse',
  x: 'https://x.com/gearhouse',
  youtube: 'https://www.youtube.com/@gearhouse',
};

test.describe('footer', () => {
  test('every entry is a link to a page of the shop, and each one opens (no 404)', async ({ page, request }) => {
    await page.goto('/reviews');
    const footer = page.getByRole('contentinfo');
    const lists = [copy.footer.serviceLinks, copy.footer.companyLinks, copy.footer.legalLinks];
    const labels = lists.flatMap((list) => Object.values(list));
    // Every entry of the three lists is a link: no entry is plain text.
    expect(await footer.locator('li:not(:has(a))').count(), 'footer entries that are not links').toBe(0);

    const hrefs: string[] = [];
    for (const label of labels) {
      const link = footer.getByRole('link', { name: label, exact: true });
      await expect(link).toHaveCount(1);
      hrefs.push((await link.getAttribute('href')) ?? '');
    }
    for (const href of hrefs) {
      const res = await request.get(href);
      expect(res.status(), href).toBe(200);
    }
    for (const [index, label] of labels.entries()) {
      await page.goto('/reviews');
      const target = new URL(hrefs[index]!, 'http://shop.invalid');
      // Waited for from before the click: a visitor's "My orders" reaches /dashboard, whose guard then
      // sends them on to /login at once, sooner than a look at the address after the click may come.
      const arrived = page.waitForURL((url) => url.pathname === target.pathname && url.hash === target.hash);
      await page.getByRole('contentinfo').getByRole('link', { name: label, exact: true }).click();
      await arrived;
      await expect(page.getByRole('heading', { name: copy.notFound.title })).toHaveCount(0);
    }
    // Contact lands on the landing page's contact form.
    await page.goto('/reviews');
    await page.getByRole('contentinfo').getByRole('link', { name: copy.footer.companyLinks.contact, exact: true }).click();
    await expect(page.getByRole('heading', { name: copy.landing.contactTitle })).toBeInViewport();
  });

  test('shows the social icons whose addresses are configured, and hides the others', async ({ page, request }) => {
    const shop = (await (await request.get('/api/shop')).json()) as { social: Record<string, string> };
    expect(shop.social).toEqual(SOCIAL);
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const [name, href] of Object.entries(SOCIAL)) {
      const label = copy.footer.socialLabels[name as keyof typeof SOCIAL];
      await expect(footer.getByRole('link', { name: label })).toHaveAttribute('href', href);
    }
    await expect(footer.getByRole('link', { name: copy.footer.socialLabels.linkedin })).toHaveCount(0);
  });

  for (const width of [390, 1280]) {
    test(`about, terms, privacy and cookies are real pages, drawn by the server (${width} px)`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const [name, info] of Object.entries(infoPages)) {
        const res = await request.get(`/${name}`);
        expect(res.status(), name).toBe(200);
        // Drawn on the server: readable before the app runs.
        expect(await res.text(), name).toContain(info.sections[0]!.heading);
        const response = await page.goto(`/${name}`);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1, name: info.title })).toBeVisible();
        await expect(page).toHaveTitle(`${info.title} · ${copy.brand}`);
        for (const section of info.sections)
          await expect(page.getByRole('heading', { level: 2, name: section.heading })).toBeVisible();
        await expectNoA11yViolations(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, name).toBeLessThanOrEqual(0);
      }
    });
  }

  test('a footer link works from the keyboard', async ({ page }) => {
    await page.goto('/');
    const about = page.getByRole('contentinfo').getByRole('link', { name: copy.footer.companyLinks.about, exact: true });
    await about.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1, name: infoPages.about.title })).toBeVisible();
  });
});
