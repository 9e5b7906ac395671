import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './database';

interface Notes {
  notes: { text: string };
  counter: { id: number; n: number };
}

describe('SQLite transactions committed in groups', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let db: Kysely<Notes>;
  /** Another connection to the file, as another process would have: it sees only what is committed. */
  let observer: SQLite.Database;
  const committedNotes = () =>
    (observer.prepare('select text from notes order by text').all() as { text: string }[]).map((row) => row.text);

  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gearhouse-group-commit-'));
    const file = path.join(dir, 'test.sqlite');
    handle = openDatabase({ kind: 'sqlite', file });
    db = handle.db as unknown as Kysely<Notes>;
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

  const note = (text: string) => db.insertInto('notes').values({ text }).execute();

  it('commits the transactions of one turn together, and settles each once they are in the database', async () => {
    const seenByB: string[][] = [];
    const a = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ text: 'a' }).execute();
    });
    const b = db.transaction().execute(async (trx) => {
      // A's work is done (one transaction runs at a time) and not committed yet: it waits for B's.
      seenByB.push(committedNotes());
      await trx.insertInto('notes').values({ text: 'b' }).execute();
    });
    await Promise.all([a, b]);
    expect(seenByB).toEqual([[]]);
    expect(committedNotes()).toEqual(['a', 'b']);
  });

  it("rolls back a failed transaction's own work only, and commits the others of its group", async () => {
    const outcomes = await Promise.allSettled([
      db.transaction().execute((trx) => trx.insertInto('notes').values({ text: 'a' }).execute()),
      db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ text: 'b' }).execute();
        throw new Error('refused');
      }),
      db.transaction().execute(async (trx) => {
        // A statement that fails (the key is taken) inside the group: its transaction alone fails.
        await trx.insertInto('notes').values({ text: 'c' }).execute();
        await trx.insertInto('notes').values({ text: 'a' }).execute();
      }),
      db.transaction().execute((trx) => trx.insertInto('notes').values({ text: 'd' }).execute()),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(String((outcomes[2] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(committedNotes()).toEqual(['a', 'd']);
  });

  it('reads what the group wrote before it commits, and a write outside a transaction commits the group first', async () => {
    const a = db.transaction().execute((trx) => trx.insertInto('notes').values({ text: 'a' }).execute());
    // Queued behind A's transaction: a read runs inside A's group, before its commit.
    const read = db.selectFrom('notes').select('text').execute();
    expect(await read).toEqual([{ text: 'a' }]);
    expect(committedNotes()).toEqual([]);
    // A write of its own commits the group, then itself: both are in the database when it resolves.
    await note('p');
    expect(committedNotes()).toEqual(['a', 'p']);
    await a;
  });

  it('fails every transaction of a group that SQLite rolled back, and serves the next', async () => {
    const a = db.transaction().execute((trx) => trx.insertInto('notes').values({ text: 'a' }).execute());
    const b = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ text: 'b' }).execute();
      // What SQLite does itself on an I/O error or a full disk: the whole transaction is gone.
      await sql`rollback`.execute(trx);
      throw new Error('disk full');
    });
    const outcomes = await Promise.allSettled([a, b]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(committedNotes()).toEqual([]);
    await db.transaction().execute((trx) => trx.insertInto('notes').values({ text: 'c' }).execute());
    expect(committedNotes()).toEqual(['c']);
  });

  it('runs many at once one after another: each reads what the one before it wrote', async () => {
    await Promise.all(
      Array.from({ length: 100 }, () =>
        db.transaction().execute(async (trx) => {
          const { n } = await trx.selectFrom('counter').select('n').where('id', '=', 1).executeTakeFirstOrThrow();
          await Promise.resolve();
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

  it('waits for a transaction that is halfway through before committing its group', async () => {
    let finish!: () => void;
    const halfway = new Promise<void>((resolve) => (finish = resolve));
    const a = db.transaction().execute((trx) => trx.insertInto('notes').values({ text: 'a' }).execute());
    const b = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ text: 'b' }).execute();
      await halfway;
      await trx.insertInto('notes').values({ text: 'b2' }).execute();
    });
    // Several turns pass while B waits: A's group cannot commit B's half.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(committedNotes()).toEqual([]);
    finish();
    await Promise.all([a, b]);
    expect(committedNotes()).toEqual(['a', 'b', 'b2']);
  });

  it('commits the open group when the database is closed', async () => {
    const a = db.transaction().execute((trx) => trx.insertInto('notes').values({ text: 'a' }).execute());
    await handle.destroy();
    await a;
    expect(committedNotes()).toEqual(['a']);
  });
});
