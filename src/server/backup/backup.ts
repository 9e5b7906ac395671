import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { BackupError } from './backup-error';
import { dumpPostgres, PG_DUMP_HEADER, postgresConnectionsBesides, postgresHoldsRows, restorePostgres } from './postgres-backup';
import { copySqliteOnline, inspectSqliteBackup, SQLITE_HEADER, sqliteHoldsRows, sqliteUnused } from './sqlite-backup';

/**
 * What a backup holds and where a restore puts it: the database, and the uploads folder when pictures
 * are kept on local disk. Pictures in an S3 bucket are the bucket's to keep (docs/operations.md,
 * "Backups and restore"); the mail outbox's folder and the settings (AUTH_SECRET, DATA_DIR/auth-secret)
 * are not part of it either.
 */
export interface ShopData {
  database: Config['database'];
  /** The uploads folder, when pictures are kept on local disk. */
  uploadsDir: string | undefined;
  /** The bucket, when pictures are kept in S3 instead. */
  bucket: string | undefined;
}

export function shopDataOf(config: Config): ShopData {
  return { database: config.database, uploadsDir: config.s3 ? undefined : config.uploadsDir, bucket: config.s3?.bucket };
}

export interface BackupResult {
  /** The database's copy: `gearhouse-<UTC time>.sqlite`, or `.pgdump` (pg_dump's custom format). */
  database: string;
  /** The uploads folder's copy beside it (`gearhouse-<UTC time>-uploads`) and the pictures it holds. */
  uploads: { dir: string; files: number } | undefined;
  /** What the operator should know: what the backup does not hold. */
  notes: string[];
}

export interface RestoreResult {
  /** Where the database now is: the SQLite file, or the PostgreSQL server and database. */
  database: string;
  /** Pictures copied into the uploads folder (those already there are kept). */
  uploads: number | undefined;
  notes: string[];
}

const bucketNote = (bucket: string, restoring: boolean) =>
  restoring
    ? `Pictures are kept in the S3 bucket ${bucket}: the backup's uploads folder was not copied there. ` +
      `If the bucket lost them, copy them back with its own tools (aws s3 sync <uploads folder> s3://${bucket}).`
    : `Pictures are kept in the S3 bucket ${bucket}, which this backup does not hold: back the bucket up with ` +
      `its own means (versioning or replication, or aws s3 sync s3://${bucket} <folder>).`;

/** `2026-06-15T12:00:00.000Z` as `2026-06-15T12-00-00Z`: sorts by time and is a file name everywhere. */
function stamp(now: Date): string {
  return now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
}

/** The uploads folder that goes with a database's backup: `x.sqlite` or `x.pgdump` → `x-uploads`. */
export function uploadsBeside(backup: string): string {
  return `${backup.replace(/\.(sqlite|pgdump)$/, '')}-uploads`;
}

/** Flushes a file to the disk, so a backup reported written survives a power loss. */
async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Copies the pictures of one uploads folder into another, each to a temporary name then renamed, so
 * that no reader sees half a picture. A name already there is kept: keys are content hashes, so the same
 * name is the same picture. A `.tmp` file is an upload still being written in the shop, not a picture.
 */
async function copyUploads(from: string, to: string): Promise<number> {
  await mkdir(to, { recursive: true });
  let names: string[];
  try {
    names = await readdir(from);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let copied = 0;
  for (const name of names) {
    if (name.endsWith('.tmp')) continue;
    const source = path.join(from, name);
    const target = path.join(to, name);
    if (!(await stat(source)).isFile() || existsSync(target)) continue;
    const temporary = `${target}.${randomUUID()}.tmp`;
    await copyFile(source, temporary);
    await rename(temporary, target);
    copied += 1;
  }
  return copied;
}

/**
 * Backs the shop up while it runs: a consistent copy of the database (SQLite: VACUUM INTO; PostgreSQL:
 * pg_dump's custom format) named with the time, and the uploads folder copied beside it. Both are
 * written under `.partial` names and renamed when complete, so a file named like a backup is a whole one.
 */
export async function backUp(data: ShopData, { into, now = new Date() }: { into: string; now?: Date }): Promise<BackupResult> {
  const base = path.join(path.resolve(into), `gearhouse-${stamp(now)}`);
  const database = `${base}.${data.database.kind === 'sqlite' ? 'sqlite' : 'pgdump'}`;
  const uploads = uploadsBeside(database);
  if (existsSync(database) || existsSync(uploads)) {
    throw new BackupError(`${database} already exists (a backup taken this second): try again in a second.`);
  }
  if (data.database.kind === 'sqlite' && !existsSync(data.database.file)) {
    throw new BackupError(`There is no database at ${data.database.file}: check DATA_DIR.`);
  }
  await mkdir(path.dirname(base), { recursive: true });
  const partial = `${database}.partial`;
  const partialUploads = `${uploads}.partial`;
  try {
    // The database first: pictures are never deleted, so every picture the copy names was stored before
    // it was taken, and the folder copied afterwards holds them all.
    if (data.database.kind === 'sqlite') await copySqliteOnline(data.database.file, partial);
    else await dumpPostgres(data.database.url, partial);
    await syncFile(partial);
    const files = data.uploadsDir ? await copyUploads(data.uploadsDir, partialUploads) : undefined;
    await rename(partial, database);
    if (files !== undefined) await rename(partialUploads, uploads);
    return {
      database,
      uploads: files === undefined ? undefined : { dir: uploads, files },
      notes: data.bucket ? [bucketNote(data.bucket, false)] : [],
    };
  } catch (error) {
    await rm(partial, { force: true });
    await rm(partialUploads, { recursive: true, force: true });
    throw error;
  }
}

const engineName = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const;

/** Which engine's backup a file is, by its first bytes, whatever it is named. */
async function engineOf(file: string): Promise<'sqlite' | 'postgres'> {
  let head: Buffer;
  try {
    const handle = await open(file, 'r');
    try {
      head = Buffer.alloc(SQLITE_HEADER.length);
      await handle.read(head, 0, head.length, 0);
    } finally {
      await handle.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError(`There is no backup at ${file}.`);
    throw error;
  }
  if (head.toString('latin1') === SQLITE_HEADER) return 'sqlite';
  if (head.subarray(0, PG_DUMP_HEADER.length).toString('latin1') === PG_DUMP_HEADER) return 'postgres';
  throw new BackupError(`${file} is not a backup of the shop: neither a SQLite database nor a pg_dump custom-format file.`);
}

const notEmpty = (where: string) =>
  `The database at ${where} already holds a shop: add --force to replace it with the backup ` +
  '(what it holds now is lost; take a backup of it first if in doubt).';

/**
 * Restores a backup taken by `backUp` into the configured database, and its uploads folder (found beside
 * it) into the uploads folder. Refuses a database that holds any row unless `force`, and a database the
 * shop still uses. The pictures go first: a restore that stops half-way leaves pictures nothing names,
 * never a database naming missing pictures. The database is replaced in one step (SQLite: a whole file
 * renamed over the old; PostgreSQL: pg_restore in one transaction).
 */
export async function restoreBackup(
  data: ShopData,
  backup: string,
  { force = false }: { force?: boolean } = {},
): Promise<RestoreResult> {
  const file = path.resolve(backup);
  const engine = await engineOf(file);
  if (engine !== data.database.kind) {
    throw new BackupError(
      `${file} is a ${engineName[engine]} backup, but this shop runs on ${engineName[data.database.kind]} ` +
        `(${data.database.kind === 'postgres' ? 'DATABASE_URL is set' : 'DATABASE_URL is unset'}).`,
    );
  }
  let where: string;
  if (data.database.kind === 'sqlite') {
    const { intact, migrations } = inspectSqliteBackup(file);
    if (!intact) throw new BackupError(`${file} is damaged (SQLite's quick_check failed): restore another backup.`);
    if (migrations === 0) throw new BackupError(`${file} is a SQLite database, but not the shop's (no migrations in it).`);
    where = data.database.file;
    if (existsSync(where)) {
      if (!sqliteUnused(where))
        throw new BackupError(`${where} is in use: stop the shop (every process on this DATA_DIR) first.`);
      if (!force && sqliteHoldsRows(where)) throw new BackupError(notEmpty(where));
    }
  } else {
    const url = new URL(data.database.url);
    where = `${url.host}${url.pathname}`;
    const others = await postgresConnectionsBesides(data.database.url);
    if (others > 0) {
      throw new BackupError(
        `${others} other connection(s) to the database at ${where}: stop every node of the shop (and close other sessions) first.`,
      );
    }
    if (!force && (await postgresHoldsRows(data.database.url))) throw new BackupError(notEmpty(where));
  }

  const notes: string[] = [];
  const uploadsFrom = uploadsBeside(file);
  let uploads: number | undefined;
  if (!existsSync(uploadsFrom)) notes.push(`No uploads folder beside the backup (${uploadsFrom}): no pictures were restored.`);
  else if (data.uploadsDir) uploads = await copyUploads(uploadsFrom, data.uploadsDir);
  else if (data.bucket) notes.push(bucketNote(data.bucket, true));

  if (data.database.kind === 'sqlite') {
    const target = data.database.file;
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.restoring`;
    try {
      await copyFile(file, temporary);
      await syncFile(temporary);
      // Left by no one (the database was just found unused), but a WAL beside the new file would be read as its own.
      await rm(`${target}-wal`, { force: true });
      await rm(`${target}-shm`, { force: true });
      await rename(temporary, target);
    } finally {
      await rm(temporary, { force: true });
    }
  } else {
    await restorePostgres(data.database.url, file);
  }
  return { database: where, uploads, notes };
}
