// npm run db:migrate — brings the configured database (SQLite or PostgreSQL) to the latest schema.
import { loadConfig, loadDotEnv } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest, SchemaNewerThanBuildError } from '../src/server/db/migrator';

loadDotEnv();
const config = loadConfig();
const database = openDatabase(config.database);
try {
  const applied = await migrateToLatest(database.db);
  console.log(applied.length > 0 ? `applied: ${applied.join(', ')}` : 'database already up to date');
} catch (error) {
  if (!(error instanceof SchemaNewerThanBuildError)) throw error;
  console.error(`Not migrated: ${error.message}. ${SchemaNewerThanBuildError.advice}`);
  process.exitCode = 1;
} finally {
  await database.destroy();
}
