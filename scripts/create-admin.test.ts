import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/server/db/database';
import { testConfig } from '../src/server/testing/test-app';
import { availableEngines, createTestDatabase, type TestDatabase } from '../src/server/testing/test-database';
import { createAdminCommand, USAGE } from './create-admin';

/** The command run in this process, as `npm run create-admin -- …args` would; answers its exit code and lines. */
async function run(config: Parameters<typeof createAdminCommand>[1], ...args: string[]) {
  const lines = { log: [] as string[], error: [] as string[] };
  const code = await createAdminCommand(args, config, {
    log: (line) => lines.log.push(line),
    error: (line) => lines.error.push(line),
  });
  return { code, stdout: lines.log.join('\n'), stderr: lines.error.join('\n') };
}

for (const engine of availableEngines()) {
  describe(`npm run create-admin [${engine}]`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(engine);
    });
    afterAll(async () => {
      await database?.drop();
    });

    it('creates the admin in the configured database, and says what went wrong otherwise', async () => {
      const config = testConfig(database.dir, { database: database.location });
      const created = await run(config, '--email', 'owner@example.com', '--password', 'owner-pass-1', '--name', 'Olive Owner');
      expect(created).toMatchObject({ code: 0, stdout: 'admin owner@example.com created' });

      const again = await run(config, '--email', 'owner@example.com');
      expect(again.code).toBe(0);
      expect(again.stdout).toContain('it is now an admin');

      const weak = await run(config, '--email', 'new@example.com', '--password', '123', '--name', 'New');
      expect(weak.code).toBe(1);
      expect(weak.stderr).toContain('Must be 6 characters or longer');

      expect(await run(config, '--name', 'Nobody')).toMatchObject({ code: 2, stderr: USAGE });

      const users = await database.db
        .selectFrom('users')
        .select(['email', 'role', 'name'])
        .where('email', 'in', ['owner@example.com', 'new@example.com'])
        .execute();
      expect(users).toEqual([{ email: 'owner@example.com', role: 'admin', name: 'Olive Owner' }]);
    });
  });
}

describe('npm run create-admin before the shop first started', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gearhouse-create-admin-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('migrates the new database in DATA_DIR first', async () => {
    const config = testConfig(dataDir);
    expect(
      await run(config, '--email', 'owner@example.com', '--password', 'owner-pass-1', '--name', 'Olive Owner'),
    ).toMatchObject({ code: 0 });
    const database = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'gearhouse.sqlite') });
    try {
      expect(await database.db.selectFrom('users').select(['email', 'role']).execute()).toEqual([
        { email: 'owner@example.com', role: 'admin' },
      ]);
    } finally {
      await database.destroy();
    }
  });
});
