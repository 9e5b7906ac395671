import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

// The copy runs in a thread of its own: VACUUM INTO is one synchronous call, seconds long on a large
// database, and the event loop of the process that asks for it stays free meanwhile.
const VACUUM_INTO = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.source, { fileMustExist: true });
try {
  db.pragma('busy_timeout = 5000');
  db.prepare('VACUUM INTO ?').run(workerData.target);
} finally {
  db.close();
}
`;

/**
 * Writes a consistent copy of a live SQLite database to `target` (which must not exist) while other
 * connections, in this process or the shop's, go on writing. VACUUM INTO reads the database in one read
 * transaction, WAL included, so the copy holds every transaction committed before it began and none
 * half; a copy of the database file alone would miss whatever the WAL still holds (with
 * `wal_autocheckpoint = 10000`, up to 40 MB of the latest commits: database.ts).
 */
export async function copySqliteOnline(source: string, target: string): Promise<void> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  await new Promise<void>((resolve, reject) => {
    const worker = new Worker(VACUUM_INTO, { eval: true, workerData: { driver, source, target } });
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the SQLite copy stopped with code ${code}`))));
  });
}

/** The first bytes of every SQLite database file. */
export const SQLITE_HEADER = 'SQLite format 3\0';

/**
 * Whether any of the shop's tables holds a row (the migrations' own bookkeeping aside): a database
 * that does is a shop's, which a restore replaces only when told to.
 */
export function sqliteHoldsRows(file: string): boolean {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    // Ordinary tables only: a search index's shadow tables hold rows of their own in an empty shop.
    const tables = sqlite
      .prepare(
        `select name from pragma_table_list where schema = 'main' and type = 'table' and name not like 'sqlite\\_%' escape '\\' and name not like 'kysely\\_%' escape '\\'`,
      )
      .pluck()
      .all() as string[];
    return tables.some(
      (table) =>
        sqlite
          .prepare(`select exists (select 1 from "${table.replaceAll('"', '""')}")`)
          .pluck()
          .get() === 1,
    );
  } finally {
    sqlite.close();
  }
}

/**
 * Whether no other connection has `file` open: a running shop would go on with its own idea of the
 * database and write over the restored one. Leaving WAL mode needs the database to itself, so a
 * connection elsewhere makes the switch fail (SQLITE_BUSY); the shop turns WAL on again when it opens
 * the file. Any WAL a crash left behind is folded into the file on the way.
 */
export function sqliteUnused(file: string): boolean {
  // No waiting: a connection elsewhere holds its share of the database for as long as it is open.
  const sqlite = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    const mode = sqlite.pragma('journal_mode = DELETE', { simple: true });
    return mode === 'delete';
  } catch {
    return false;
  } finally {
    sqlite.close();
  }
}

/** Answers `quick_check`'s verdict on a backup file and whether it holds the shop's migrations. */
export function inspectSqliteBackup(file: string): { intact: boolean; migrations: number } {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const intact = sqlite.pragma('quick_check', { simple: true }) === 'ok';
    const hasMigrations =
      sqlite.prepare(`select count(*) from sqlite_schema where type = 'table' and name = 'kysely_migration'`).pluck().get() === 1;
    const migrations = hasMigrations ? (sqlite.prepare('select count(*) from kysely_migration').pluck().get() as number) : 0;
    return { intact, migrations };
  } finally {
    sqlite.close();
  }
}
