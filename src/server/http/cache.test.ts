import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { insertPart } from '../testing/factories';
import { describeOnEachEngine } from '../testing/test-app';
import { bodyFor } from './cache';

describe('the compression of a stored body', () => {
  const body = Buffer.from(
    JSON.stringify(Array.from({ length: 40 }, (_, i) => ({ id: `part-${i}`, name: `Brake pad set ${i * 7919}`, stock: i }))),
  );
  const brotliAt = (quality: number) =>
    brotliCompressSync(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
    });

  it('spends the slower brotli quality on a body kept and sent many times, the quick one on a body sent once', () => {
    expect(brotliAt(4)).not.toEqual(brotliAt(6));
    const kept = bodyFor({ body, encoded: new Map() }, 'br');
    const once = bodyFor({ body, encoded: new Map(), sentOnce: true }, 'br');
    expect(kept).toEqual({ body: brotliAt(6), encoding: 'br' });
    expect(once).toEqual({ body: brotliAt(4), encoding: 'br' });
  });
});

describeOnEachEngine(
  'the response cache for public answers',
  (ctx) => {
    beforeAll(async () => {
      for (let i = 0; i < 8; i++) await insertPart(ctx.database.db, { name: `Cached part ${i}`, description: 'x'.repeat(400) });
    });

    it('serves a repeated request from memory, same bytes and ETag, until invalidated', async () => {
      const first = await ctx.app.inject({ url: '/api/parts?limit=6' });
      await insertPart(ctx.database.db, { name: 'Written behind the cache' });
      const second = await ctx.app.inject({ url: '/api/parts?limit=6' });
      expect(second.body).toBe(first.body);
      expect(second.headers.etag).toBe(first.headers.etag);

      ctx.app.responseCache.invalidate();
      const third = await ctx.app.inject({ url: '/api/parts?limit=6' });
      expect(third.json().items[0].name).toBe('Written behind the cache');
      expect(third.headers.etag).not.toBe(first.headers.etag);
    });

    it('answers a hit without running the route: no query reaches the database', async () => {
      await ctx.app.inject({ url: '/api/parts?limit=5' });
      const queries = vi.spyOn(ctx.database.db, 'selectFrom');
      try {
        expect((await ctx.app.inject({ url: '/api/parts?limit=5' })).statusCode).toBe(200);
        expect(queries).not.toHaveBeenCalled();
        ctx.app.responseCache.invalidate();
        expect((await ctx.app.inject({ url: '/api/parts?limit=5' })).statusCode).toBe(200);
        expect(queries).toHaveBeenCalled();
      } finally {
        queries.mockRestore();
      }
    });

    it('lets a write made elsewhere show once the entry expires', async () => {
      await ctx.app.inject({ url: '/api/parts?limit=2' });
      await insertPart(ctx.database.db, { name: 'Written by another node' });
      await new Promise((resolve) => setTimeout(resolve, 220));
      expect((await ctx.app.inject({ url: '/api/parts?limit=2' })).json().items[0].name).toBe('Written by another node');
    });

    it('keys answers by route and validated parameters: random unknown parameters add no entry', async () => {
      ctx.app.responseCache.invalidate();
      const first = await ctx.app.inject({ url: '/api/parts?limit=3&sort=price_asc' });
      const entries = ctx.app.responseCache.size;
      await insertPart(ctx.database.db, { name: 'Written behind the cache, again', price_cents: 1 });
      for (const url of [
        '/api/parts?sort=price_asc&limit=3',
        '/api/parts?limit=3&sort=price_asc&page=1',
        ...Array.from({ length: 20 }, (_, n) => `/api/parts?limit=3&sort=price_asc&x${n}=${Math.random()}`),
      ]) {
        const res = await ctx.app.inject({ url });
        expect(res.body, url).toBe(first.body);
      }
      expect(ctx.app.responseCache.size).toBe(entries);
    });

    it('answers 304 from the cache when the ETag matches', async () => {
      const first = await ctx.app.inject({ url: '/api/reviews' });
      const again = await ctx.app.inject({ url: '/api/reviews', headers: { 'if-none-match': String(first.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });

    it('sends cached answers compressed as the client asks, decoding to the same JSON', async () => {
      const plain = await ctx.app.inject({ url: '/api/parts?limit=6' });
      const br = await ctx.app.inject({ url: '/api/parts?limit=6', headers: { 'accept-encoding': 'gzip, br' } });
      const gzip = await ctx.app.inject({ url: '/api/parts?limit=6', headers: { 'accept-encoding': 'br;q=0, gzip' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(br.headers['content-encoding']).toBe('br');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
      expect(br.headers.vary).toContain('accept-encoding');
    });

    it('chooses the encoding of each Accept-Encoding value alike every time it comes again', async () => {
      const asked: [string | undefined, string | undefined][] = [
        ['gzip, br', 'br'],
        ['br;q=0, gzip', 'gzip'],
        ['identity', undefined],
        ['gzip, br', 'br'],
        ['identity', undefined],
        ['br;q=0, gzip', 'gzip'],
        ['GZIP;q=0.5', 'gzip'],
        ['gzip;q=0', undefined],
      ];
      for (const [acceptEncoding, encoding] of asked) {
        const res = await ctx.app.inject({
          url: '/api/parts?limit=6',
          headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding'], acceptEncoding).toBe(encoding);
      }
    });

    it('compresses the first answer of a URL as it keeps it, not only the ones after', async () => {
      ctx.app.responseCache.invalidate();
      const plain = await ctx.app.inject({ url: '/api/parts?limit=7' });
      ctx.app.responseCache.invalidate();
      const first = await ctx.app.inject({ url: '/api/parts?limit=7', headers: { 'accept-encoding': 'br' } });
      expect(first.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(first.rawPayload).toString()).toBe(plain.body);
      // The compressed form is kept with the answer and counted in the cache's bytes.
      const kept = ctx.app.responseCache.lookup(ctx.app.responseCache.keyOfUrl('/api/parts?limit=7') ?? '');
      expect(kept?.encoded.get('br')).toEqual(first.rawPayload);
    });

    it('answers a URL it has validated before ahead of validation, still counted by the rate limiter', async () => {
      ctx.app.responseCache.invalidate();
      const url = '/api/parts?limit=4&sort=price_desc';
      const lookups = vi.spyOn(ctx.app.responseCache, 'keyOfUrl');
      let first, second;
      try {
        first = await ctx.app.inject({ url });
        second = await ctx.app.inject({ url });
        // Before the first request's validation the URL was unknown; the second found its key at once.
        const key = ctx.app.responseCache.keyOfUrl(url);
        expect(key).toBeDefined();
        expect(lookups.mock.results.map((result) => result.value)).toEqual([undefined, key, key]);
      } finally {
        lookups.mockRestore();
      }
      expect(second.body).toBe(first.body);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(Number(second.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1);
      expect(second.headers['x-request-id']).toBeDefined();
      expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
      // The same parameters spelled another way are validated once, then known too, with the same key.
      const reordered = await ctx.app.inject({ url: '/api/parts?sort=price_desc&limit=4' });
      expect(reordered.body).toBe(first.body);
      expect(ctx.app.responseCache.keyOfUrl('/api/parts?sort=price_desc&limit=4')).toBe(ctx.app.responseCache.keyOfUrl(url));
      // A URL that fails validation is never known: it is refused every time.
      for (let i = 0; i < 2; i++) expect((await ctx.app.inject({ url: '/api/parts?limit=0' })).statusCode).toBe(400);
      expect(ctx.app.responseCache.keyOfUrl('/api/parts?limit=0')).toBeUndefined();
    });

    it('answers HEAD of a known URL with the headers of its GET and no body', async () => {
      const url = '/api/parts?limit=3';
      const get = await ctx.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      const head = await ctx.app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      for (const name of ['etag', 'content-encoding', 'content-type', 'cache-control', 'vary']) {
        expect(head.headers[name], name).toBe(get.headers[name]);
      }
    });

    it('makes a missing answer once for the requests that miss it together, and gives it to all of them', async () => {
      const url = '/api/parts?limit=4&sort=price_asc';
      const queries = vi.spyOn(ctx.database.db, 'selectFrom');
      try {
        ctx.app.responseCache.invalidate();
        const alone = await ctx.app.inject({ url });
        const perAnswer = queries.mock.calls.length;
        expect(perAnswer).toBeGreaterThan(0);
        queries.mockClear();
        ctx.app.responseCache.invalidate();
        const together = await Promise.all(Array.from({ length: 12 }, () => ctx.app.inject({ url })));
        expect(together.map((answer) => answer.statusCode)).toEqual(Array(12).fill(200));
        expect(new Set(together.map((answer) => answer.body))).toEqual(new Set([alone.body]));
        expect(queries).toHaveBeenCalledTimes(perAnswer);
      } finally {
        queries.mockRestore();
      }
    });

    it('lets the requests waiting for an answer that is not kept (a 404) make their own', async () => {
      const answers = await Promise.all(Array.from({ length: 6 }, () => ctx.app.inject({ url: '/api/parts/no-such-part' })));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(404));
      expect(answers.every((answer) => String(answer.headers['content-type']).includes('application/problem+json'))).toBe(true);
    });

    it('never stores errors or answers to writes', async () => {
      const bad = await ctx.app.inject({ url: '/api/parts?page=0' });
      expect(bad.statusCode).toBe(400);
      expect(bad.headers['cache-control']).toBe('no-store');
      const missing = await ctx.app.inject({ url: '/api/parts/none' });
      expect(missing.headers['cache-control']).toBe('no-store');
      const posted = await ctx.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'a@b.co' } });
      expect(posted.headers['cache-control']).toBe('no-store');
    });
  },
  { responseCacheTtlMs: 200 },
);
