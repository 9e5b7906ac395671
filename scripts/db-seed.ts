// npm run db:seed — adds the demo catalogue, reviews, posts, settings and demo accounts; running it
// again adds only what is missing. With --first-start (used by the server) it seeds only a shop never
// seeded before (the accounts: a shop without any account).
import { systemClock } from '../src/server/clock';
import { loadConfig, loadDotEnv } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrator';
import { seedDemoData, seedDemoDataOnFirstStart } from '../src/server/db/seed';
import { createMailer } from '../src/server/modules/mail';
import { createStorage } from '../src/server/modules/uploads';
import { createAuth } from '../src/server/modules/users';

loadDotEnv();
const config = loadConfig();
const database = openDatabase(config.database);
const firstStartOnly = process.argv.includes('--first-start');
try {
  await migrateToLatest(database.db);
  const auth = createAuth(config, { database, mailer: createMailer(config, console), log: console });
  const deps = { clock: systemClock, storage: createStorage(config), auth };
  const created = firstStartOnly ? await seedDemoDataOnFirstStart(database.db, deps) : await seedDemoData(database.db, deps);
  if (created > 0) console.log(`demo data: ${created} rows created`);
  else if (!firstStartOnly) console.log('demo data already present; nothing to add');
} finally {
  await database.destroy();
}
