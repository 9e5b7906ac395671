// npm run create-admin -- --email E --password P --name N — creates the first admin (or makes an
// existing account admin: then --email alone is enough).
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { type Config, loadConfig, loadDotEnv } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrator';
import { createMailer } from '../src/server/modules/mail';
import { AccountInputError, createAdmin, createAuth } from '../src/server/modules/users';

export const USAGE = 'Usage: npm run create-admin -- --email E --password P --name N';

/** Where the command's lines go: the terminal, or a test that reads them. */
export interface CommandOutput {
  log(line: string): void;
  error(line: string): void;
}

/** Runs the command with its arguments on the configured database (migrated first); answers the exit code. */
export async function createAdminCommand(args: string[], config: Config, out: CommandOutput = console): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  });
  if (!values.email) {
    out.error(USAGE);
    return 2;
  }
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    const auth = createAuth(config, { database, mailer: createMailer(config, console), log: console });
    const { created } = await createAdmin(auth, { email: values.email, password: values.password, name: values.name });
    out.log(created ? `admin ${values.email} created` : `${values.email} already had an account; it is now an admin`);
    return 0;
  } catch (error) {
    if (!(error instanceof AccountInputError)) throw error;
    out.error(`Could not create the admin:\n${error.message}`);
    return 1;
  } finally {
    await database.destroy();
  }
}

// Run as a command, not when a test imports the function above.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  loadDotEnv();
  process.exitCode = await createAdminCommand(process.argv.slice(2), loadConfig());
}
