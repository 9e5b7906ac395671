import { Migrator, type Migration, type MigrationProvider, SqliteAdapter, sql } from 'kysely';
import type { Db } from './database';
import * as m0001 from './migrations/0001-storefront';
import * as m0002 from './migrations/0002-accounts';
import * as m0003 from './migrations/0003-orders';
import * as m0004 from './migrations/0004-payments';
import * as m0005 from './migrations/0005-stripe';
import * as m0006 from './migrations/0006-scale-indexes';
import * as m0007 from './migrations/0007-live-parts';
import * as m0008 from './migrations/0008-mail-outbox';
import * as m0009 from './migrations/0009-review-per-subject';
import * as m0010 from './migrations/0010-catalogue-and-order-lines';
import * as m0011 from './migrations/0011-carts';
import * as m0012 from './migrations/0012-fitment-and-search';
import * as m0013 from './migrations/0013-search-at-scale';
import * as m0014 from './migrations/0014-invoices';
import * as m0015 from './migrations/0015-sales-overview';
import * as m0016 from './migrations/0016-low-stock-threshold';
import * as m0017 from './migrations/0017-unpaid-order-counts';
import * as m0018 from './migrations/0018-assumption-checks';
import * as m0019 from './migrations/0019-parts-short-of-stock';
import * as m0020 from './migrations/0020-part-stock';
import * as m0023 from './migrations/0023-search-miss-clients';
import * as m0024 from './migrations/0024-unpaid-order-value';
import * as m0025 from './migrations/0025-mail-limits';
import * as m0026 from './migrations/0026-units-sold-in-part-order';
import * as m0027 from './migrations/0027-flash-deal';
import * as m0028 from './migrations/0028-order-numbers';
import * as m0029 from './migrations/0029-drop-assumption-failed';
import * as m0030 from './migrations/0030-orders-without-first-line';
import * as m0031 from './migrations/0031-live-part-categories';
import * as m0032 from './migrations/0032-tax-and-delivery';
import * as m0033 from './migrations/0033-companies';
import * as m0036 from './migrations/0036-orders-on-account';
import * as m0034 from './migrations/0034-company-invitations';
import * as m0035 from './migrations/0035-company-prices';
import * as m0037 from './migrations/0037-invoice-payments';
import * as m0038 from './migrations/0038-saved-lists';
import * as m0039 from './migrations/0039-stock-notifications';
import * as m0040 from './migrations/0040-supersessions';
import * as m0041 from './migrations/0041-vcdb-base-vehicles';
import * as m0042 from './migrations/0042-cross-references';
import * as m0044 from './migrations/0044-returns';
import * as m0045 from './migrations/0045-core-charges';
import * as m0046 from './migrations/0046-sku-byte-order';
import * as m0047 from './migrations/0047-api-keys';
import * as m0048 from './migrations/0048-delivered-at';
import * as m0049 from './migrations/0049-webhooks';
import * as m0050 from './migrations/0050-idempotency-fingerprint';

/** Migrations are listed here, not read from disk, so the bundled server carries them. */
const migrations: Record<string, Migration> = {
  '0001-storefront': m0001,
  '0002-accounts': m0002,
  '0003-orders': m0003,
  '0004-payments': m0004,
  '0005-stripe': m0005,
  '0006-scale-indexes': m0006,
  '0007-live-parts': m0007,
  '0008-mail-outbox': m0008,
  '0009-review-per-subject': m0009,
  '0010-catalogue-and-order-lines': m0010,
  '0011-carts': m0011,
  '0012-fitment-and-search': m0012,
  '0013-search-at-scale': m0013,
  '0014-invoices': m0014,
  '0015-sales-overview': m0015,
  '0016-low-stock-threshold': m0016,
  '0017-unpaid-order-counts': m0017,
  '0018-assumption-checks': m0018,
  '0019-parts-short-of-stock': m0019,
  '0020-part-stock': m0020,
  '0023-search-miss-clients': m0023,
  '0024-unpaid-order-value': m0024,
  '0025-mail-limits': m0025,
  '0026-units-sold-in-part-order': m0026,
  '0027-flash-deal': m0027,
  '0028-order-numbers': m0028,
  '0029-drop-assumption-failed': m0029,
  '0030-orders-without-first-line': m0030,
  '0031-live-part-categories': m0031,
  '0032-tax-and-delivery': m0032,
  '0033-companies': m0033,
  '0036-orders-on-account': m0036,
  '0034-company-invitations': m0034,
  '0035-company-prices': m0035,
  '0037-invoice-payments': m0037,
  '0038-saved-lists': m0038,
  '0039-stock-notifications': m0039,
  '0040-supersessions': m0040,
  '0041-vcdb-base-vehicles': m0041,
  '0042-cross-references': m0042,
  '0044-returns': m0044,
  '0045-core-charges': m0045,
  '0046-sku-byte-order': m0046,
  '0047-api-keys': m0047,
  '0048-delivered-at': m0048,
  '0049-webhooks': m0049,
  '0050-idempotency-fingerprint': m0050,
};

/**
 * The database records a migration this build does not have: a newer build migrated it. This build's
 * queries may read what that migration dropped or renamed, so it neither migrates nor serves
 * (docs/decisions/0028-stop-migrate-start.md).
 */
export class SchemaNewerThanBuildError extends Error {
  /** What the operator can do, for the messages of the start and of `db:migrate`. */
  static readonly advice =
    'Run the build that migrated it, or a newer one; to go back to this build, restore the backup taken before the upgrade.';

  constructor(readonly unknownMigrations: readonly string[]) {
    const [only] = unknownMigrations;
    super(
      `the database's schema is newer than this build: ${
        unknownMigrations.length === 1 ? `migration ${only} is unknown` : `migrations ${unknownMigrations.join(', ')} are unknown`
      }`,
    );
    this.name = 'SchemaNewerThanBuildError';
  }
}

/**
 * The migrations the database says ran that this build does not know, by name. One small read of
 * Kysely's table (a row per migration), cheap enough for a readiness check every few seconds.
 */
export async function unknownMigrations(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return rows
    .map((row) => row.name)
    .filter((name) => !Object.hasOwn(migrations, name))
    .sort();
}

/** Throws SchemaNewerThanBuildError when the database ran a migration this build does not know; a database never migrated passes. */
async function refuseNewerSchema(db: Db): Promise<void> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === 'kysely_migration')) return;
  const unknown = await unknownMigrations(db);
  if (unknown.length > 0) throw new SchemaNewerThanBuildError(unknown);
}

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

/** Moves the schema to just after the migration `name`, down or up: for tests of a migration's own data steps. */
export async function migrateTo(db: Db, name: string): Promise<void> {
  const run = async (db: Db) => {
    const migrator = new Migrator({ db, provider: new StaticMigrationProvider() });
    const { error, results = [] } = await migrator.migrateTo(name);
    const failed = results.find((r) => r.status === 'Error');
    if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
    return results.map((r) => r.migrationName);
  };
  if (db.getExecutor().adapter instanceof SqliteAdapter) await withSqliteWriteLock(db, run);
  else await run(db);
}

/** How long a node waits for another node's migrations before giving up. */
const SQLITE_LOCK_WAIT_MS = 5 * 60_000;

/**
 * Brings the database to the latest schema. Safe to run from several nodes (or a node and
 * `db-migrate`) at once: one migrates, the others wait, then find nothing left to do. Refuses, with
 * SchemaNewerThanBuildError and before changing anything, a database a newer build has migrated.
 *
 * - PostgreSQL: Kysely's Migrator already takes a session-level `pg_advisory_lock` on one dedicated
 *   connection, reads which migrations ran only after it holds the lock, and runs them in one
 *   transaction (postgres-adapter.js `acquireMigrationLock`); nothing to add. Proven by
 *   migrator.test.ts.
 * - SQLite: Kysely's lock is a no-op there (it relies on its single connection, which guards one
 *   process only), and it runs each migration outside a transaction. So the whole run is wrapped in
 *   `BEGIN IMMEDIATE`: the database file's own write lock is the migration lock across processes,
 *   and SQLite's DDL is transactional, so a failed run leaves nothing half done. Foreign keys are off
 *   while it runs, as SQLite's own steps for changing a table ask (a rebuilt table is dropped and
 *   renamed, which with them on would delete the rows referring to it), and checked before the commit.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return withSqliteWriteLock(db, runMigrations);
  return runMigrations(db);
}

async function runMigrations(db: Db): Promise<string[]> {
  await refuseNewerSchema(db);
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider() });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((r) => r.status === 'Error');
  if (error || failed) {
    // A newer build may have migrated between the check above and the migrator's lock (PostgreSQL).
    await refuseNewerSchema(db).catch((newer: unknown) => {
      if (newer instanceof SchemaNewerThanBuildError) throw newer;
    });
    const cause = error instanceof Error ? error : new Error(String(error ?? failed?.migrationName));
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause.message}`, { cause });
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

const isBusy = (error: unknown) => (error as { code?: string } | null)?.code?.startsWith('SQLITE_BUSY') === true;

/**
 * better-sqlite3 is synchronous: waiting for the lock through `busy_timeout` would block the event
 * loop (and, in one process, the very holder it waits for). So the wait is ours: try at once, and
 * on SQLITE_BUSY sleep and try again.
 */
async function withSqliteWriteLock(db: Db, body: (db: Db) => Promise<string[]>): Promise<string[]> {
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ timeout: number }>`pragma busy_timeout`.execute(connection);
    const busyTimeout = Number(rows[0]?.timeout ?? 0);
    const { rows: keys } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(connection);
    const foreignKeys = Number(keys[0]?.foreign_keys ?? 0);
    await sql`pragma busy_timeout = 0`.execute(connection);
    // A no-op inside a transaction, so set before it begins.
    await sql`pragma foreign_keys = off`.execute(connection);
    try {
      const deadline = Date.now() + SQLITE_LOCK_WAIT_MS;
      for (;;) {
        try {
          await sql`begin immediate`.execute(connection);
          break;
        } catch (error) {
          if (!isBusy(error) || Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, 25 + Math.random() * 50));
        }
      }
      await sql.raw(`pragma busy_timeout = ${busyTimeout}`).execute(connection);
      try {
        const migrated = await body(connection);
        if (migrated.length > 0) await refuseForeignKeyViolations(connection);
        await sql`commit`.execute(connection);
        return migrated;
      } catch (error) {
        await sql`rollback`.execute(connection);
        throw error;
      }
    } finally {
      await sql.raw(`pragma busy_timeout = ${busyTimeout}`).execute(connection);
      await sql.raw(`pragma foreign_keys = ${foreignKeys}`).execute(connection);
    }
  });
}

/** Throws when a row refers to one that is not there: what SQLite's foreign keys, off during migrations, would have refused. */
async function refuseForeignKeyViolations(db: Db): Promise<void> {
  const { rows } = await sql<{ table: string; parent: string }>`pragma foreign_key_check`.execute(db);
  const [first] = rows;
  if (first) {
    throw new Error(`${rows.length} rows of ${first.table} refer to rows of ${first.parent} that are not there after migrating`);
  }
}
