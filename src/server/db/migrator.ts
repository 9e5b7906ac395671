import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import * as m0001 from './migrations/0001-storefront';
import * as m0002 from './migrations/0002-accounts';
import * as m0003 from './migrations/0003-orders';
import * as m0004 from './migrations/0004-payments';

/** Migrations are listed here, not read from disk, so the bundled server carries them. */
const migrations: Record<string, Migration> = {
  '0001-storefront': m0001,
  '0002-accounts': m0002,
  '0003-orders': m0003,
  '0004-payments': m0004,
};

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider() });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error : new Error(String(error ?? failed?.migrationName));
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause.message}`, { cause });
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
