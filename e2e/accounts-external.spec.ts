import sharp from 'sharp';
import * as copy from '#shared/copy';
import { expect, expectRefusal, test } from './fixtures';
import { profileFor } from './support/identity-provider';
import { waitForMailTo } from './support/inbox';
import { partWithMinimum12 } from './support/parts';
import { signIn, signUpThroughApi } from './support/session';

test('resets a forgotten password through the mail link, once', async ({ page, request, baseURL, problems }) => {
  const email = `forgetful-${Date.now()}@fleet.example`;
  await signUpThroughApi(request, baseURL!, { name: 'Forgetful Fran', email, password: 'old-password-1' });

  await page.goto('/reset');
  await page.getByLabel(copy.fields.email).fill(email);
  await page.getByRole('button', { name: copy.auth.resetSubmit }).click();
  await expect(page.getByText(copy.toasts.resetSent)).toBeVisible();

  const mail = await waitForMailTo(email);
  const link = /https?:\/\/[^\s"<>]+\/reset-password\?token=[^\s"<>&]+/.exec(mail)?.[0];
  expect(link, 'the mail carries a reset link').toBeTruthy();
  await page.goto(link!);
  await page.getByLabel(copy.fields.newPassword).fill('new-password-2');
  await page.getByRole('button', { name: copy.auth.newPasswordSubmit }).click();
  await expect(page).toHaveURL(/\/login/);

  // The old password no longer works; the new one does.
  await page.getByLabel(copy.fields.email).fill(email);
  await page.getByLabel(copy.fields.password, { exact: true }).fill('old-password-1');
  await page.getByRole('button', { name: copy.auth.loginSubmit, exact: true }).click();
  await expect(page.getByText(copy.auth.invalidCredentials)).toBeVisible();
  expectRefusal(problems, 401, '/api/auth/sign-in/email');
  await signIn(page, email, 'new-password-2');

  // The link works once.
  await page.getByRole('button', { name: copy.nav.signOut }).click();
  await page.goto(link!);
  await page.getByLabel(copy.fields.newPassword).fill('third-password-3');
  await page.getByRole('button', { name: copy.auth.newPasswordSubmit }).click();
  await expect(page.getByText(copy.auth.resetLinkInvalid)).toBeVisible();
  expectRefusal(problems, 400, '/api/auth/reset-password');
});

test('answers a reset request for an unknown address exactly as for a known one', async ({ request, baseURL }) => {
  const ask = (email: string) =>
    request.post('/api/auth/request-password-reset', {
      data: { email },
      headers: { origin: baseURL! },
    });
  const unknown = await ask(`nobody-${Date.now()}@nowhere.example`);
  const known = await ask('customer@gearhouse.example');
  expect(unknown.status()).toBe(known.status());
  expect(await unknown.text()).toBe(await known.text());
});

test('signs in with Google through the OpenID provider: login, consent, back in the shop', async ({ page }) => {
  const login = `olivia${Date.now()}`;
  const profile = profileFor(login);
  await page.goto('/dashboard/profile');
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole('button', { name: copy.auth.continueWithGoogle }).click();

  // The provider's own pages.
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: /continue/i }).click();

  await expect(page.getByRole('button', { name: copy.nav.signOut })).toBeVisible();
  // Back on the page the guard sent them from.
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(page.getByRole('heading', { name: copy.profile.title })).toBeVisible();
  await expect(page.getByText(profile.email).first()).toBeVisible();
  await expect(page.getByText(profile.name).first()).toBeVisible();
});

test("signs in with Google from a part's page and comes back to the part", async ({ page }) => {
  const part = partWithMinimum12(2);
  const login = `gina${Date.now()}`;
  await page.goto(`/part/${part.id}`);
  await page.getByRole('link', { name: copy.booking.signInToBook }).click();
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`/part/${part.id}`)}`);
  await page.getByRole('button', { name: copy.auth.continueWithGoogle }).click();

  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: /continue/i }).click();

  await expect(page).toHaveURL(new RegExp(`/part/${part.id}$`));
  await expect(page.getByRole('button', { name: copy.nav.signOut })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
});

test('changes the profile photo by uploading a picture', async ({ page, request, baseURL }) => {
  const email = `photo-${Date.now()}@fleet.example`;
  await signUpThroughApi(request, baseURL!, { name: 'Photo Phil', email, password: 'photo-pass-1' });
  await signIn(page, email, 'photo-pass-1');
  await page.goto('/dashboard/profile');

  const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#ea580c' } })
    .png()
    .toBuffer();
  await page.getByLabel(copy.profile.changePhoto).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: copy.profile.save }).click();
  await expect(page.getByText(copy.profile.saved)).toBeVisible();

  const me = await (await page.request.get('/api/me')).json();
  expect(me.user.image).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
  const stored = await page.request.get(me.user.image);
  expect(stored.headers()['content-type']).toBe('image/webp');
});
