// npm run restore -- <backup> [--force] — puts a backup taken by `npm run backup` back into the configured
// database, and its uploads folder into the uploads folder; the shop must be stopped (docs/operations.md).
import { parseArgs } from 'node:util';
import { restoreBackup, shopDataOf } from '../src/server/backup/backup';
import { BackupError } from '../src/server/backup/backup-error';
import { ConfigError, loadConfig, loadDotEnv } from '../src/server/config';

const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
const [backup] = positionals;
if (!backup || positionals.length > 1) {
  console.error('Usage: npm run restore -- <gearhouse-….sqlite or gearhouse-….pgdump> [--force]');
  process.exit(2);
}

try {
  loadDotEnv();
  const config = loadConfig();
  const result = await restoreBackup(shopDataOf(config), backup, { force: values.force });
  console.log(`restored ${backup} into ${result.database}`);
  if (result.uploads !== undefined) console.log(`uploads: ${result.uploads} pictures copied into ${config.uploadsDir}`);
  for (const note of result.notes) console.log(note);
  console.log('Start the shop: it brings the database to its own version of the schema.');
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
