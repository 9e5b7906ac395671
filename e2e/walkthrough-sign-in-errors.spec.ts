import * as copy from '#shared/copy';
import type { SignInErrorReason } from '#shared/page-search';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';

/** Codes the auth library sends back to the sign-in pages as `?error=`, and the reason each one is told as. */
const codes: [string, SignInErrorReason][] = [
  ['access_denied', 'cancelled'],
  ['state_mismatch', 'expired'],
  ['invalid_code', 'expired'],
  ['provider_not_found', 'unavailable'],
  ['oauth_provider_not_found', 'unavailable'],
  ['email_not_verified', 'unverified'],
  ['account_not_linked', 'accountExists'],
  ['signup_disabled', 'signupDisabled'],
  ['unable_to_create_user', 'failed'],
  ['internal_server_error', 'failed'],
  ['UNKNOWN', 'failed'],
  ['something_nobody_planned', 'failed'],
];

for (const path of ['/login', '/signup']) {
  test(`${path} tells every failed Google sign-in in words, never as its code, drawn and in the browser alike`, async ({
    page,
    request,
  }) => {
    for (const [code, reason] of codes) {
      const sentence = copy.auth.signInErrors[reason];
      // The page the server draws for a visitor says the same as the browser after it takes over.
      const drawn = await (await request.get(`${path}?error=${code}`)).text();
      expect(drawn, code).toContain(sentence.replace(/'/g, '&#x27;'));
      expect(drawn, code).not.toContain(`error=${code}`);

      await page.goto(`${path}?error=${code}`);
      await expect(page.getByRole('alert').filter({ hasText: sentence }), code).toBeVisible();
      await expect(page.getByRole('main'), code).not.toContainText(code);
    }
    await expectNoSeriousA11yViolations(page);
  });
}

test('a Google sign-in cancelled at the provider comes back to the login page with the reason', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: copy.auth.continueWithGoogle }).click();
  await page.getByRole('link', { name: /cancel/i }).click();
  await expect(page).toHaveURL(/\/login\?error=/);
  await expect(page.getByRole('alert').filter({ hasText: copy.auth.signInErrors.cancelled })).toBeVisible();
});

test('a stale or forged return from Google lands on the login page with a sentence, not the library page', async ({ page }) => {
  await page.goto('/api/auth/callback/google?code=stale&state=forged');
  await expect(page).toHaveURL(/\/login\?error=/);
  await expect(page.getByRole('alert').filter({ hasText: copy.auth.signInErrors.expired })).toBeVisible();
  await expect(page.getByRole('heading', { name: copy.auth.loginTitle })).toBeVisible();
});
