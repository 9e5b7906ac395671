import * as copy from '#shared/copy';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signUpThroughApi, unique } from './support/session';

/**
 * The e2e shop is configured as http://127.0.0.1:<port> in demo mode; people also open a shop on
 * their own machine as http://localhost:<port>. Both are the shop: signing in works at either.
 */
test('signs in and out at the other loopback name of the shop', async ({ page, request, baseURL }) => {
  const account = { name: `Local ${unique()}`, email: `local-${unique()}@fleet.example`, password: 'local-pass-1' };
  await signUpThroughApi(request, baseURL, account);
  const other = baseURL!.replace('127.0.0.1', 'localhost');
  expect(other).not.toBe(baseURL);

  await page.goto(`${other}/login`);
  await page.getByLabel(copy.fields.email).fill(account.email);
  await page.getByLabel(copy.fields.password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: copy.auth.loginSubmit, exact: true }).click();
  await expect(page.getByRole('button', { name: copy.nav.signOut })).toBeVisible();
  await expect(page.getByText(copy.auth.crossSiteRefused)).toHaveCount(0);
  expect(new URL(page.url()).host).toBe(new URL(other).host);

  await page.goto(`${other}/dashboard/profile`);
  await expect(page.getByRole('heading', { name: copy.profile.title })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('banner').getByRole('button', { name: copy.nav.signOut }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: copy.nav.login })).toBeVisible();
});
