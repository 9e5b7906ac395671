import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database';
import type { ObjectStorage } from '../modules/uploads';

/** What Node's file system calls throw when the disk is full (`EDQUOT` over quota, `EROFS` read-only). */
export function diskError(code: 'ENOSPC' | 'EDQUOT' | 'EROFS' = 'ENOSPC'): NodeJS.ErrnoException {
  const messages = { ENOSPC: 'no space left on device', EDQUOT: 'disk quota exceeded', EROFS: 'read-only file system' };
  return Object.assign(new Error(`${code}: ${messages[code]}, write`), { code, errno: -28, syscall: 'write' });
}

/**
 * A storage in front of another whose disk can be filled: while full, every write (and the readiness
 * probe) fails as the file system would, and reads go on. Tests run as root, for whom neither
 * permissions nor a read-only folder stop a write, so the failure is injected here.
 */
export function storageOnAFillableDisk(
  inner: ObjectStorage,
): ObjectStorage & { fill(code?: 'ENOSPC' | 'EDQUOT' | 'EROFS'): void; makeRoom(): void } {
  let full: 'ENOSPC' | 'EDQUOT' | 'EROFS' | undefined;
  return {
    async put(key, body, contentType) {
      if (full) throw diskError(full);
      return inner.put(key, body, contentType);
    },
    get: (key) => inner.get(key),
    exists: (key) => inner.exists(key),
    async probe(signal) {
      if (full) throw diskError(full);
      return inner.probe(signal);
    },
    fill(code = 'ENOSPC') {
      full = code;
    },
    makeRoom() {
      full = undefined;
    },
  };
}

/**
 * Runs `work` while the database has no room left for an order, as on a full disk: the order's insert
 * meets the engine's own error. PostgreSQL raises `disk_full` from a trigger (a test cannot fill the
 * server's disk). SQLite may not grow its file by a page (`max_page_count`), and a trigger on the
 * order's insert writes more than its free pages hold, so SQLite itself answers SQLITE_FULL.
 */
export async function whileTheDatabaseIsFull<T>({ db, dialect }: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (dialect === 'postgres') {
    await sql`create or replace function disk_is_full() returns trigger language plpgsql as $$
      begin raise exception 'could not extend file "base/1/2": No space left on device' using errcode = 'disk_full'; end $$`.execute(
      db,
    );
    await sql`create trigger disk_is_full before insert on orders for each row execute function disk_is_full()`.execute(db);
    try {
      return await work();
    } finally {
      await sql`drop trigger disk_is_full on orders`.execute(db);
      await sql`drop function disk_is_full()`.execute(db);
    }
  }
  await sql`create table disk_filler (b blob)`.execute(db);
  await sql`create trigger disk_is_full after insert on orders begin insert into disk_filler values (zeroblob(64000000)); end`.execute(
    db,
  );
  const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db);
  await sql.raw(`pragma max_page_count = ${rows[0]!.page_count}`).execute(db);
  try {
    return await work();
  } finally {
    await sql.raw('pragma max_page_count = 1073741823').execute(db);
    await sql`drop trigger disk_is_full`.execute(db);
    await sql`drop table disk_filler`.execute(db);
  }
}
