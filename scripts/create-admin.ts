// npm run create-admin -- --email E --password P --name N — creates the first admin (or makes an
// existing account admin: then --email alone is enough).
import { parseArgs } from 'node:util';
import { loadConfig, loadDotEnv } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrator';
import { createMailer } from '../src/server/modules/mail';
import { AccountInputError, createAdmin, createAuth } from '../src/server/modules/users';

const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
});
if (!values.email) {
  console.error('Usage: npm run create-admin -- --email E --password P --name N');
  process.exit(2);
}

loadDotEnv();
const config = loadConfig();
const database = openDatabase(config.database);
try {
  await migrateToLatest(database.db);
  const auth = createAuth(config, { database, mailer: createMailer(config, console), log: console });
  const { created } = await createAdmin(auth, { email: values.email, password: values.password, name: values.name });
  console.log(created ? `admin ${values.email} created` : `${values.email} already had an account; it is now an admin`);
} catch (error) {
  if (!(error instanceof AccountInputError)) throw error;
  console.error(`Could not create the admin:\n${error.message}`);
  process.exitCode = 1;
} finally {
  await database.destroy();
}
