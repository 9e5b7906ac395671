// npm run db:migrate — brings the configured database (SQLite or PostgreSQL) to the latest schema.
import { loadConfig, loadDotEnv } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrator';

loadDotEnv();
const config = loadConfig();
const database = openDatabase(config.database);
try {
  const applied = await migrateToLatest(database.db);
  console.log(applied.length > 0 ? `applied: ${applied.join(', ')}` : 'database already up to date');
} finally {
  await database.destroy();
}
