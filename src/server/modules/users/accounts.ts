import type { Role } from '#shared/schemas/accounts';
import { signUpInputSchema } from '#shared/schemas/accounts';
import type { Auth } from './auth';

export interface AccountInput {
  email: string;
  password: string;
  name: string;
}

export class AccountInputError extends Error {
  override name = 'AccountInputError';
}

/** The same rules as the sign-up form, with its messages, naming the field. */
function validAccount(input: AccountInput): AccountInput {
  // Only the form's three fields: the sign-up schema refuses any other member (a seed's `role`).
  const parsed = signUpInputSchema.safeParse({ email: input.email, password: input.password, name: input.name });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new AccountInputError(problems.join('\n'));
  }
  const { email, password, name } = parsed.data;
  return { email: email.toLowerCase(), password, name };
}

/**
 * Through better-auth's own API, so the password is hashed by the library and its hooks run. The
 * address counts as verified: whoever runs the command (or the demo seed) vouches for it, and no
 * mail could reach a demo address anyway.
 */
async function createAccount(auth: Auth, input: AccountInput, role: Role): Promise<string> {
  const { user } = await auth.api.createUser({ body: { ...input, role, data: { emailVerified: true } } });
  return user.id;
}

/**
 * `npm run create-admin`: creates an admin account, or makes an existing account admin (then only the
 * address is needed; its password and name stay as they are).
 */
export async function createAdmin(
  auth: Auth,
  input: { email: string; password?: string; name?: string },
): Promise<{ userId: string; created: boolean }> {
  const { internalAdapter } = await auth.$context;
  const existing = await internalAdapter.findUserByEmail(input.email.trim().toLowerCase());
  if (existing) {
    await internalAdapter.updateUser(existing.user.id, { role: 'admin', emailVerified: true });
    return { userId: existing.user.id, created: false };
  }
  const account = validAccount({ email: input.email, password: input.password ?? '', name: input.name ?? '' });
  return { userId: await createAccount(auth, account, 'admin'), created: true };
}

/** Creates the account unless its address is taken; an existing account is left exactly as it is. */
export async function ensureAccount(auth: Auth, input: AccountInput & { role: Role }): Promise<boolean> {
  const account = validAccount(input);
  const { internalAdapter } = await auth.$context;
  if (await internalAdapter.findUserByEmail(account.email)) return false;
  try {
    await createAccount(auth, account, input.role);
  } catch (error) {
    // Two nodes seeding an empty shop at once: the other one created it first (the address is unique).
    if (await internalAdapter.findUserByEmail(account.email)) return false;
    throw error;
  }
  return true;
}

/** Shown in the login modal in demo mode (docs/shop-rules.md, "Roles, accounts and safety"). */
export const demoAccounts = [
  { email: 'admin@gearhouse.example', password: 'admin-demo-1', name: 'Gearhouse Admin', role: 'admin' },
  { email: 'customer@gearhouse.example', password: 'customer-demo-1', name: 'Casey Customer', role: 'customer' },
] as const satisfies readonly (AccountInput & { role: Role })[];

/**
 * The demo's trade account: the company admin of the demo company (docs/shop-rules.md, "Trade
 * accounts"). Kept out of `demoAccounts`, which are made on their own: the seed makes this one with
 * its company. The login modal lists it after them.
 */
export const demoTradeAccount = {
  email: 'fleet@gearhouse.example',
  password: 'fleet-demo-1',
  name: 'Dana Whitfield',
  role: 'customer',
} as const satisfies AccountInput & { role: Role };

/** Idempotent: returns how many demo accounts it created. */
export async function ensureDemoAccounts(auth: Auth): Promise<number> {
  let created = 0;
  for (const account of demoAccounts) if (await ensureAccount(auth, account)) created += 1;
  return created;
}
