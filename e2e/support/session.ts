import { type APIRequestContext, expect, type Page } from '@playwright/test';
import * as copy from '#shared/copy';

/** A short tag that keeps names and addresses unique across tests and runs. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** Creates an account through the API, as the sign-up form would (better-auth wants the shop's Origin). */
export async function signUpThroughApi(
  request: APIRequestContext,
  baseURL: string | undefined,
  user: { name: string; email: string; password: string },
): Promise<void> {
  // Only the form's fields: the sign-up body is strict, and callers may pass a richer object.
  const { name, email, password } = user;
  const res = await request.post('/api/auth/sign-up/email', {
    data: { name, email, password },
    headers: { origin: baseURL ?? '' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * A new customer, signed up through the API (which signs `request` in as them); `page` is signed in
 * through the login form too when given. `label` starts the name and the address, a tag ends both.
 */
export async function newCustomer(
  request: APIRequestContext,
  baseURL: string | undefined,
  { label = 'Eddie Customer', page }: { label?: string; page?: Page } = {},
): Promise<{ name: string; email: string; password: string }> {
  const tag = unique();
  const account = {
    name: `${label} ${tag}`,
    email: `${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${tag}@garage.example`,
    password: 'secret-password-1',
  };
  await signUpThroughApi(request, baseURL, account);
  if (page) await signIn(page, account.email, account.password);
  return account;
}

/** The demo account of a role, as the login page's demo modal lists it. */
export async function demoAccount(request: APIRequestContext, role: 'admin' | 'customer') {
  const shop = (await (await request.get('/api/shop')).json()) as {
    demoAccounts: { role: string; email: string; password: string }[];
  };
  const account = shop.demoAccounts.find((a) => a.role === role);
  if (!account) throw new Error(`the e2e shop has no demo ${role}`);
  return account;
}

/**
 * Signs `page` in and leaves it where the login form would, on the landing page with the navbar saying
 * so. The session comes from the API, through `page.request`, whose cookies are the page's: the login
 * form is what accounts.spec, walkthrough-accounts and the keyboard walks test; elsewhere it is only
 * the way in.
 */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    // The shop's own address, as playwright.config.ts hands it to the workers.
    headers: { origin: `http://127.0.0.1:${process.env.E2E_PORT}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto('/');
  await expect(page.getByRole('button', { name: copy.nav.signOut })).toBeVisible();
}

export async function signInAs(page: Page, role: 'admin' | 'customer'): Promise<void> {
  const { email, password } = await demoAccount(page.request, role);
  await signIn(page, email, password);
}

/** Dialogs fade in: axe and screenshots look once nothing moves. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) =>
          a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity || !(a.timeline instanceof DocumentTimeline),
      ),
  );
}
