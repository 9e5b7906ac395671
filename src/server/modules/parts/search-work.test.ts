import { beforeAll, expect, it } from 'vitest';
import { insertPart } from '../../testing/factories';
import { type DatabaseWork, databaseWork } from '../../testing/statements';
import { describeOnEachEngine } from '../../testing/test-app';

// What a search asks of the database, counted rather than timed (docs/search.md, "What a search
// may cost"): a text of long made-up words, in any script, costs about what a search of real words
// does, on both engines.

/** `count` words of `length` letters from the code points `from`…, each word starting further on. */
const madeUp = (from: number, span: number, count: number, length: number) =>
  Array.from({ length: count }, (_, w) =>
    Array.from({ length }, (_, i) => String.fromCodePoint(from + ((w * 7 + i * 3) % span))).join(''),
  ).join(' ');

const HOSTILE: Record<string, string> = {
  // Each squared-katakana character is 4–6 letters once normalised (NFKC): 95 characters became 400.
  'squared katakana, 8 words of 11': madeUp(0x3300, 88, 8, 11),
  'katakana, words of 16 (the longest that tolerates a typo)': madeUp(0x30a1, 80, 5, 16),
  'katakana, words of 20': madeUp(0x30a1, 80, 4, 20),
  'Latin, words of 16': madeUp(0x61, 26, 5, 16),
  'Cyrillic, words of 16': madeUp(0x430, 32, 5, 16),
  'compatibility letters that expand (ﬃ, ㎏, Ⅻ)': 'ﬃ㎏Ⅻ㍱ﬀ'.repeat(10),
};

describeOnEachEngine('the work of a search', (ctx) => {
  // The second page: a first page that finds nothing is also recorded for the admin, work of its own.
  const search = async (q: string): Promise<DatabaseWork & { total: number }> => {
    const { result: res, ...work } = await databaseWork(() =>
      ctx.app.inject({ url: `/api/parts?page=2&q=${encodeURIComponent(q)}` }),
    );
    expect(res.statusCode, res.body).toBe(200);
    return { ...work, total: res.json<{ total: number }>().total };
  };
  /** Three long real words, each with a typo: the most an ordinary search asks. */
  let ordinary: DatabaseWork;

  beforeAll(async () => {
    await insertPart(ctx.database.db, { name: 'Alternator Thermostat Suspension Kit' });
    await insertPart(ctx.database.db, { name: 'Ceramic Brake Pads' });
    ordinary = await search('alternatr thermostta suspention');
  });

  it('finds the ordinary search with its typos', async () => {
    expect((await search('alternatr thermostta suspention')).total).toBe(1);
    expect((await search('ceramc brkae pads')).total).toBe(1);
  });

  it.each(Object.entries(HOSTILE))('asks no more for made-up words (%s) than for an ordinary search', async (_name, q) => {
    const hostile = await search(q);
    expect(hostile.total).toBe(0);
    expect(hostile.statements).toBeLessThanOrEqual(ordinary.statements);
    // Its typo variants' lookup is bounded; every variant of every word was 1.1 million characters.
    expect(hostile.characters).toBeLessThanOrEqual(2 * ordinary.characters);
  });
});

// A first page that finds nothing asks more: the second try with the short words' typos, the count
// of a suggestion ("Did you mean"), the recording of the miss. Still no more for made-up words.
describeOnEachEngine('the work of a first page that found nothing', (ctx) => {
  let client = 0;
  // Each search from a client of its own, so that each records its miss alike.
  const firstPage = async (q: string): Promise<DatabaseWork & { total: number; suggestion?: string }> => {
    client += 1;
    const { result: res, ...work } = await databaseWork(() =>
      ctx.app.inject({ url: `/api/parts?q=${encodeURIComponent(q)}`, remoteAddress: `198.51.100.${client}` }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { total, suggestion } = res.json<{ total: number; suggestion?: string }>();
    return { ...work, total, ...(suggestion !== undefined ? { suggestion } : {}) };
  };
  /** The most an ordinary search that finds nothing asks: every try, and a suggestion that is counted. */
  let ordinary: DatabaseWork;

  beforeAll(async () => {
    await insertPart(ctx.database.db, { name: 'Alternator Thermostat Suspension Pads Kit' });
    await insertPart(ctx.database.db, { name: 'Oilfilter Wrench' });
    // The catalogue's words are read once, when first needed, and kept for ten minutes.
    await firstPage('zzzqqq');
    ordinary = await firstPage('pdas alternatr thermostta suspenshun');
  });

  it('suggests the words of the catalogue for the ordinary search', async () => {
    const again = await firstPage('pdas alternatr thermostta suspenshun');
    expect(again).toMatchObject({ total: 0, suggestion: 'pads alternator thermostat suspension' });
  });

  it.each(
    Object.entries({
      ...HOSTILE,
      'Latin, 8 words of 4 (each tolerating a typo if nothing is found)': madeUp(0x61, 26, 8, 4),
      'Latin, 8 words of 20 (each may be cut in two, each pair joined)': madeUp(0x61, 26, 8, 20),
      'Latin, 8 words of 12 one letter from the next': Array.from(
        { length: 8 },
        (_, w) => `${'alternatorx'}${'abcdefgh'[w]}`,
      ).join(' '),
    }),
  )('asks no more for made-up words (%s) than for an ordinary search', async (_name, q) => {
    const hostile = await firstPage(q);
    expect(hostile.total).toBe(0);
    expect(hostile.statements).toBeLessThanOrEqual(ordinary.statements);
    expect(hostile.characters).toBeLessThanOrEqual(2 * ordinary.characters);
  });
});
