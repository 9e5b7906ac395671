import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { Config } from '../config';
import { type DatabaseHandle, type Dialect, openDatabase } from '../db/database';
import { TEST_POSTGRES_ADMIN_URL, postgresUrlFor } from './test-env';

export type Engine = Dialect;

/** The engines this run can test: SQLite always, PostgreSQL when the global setup reached it. */
export function availableEngines(): Engine[] {
  return inject('postgresTemplate') ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestDatabase extends DatabaseHandle {
  /** Directory for this database's files (uploads, outbox); removed by `drop`. */
  dir: string;
  /** Where the database is, as the config names it: for a process or a tool that opens it by itself. */
  location: Config['database'];
  drop(): Promise<void>;
  /** Another handle (its own connections) on the same database, as a second node would have; the caller destroys it. */
  open(): DatabaseHandle;
}

async function createPostgresCopy(name: string, template: string): Promise<void> {
  // Copying a template fails while another copy of it is being made; those races are short, so retry.
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: TEST_POSTGRES_ADMIN_URL });
    await client.connect();
    try {
      await client.query(`create database "${name}" template "${template}"`);
      return;
    } catch (error) {
      const busy = error instanceof Error && /being accessed by other users/.test(error.message);
      if (!busy || attempt >= 40) throw error;
    } finally {
      await client.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 150));
  }
}

/** A fresh, migrated database of its own for one test file. */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `gearhouse-${engine}-`));
  if (engine === 'sqlite') {
    const file = path.join(dir, 'test.sqlite');
    copyFileSync(inject('sqliteTemplate'), file);
    const handle = openDatabase({ kind: 'sqlite', file });
    return {
      ...handle,
      dir,
      location: { kind: 'sqlite', file },
      open: () => openDatabase({ kind: 'sqlite', file }),
      drop: async () => {
        await handle.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `gh_test_${inject('runId')}_${randomBytes(5).toString('hex')}`;
  await createPostgresCopy(name, inject('postgresTemplate'));
  const handle = openDatabase({ kind: 'postgres', url: postgresUrlFor(name) });
  return {
    ...handle,
    dir,
    location: { kind: 'postgres', url: postgresUrlFor(name) },
    open: () => openDatabase({ kind: 'postgres', url: postgresUrlFor(name) }),
    drop: async () => {
      await handle.destroy();
      rmSync(dir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: TEST_POSTGRES_ADMIN_URL });
      await client.connect();
      try {
        // The pool's end resolves before its connections have closed; a forced drop meanwhile would
        // terminate them and their clients would report it as an error. Wait for them to go first.
        const deadline = Date.now() + 2000;
        while (Date.now() < deadline) {
          const { rows } = await client.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if ((rows[0]?.n ?? 0) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
