import type { APIRequestContext, Page } from '@playwright/test';
import * as copy from '#shared/copy';
import type { Settings } from '#shared/schemas/content';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { adminApi } from './support/catalogue-api';
import { settled } from './support/session';
import { settingsUpdateOf } from './support/settings';

/**
 * Runs `body` with the flash deal ending at `endsAt`, then puts the shop's settings back as they were
 * (other specs read them: the landing page's countdown expects the demo deal, 14 days ahead).
 */
async function withDealEnding(baseURL: string | undefined, endsAt: Date, body: (original: Settings) => Promise<void>) {
  const admin: APIRequestContext = await adminApi(baseURL);
  const original = (await (await admin.get('/api/settings')).json()) as Settings;
  try {
    const changed = await admin.patch('/api/settings', {
      data: { flashDealEndsAt: endsAt.toISOString() },
    });
    expect(changed.status(), await changed.text()).toBe(200);
    await body(original);
  } finally {
    const restored = await admin.patch('/api/settings', { data: settingsUpdateOf(original) });
    expect(restored.status(), await restored.text()).toBe(200);
    await admin.dispose();
  }
}

const dealSection = (page: Page) => page.locator('#flash-deals');

test.describe('flash deal', () => {
  for (const width of [390, 1280]) {
    test(`an ended deal says so and sells nothing (${width} px)`, async ({ page, baseURL }) => {
      await page.setViewportSize({ width, height: 900 });
      await withDealEnding(baseURL, new Date(Date.now() - 60_000), async (settings) => {
        await page.goto('/');
        const section = dealSection(page);
        await section.scrollIntoViewIfNeeded();
        await expect(section.getByTestId('countdown')).toHaveText(copy.landing.dealEnded);
        await expect(section.getByText(copy.landing.dealEndedText)).toBeVisible();
        await expect(section.getByText(settings.flashDealDiscountText)).toHaveCount(0);
        await expect(section.getByText(copy.landing.flashDealsText)).toHaveCount(0);
        await expect(section.getByRole('link', { name: copy.landing.dealCta })).toHaveCount(0);
        await settled(page);
        await expectNoA11yViolations(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });
    });
  }

  test('the offer goes the moment the countdown reaches the end', async ({ page, baseURL }) => {
    await withDealEnding(baseURL, new Date(Date.now() + 6000), async (settings) => {
      await page.goto('/');
      const section = dealSection(page);
      await section.scrollIntoViewIfNeeded();
      await expect(section.getByRole('link', { name: copy.landing.dealCta })).toBeVisible();
      await expect(section.getByText(settings.flashDealDiscountText)).toBeVisible();
      await expect(section.getByText(copy.landing.dealEndedText)).toBeVisible({ timeout: 10_000 });
      await expect(section.getByRole('link', { name: copy.landing.dealCta })).toHaveCount(0);
      await expect(section.getByText(settings.flashDealDiscountText)).toHaveCount(0);
    });
  });
});
