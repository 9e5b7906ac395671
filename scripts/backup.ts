// npm run backup [-- --into DIR] — a consistent copy of the configured database, taken while the shop
// runs, and of the uploads folder beside it, named with the time (docs/operations.md, "Backups and restore").
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backUp, shopDataOf } from '../src/server/backup/backup';
import { BackupError } from '../src/server/backup/backup-error';
import { ConfigError, loadConfig, loadDotEnv } from '../src/server/config';

const { values } = parseArgs({ options: { into: { type: 'string' } } });

try {
  loadDotEnv();
  const config = loadConfig();
  const into = values.into ?? path.join(config.dataDir, 'backups');
  const result = await backUp(shopDataOf(config), { into });
  console.log(`database: ${result.database}`);
  if (result.uploads) console.log(`uploads:  ${result.uploads.dir} (${result.uploads.files} files)`);
  for (const note of result.notes) console.log(note);
  console.log('Copy both off this machine: a backup on the same disk is lost with it.');
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
