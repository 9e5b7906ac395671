import { describe, expect, it } from 'vitest';
import { listPartsQuerySchema } from '#shared/schemas/parts';
import { describeServicesOnEachEngine } from '../../testing/test-services';
import { SEARCH_MISSES_PER_CLIENT_PER_DAY, searchMissText } from './search-misses';

// The searches that found nothing, as the admin's overview counts them (docs/shop-rules.md, "Finding
// parts"): one client cannot make a text of its choice top the list.

describe('a search text as recorded', () => {
  it('reads as the search reads it: one case, NFKC, invisible characters out, blanks as one space', () => {
    for (const text of ['Brembo  Pads', ' BREMBO\tpads ', 'ｂｒｅｍｂｏ　ｐａｄｓ', 'bre\u200Bmbo pa\u00ADds']) {
      expect(searchMissText(text), JSON.stringify(text)).toBe('brembo pads');
    }
    // A ligature that NFKC spells out cannot make the text longer than the list reads.
    expect([...searchMissText('\uFDFA'.repeat(100))]).toHaveLength(100);
  });
});

describeServicesOnEachEngine('searches that found nothing, per client', (ctx) => {
  /** Lists the parts for `q` as `client`, and waits until what found nothing is written. */
  const search = async (q: string, client: string) => {
    await ctx.services.parts.listParts(listPartsQuerySchema.parse({ q }), { client });
    await ctx.services.parts.searchMissesRecorded();
  };
  /** How often the admin's overview says `q` was searched without a result. */
  const countOf = async (q: string) =>
    (await ctx.services.overview.overview(30)).zeroResultSearches.find((miss) => miss.q === q)?.count ?? 0;
  const rowsOf = (client: string) =>
    ctx.database.db.selectFrom('search_misses').select('q').where('client', '=', client).execute();

  /** Every way of writing `word` in upper and lower case, the first `count` of them. */
  const letterCases = (word: string, count: number) =>
    Array.from({ length: count }, (_, i) =>
      [...word].map((letter, at) => ((i >> at) & 1 ? letter.toUpperCase() : letter)).join(''),
    );

  it('counts 40 letter cases of one text from one client once', async () => {
    ctx.clock.set('2026-06-15T09:00:00.000Z');
    const variants = letterCases('zqbrakes', 40);
    expect(new Set(variants).size).toBe(40);
    for (const variant of variants) await search(variant, '198.51.100.1');
    await search(' ZQBRAKES\u200B ', '198.51.100.1');
    expect(await countOf('zqbrakes')).toBe(1);
  });

  it(`records at most ${SEARCH_MISSES_PER_CLIENT_PER_DAY} texts a day from one client, however many it sends at once`, async () => {
    ctx.clock.set('2026-06-15T10:00:00.000Z');
    await Promise.all(Array.from({ length: 100 }, (_, i) => search(`zqflood ${i}`, '198.51.100.2')));
    expect(await rowsOf('198.51.100.2')).toHaveLength(SEARCH_MISSES_PER_CLIENT_PER_DAY);
    // Other clients are not held back by it.
    await search('zqflood 99', '198.51.100.3');
    expect((await rowsOf('198.51.100.3')).map((row) => row.q)).toEqual(['zqflood 99']);
    // The next day (UTC) it counts again.
    ctx.clock.set('2026-06-16T00:00:01.000Z');
    await search('zqflood next day', '198.51.100.2');
    expect((await rowsOf('198.51.100.2')).map((row) => row.q)).toContain('zqflood next day');
  });

  it('counts the same text from two clients twice, however often each searched it, and a client again the next day', async () => {
    ctx.clock.set('2026-06-20T10:00:00.000Z');
    for (const q of ['zq wiper', 'ZQ  Wiper', 'zq wiper']) await search(q, '198.51.100.4');
    for (const q of ['Zq Wiper', 'zq\twiper']) await search(q, '2001:db8:4:4::/64');
    expect(await countOf('zq wiper')).toBe(2);
    ctx.clock.set('2026-06-21T10:00:00.000Z');
    await search('zq wiper', '198.51.100.4');
    expect(await countOf('zq wiper')).toBe(3);
  });

  it('forgets who searched once their day is over', async () => {
    ctx.clock.set('2026-06-25T23:00:00.000Z');
    await search('zqforget', '198.51.100.5');
    await ctx.services.searchUpkeep.pass();
    expect(await rowsOf('198.51.100.5')).toHaveLength(1);
    ctx.clock.set('2026-06-26T00:30:00.000Z');
    await ctx.services.searchUpkeep.pass();
    expect(await rowsOf('198.51.100.5')).toEqual([]);
    // The search itself stays, for the overview.
    const kept = await ctx.database.db.selectFrom('search_misses').select('client').where('q', '=', 'zqforget').execute();
    expect(kept).toEqual([{ client: null }]);
    const counts = await ctx.database.db
      .selectFrom('search_miss_clients')
      .select('day')
      .where('day', '<', '2026-06-26')
      .execute();
    expect(counts).toEqual([]);
  });
});
