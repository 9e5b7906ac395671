import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { createTestAuth, uniqueEmail } from '../../testing/accounts';
import { availableEngines, createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { AccountInputError, createAdmin, ensureAccount } from './accounts';
import type { Auth } from './auth';

for (const engine of availableEngines()) {
  describe(`createAdmin (npm run create-admin) [${engine}]`, () => {
    let database: TestDatabase;
    let auth: Auth;

    beforeAll(async () => {
      database = await createTestDatabase(engine);
      auth = createTestAuth(database);
    });
    afterAll(async () => {
      await database?.drop();
    });

    const roleOf = async (email: string) =>
      (await database.db.selectFrom('users').select('role').where('email', '=', email).executeTakeFirst())?.role;
    const verified = async (email: string) =>
      Boolean(
        (await database.db.selectFrom('users').select('email_verified').where('email', '=', email).executeTakeFirst())
          ?.email_verified,
      );

    it('creates an admin who can sign in with the given password', async () => {
      const email = uniqueEmail('boss');
      const result = await createAdmin(auth, { email: email.toUpperCase(), password: 'first-admin-1', name: 'Bo Boss' });
      expect(result.created).toBe(true);
      expect(await roleOf(email)).toBe('admin');
      const signedIn = await auth.api.signInEmail({ body: { email, password: 'first-admin-1' } });
      expect(signedIn.user).toMatchObject({ id: result.userId, name: 'Bo Boss' });
      // The operator vouches for the address: it may book where verified addresses are required.
      expect(await verified(email)).toBe(true);
    });

    it('promotes an existing account, keeping its password and name', async () => {
      const email = uniqueEmail('promoted');
      await auth.api.signUpEmail({ body: { email, password: 'customer-pass-1', name: 'Pat Promoted' } });
      expect(await roleOf(email)).toBe('customer');

      const result = await createAdmin(auth, { email });
      expect(result.created).toBe(false);
      expect(await roleOf(email)).toBe('admin');
      expect(await verified(email)).toBe(true);
      const signedIn = await auth.api.signInEmail({ body: { email, password: 'customer-pass-1' } });
      expect(signedIn.user.name).toBe('Pat Promoted');
    });

    it('refuses a new admin with the sign-up form messages, creating nothing', async () => {
      const email = uniqueEmail('weak');
      await expect(createAdmin(auth, { email, password: '12345', name: '' })).rejects.toThrow(AccountInputError);
      await expect(createAdmin(auth, { email, password: '12345', name: 'Weak' })).rejects.toThrow(copy.validation.passwordShort);
      await expect(createAdmin(auth, { email: 'not-an-address', password: 'long-enough', name: 'X' })).rejects.toThrow(
        copy.validation.emailInvalid,
      );
      expect(await roleOf(email)).toBeUndefined();
    });
  });
}

for (const engine of availableEngines()) {
  describe(`ensureAccount from two nodes starting at once [${engine}]`, () => {
    let database: TestDatabase;

    beforeAll(async () => {
      database = await createTestDatabase(engine);
    });
    afterAll(async () => {
      await database?.drop();
    });

    it('creates the account once and lets both starts succeed', async () => {
      // Two better-auth instances on one database, as two nodes seeding an empty shop would have.
      const [first, second] = [createTestAuth(database), createTestAuth(database)];
      const account = { email: uniqueEmail('seeded'), password: 'seeded-pass-1', name: 'Sam Seeded', role: 'customer' as const };
      const created = await Promise.all([ensureAccount(first, account), ensureAccount(second, account)]);
      expect(created.filter(Boolean)).toHaveLength(1);
      const rows = await database.db
        .selectFrom('users')
        .select(['id', 'email_verified'])
        .where('email', '=', account.email)
        .execute();
      expect(rows).toHaveLength(1);
      // Seeded (demo) accounts count as verified: no mail could reach their addresses.
      expect(Boolean(rows[0]?.email_verified)).toBe(true);
    });
  });
}
