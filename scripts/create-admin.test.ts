import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/server/db/database';

describe('npm run create-admin (the script, on SQLite)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gearhouse-create-admin-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/create-admin.ts', ...args], {
      env: { PATH: process.env.PATH, NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });

  it('creates the admin in the configured database, and says what went wrong otherwise', async () => {
    const created = run('--email', 'owner@example.com', '--password', 'owner-pass-1', '--name', 'Olive Owner');
    expect(created.stdout).toContain('admin owner@example.com created');
    expect(created.status).toBe(0);

    const again = run('--email', 'owner@example.com');
    expect(again.stdout).toContain('it is now an admin');

    const weak = run('--email', 'new@example.com', '--password', '123', '--name', 'New');
    expect(weak.status).toBe(1);
    expect(weak.stderr).toContain('Must be 6 characters or longer');

    const database = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'gearhouse.sqlite') });
    try {
      const users = await database.db.selectFrom('users').select(['email', 'role', 'name']).execute();
      expect(users).toEqual([{ email: 'owner@example.com', role: 'admin', name: 'Olive Owner' }]);
    } finally {
      await database.destroy();
    }
  });
});
