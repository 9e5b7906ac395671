import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrator';
import { testConfig } from '../testing/test-app';

const PER_MINUTE = 3;

/** The web build's files, served by @fastify/static through the same hooks as every other answer. */
describe("the web build's files", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gearhouse-static-files-'));
  const dist = path.join(dir, 'dist');
  let database: DatabaseHandle;
  let app: FastifyInstance;
  /** A file of the build with the .br and .gz the build writes beside it. */
  const built = (name: string, body: string) => {
    writeFileSync(path.join(dist, name), body);
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(body));
  };
  const script = `export const parts = ${JSON.stringify(Array.from({ length: 200 }, (_, n) => `part ${n}`))};`;
  const asset = '/assets/app-1a2b3c4d.js';

  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    built('assets/app-1a2b3c4d.js', script);
    built('page-boot.js', `(function(){${'void 0;'.repeat(200)}})();`);
    database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'shop.sqlite') });
    await migrateToLatest(database.db);
    app = await buildApp(testConfig(dir, { webDistDir: dist, rateLimitPerMinute: PER_MINUTE }), {
      database,
      logger: false,
      orderSweepIntervalMs: 0,
      mailDispatchIntervalMs: 0,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the compressed form the browser takes, with the security headers and a request id', async () => {
    for (const [acceptEncoding, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
    ] as const) {
      const res = await app.inject({ url: asset, headers: { 'accept-encoding': acceptEncoding } });
      expect.soft(res.statusCode, acceptEncoding).toBe(200);
      expect.soft(res.headers['content-encoding'], acceptEncoding).toBe(encoding);
      expect.soft(res.headers['content-security-policy'], acceptEncoding).toBeDefined();
      expect.soft(res.headers['x-request-id'], acceptEncoding).toBeDefined();
    }
    const identity = await app.inject({ url: asset });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(script);
    const head = await app.inject({ method: 'HEAD', url: asset, headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
  });

  it('answers a range with 206 and a revalidation with 304', async () => {
    const first = await app.inject({ url: asset, headers: { 'accept-encoding': 'br' } });
    const range = await app.inject({ url: asset, headers: { 'accept-encoding': 'br', range: 'bytes=0-9' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload).toHaveLength(10);
    const revalidated = await app.inject({
      url: asset,
      headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('keeps hashed assets a year, uncounted; counts the other files and refuses them past the limit', async () => {
    const from = { remoteAddress: '203.0.113.60', headers: { 'accept-encoding': 'br' } };
    for (let i = 0; i < PER_MINUTE + 2; i++) {
      const res = await app.inject({ url: asset, ...from });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
    const boots = [];
    for (let i = 0; i <= PER_MINUTE; i++) boots.push(await app.inject({ url: '/page-boot.js', ...from }));
    expect(boots.map((res) => res.statusCode)).toEqual([200, 200, 200, 429]);
    expect(boots[0]?.headers['cache-control']).toBe('public, max-age=3600');
    expect(boots[0]?.headers['x-ratelimit-limit']).toBe(String(PER_MINUTE));
    expect(boots[PER_MINUTE]?.headers['content-type']).toContain('application/problem+json');
    // The same client still gets the hashed assets.
    expect((await app.inject({ url: asset, ...from })).statusCode).toBe(200);
  });

  it('counts pages and unknown paths, which have no route of their own, against the same limit', async () => {
    const from = { remoteAddress: '203.0.113.61' };
    const statuses = [];
    for (const url of ['/part', '/reviews', '/no-such-page', '/part'])
      statuses.push((await app.inject({ url, ...from })).statusCode);
    expect(statuses).toEqual([200, 200, 404, 429]);
  });
});
