import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { loadConfig } from '../config';
import { answerKnownUrlsEarly, registerCaching, ResponseCache, sendStoredBody } from './cache';

/** Sends a kept answer to a client that takes brotli, which adds its compressed form to the entry. */
function sendCompressed(body: Parameters<typeof sendStoredBody>[2]): void {
  const reply = { header: () => reply, send: () => reply } as unknown as FastifyReply;
  const request = { headers: { 'accept-encoding': 'br' } } as unknown as FastifyRequest;
  sendStoredBody(request, reply, body);
}

describe('the response cache’s byte count', () => {
  it('counts each kept answer and the compressed forms sent from it, and forgets what it drops', () => {
    const cache = new ResponseCache({ ttlMs: 60_000, maxEntries: 100, maxBytes: 1_000_000 });
    const generation = cache.currentGeneration();
    const text = (seed: number) => Buffer.from(Array.from({ length: 4000 }, (_, i) => String((i * seed) % 97)).join(','));
    cache.store('a', text(7), 'application/json', '', generation);
    cache.store('b', text(11), 'application/json', '', generation);
    const kept = () => [cache.lookup('a'), cache.lookup('b')].filter((entry) => entry !== undefined);
    const counted = () =>
      kept().reduce((sum, e) => sum + e.body.length + [...e.encoded.values()].reduce((n, b) => n + b.length, 0), 0);
    expect(cache.bytes).toBe(counted());

    sendCompressed(cache.lookup('a')!);
    expect(cache.lookup('a')!.encoded.get('br')).toBeDefined();
    expect(cache.bytes).toBe(counted());

    // Stored again under the same key: the old body and its compressed form no longer count.
    cache.store('a', text(13), 'application/json', '', generation);
    expect(cache.bytes).toBe(counted());

    cache.invalidate();
    expect(cache.bytes).toBe(0);
    // A compressed form made from an answer no longer kept adds nothing.
    const dropped = { body: text(17), encoded: new Map<'br' | 'gzip', Buffer>() };
    sendCompressed(dropped);
    expect(cache.bytes).toBe(0);
  });

  it('drops the oldest answers once the compressed forms push it past its bytes', () => {
    const cache = new ResponseCache({ ttlMs: 60_000, maxEntries: 100, maxBytes: 20_000 });
    const generation = cache.currentGeneration();
    const random = (n: number) => Buffer.from(Array.from({ length: n }, () => Math.floor(Math.random() * 256)));
    cache.store('first', random(8000), 'application/octet-stream', '', generation);
    sendCompressed(cache.lookup('first')!);
    cache.store('second', random(8000), 'application/octet-stream', '', generation);
    expect(cache.bytes).toBeLessThanOrEqual(20_000);
    expect(cache.lookup('first')).toBeUndefined();
    expect(cache.lookup('second')).toBeDefined();
  });
});

describe('routes whose answers are kept for everyone', () => {
  it('cannot be declared with a check of who asks', async () => {
    const app = Fastify();
    await registerCaching(app, { ttlMs: 1000 });
    answerKnownUrlsEarly(app);
    const guard = async () => undefined;
    expect(() => app.get('/guarded', { config: { cache: 'public' }, preValidation: guard }, async () => ({}))).toThrow(
      /cannot check who asks/,
    );
    expect(() => app.get('/open', { config: { cache: 'public' } }, async () => ({}))).not.toThrow();
    await app.close();
  });
});

describe('RESPONSE_CACHE_SECONDS', () => {
  /** How many of two requests for the same public answer reached its handler, with the cache set by `env`. */
  async function handlerRuns(env: Record<string, string>): Promise<number> {
    const config = loadConfig({ DATA_DIR: '/nonexistent', AUTH_SECRET: 'a'.repeat(32), ...env });
    const app = Fastify();
    await registerCaching(app, { ttlMs: config.responseCacheTtlMs });
    answerKnownUrlsEarly(app);
    let runs = 0;
    app.get('/api/parts', { config: { cache: 'public' } }, async () => ({ runs: (runs += 1) }));
    for (let i = 0; i < 2; i += 1) expect((await app.inject({ url: '/api/parts' })).statusCode).toBe(200);
    await app.close();
    return runs;
  }

  it('answers the second request from memory by default (a second)', async () => {
    expect(await handlerRuns({})).toBe(1);
  });

  it('at 0 keeps nothing: both requests reach the handler', async () => {
    expect(await handlerRuns({ RESPONSE_CACHE_SECONDS: '0' })).toBe(2);
  });
});
