import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrator';
import { IS_CI, TEST_POSTGRES_ADMIN_URL, adminQuery, postgresUrlFor } from './test-env';

declare module 'vitest' {
  export interface ProvidedContext {
    sqliteTemplate: string;
    /** Name of the migrated PostgreSQL template database, or '' when PostgreSQL is not reachable. */
    postgresTemplate: string;
    runId: string;
  }
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Drops this run's databases, and any left by runs that died more than a day ago. */
async function dropRunDatabases(runId: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like 'gh\\_test\\_%'",
    );
    const dayAgo = Date.now() - 24 * 3600 * 1000;
    for (const { datname } of rows) {
      const started = Number(/^gh_test_(\d+)_/.exec(datname)?.[1] ?? Number.NaN);
      if (datname.startsWith(`gh_test_${runId}_`) || started < dayAgo) {
        await client.query(`drop database if exists "${datname}" with (force)`);
      }
    }
  } finally {
    await client.end();
  }
}

/** Migrates one template per engine, once per run; each test file copies it (docs/conventions.md, Tests). */
export default async function setup(project: TestProject) {
  const runId = `${Date.now()}_${process.pid}`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gearhouse-test-'));
  const sqliteTemplate = path.join(dir, 'template.sqlite');
  const sqlite = openDatabase({ kind: 'sqlite', file: sqliteTemplate });
  await migrateToLatest(sqlite.db);
  // Fold the WAL back into the main file so a plain copy is a complete database.
  await sqlite.destroy();

  let postgresTemplate = '';
  if (await postgresReachable()) {
    postgresTemplate = `gh_test_${runId}_template`;
    await adminQuery(`create database "${postgresTemplate}"`);
    const postgres = openDatabase({ kind: 'postgres', url: postgresUrlFor(postgresTemplate) });
    await migrateToLatest(postgres.db);
    await postgres.destroy();
  } else if (IS_CI) {
    throw new Error(`PostgreSQL is not reachable at ${TEST_POSTGRES_ADMIN_URL}; with CI=true the PostgreSQL tests must run.`);
  } else {
    console.warn(`\n⚠ PostgreSQL is not reachable at ${TEST_POSTGRES_ADMIN_URL}: API tests run on SQLite only.\n`);
  }

  project.provide('sqliteTemplate', sqliteTemplate);
  project.provide('postgresTemplate', postgresTemplate);
  project.provide('runId', runId);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (postgresTemplate) await dropRunDatabases(runId);
  };
}
