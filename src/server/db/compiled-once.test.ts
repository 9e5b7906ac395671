import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableEngines, createTestDatabase, type TestDatabase } from '../testing/test-database';
import { compiledOnce, MAX_SHAPES } from './compiled-once';

interface ProbeDb {
  probe: { id: string; n: number; note: string | null; at: string };
}

describe.each(availableEngines())('a statement compiled once [%s]', (engine) => {
  let database: TestDatabase;
  let db: Kysely<ProbeDb>;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = database.db as unknown as Kysely<ProbeDb>;
    await sql`create table probe (id text primary key, n integer not null, note text, at text not null)`.execute(db);
  });
  afterAll(() => database.drop());

  it('builds its SQL once for a shape and runs it with each call’s values, the same as built anew', async () => {
    const insert = compiledOnce((db: Kysely<ProbeDb>, row: ProbeDb['probe']) => db.insertInto('probe').values(row));
    await insert(db, { id: 'a', n: 1, note: 'first', at: '2026-01-01' });
    await insert(db, { id: 'b', n: 2, note: null, at: '2026-01-02' });
    await insert(db, { id: 'c', n: 3, note: 'third', at: '2026-01-03' });
    await insert(db, { id: 'd', n: 4, note: null, at: '2026-01-04' });
    const rows = await db.selectFrom('probe').selectAll().orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'a', n: 1, note: 'first', at: '2026-01-01' },
      { id: 'b', n: 2, note: null, at: '2026-01-02' },
      { id: 'c', n: 3, note: 'third', at: '2026-01-03' },
      { id: 'd', n: 4, note: null, at: '2026-01-04' },
    ]);

    // Outside production every run is also built anew to compare, so the builder runs twice a call
    // and once more for each shape it compiles.
    let builds = 0;
    const byIds = compiledOnce((db: Kysely<ProbeDb>, { ids, above }: { ids: string[]; above: number }) => {
      builds += 1;
      return db.selectFrom('probe').select(['id', 'n']).where('id', 'in', ids).where('n', '>', above).orderBy('id');
    });
    expect((await byIds(db, { ids: ['a', 'b', 'c'], above: 1 })).rows).toEqual([
      { id: 'b', n: 2 },
      { id: 'c', n: 3 },
    ]);
    expect(builds).toBe(2);
    expect((await byIds(db, { ids: ['a', 'c', 'd'], above: 0 })).rows).toEqual([
      { id: 'a', n: 1 },
      { id: 'c', n: 3 },
      { id: 'd', n: 4 },
    ]);
    expect(builds).toBe(3);
    // Another length of list is another shape, compiled once more.
    expect((await byIds(db, { ids: ['d'], above: 0 })).rows).toEqual([{ id: 'd', n: 4 }]);
    expect(builds).toBe(5);
  });

  it('keeps a null, which a builder may write its own way, in the shape', async () => {
    const withNote = compiledOnce((db: Kysely<ProbeDb>, note: string | null) =>
      db
        .selectFrom('probe')
        .select('id')
        .where('note', note === null ? 'is' : '=', note)
        .orderBy('id'),
    );
    expect((await withNote(db, null)).rows).toEqual([{ id: 'b' }, { id: 'd' }]);
    expect((await withNote(db, 'third')).rows).toEqual([{ id: 'c' }]);
    expect((await withNote(db, null)).rows).toEqual([{ id: 'b' }, { id: 'd' }]);
  });

  it('keeps the SQL of no more than MAX_SHAPES shapes, and answers past them all the same', async () => {
    let builds = 0;
    const firstOf = compiledOnce((db: Kysely<ProbeDb>, ids: string[]) => {
      builds += 1;
      return db.selectFrom('probe').select('id').where('id', 'in', ids).orderBy('id').limit(1);
    });
    for (let length = 1; length <= MAX_SHAPES + 2; length += 1) {
      const ids = Array.from({ length }, (_, i) => (i === length - 1 ? 'b' : `none-${i}`));
      expect((await firstOf(db, ids)).rows).toEqual([{ id: 'b' }]);
    }
    // Each new shape: compiled, then built anew to compare.
    expect(builds).toBe(2 * (MAX_SHAPES + 2));
    // A kept shape is only built anew to compare; one past the limit is compiled again each run.
    await firstOf(db, ['b']);
    expect(builds).toBe(2 * (MAX_SHAPES + 2) + 1);
    await firstOf(db, [...Array.from({ length: MAX_SHAPES + 1 }, (_, i) => `none-${i}`), 'b']);
    expect(builds).toBe(2 * (MAX_SHAPES + 2) + 3);
  });

  it('runs inside a transaction, on the transaction’s connection', async () => {
    const bump = compiledOnce((db: Kysely<ProbeDb>, { id, by }: { id: string; by: number }) =>
      db
        .updateTable('probe')
        .set({ n: sql<number>`n + ${by}` })
        .where('id', '=', id),
    );
    await expect(
      db.transaction().execute(async (trx) => {
        await bump(trx, { id: 'a', by: 10 });
        expect((await trx.selectFrom('probe').select('n').where('id', '=', 'a').executeTakeFirst())?.n).toBe(11);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await db.selectFrom('probe').select('n').where('id', '=', 'a').executeTakeFirst())?.n).toBe(1);
  });

  it('refuses a builder that computes with a value or writes it into the text', async () => {
    const doubled = compiledOnce((db: Kysely<ProbeDb>, n: number) =>
      db
        .selectFrom('probe')
        .select('id')
        .where('n', '=', n * 2),
    );
    await expect(doubled(db, 1)).rejects.toThrow('must pass each of its values as a parameter, untouched');
    const written = compiledOnce((db: Kysely<ProbeDb>, id: string) =>
      db
        .selectFrom('probe')
        .select('id')
        .where(sql.raw<boolean>(`id = '${id}'`)),
    );
    await expect(written(db, 'a')).rejects.toThrow('must pass each of its values as a parameter');
  });

  it('outside production, catches a builder whose SQL turns on a value the shape does not show', async () => {
    const large = compiledOnce((db: Kysely<ProbeDb>, n: number) => {
      const query = db.selectFrom('probe').select('id');
      return (n as unknown as number) > 2 ? query.where('n', '>=', n) : query.where('n', '<=', n);
    });
    // Its SQL was compiled for a stand-in, which is not greater than 2: a run whose value is agrees.
    expect((await large(db, 1)).rows).toEqual([{ id: 'a' }]);
    await expect(large(db, 3)).rejects.toThrow('differs from its SQL built anew');
  });
});
