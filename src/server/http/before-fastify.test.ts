import fs, { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import type { Config } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrator';
import { testConfig } from '../testing/test-app';

const PER_MINUTE = 12;

/** A shop listening on a port (the answers before Fastify are the server's, where `inject` never goes). */
async function listeningShop(overrides: Partial<Config> = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gearhouse-before-fastify-'));
  const database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'shop.sqlite') });
  await migrateToLatest(database.db);
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app: FastifyInstance = await buildApp(testConfig(dir, { rateLimitPerMinute: PER_MINUTE, ...overrides }), {
    database,
    logger: { level: 'info', stream },
    responseCacheTtlMs: 60_000,
    orderSweepIntervalMs: 0,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    app,
    base,
    lines,
    /** Whether Fastify's own path looked the URL up (the answer before Fastify does not). */
    fastifyLookups: vi.spyOn(app.responseCache, 'keyOfUrl'),
    async stop() {
      await app.close();
      await database.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A GET through node:http, which (unlike fetch) sends a body with it, given its length. */
function statusOf(url: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'GET', headers }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end(body);
  });
}

type Shop = Awaited<ReturnType<typeof listeningShop>>;

/** What an answer says, but for what differs from one request to the next. */
const comparable = async (response: Response) => ({
  status: response.status,
  headers: Object.fromEntries(
    [...response.headers].filter(([name]) => !['x-request-id', 'x-ratelimit-remaining', 'date'].includes(name)),
  ),
  body: await response.text(),
});

describe('known public URLs answered before Fastify', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await listeningShop();
  });
  afterAll(async () => {
    await shop.stop();
  });

  it('answers a URL validated before with the same status, headers and body as Fastify did, counting and logging it', async () => {
    const headers = { 'accept-encoding': 'gzip, br' };
    const first = await fetch(`${shop.base}/api/parts?limit=3`, { headers: { ...headers, 'x-request-id': 'by-fastify' } });
    const second = await fetch(`${shop.base}/api/parts?limit=3`, { headers: { ...headers, 'x-request-id': 'before-fastify' } });
    shop.fastifyLookups.mockClear();
    const record = vi.spyOn(shop.app.metrics.httpAnswers, 'record');
    const third = await fetch(`${shop.base}/api/parts?limit=3`, {
      headers: { ...headers, 'x-request-id': 'before-fastify-again' },
    });
    expect(shop.fastifyLookups).not.toHaveBeenCalled();
    const [a, b, c] = await Promise.all([comparable(first), comparable(second), comparable(third)]);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(a.headers['content-security-policy']).toBeDefined();
    expect(third.headers.get('x-request-id')).toBe('before-fastify-again');
    // One count a request, the same window: the third request leaves nine of twelve.
    expect(third.headers.get('x-ratelimit-remaining')).toBe(String(PER_MINUTE - 3));
    expect(record).toHaveBeenCalledWith('GET', '/api/parts', 200, expect.any(Number));
    record.mockRestore();

    // Its two lines are Fastify's two lines, member for member.
    await vi.waitFor(() => expect(shop.lines.filter((line) => line.reqId === 'before-fastify-again')).toHaveLength(2));
    const shape = (id: string) =>
      shop.lines
        .filter((line) => line.reqId === id)
        .map(({ time: _time, reqId: _id, responseTime, req, ...rest }) => ({
          ...rest,
          responseTime: typeof responseTime,
          req: req && { ...(req as object), remotePort: typeof (req as { remotePort: unknown }).remotePort },
        }));
    expect(shape('before-fastify-again')).toEqual(shape('by-fastify'));
  });

  it('leaves to Fastify what it cannot answer exactly as Fastify would', async () => {
    const url = `${shop.base}/api/settings`;
    const known = await fetch(url);
    await fetch(url);
    const etag = known.headers.get('etag') ?? '';
    const cases: [string, () => Promise<number>, number][] = [
      ['a conditional request', async () => (await fetch(url, { headers: { 'if-none-match': etag } })).status, 304],
      ['HEAD', async () => (await fetch(url, { method: 'HEAD' })).status, 200],
      // Fastify reads no body on a GET, and answers it as any other.
      ['a GET with a body', () => statusOf(url, { 'content-type': 'application/json', 'content-length': '2' }, '{}'), 200],
    ];
    for (const [name, send, status] of cases) {
      shop.fastifyLookups.mockClear();
      expect.soft(await send(), name).toBe(status);
      expect.soft(shop.fastifyLookups, name).toHaveBeenCalled();
    }
  });

  it('lets Fastify refuse a client past the limit, with the count made before it', async () => {
    const url = `${shop.base}/api/categories`;
    let last: Response | undefined;
    for (let i = 0; i < PER_MINUTE + 2; i++) last = await fetch(url, { headers: { 'x-request-id': `flood-${i}` } });
    expect(last?.status).toBe(429);
    expect(last?.headers.get('content-type')).toContain('application/problem+json');
    expect(last?.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(last?.headers.get('x-ratelimit-remaining')).toBe('0');
  });
});

describe('known public URLs behind a proxy', () => {
  // Each way of saying which proxies to trust; the same request through a proxy on this machine.
  it.each<[string, Partial<Config>]>([
    ['a hop count', { trustProxy: { hops: 1 } }],
    ["the proxies' addresses", { trustProxy: ['loopback'] }],
    ['every address', { trustProxy: true }],
  ])('are answered before Fastify for the client Fastify would name, trusting %s', async (_name, overrides) => {
    const shop = await listeningShop(overrides);
    try {
      const url = `${shop.base}/api/settings`;
      const via = (client: string, id: string) =>
        fetch(url, {
          headers: { 'x-forwarded-for': client, 'x-forwarded-host': 'written.example, shop.example', 'x-request-id': id },
        });
      await via('203.0.113.9', 'proxied-by-fastify');
      await via('203.0.113.9', 'proxied-second');
      shop.fastifyLookups.mockClear();
      const third = await via('203.0.113.9', 'proxied-before-fastify');
      expect(third.status).toBe(200);
      expect(shop.fastifyLookups).not.toHaveBeenCalled();
      // Counted as the forwarded client: its third request, where another client's first leaves eleven.
      expect(third.headers.get('x-ratelimit-remaining')).toBe(String(PER_MINUTE - 3));
      expect((await via('198.51.100.7', 'another-client')).headers.get('x-ratelimit-remaining')).toBe(String(PER_MINUTE - 1));

      // The lines name the forwarded client and host, as Fastify's lines do.
      await vi.waitFor(() => expect(shop.lines.filter((line) => line.reqId === 'proxied-before-fastify')).toHaveLength(2));
      const incoming = (id: string) => {
        const line = shop.lines.find((l) => l.reqId === id && l.req !== undefined);
        return line && { ...line, time: undefined, reqId: undefined, req: { ...(line.req as object), remotePort: undefined } };
      };
      expect(incoming('proxied-before-fastify')).toEqual(incoming('proxied-by-fastify'));
      expect(incoming('proxied-before-fastify')?.req).toMatchObject({ remoteAddress: '203.0.113.9', host: 'shop.example' });
    } finally {
      await shop.stop();
    }
  });

  it('counts a client that writes X-Forwarded-For itself as the address the proxy saw, on both paths', async () => {
    const shop = await listeningShop({ trustProxy: { hops: 1 } });
    try {
      const url = `${shop.base}/api/settings`;
      const remaining = async (forwardedFor: string) =>
        (await fetch(url, { headers: { 'x-forwarded-for': forwardedFor } })).headers.get('x-ratelimit-remaining');
      // Fastify's path (the URL not yet known), then the path before Fastify: one client, one count.
      expect(await remaining('192.0.2.1, 203.0.113.9')).toBe(String(PER_MINUTE - 1));
      expect(await remaining('192.0.2.2, 203.0.113.9')).toBe(String(PER_MINUTE - 2));
      expect(await remaining('192.0.2.3, 203.0.113.9')).toBe(String(PER_MINUTE - 3));
    } finally {
      await shop.stop();
    }
  });
});

/** A GET through node:http, which sends only the headers given (fetch adds Accept-Encoding) and decodes nothing. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const { 'x-request-id': _id, 'x-ratelimit-remaining': _left, date: _date, ...rest } = response.headers;
          resolve({ status: response.statusCode ?? 0, headers: rest, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject);
  });
}

describe('pages for visitors answered before Fastify', () => {
  let shop: Shop;
  const dist = mkdtempSync(path.join(os.tmpdir(), 'gearhouse-before-fastify-dist-'));
  beforeAll(async () => {
    // index.html as the build writes it, reduced to the page markers the server renders into.
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><title>Gearhouse</title></head>' +
        '<body><div id="root"><!--page--><div role="status">Loading…</div><!--/page--></div></body></html>',
    );
    shop = await listeningShop({ webDistDir: dist, rateLimitPerMinute: 1000 });
  });
  afterAll(async () => {
    await shop.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers a page served from the page cache before with the same status, headers and bytes as Fastify did', async () => {
    const cases = [
      ['/', 'gzip, br', 'br'],
      ['/part?q=brake&utm_source=mail', 'gzip', 'gzip'],
      ['/reviews', undefined, undefined],
    ] as const;
    for (const [url, acceptEncoding, encoding] of cases) {
      const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
      // Rendered, then served from the page cache by Fastify (which remembers the URL), then answered before it.
      await rawGet(`${shop.base}${url}`, headers);
      const byFastify = await rawGet(`${shop.base}${url}`, headers);
      expect.soft(shop.app.responseCache.knownUrl(url), url).toMatchObject({ page: true });
      const remembered = vi.spyOn(shop.app.responseCache, 'rememberKey');
      const record = vi.spyOn(shop.app.metrics.httpAnswers, 'record');
      const early = await rawGet(`${shop.base}${url}`, headers);
      expect.soft(remembered, url).not.toHaveBeenCalled();
      expect.soft(early, url).toEqual(byFastify);
      expect.soft(early.status, url).toBe(200);
      expect.soft(early.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect.soft(early.headers['cache-control'], url).toBe('no-cache');
      expect.soft(early.headers['content-encoding'], url).toBe(encoding);
      expect.soft(record, url).toHaveBeenCalledWith('GET', url === '/' ? '/' : 'unmatched', 200, expect.any(Number));
      remembered.mockRestore();
      record.mockRestore();
    }
    const page = await fetch(`${shop.base}/`);
    expect(await page.text()).not.toContain('Loading…');
  });

  it('leaves a page to Fastify for a browser with a session, or one asking for an encoding no kept form has', async () => {
    const url = `${shop.base}/`;
    await fetch(url);
    await fetch(url);
    const signedIn = await fetch(url, { headers: { cookie: 'theme=dark; better-auth.session_token=abc.def' } });
    expect(signedIn.status).toBe(200);
    // The app's shell, which the browser renders for the signed-in customer.
    expect(await signedIn.text()).toContain('Loading…');
    const deflate = await rawGet(url, { 'accept-encoding': 'deflate' });
    expect(deflate.status).toBe(200);
    expect(deflate.headers['content-encoding']).toBe('deflate');
  });
});

describe("the web build's pre-compressed files answered before Fastify", () => {
  let shop: Shop;
  const dist = mkdtempSync(path.join(os.tmpdir(), 'gearhouse-before-fastify-files-'));
  /** A file of the build with the .br and .gz the build writes beside it. */
  const built = (name: string, body: string) => {
    writeFileSync(path.join(dist, name), body);
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(body));
  };
  const script = `export const parts = ${JSON.stringify(Array.from({ length: 200 }, (_, n) => `part ${n}`))};`;
  beforeAll(async () => {
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    mkdirSync(path.join(dist, 'assets'));
    built('assets/app-1a2b3c4d.js', script);
    built('assets/index-5e6f7a8b.css', `body{color:#111}${'.x{margin:0}'.repeat(120)}`);
    built('page-boot.js', `(function(){${'void 0;'.repeat(200)}})();`);
    shop = await listeningShop({ webDistDir: dist, rateLimitPerMinute: 1000 });
  });
  afterAll(async () => {
    await shop.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the same status, headers and bytes as Fastify, from memory', async () => {
    const cases = [
      ['/assets/app-1a2b3c4d.js', 'gzip, deflate, br, zstd', 'br'],
      ['/assets/app-1a2b3c4d.js', 'gzip', 'gzip'],
      ['/assets/index-5e6f7a8b.css', 'br, gzip', 'br'],
      ['/page-boot.js', 'gzip, deflate, br', 'br'],
      ['/page-boot.js', '*', 'gzip'],
    ] as const;
    for (const [url, acceptEncoding, encoding] of cases) {
      const reads = vi.spyOn(fs, 'createReadStream');
      const early = await rawGet(`${shop.base}${url}`, { 'accept-encoding': acceptEncoding });
      expect.soft(reads, `${url} ${acceptEncoding}: read from disk`).not.toHaveBeenCalled();
      // A conditional request is Fastify's (@fastify/static reads the file), and a date this old never matches.
      const byFastify = await rawGet(`${shop.base}${url}`, {
        'accept-encoding': acceptEncoding,
        'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT',
      });
      expect.soft(reads, `${url} ${acceptEncoding}: Fastify's path`).toHaveBeenCalled();
      reads.mockRestore();
      expect.soft(early, `${url} ${acceptEncoding}`).toEqual(byFastify);
      expect.soft(early.status).toBe(200);
      expect.soft(early.headers['content-encoding'], url).toBe(encoding);
    }
    const immutable = await rawGet(`${shop.base}/assets/app-1a2b3c4d.js`, { 'accept-encoding': 'br' });
    expect(immutable.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Hashed assets are not counted against a client's limit; the other files are, as on Fastify's path.
    expect(immutable.headers['x-ratelimit-limit']).toBeUndefined();
    const boot = await rawGet(`${shop.base}/page-boot.js`, { 'accept-encoding': 'br' });
    expect(boot.headers['cache-control']).toBe('public, max-age=3600');
    expect(boot.headers['x-ratelimit-limit']).toBe('1000');
  });

  it('counts a client asking for the files the limit counts, and lets Fastify refuse it past the limit', async () => {
    const limited = await listeningShop({ webDistDir: dist, rateLimitPerMinute: 3 });
    try {
      const reads = vi.spyOn(fs, 'createReadStream');
      const answers = [];
      for (let n = 0; n < 4; n++) answers.push(await rawGet(`${limited.base}/page-boot.js`, { 'accept-encoding': 'br' }));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
      expect(answers[3]?.headers['content-type']).toContain('application/problem+json');
      expect(reads).not.toHaveBeenCalled();
      reads.mockRestore();
      // The hashed assets are not counted: the same client still gets them.
      const asset = await rawGet(`${limited.base}/assets/app-1a2b3c4d.js`, { 'accept-encoding': 'br' });
      expect(asset.status).toBe(200);
    } finally {
      await limited.stop();
    }
  });

  it('leaves to Fastify what it answers otherwise: ranges, revalidations, weighted or unknown encodings, HEAD', async () => {
    const url = `${shop.base}/assets/app-1a2b3c4d.js`;
    const first = await rawGet(url, { 'accept-encoding': 'br' });
    const reads = vi.spyOn(fs, 'createReadStream');
    const range = await rawGet(url, { 'accept-encoding': 'br', range: 'bytes=0-9' });
    expect(range.status).toBe(206);
    expect(range.body.length).toBe(10);
    const revalidated = await rawGet(url, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(revalidated.status).toBe(304);
    const weighted = await rawGet(url, { 'accept-encoding': 'gzip;q=1, br;q=0.5' });
    expect(weighted.headers['content-encoding']).toBe('gzip');
    const identity = await rawGet(url, {});
    expect(identity.status).toBe(200);
    expect(identity.body.toString('utf8')).toBe(script);
    // Three bodies read from disk; the 304 sends none.
    expect(reads).toHaveBeenCalledTimes(3);
    reads.mockRestore();
    const head = await fetch(url, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBe('br');
  });
});
