// npm run db:seed — adds the demo catalogue, reviews, posts, settings and demo accounts; running it
// again adds only what is missing. With --first-start it does what the server's first start does:
// seeds only a shop never seeded before (the accounts: a shop without any account).
import { loadConfig, loadDotEnv } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrator';
import { demoSeedDeps, seedDemoData, seedDemoDataOnFirstStart } from '../src/server/db/seed';
import { createStorage } from '../src/server/modules/uploads';

loadDotEnv();
const config = loadConfig();
const database = openDatabase(config.database);
const firstStartOnly = process.argv.includes('--first-start');
try {
  await migrateToLatest(database.db);
  const deps = demoSeedDeps(config, database, createStorage(config));
  const created = firstStartOnly ? await seedDemoDataOnFirstStart(database.db, deps) : await seedDemoData(database.db, deps);
  if (created > 0) console.log(`demo data: ${created} rows created`);
  else if (!firstStartOnly) console.log('demo data already present; nothing to add');
} finally {
  await database.destroy();
}
