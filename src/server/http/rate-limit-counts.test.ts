import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL, deleteRedisKeys, testRedisAvailable, uniqueRedisPrefix } from '../testing/redis';
import { registerErrorHandling } from './errors';
import { clientKey } from './client-address';
import { countsWithFallback, memoryCounts, type RateCounts, redisCounts, registerRateLimits } from './rate-limit';

describe('the client a request is counted as', () => {
  it('is an IPv4 address as it is, and one in IPv6 clothing as that IPv4 address', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(clientKey('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is an IPv6 address’s /64 network, however the address is written', () => {
    const network = '2001:db8:85a3:8d3::/64';
    for (const ip of [
      '2001:db8:85a3:8d3:1319:8a2e:370:7348',
      '2001:0DB8:85A3:08D3:0000:0000:0000:0001',
      '2001:db8:85a3:8d3::1',
      '2001:db8:85a3:8d3::ffff',
      '2001:db8:85a3:8d3:0:0:192.0.2.1',
      '2001:db8:85a3:8d3::1%eth0',
    ]) {
      expect(clientKey(ip), ip).toBe(network);
    }
    expect(clientKey('2001:db8:85a3:8d4::1')).toBe('2001:db8:85a3:8d4::/64');
    expect(clientKey('::1')).toBe('::/64');
    expect(clientKey('2001:db8::')).toBe('2001:db8::/64');
  });

  it('is the same for an address asked again, after more other addresses than are remembered', () => {
    const first = '2001:db8:85a3:8d3::1';
    expect(clientKey(first)).toBe('2001:db8:85a3:8d3::/64');
    for (let i = 0; i < 12_000; i++) {
      expect(clientKey(`2001:db8:${(i % 65_536).toString(16)}:${Math.floor(i / 65_536)}::7`)).toMatch(/::\/64$/);
      if (i % 3_000 === 0) expect(clientKey(first)).toBe('2001:db8:85a3:8d3::/64');
    }
    expect(clientKey(first)).toBe('2001:db8:85a3:8d3::/64');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });
});

describe('counts kept in memory', () => {
  it('counts a key in a window that starts with its first request, and starts again once it ends', () => {
    let now = 1_000;
    const counts = memoryCounts(() => now);
    const seen: [number, number][] = [];
    const incr = (key: string) => counts.incr(key, 60_000, (_error, count, msLeft) => seen.push([count, msLeft]));
    incr('a');
    now += 10_000;
    incr('a');
    incr('b');
    now += 50_000;
    incr('a');
    expect(seen).toEqual([
      [1, 60_000],
      [2, 50_000],
      [1, 60_000],
      [1, 60_000],
    ]);
  });

  it('holds at most its number of clients, letting the oldest windows go first', () => {
    let now = 0;
    const counts = memoryCounts(() => now, 3);
    const countOf = (key: string) => {
      let seen = 0;
      counts.incr(key, 60_000, (_error, count) => (seen = count));
      return seen;
    };
    for (const key of ['a', 'b', 'c']) {
      countOf(key);
      now += 1;
    }
    expect(countOf('b')).toBe(2);
    countOf('d');
    expect(counts.size()).toBe(3);
    // 'a', the oldest window, was let go: it starts again, and pushes out 'b', now the oldest.
    expect(countOf('a')).toBe(1);
    expect(counts.size()).toBe(3);
    expect(countOf('d')).toBe(2);
    expect(countOf('b')).toBe(1);
  });

  it('forgets the windows that ended, so addresses seen once do not pile up', () => {
    let now = 0;
    const counts = memoryCounts(() => now);
    for (let i = 0; i < 1000; i++) counts.incr(`client-${i}`, 60_000, () => undefined);
    expect(counts.size()).toBe(1000);
    now += 60_001;
    counts.incr('late', 60_000, () => undefined);
    expect(counts.size()).toBe(1);
  });
});

describe('counts in Redis with the node’s memory to fall back on', () => {
  const countOf = (counts: RateCounts, key: string) =>
    new Promise<number>((resolve, reject) =>
      counts.incr(key, 60_000, (error, count) => (error ? reject(error) : resolve(count))),
    );
  const passThrough = { run: <T>(call: () => Promise<T>) => call() };
  const open = { run: () => Promise.reject(new Error('breaker open')) };

  it('counts in Redis while it answers, and in memory, with the same key, while it fails', async () => {
    let redisDown = false;
    const shared = memoryCounts();
    const redis: RateCounts = {
      incr: (key, windowMs, done) => (redisDown ? done(new Error('connection refused'), 0, 0) : shared.incr(key, windowMs, done)),
    };
    let local = 0;
    const counts = countsWithFallback(redis, memoryCounts(), passThrough, () => (local += 1));
    expect(await countOf(counts, 'POST/sign-in-203.0.113.9')).toBe(1);
    expect(await countOf(counts, 'POST/sign-in-203.0.113.9')).toBe(2);
    redisDown = true;
    // Counted afresh on the node, never let through uncounted.
    expect(await countOf(counts, 'POST/sign-in-203.0.113.9')).toBe(1);
    expect(await countOf(counts, 'POST/sign-in-203.0.113.9')).toBe(2);
    expect(await countOf(counts, 'POST/sign-in-203.0.113.9')).toBe(3);
    expect(local).toBe(3);
    redisDown = false;
    expect(await countOf(counts, 'POST/sign-in-203.0.113.9')).toBe(3);
  });

  it('does not ask Redis while the breaker is open', async () => {
    let asked = 0;
    const redis: RateCounts = {
      incr: (_key, _windowMs, done) => {
        asked += 1;
        done(null, 1, 60_000);
      },
    };
    const counts = countsWithFallback(redis, memoryCounts(), open);
    for (let i = 1; i <= 4; i++) expect(await countOf(counts, 'a')).toBe(i);
    expect(asked).toBe(0);
  });
});

describe.skipIf(!(await testRedisAvailable()))('counts kept in Redis', () => {
  const redis = new Redis(TEST_REDIS_URL);
  const secondNode = new Redis(TEST_REDIS_URL);
  const prefix = uniqueRedisPrefix('rate-counts');
  afterAll(async () => {
    await deleteRedisKeys(prefix);
    await Promise.all([redis.quit(), secondNode.quit()]);
  });
  const incr = (counts: RateCounts, key: string, windowMs: number) =>
    new Promise<[number, number]>((resolve, reject) =>
      counts.incr(key, windowMs, (error, count, msLeft) => (error ? reject(error) : resolve([count, msLeft]))),
    );

  it('counts under the prefix in a window that expires, shared by every client of the same Redis', async () => {
    const one = redisCounts(redis, prefix);
    const other = redisCounts(secondNode, prefix);
    expect(await incr(one, 'c', 300)).toEqual([1, 300]);
    const [count, left] = await incr(other, 'c', 300);
    expect(count).toBe(2);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(300);
    expect(await redis.get(`${prefix}c`)).toBe('2');
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await incr(one, 'c', 300))[0]).toBe(1);
  });
});

describe('the rate limit on routes', () => {
  const build = async (counts: RateCounts) => {
    const app = Fastify();
    registerErrorHandling(app);
    await registerRateLimits(app, { perMinute: 2, counts, skip: (request) => request.url.startsWith('/assets/') });
    app.get('/a', async () => ({ ok: true }));
    app.get('/b', async () => ({ ok: true }));
    app.post('/sign-in', { config: { rateLimit: { max: 1 } } }, async () => ({ ok: true }));
    app.get('/probe', { config: { rateLimit: false } }, async () => ({ ok: true }));
    app.get('/assets/x.js', async () => 'x');
    await app.ready();
    return app;
  };

  it('counts every route of a client in one minute, says what is left, and refuses past it with Retry-After', async () => {
    const app = await build(memoryCounts());
    const first = await app.inject({ url: '/a' });
    expect(first.headers).toMatchObject({ 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': '1', 'x-ratelimit-reset': '60' });
    expect((await app.inject({ url: '/b' })).headers['x-ratelimit-remaining']).toBe('0');
    const refused = await app.inject({ url: '/a' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.json()).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(refused.json().detail).toMatch(/Too many requests/);
    expect((await app.inject({ url: '/a', remoteAddress: '198.51.100.1' })).statusCode).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 as one client, and an IPv4 address in IPv6 clothing as that address', async () => {
    const app = await build(memoryCounts());
    expect((await app.inject({ url: '/a', remoteAddress: '2001:db8:1:2::1' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/a', remoteAddress: '2001:db8:1:2::ffff' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/a', remoteAddress: '2001:db8:1:2:abcd::9' })).statusCode).toBe(429);
    expect((await app.inject({ url: '/a', remoteAddress: '2001:db8:1:3::1' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/a', remoteAddress: '192.0.2.77' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/a', remoteAddress: '::ffff:192.0.2.77' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/a', remoteAddress: '192.0.2.77' })).statusCode).toBe(429);
  });

  it('counts a route with a limit of its own apart, and leaves out what it is told to', async () => {
    const counts = memoryCounts();
    const keys: string[] = [];
    const app = await build({ incr: (key, windowMs, done) => (keys.push(key), counts.incr(key, windowMs, done)) });
    expect((await app.inject({ method: 'POST', url: '/sign-in' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/sign-in' })).statusCode).toBe(429);
    // The shop-wide minute is untouched by the sign-in's.
    expect((await app.inject({ url: '/a' })).headers['x-ratelimit-remaining']).toBe('1');
    for (let i = 0; i < 5; i++) {
      const probe = await app.inject({ url: '/probe' });
      expect(probe.statusCode).toBe(200);
      expect(probe.headers['x-ratelimit-limit']).toBeUndefined();
      expect((await app.inject({ url: '/assets/x.js' })).statusCode).toBe(200);
    }
    expect((await app.inject({ url: '/a' })).headers['x-ratelimit-remaining']).toBe('0');
    // A route's own bucket is its method and path, in front of the client.
    expect([...new Set(keys)]).toEqual(['POST/sign-in-127.0.0.1', '127.0.0.1']);
  });

  it('lets requests through when the counts cannot be reached', async () => {
    let asked = 0;
    const broken: RateCounts = {
      incr: (_key, _window, done) => {
        asked += 1;
        done(new Error('connection refused'), 0, 0);
      },
    };
    const app = await build(broken);
    for (let i = 0; i < 4; i++) expect((await app.inject({ url: '/a' })).statusCode).toBe(200);
    expect(asked).toBe(4);
  });
});
