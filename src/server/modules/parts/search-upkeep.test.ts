import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { insertPart } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';
import { optimizeSearchIndex } from './index';

// The search's upkeep merges SQLite's FTS5 indexes (each write adds a segment every lookup then
// reads); the parts are found the same before and after, on both engines.
describeOnEachEngine('the search upkeep', (ctx) => {
  /** SQLite: how many segments a word is looked up in (one row per segment and leaf in the `_idx` table). */
  const segments = async (table: 'parts_words' | 'parts_numbers') =>
    (await sql<{ n: number }>`select count(distinct segid) as n from ${sql.table(`${table}_idx`)}`.execute(ctx.database.db))
      .rows[0]?.n;

  it('merges each index into one segment, and every part is found as before', async () => {
    const { db } = ctx.database;
    for (let i = 0; i < 6; i += 1) await insertPart(db, { name: `Upkeep gasket ${i}`, sku: `UPK-${1000 + i}` });
    const found = async () => {
      const totals = [];
      for (const q of ['gasket', 'gaskte', 'upk 1003']) {
        const res = await ctx.app.inject({ url: `/api/parts?q=${encodeURIComponent(q)}` });
        expect(res.statusCode, res.body).toBe(200);
        totals.push(res.json<{ total: number }>().total);
      }
      return totals;
    };
    expect(await found()).toEqual([6, 6, 1]);
    if (ctx.engine === 'sqlite') {
      expect(await segments('parts_words')).toBeGreaterThan(1);
      expect(await segments('parts_numbers')).toBeGreaterThan(1);
    }
    await optimizeSearchIndex(db);
    if (ctx.engine === 'sqlite') {
      expect(await segments('parts_words')).toBe(1);
      expect(await segments('parts_numbers')).toBe(1);
    }
    expect(await found()).toEqual([6, 6, 1]);
    // Again: nothing to merge, nothing changes.
    await optimizeSearchIndex(db);
    expect(await found()).toEqual([6, 6, 1]);
  });
});
