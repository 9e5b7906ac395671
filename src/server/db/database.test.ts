import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { availableEngines, createTestDatabase, type TestDatabase } from '../testing/test-database';
import { postgresUrlFor } from '../testing/test-env';
import { type DatabaseHandle, keepingStatements, openDatabase, STATEMENT_CACHE_SIZE } from './database';
import { databaseNameOf } from '../testing/database-faults';

/** The tables these tests write. */
interface Probe {
  notes: { text: string };
  counter: { id: number; n: number };
}

describe('SQLite through Kysely’s own dialect', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let db: Kysely<Probe>;
  /** Another connection to the file, as another process would have: it sees only what is committed. */
  let observer: SQLite.Database;
  const committedNotes = () =>
    (observer.prepare('select text from notes order by text').all() as { text: string }[]).map((row) => row.text);

  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gearhouse-sqlite-'));
    const file = path.join(dir, 'test.sqlite');
    handle = openDatabase({ kind: 'sqlite', file });
    db = handle.db as unknown as Kysely<Probe>;
    await sql`create table notes (text text primary key)`.execute(db);
    await sql`create table counter (id integer primary key, n integer not null)`.execute(db);
    await sql`insert into counter (id, n) values (1, 0)`.execute(db);
    observer = new SQLite(file, { readonly: true });
  });

  afterEach(async () => {
    observer.close();
    await handle.destroy().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens the file in WAL mode, with foreign keys on and a busy timeout', async () => {
    const pragma = async (name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('busy_timeout')).toBe(5000);
    expect(await pragma('synchronous')).toBe(1);
  });

  it('keeps the compiled statement of each text, the least recently used going first', () => {
    const sqlite = new SQLite(':memory:');
    const prepare = vi.spyOn(sqlite, 'prepare');
    const kept = keepingStatements(sqlite);
    const first = kept.prepare('select 1');
    expect(kept.prepare('select 1')).toBe(first);
    expect(prepare).toHaveBeenCalledTimes(1);
    for (let n = 2; n <= STATEMENT_CACHE_SIZE; n++) kept.prepare(`select ${n}`);
    // Used again, so kept past the next text; `select 2` is the least recently used now.
    expect(kept.prepare('select 1')).toBe(first);
    kept.prepare('select 0');
    expect(prepare).toHaveBeenCalledTimes(STATEMENT_CACHE_SIZE + 1);
    kept.prepare('select 2');
    expect(prepare).toHaveBeenCalledTimes(STATEMENT_CACHE_SIZE + 2);
    kept.close();
    expect(sqlite.open).toBe(false);
  });

  it('reads a column another process added with a statement it kept from before', async () => {
    const read = () => sql<Record<string, unknown>>`select * from counter where id = ${1}`.execute(db);
    expect((await read()).rows).toEqual([{ id: 1, n: 0 }]);
    const other = new SQLite(path.join(dir, 'test.sqlite'));
    other.exec('alter table counter add column note text');
    other.close();
    expect((await read()).rows).toEqual([{ id: 1, n: 0, note: null }]);
  });

  it('runs the transactions of concurrent requests one after another: each reads what the one before it wrote', async () => {
    await Promise.all(
      Array.from({ length: 100 }, () =>
        db.transaction().execute(async (trx) => {
          const { n } = await trx.selectFrom('counter').select('n').where('id', '=', 1).executeTakeFirstOrThrow();
          // Another request's turn of the event loop comes here; it must not run inside this transaction.
          await new Promise((resolve) => setImmediate(resolve));
          await trx
            .updateTable('counter')
            .set({ n: n + 1 })
            .where('id', '=', 1)
            .execute();
        }),
      ),
    );
    expect(observer.prepare('select n from counter').get()).toEqual({ n: 100 });
  });

  it("rolls back a failed transaction's work only, and has each committed when it resolves", async () => {
    const outcomes = await Promise.allSettled([
      db.transaction().execute((trx) => trx.insertInto('notes').values({ text: 'a' }).execute()),
      db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ text: 'b' }).execute();
        throw new Error('refused');
      }),
      db.transaction().execute(async (trx) => {
        // A statement that fails (the key is taken): its transaction alone rolls back.
        await trx.insertInto('notes').values({ text: 'c' }).execute();
        await trx.insertInto('notes').values({ text: 'a' }).execute();
      }),
      db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ text: 'd' }).execute();
        return committedNotes();
      }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(String((outcomes[2] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    // The first was in the file before the last began.
    expect((outcomes[3] as PromiseFulfilledResult<string[]>).value).toEqual(['a']);
    expect(committedNotes()).toEqual(['a', 'd']);
    await db.insertInto('notes').values({ text: 'e' }).execute();
    expect(committedNotes()).toEqual(['a', 'd', 'e']);
  });
});

describe.skipIf(!availableEngines().includes('postgres'))('PostgreSQL through Kysely’s own dialect', () => {
  let database: TestDatabase;
  let db: Kysely<Probe>;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    db = database.db as unknown as Kysely<Probe>;
    await sql`create table counter (id int primary key, n int not null)`.execute(db);
    await sql`insert into counter values (1, 0)`.execute(db);
  });
  afterAll(() => database.drop());

  it('reads int8 as a number', async () => {
    const { rows } = await sql<{ n: unknown }>`select count(*) as n from counter`.execute(db);
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('rolls back a transaction whose statement fails, and every connection of the pool serves the next', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`update counter set n = n + 1 where id = ${1}`.execute(trx);
        await sql`update counter set n = n / ${0} where id = ${1}`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '22012' });
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        db
          .transaction()
          .execute(async (trx) => (await trx.selectFrom('counter').select('n').where('id', '=', 1).executeTakeFirst())?.n),
      ),
    );
    expect(answers).toEqual(Array.from({ length: 12 }, () => 0));
  });

  it('reads a column another node’s migration added on the connections that read the table before', async () => {
    await sql`create table probe (a int)`.execute(db);
    await sql`insert into probe values (1)`.execute(db);
    const read = () => sql<Record<string, unknown>>`select * from probe where a = ${1}`.execute(db);
    expect((await read()).rows).toEqual([{ a: 1 }]);
    await sql`alter table probe add column b int default 2`.execute(db);
    expect((await read()).rows).toEqual([{ a: 1, b: 2 }]);
  });

  it('bounds every statement by the configured timeout', async () => {
    const bounded = openDatabase(
      { kind: 'postgres', url: postgresUrlFor(await databaseNameOf(database.db)) },
      { timeouts: { connectMs: 2000, statementMs: 1500 } },
    );
    try {
      expect((await sql<{ statement_timeout: string }>`show statement_timeout`.execute(bounded.db)).rows).toEqual([
        { statement_timeout: '1500ms' },
      ]);
      await expect(sql`select pg_sleep(3)`.execute(bounded.db)).rejects.toMatchObject({ code: '57014' });
    } finally {
      await bounded.destroy();
    }
  });
});
