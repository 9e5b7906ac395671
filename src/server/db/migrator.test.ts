import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { availableEngines, createTestDatabase } from '../testing/test-database';
import { TEST_POSTGRES_ADMIN_URL, postgresUrlFor } from '../testing/test-env';
import { type Db, type DatabaseHandle, openDatabase } from './database';
import { sql } from 'kysely';
import { migrateTo, migrateToLatest, SchemaNewerThanBuildError } from './migrator';

const NODES = 4;

/** Every table (Kysely's own included) with its columns: what "the schema is complete" compares. */
async function schemaOf(db: Db): Promise<Record<string, string[]>> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  return Object.fromEntries(
    tables
      .map((table) => [table.name, table.columns.map((column) => column.name).sort()] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

async function appliedMigrations(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('kysely_migration' as never)
    .select('name' as never)
    .execute();
  return rows.map((row) => (row as { name: string }).name);
}

/** Several nodes start at once on an empty database: each runs migrateToLatest on its own connection pool. */
async function migrateFromSeveralNodes(open: () => DatabaseHandle, reference: Db) {
  const nodes = Array.from({ length: NODES }, open);
  try {
    const applied = await Promise.all(nodes.map((node) => migrateToLatest(node.db)));
    const [first] = nodes as [DatabaseHandle];
    const names = await appliedMigrations(first.db);
    // Each migration ran on exactly one node, and is recorded once.
    expect(applied.flat().sort()).toEqual([...names].sort());
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThanOrEqual(5);
    expect(await schemaOf(first.db)).toEqual(await schemaOf(reference));
    // A node started later finds nothing to do.
    expect(await migrateToLatest(first.db)).toEqual([]);
  } finally {
    await Promise.all(nodes.map((node) => node.destroy()));
  }
}

describe('migrating from several nodes at once', () => {
  it('[sqlite] migrates once; the others wait for the file lock and find nothing to do', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gearhouse-migrate-'));
    // A copy: other test files are copying the template meanwhile.
    copyFileSync(inject('sqliteTemplate'), path.join(dir, 'reference.sqlite'));
    const reference = openDatabase({ kind: 'sqlite', file: path.join(dir, 'reference.sqlite') });
    try {
      await migrateFromSeveralNodes(() => openDatabase({ kind: 'sqlite', file: path.join(dir, 'shop.sqlite') }), reference.db);
    } finally {
      await reference.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(availableEngines().includes('postgres'))(
    '[postgres] migrates once under the advisory lock; the others wait and find nothing to do',
    async () => {
      const name = `gh_test_${inject('runId')}_migrate_${randomBytes(4).toString('hex')}`;
      // Migrated by one node alone (not the template: other files copy it, which needs it unused).
      const single = `${name}_reference`;
      const admin = new pg.Client({ connectionString: TEST_POSTGRES_ADMIN_URL });
      await admin.connect();
      const reference = openDatabase({ kind: 'postgres', url: postgresUrlFor(single) });
      try {
        await admin.query(`create database "${name}"`);
        await admin.query(`create database "${single}"`);
        await migrateToLatest(reference.db);
        await migrateFromSeveralNodes(() => openDatabase({ kind: 'postgres', url: postgresUrlFor(name) }), reference.db);
      } finally {
        await reference.destroy();
        // A pool's end resolves before its connections have closed; a forced drop meanwhile would
        // terminate them and their clients would report it. Wait for them to go first.
        const deadline = Date.now() + 2000;
        while (Date.now() < deadline) {
          const { rows } = await admin.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = any($1)',
            [[name, single]],
          );
          if ((rows[0]?.n ?? 0) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.query(`drop database if exists "${single}" with (force)`);
        await admin.end();
      }
    },
  );
});

describe.each(availableEngines())('a database a newer build migrated [%s]', (engine) => {
  it('is refused before anything changes, naming the migration this build does not know', async () => {
    const database = await createTestDatabase(engine);
    try {
      // One migration of this build still to run, and one this build has never heard of.
      const [lastButOne, last] = (await appliedMigrations(database.db)).sort().slice(-2) as [string, string];
      await migrateTo(database.db, lastButOne);
      const newer = '9999-from-a-newer-build';
      await sql`insert into kysely_migration (name, "timestamp") values (${newer}, ${new Date().toISOString()})`.execute(
        database.db,
      );
      const before = await appliedMigrations(database.db);

      const refused = await migrateToLatest(database.db).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(SchemaNewerThanBuildError);
      expect((refused as Error).message).toBe(`the database's schema is newer than this build: migration ${newer} is unknown`);
      expect((await appliedMigrations(database.db)).sort()).toEqual(before.sort());
      expect(before).not.toContain(last);
    } finally {
      await database.drop();
    }
  });
});
