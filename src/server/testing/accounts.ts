import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../db/database';
import type { Log } from '../log';
import { firstLink, type Mailer } from '../modules/mail';
import { type Auth, createAuth } from '../modules/users';
import { type CapturingMailer, capturingMailer } from './mail';
import { testConfig } from './test-app';
import type { TestDatabase } from './test-database';

/** The test config's PUBLIC_URL: better-auth refuses POSTs from any other origin. */
export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestAccount {
  id: string;
  name: string;
  email: string;
  password: string;
  /** The Cookie header a browser would send after signing up. */
  cookie: string;
}

let sequence = 0;

/** Every Set-Cookie of an answer as one Cookie request header (cookies being cleared are left out). */
export function cookieHeader(res: Pick<LightMyRequestResponse, 'cookies'>): string {
  return res.cookies
    .filter((cookie) => cookie.value !== '' && cookie.maxAge !== 0)
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
}

export function uniqueEmail(prefix = 'user'): string {
  sequence += 1;
  return `${prefix}-${sequence}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export async function postAuth(app: FastifyInstance, path: string, payload: object, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/auth${path}`,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload,
  });
}

/** Signs up through the API, as the sign-up form does; fails the test if that does not work. */
export async function signUp(
  app: FastifyInstance,
  fields: { name?: string; email?: string; password?: string } = {},
): Promise<TestAccount> {
  const account = {
    name: fields.name ?? 'Test Customer',
    email: fields.email ?? uniqueEmail(),
    password: fields.password ?? 'secret-password-1',
  };
  const res = await postAuth(app, '/sign-up/email', account);
  if (res.statusCode !== 200) throw new Error(`sign-up failed with ${res.statusCode}: ${res.body}`);
  return { ...account, id: res.json().user.id, cookie: cookieHeader(res) };
}

/**
 * Confirms the account's address the way its owner does: asks for the verification link and follows
 * it. Mail to a confirmed address may carry the account's name (docs/shop-rules.md, "Accounts and safety").
 */
export async function confirmAddress(
  ctx: { app: FastifyInstance; mailer: CapturingMailer },
  account: Pick<TestAccount, 'email' | 'cookie'>,
): Promise<void> {
  const asked = await postAuth(ctx.app, '/send-verification-email', { email: account.email }, account.cookie);
  if (asked.statusCode !== 200)
    throw new Error(`asking for the verification link failed with ${asked.statusCode}: ${asked.body}`);
  const link = new URL(firstLink((await ctx.mailer.next(account.email)).text) ?? '');
  const followed = await ctx.app.inject({ url: `${link.pathname}${link.search}` });
  if (followed.statusCode !== 302 || followed.headers.location?.includes('error=')) {
    throw new Error(`following the verification link answered ${followed.statusCode} ${followed.headers.location ?? ''}`);
  }
}

/** Signs in and answers the Cookie header, or throws with the answer. */
export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await postAuth(app, '/sign-in/email', { email, password });
  if (res.statusCode !== 200) throw new Error(`sign-in failed with ${res.statusCode}: ${res.body}`);
  return cookieHeader(res);
}

/** A fresh account with the given role, signed in. Admins are promoted in the database, as the create-admin command would. */
export async function signInAs(app: FastifyInstance, db: Db, role: 'customer' | 'admin'): Promise<TestAccount> {
  const account = await signUp(app, { name: role === 'admin' ? 'Test Admin' : 'Test Customer', email: uniqueEmail(role) });
  if (role === 'admin') await db.updateTable('users').set({ role: 'admin' }).where('id', '=', account.id).execute();
  return account;
}

/** A fresh customer, signed in (`signInAs` for a test's context). */
export function signedInCustomer(ctx: { app: FastifyInstance; database: { db: Db } }): Promise<TestAccount> {
  return signInAs(ctx.app, ctx.database.db, 'customer');
}

/** A fresh admin, signed in (`signInAs` for a test's context). */
export function signedInAdmin(ctx: { app: FastifyInstance; database: { db: Db } }): Promise<TestAccount> {
  return signInAs(ctx.app, ctx.database.db, 'admin');
}

const silent: Log = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** better-auth on a test database, for code that uses it without an app (seed, create-admin). */
export function createTestAuth(database: TestDatabase, mailer: Mailer = capturingMailer()): Auth {
  return createAuth(testConfig(database.dir), { database, mailer, log: silent });
}
