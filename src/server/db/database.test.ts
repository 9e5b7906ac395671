import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe.skipIf(!availableEngines().includes('postgres'))('transactions [postgres]', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await sql`create table counter (id int primary key, n int not null)`.execute(database.db);
    await sql`insert into counter values (1, 0)`.execute(database.db);
  });
  afterAll(() => database.drop());

  const countOf = async () => (await sql<{ n: number }>`select n from counter where id = ${1}`.execute(database.db)).rows[0]?.n;

  /** How many times PostgreSQL said it was ready for the next query while `work` ran: its round trips. */
  async function roundTrips(work: () => Promise<unknown>): Promise<number> {
    const connection = pg.Connection.prototype as unknown as { emit(event: string, ...args: unknown[]): boolean };
    const emit = connection.emit;
    let ready = 0;
    connection.emit = function (this: unknown, event: string, ...args: unknown[]) {
      if (event === 'readyForQuery') ready += 1;
      return emit.call(this, event, ...args);
    };
    try {
      await work();
    } finally {
      connection.emit = emit;
    }
    return ready;
  }

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
});
