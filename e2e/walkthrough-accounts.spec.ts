import * as copy from '#shared/copy';
import { expect, expectNoSeriousA11yViolations, queryShopDatabase, test } from './fixtures';
import { demoAccount, newCustomer, settled, signIn } from './support/session';

test.describe('a customer on an admin page', () => {
  test('is signed out with the reason, and signing in again lands on the shop, not back on the admin page', async ({
    page,
    request,
    baseURL,
  }) => {
    const customer = await newCustomer(request, baseURL, { label: 'Walker' });
    await signIn(page, customer.email, customer.password);
    await page.goto('/dashboard/manageParts');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(copy.auth.signedOutAdminOnly)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel(copy.fields.email).fill(customer.email);
    await page.getByLabel(copy.fields.password, { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: copy.auth.loginSubmit, exact: true }).click();
    await expect(page.getByRole('button', { name: copy.nav.signOut })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    // Still signed in a moment later: nothing signs them out again.
    await page.goto('/dashboard/profile');
    await expect(page).toHaveURL(/\/dashboard\/profile$/);
    await expect(page.getByRole('button', { name: copy.nav.signOut })).toBeVisible();
  });

  test('a visitor who opens an admin page and signs in as a customer lands on the shop and stays signed in', async ({
    page,
    request,
    baseURL,
  }) => {
    const customer = await newCustomer(request, baseURL, { label: 'Walker' });
    await page.goto('/dashboard/manageParts');
    // The admin page is where a sign-in would return to, but never for a customer.
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%2FmanageParts$/);
    await page.getByLabel(copy.fields.email).fill(customer.email);
    await page.getByLabel(copy.fields.password, { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: copy.auth.loginSubmit, exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: copy.nav.signOut })).toBeVisible();
    expect((await page.request.get('/api/me')).status()).toBe(200);
  });

  test('an admin who signs in after that sign-out opens the admin page as usual', async ({ page, request, baseURL }) => {
    const customer = await newCustomer(request, baseURL, { label: 'Walker' });
    const admin = await demoAccount(request, 'admin');
    await signIn(page, customer.email, customer.password);
    await page.goto('/dashboard/manageUser');
    await expect(page.getByText(copy.auth.signedOutAdminOnly)).toBeVisible();
    await page.getByLabel(copy.fields.email).fill(admin.email);
    await page.getByLabel(copy.fields.password, { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: copy.auth.loginSubmit, exact: true }).click();
    await expect(page.getByRole('button', { name: copy.nav.signOut })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard/manageUser');
    await expect(page.getByRole('heading', { name: copy.dashboard.manageUser })).toBeVisible();
  });
});

test.describe('signed-in visitors on the sign-in pages', () => {
  for (const path of ['/login', '/signup']) {
    test(`${path} sends a signed-in user on to the shop without showing the form`, async ({ page, request, baseURL }) => {
      const customer = await newCustomer(request, baseURL, { label: 'Walker' });
      await signIn(page, customer.email, customer.password);
      // Watch for the form from the first paint on.
      await page.addInitScript(() => {
        const seen = () => {
          if (document.querySelector('input[type="password"]')) (window as unknown as { formSeen: boolean }).formSeen = true;
        };
        new MutationObserver(seen).observe(document, { childList: true, subtree: true });
      });
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('button', { name: copy.nav.signOut })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { formSeen?: boolean }).formSeen ?? false)).toBe(false);
    });
  }
});

test.describe('demoting an admin in Manage All User', () => {
  const roleOf = (email: string) => queryShopDatabase<{ role: string }>('select role from users where email = ?', email)[0]?.role;

  test('removes admin rights from another admin after "Are you sure?", never from oneself', async ({
    page,
    request,
    baseURL,
  }) => {
    const admin = await demoAccount(request, 'admin');
    const colleague = await newCustomer(request, baseURL, { label: 'Walker' });
    await signIn(page, admin.email, admin.password);
    await page.goto(`/dashboard/manageUser?q=${encodeURIComponent(colleague.email)}`);
    const row = page.getByTestId('user-row').filter({ hasText: colleague.email });
    await row.getByRole('button', { name: copy.users.makeAdmin }).click();
    const dialog = page.getByRole('dialog', { name: copy.common.areYouSure });
    await dialog.getByRole('button', { name: copy.users.confirmMakeAdminYes }).click();
    await expect(dialog).toBeHidden();
    const removeAdmin = row.getByRole('button', { name: copy.users.removeAdmin });
    await expect(removeAdmin).toBeVisible();
    expect(roleOf(colleague.email)).toBe('admin');

    // Backing out (by keyboard) keeps them admin.
    await removeAdmin.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toContainText(copy.users.confirmRemoveAdmin(colleague.name, colleague.email));
    const keep = dialog.getByRole('button', { name: copy.users.keepAdmin });
    await expect(keep).toBeFocused();
    await settled(page);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(removeAdmin).toBeFocused();
    expect(roleOf(colleague.email)).toBe('admin');

    await removeAdmin.click();
    await dialog.getByRole('button', { name: copy.users.confirmRemoveAdminYes }).click();
    await expect(page.getByRole('alert').filter({ hasText: copy.users.adminRemoved })).toBeVisible();
    await expect(row.getByRole('button', { name: copy.users.makeAdmin })).toBeVisible();
    await expect(row.getByRole('button', { name: copy.users.removeAdmin })).toHaveCount(0);
    expect(roleOf(colleague.email)).toBe('customer');

    // One's own row offers neither, and the server refuses it anyway.
    await page.goto(`/dashboard/manageUser?q=${encodeURIComponent(admin.email)}`);
    const own = page.getByTestId('user-row').filter({ hasText: admin.email });
    await expect(own).toHaveCount(1);
    await expect(own.getByRole('button')).toHaveCount(0);
    const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
    const self = await page.request.patch(`/api/users/${me.user.id}`, {
      data: { role: 'customer' },
      headers: { origin: baseURL! },
    });
    expect(self.status()).toBe(422);
    expect(roleOf(admin.email)).toBe('admin');
  });
});
