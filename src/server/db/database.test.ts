import { sql } from 'kysely';
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
