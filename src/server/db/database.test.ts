import { type Kysely, sql } from 'kysely';
import { sentWithTheNext } from './database';
import { ASSUMPTION_FAILED } from './errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundTrips } from '../testing/round-trips';
import { availableEngines, createTestDatabase, type TestDatabase } from '../testing/test-database';

describe.skipIf(!availableEngines().includes('postgres'))('prepared statements [postgres]', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(() => database.drop());

  it('prepares a query with parameters once a connection and runs it again by name', async () => {
    const text = 'select $1::int + 1 as next';
    await database.db.transaction().execute(async (tx) => {
      // One transaction holds one connection: the three runs and the look at its statements share it.
      for (const n of [1, 2, 3]) {
        const { rows } = await sql.raw<{ next: number }>(text.replace('$1', String(n))).execute(tx);
        expect(rows[0]?.next).toBe(n + 1);
      }
      for (const n of [1, 2, 3]) {
        const { rows } = await sql<{ next: number }>`select ${n}::int + 1 as next`.execute(tx);
        expect(rows[0]?.next).toBe(n + 1);
      }
      const { rows } = await sql<{ name: string; runs: number }>`
        select name, (generic_plans + custom_plans)::int as runs
        from pg_prepared_statements where statement = ${text}`.execute(tx);
      expect(rows).toEqual([{ name: expect.stringMatching(/^gh_\d+$/), runs: 3 }]);
      // A full-text match is planned for each run's words: never kept.
      await sql`select ${'brake'}::tsvector @@ to_tsquery('simple', ${'brake'}) as hit`.execute(tx);
      const { rows: searches } = await sql<{ n: number }>`
        select count(*)::int as n from pg_prepared_statements where statement like ${'%@@%'}`.execute(tx);
      expect(searches).toEqual([{ n: 0 }]);
      // Texts without parameters are sent unnamed.
      const { rows: unnamed } = await sql<{ n: number }>`
        select count(*)::int as n from pg_prepared_statements where statement like ${'select 1::int%'}`.execute(tx);
      expect(unnamed).toEqual([{ n: 0 }]);
    });
  });

  it('drops a connection whose kept select * no longer fits its table, and the next one answers', async () => {
    const { db } = database;
    await sql`create table probe (a int)`.execute(db);
    await sql`insert into probe values (1)`.execute(db);
    const read = () => sql<Record<string, unknown>>`select * from probe where a = ${1}`.execute(db);
    expect((await read()).rows).toEqual([{ a: 1 }]);
    // As another node's migration would: a column added while this connection keeps the plan.
    await sql`alter table probe add column b int default 2`.execute(db);
    await expect(read()).rejects.toMatchObject({ code: '0A000' });
    expect((await read()).rows).toEqual([{ a: 1, b: 2 }]);
    expect((await read()).rows).toEqual([{ a: 1, b: 2 }]);
  });
});

/** The table the transaction tests write. */
interface CounterDb {
  counter: { id: number; n: number };
}

describe.skipIf(!availableEngines().includes('postgres'))('transactions [postgres]', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await sql`create table counter (id int primary key, n int not null)`.execute(database.db);
    await sql`insert into counter values (1, 0)`.execute(database.db);
  });
  afterAll(() => database.drop());

  const countOf = async () => (await sql<{ n: number }>`select n from counter where id = ${1}`.execute(database.db)).rows[0]?.n;

  it("sends a transaction's begin with its first statement: two round trips for one statement and the commit", async () => {
    const trips = await roundTrips(() =>
      database.db.transaction().execute((trx) => sql`update counter set n = n + 1 where id = ${1}`.execute(trx)),
    );
    expect(trips).toBe(2);
    expect(await countOf()).toBe(1);
  });

  it('holds the first statement inside the transaction: its row lock lasts until the end, and a rollback undoes it', async () => {
    const before = await countOf();
    let release = () => {};
    const holding = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const hasLocked = new Promise<void>((resolve) => (locked = resolve));
    const transaction = database.db.transaction().execute(async (trx) => {
      await sql`update counter set n = n + 1 where id = ${1}`.execute(trx);
      locked();
      await holding;
      throw new Error('changed my mind');
    });
    await hasLocked;
    // Another connection cannot take the row while the transaction holds it.
    await expect(sql`select n from counter where id = ${1} for update nowait`.execute(database.db)).rejects.toMatchObject({
      code: '55P03',
    });
    release();
    await expect(transaction).rejects.toThrow('changed my mind');
    expect(await countOf()).toBe(before);
  });

  it('rolls back a transaction whose first statement fails, and the connection serves the next', async () => {
    const before = await countOf();
    await expect(
      database.db.transaction().execute((trx) => sql`update counter set n = n / ${0} where id = ${1}`.execute(trx)),
    ).rejects.toMatchObject({ code: '22012' });
    // Every connection of the pool, not only the one that failed, answers inside a new transaction.
    await Promise.all(
      Array.from({ length: 12 }, () =>
        database.db.transaction().execute(async (trx) => {
          await sql`select n from counter where id = ${1}`.execute(trx);
          const { rows } = await sql<{ open: boolean }>`select now() = statement_timestamp() as open`.execute(trx);
          // Inside a transaction now() is its start, earlier than this statement's.
          expect(rows[0]?.open).toBe(false);
        }),
      ),
    );
    expect(await countOf()).toBe(before);
  });

  it('begins before a first statement without parameters, and commits a transaction that ran nothing', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await sql`insert into counter values (2, 0)`.execute(trx);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect((await sql`select id from counter where id = ${2}`.execute(database.db)).rows).toEqual([]);
    await expect(database.db.transaction().execute(async () => 'nothing ran')).resolves.toBe('nothing ran');
    expect(await countOf()).toBeTypeOf('number');
  });

  const insertHeldBack = (db: Kysely<CounterDb>, id: number) =>
    db.insertInto('counter').values({ id, n: 0 }).modifyEnd(sentWithTheNext).execute();
  const idsFrom = async (from: number) =>
    (await sql<{ id: number }>`select id from counter where id >= ${from} order by id`.execute(database.db)).rows.map(
      (row) => row.id,
    );

  it('sends a marked write with the next statement or the commit: a statement, two writes and the commit in two round trips', async () => {
    const db = database.db as unknown as Kysely<CounterDb>;
    const trips = await roundTrips(() =>
      db.transaction().execute(async (trx) => {
        await sql`update counter set n = n + 1 where id = ${1}`.execute(trx);
        await insertHeldBack(trx, 10);
        await insertHeldBack(trx, 11);
      }),
    );
    expect(trips).toBe(2);
    expect(await idsFrom(10)).toEqual([10, 11]);
    // The next statement of the transaction sees what was held back for it.
    await db.transaction().execute(async (trx) => {
      await insertHeldBack(trx, 12);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from counter where id >= ${10}`.execute(trx);
      expect(rows[0]?.n).toBe(3);
    });
  });

  it('fails the transaction when a marked write fails, at its next statement or at the commit, and keeps none of it', async () => {
    const db = database.db as unknown as Kysely<CounterDb>;
    const before = await idsFrom(20);
    // The key 1 is taken: the write fails when it goes out, with the next statement…
    await expect(
      db.transaction().execute(async (trx) => {
        await insertHeldBack(trx, 20);
        await insertHeldBack(trx, 1);
        await sql`update counter set n = n + 1 where id = ${1}`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    // …or with the commit.
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`update counter set n = n + 1 where id = ${1}`.execute(trx);
        await insertHeldBack(trx, 21);
        await insertHeldBack(trx, 1);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await idsFrom(20)).toEqual(before);
    // Every connection of the pool still answers, with the statements it has kept.
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        db.transaction().execute(async (trx) => {
          await insertHeldBack(trx, 30 + i);
          await sql`select n from counter where id = ${1}`.execute(trx);
        }),
      ),
    );
    expect(await idsFrom(30)).toHaveLength(12);
  });

  it('keeps a connection whose held-back write failed ahead of a statement it had never prepared from answering wrongly after', async () => {
    const db = database.db as unknown as Kysely<CounterDb>;
    // The statement after the failing write is one no connection has prepared yet: PostgreSQL skips it.
    const fresh = (trx: Kysely<CounterDb>) =>
      sql<{ fresh: number }>`select n + ${0} as fresh from counter where id = ${1}`.execute(trx);
    await expect(
      db.transaction().execute(async (trx) => {
        await insertHeldBack(trx, 1);
        await fresh(trx);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => db.transaction().execute(async (trx) => (await fresh(trx)).rows[0]?.fresh)),
    );
    expect(answers).toEqual(Array.from({ length: 12 }, () => expect.any(Number)));
  });

  it('drops the marked writes of a transaction rolled back, and runs one at once outside a transaction', async () => {
    const db = database.db as unknown as Kysely<CounterDb>;
    await expect(
      db.transaction().execute(async (trx) => {
        await insertHeldBack(trx, 50);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`update counter set n = n + 1 where id = ${1}`.execute(trx);
        await insertHeldBack(trx, 51);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await idsFrom(50)).toEqual([]);
    await insertHeldBack(db, 52);
    // Read on a connection of another handle, as another node would.
    const other = database.open();
    try {
      expect((await sql<{ id: number }>`select id from counter where id = ${52}`.execute(other.db)).rows).toEqual([{ id: 52 }]);
    } finally {
      await other.destroy();
    }
  });

  it('keeps the connection of a transaction whose assumption failed, knowing which of its statements it prepared', async () => {
    const db = database.db as unknown as Kysely<CounterDb>;
    const backend = async (trx: Kysely<CounterDb>) =>
      (await sql<{ pid: number }>`select pg_backend_pid() + ${0} as pid`.execute(trx)).rows[0]?.pid;
    // Texts no connection has prepared yet, held back: one before the check, one after it.
    const before = (trx: Kysely<CounterDb>, id: number) =>
      sql`insert into counter (id, n) values (${id}, 1) ${sentWithTheNext}`.execute(trx);
    const check = (trx: Kysely<CounterDb>, fails: boolean) =>
      sql`select assumption_failed('the test said so') where ${fails}::boolean ${sentWithTheNext}`.execute(trx);
    const after = (trx: Kysely<CounterDb>, id: number) =>
      sql`insert into counter (id, n) values (${id}, 2) ${sentWithTheNext}`.execute(trx);
    let first: number | undefined;
    await expect(
      db.transaction().execute(async (trx) => {
        first = await backend(trx);
        await before(trx, 60);
        await check(trx, true);
        await after(trx, 61);
      }),
    ).rejects.toMatchObject({ code: ASSUMPTION_FAILED, message: 'the test said so' });
    // The pool hands out the connection released last: the same one, still open, runs the statement
    // prepared before the check by its name and prepares the one after it, which PostgreSQL skipped.
    const again = await db.transaction().execute(async (trx) => {
      await before(trx, 62);
      await check(trx, false);
      await after(trx, 63);
      return backend(trx);
    });
    expect(again).toBe(first);
    expect(await idsFrom(60)).toEqual([62, 63]);
  });
});
