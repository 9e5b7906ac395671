import type { APIRequestContext } from '@playwright/test';
import * as copy from '#shared/copy';
import { expect, expectRefusal, queryShopDatabase, test } from './fixtures';
import { demoAccount, signIn, signUpThroughApi, unique } from './support/session';

interface Account {
  name: string;
  email: string;
  password: string;
}

/** Creates an account through the API, as the sign-up form would (better-auth wants the shop's Origin). */
async function createAccount(request: APIRequestContext, baseURL: string | undefined, name: string): Promise<Account> {
  const tag = unique();
  const account = {
    name: `${name} ${tag}`,
    email: `${name.toLowerCase().replace(/\s+/g, '.')}-${tag}@garage.example`,
    password: 'secret-password-1',
  };
  await signUpThroughApi(request, baseURL, account);
  return account;
}

test.describe('accounts', () => {
  test('signs up and lands on the home page, signed in, with the display name set', async ({ page }) => {
    const tag = unique();
    const name = `Nora Newcomer ${tag}`;
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: copy.auth.signUpTitle })).toBeVisible();
    await page.getByRole('button', { name: copy.auth.signUpSubmit }).click();
    await expect(page.getByText(copy.validation.nameRequired)).toBeVisible();
    await expect(page.getByText(copy.validation.emailRequired)).toBeVisible();
    await expect(page.getByText(copy.validation.passwordRequired)).toBeVisible();

    await page.getByLabel(copy.fields.name).fill(name);
    await page.getByLabel(copy.fields.email).fill(`nora-${tag}@garage.example`);
    await page.getByLabel(copy.fields.password).fill('12345');
    await expect(page.getByText(copy.validation.passwordShort)).toBeVisible();
    await page.getByLabel(copy.fields.password).fill('nora-password-1');
    await page.getByRole('button', { name: copy.auth.signUpSubmit }).click();

    await expect(page).toHaveURL(/\/$/);
    const navbar = page.getByRole('banner');
    await expect(navbar.getByRole('button', { name: copy.nav.signOut })).toBeVisible();
    await expect(navbar.getByRole('link', { name: copy.nav.login })).toHaveCount(0);
    await navbar.getByRole('link', { name: copy.nav.dashboard }).click();
    await expect(page.getByRole('heading', { level: 1, name: copy.dashboard.title })).toBeVisible();
    await page.getByRole('link', { name: copy.dashboard.myProfile }).click();
    await expect(page.getByTestId('profile-name')).toHaveText(name);
  });

  test('checks the sign-in on the server, with the same words under the fields, when the form could not load its rules', async ({
    page,
    problems,
  }) => {
    await page.goto('/login');
    // The page's code is in; what the form imports on its first use (its rules) is refused from here on.
    const refused: string[] = [];
    await page.route('**/assets/*.js', (route) => {
      refused.push(route.request().url());
      return route.abort();
    });
    await page.getByLabel(copy.fields.email).focus();
    await page.getByRole('button', { name: copy.auth.loginSubmit }).click();
    await expect(page.getByText(copy.validation.emailRequired)).toBeVisible();
    await expect(page.getByText(copy.validation.passwordRequired)).toBeVisible();
    expect(refused, 'the form asked for its rules').not.toEqual([]);
    await expect(page).toHaveURL(/\/login$/);
    expectRefusal(problems, 400, '/api/auth/sign-in/email');
    // Chromium logs each refused module as a failed load.
    for (const url of refused) {
      const index = problems.findIndex((problem) => problem.includes('net::ERR_FAILED') && problem.includes(url));
      if (index >= 0) problems.splice(index, 1);
    }
  });

  test('says a wrong password under the form, then returns to the page of origin after login', async ({
    page,
    request,
    baseURL,
    problems,
  }) => {
    const account = await createAccount(request, baseURL, 'Wanda Wrong');
    await page.goto('/dashboard/profile');
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%2Fprofile$/);

    await page.getByLabel(copy.fields.email).fill(account.email);
    await page.getByLabel(copy.fields.password, { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: copy.auth.loginSubmit, exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: copy.auth.invalidCredentials })).toBeVisible();
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%2Fprofile$/);
    await expect(page.getByLabel(copy.fields.email)).toHaveValue(account.email);

    await page.getByLabel(copy.fields.password, { exact: true }).fill(account.password);
    await page.getByRole('button', { name: copy.auth.loginSubmit, exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/profile$/);
    await expect(page.getByTestId('profile-name')).toHaveText(account.name);
    expectRefusal(problems, 401, '/api/auth/sign-in/email');
  });

  test('signs a customer who opens an admin page out and sends them to /login', async ({ page, request }) => {
    const customer = await demoAccount(request, 'customer');
    await page.goto('/login');
    await page.getByRole('button', { name: copy.auth.demoAccounts }).click();
    const demo = page.getByRole('dialog', { name: copy.auth.demoAccounts });
    await demo.getByRole('button', { name: copy.auth.useAccountLabel(copy.auth.demoRoles.customer, customer.email) }).click();
    await expect(demo).toBeHidden();
    await expect(page.getByLabel(copy.fields.email)).toHaveValue(customer.email);
    await page.getByRole('button', { name: copy.auth.loginSubmit, exact: true }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/dashboard');
    const sidebar = page.getByRole('navigation', { name: copy.dashboard.navLabel });
    await expect(sidebar.getByRole('link')).toHaveText([
      copy.dashboard.myOrders,
      copy.dashboard.myProfile,
      copy.returns.title,
      copy.dashboard.quickOrder,
      copy.dashboard.myCompany,
      copy.dashboard.garage,
      copy.dashboard.addReview,
    ]);

    await page.goto('/dashboard/manageUser');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('banner').getByRole('link', { name: copy.nav.login })).toBeVisible();
    expect((await page.request.get('/api/me')).status()).toBe(401);
  });

  test('changes the display name on My Profile', async ({ page, request, baseURL }) => {
    const account = await createAccount(request, baseURL, 'Pat Profile');
    await signIn(page, account.email, account.password);
    await page.goto('/dashboard/profile');
    await expect(page.getByTestId('profile-name')).toHaveText(account.name);

    await page.getByLabel(copy.fields.name).fill(' ');
    await page.getByRole('button', { name: copy.profile.save }).click();
    await expect(page.getByText(copy.validation.nameRequired)).toBeVisible();

    const renamed = `Patricia ${unique()}`;
    await page.getByLabel(copy.fields.name).fill(renamed);
    await page.getByRole('button', { name: copy.profile.save }).click();
    await expect(page.getByRole('alert').filter({ hasText: copy.profile.saved })).toBeVisible();
    await expect(page.getByTestId('profile-name')).toHaveText(renamed);
    const me = await (await page.request.get('/api/me')).json();
    expect(me.user).toMatchObject({ name: renamed, email: account.email });
  });

  test('makes a user admin and removes a user, each after "Are you sure?"', async ({ page, request, baseURL }) => {
    const admin = await demoAccount(request, 'admin');
    const tag = unique();
    const promoted = await createAccount(request, baseURL, `Promoted ${tag}`);
    const removed = await createAccount(request, baseURL, `Removed ${tag}`);
    await signIn(page, admin.email, admin.password);

    // The admin's own row has no actions.
    await page.goto(`/dashboard/manageUser?q=${encodeURIComponent(admin.email)}`);
    const own = page.getByTestId('user-row').filter({ hasText: admin.email });
    await expect(own).toHaveCount(1);
    await expect(own.getByRole('button')).toHaveCount(0);

    await page.goto(`/dashboard/manageUser?q=${tag}`);
    await expect(page.getByTestId('user-row')).toHaveCount(2);
    const promotedRow = page.getByTestId('user-row').filter({ hasText: promoted.email });
    const makeAdmin = promotedRow.getByRole('button', { name: copy.users.makeAdmin });

    // Escape (or Cancel) changes nothing.
    await makeAdmin.click();
    const dialog = page.getByRole('dialog', { name: copy.common.areYouSure });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: copy.users.keepCustomer })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: copy.users.keepCustomer })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(makeAdmin).toBeFocused();
    expect(queryShopDatabase<{ role: string }>('select role from users where email = ?', promoted.email)).toEqual([
      { role: 'customer' },
    ]);

    await makeAdmin.click();
    await dialog.getByRole('button', { name: copy.users.confirmMakeAdminYes }).click();
    await expect(page.getByRole('alert').filter({ hasText: copy.toasts.adminAdded })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(makeAdmin).toHaveCount(0);
    await expect(promotedRow).toContainText(copy.users.admin);
    expect(queryShopDatabase<{ role: string }>('select role from users where email = ?', promoted.email)).toEqual([
      { role: 'admin' },
    ]);

    const removedRow = page.getByTestId('user-row').filter({ hasText: removed.email });
    await removedRow.getByRole('button', { name: copy.users.removeUser }).click();
    await expect(dialog).toContainText(removed.email);
    await dialog.getByRole('button', { name: copy.users.confirmRemoveYes }).click();
    await expect(page.getByRole('alert').filter({ hasText: copy.toasts.userRemoved })).toBeVisible();
    await expect(removedRow).toHaveCount(0);
    await expect(page.getByTestId('user-row')).toHaveCount(1);
    expect(queryShopDatabase('select id from users where email = ?', removed.email)).toEqual([]);
  });

  test('asks for a reset link: "Send Email!", then back to the previous page', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: copy.auth.forgotPassword }).click();
    await expect(page).toHaveURL(/\/reset$/);
    await page.getByRole('button', { name: copy.auth.resetSubmit }).click();
    await expect(page.getByText(copy.validation.emailRequired)).toBeVisible();
    // The answer is the same whether the address has an account or not.
    await page.getByLabel(copy.fields.email).fill(`nobody-${unique()}@garage.example`);
    await page.getByRole('button', { name: copy.auth.resetSubmit }).click();
    await expect(page.getByRole('alert').filter({ hasText: copy.toasts.resetSent })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
  // axe on the account pages and their dialogs, every impact, at both widths: e2e/a11y.spec.ts.
});
