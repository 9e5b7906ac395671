// npm run db:seed — adds the demo catalogue, reviews, posts and settings; running it again adds nothing.
import { systemClock } from '../src/server/clock';
import { loadConfig, loadDotEnv } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrator';
import { seedDemoData } from '../src/server/db/seed';
import { createStorage } from '../src/server/modules/uploads';

loadDotEnv();
const config = loadConfig();
const database = openDatabase(config.database);
try {
  await migrateToLatest(database.db);
  const created = await seedDemoData(database.db, { clock: systemClock, storage: createStorage(config) });
  console.log(created > 0 ? `demo data: ${created} rows created` : 'demo data already present; nothing to add');
} finally {
  await database.destroy();
}
