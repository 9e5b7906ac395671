import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { describeOnEachEngine, testConfig } from './testing/test-app';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

describeOnEachEngine('the HTTP layer', (ctx) => {
  // Liveness no longer asks the database (a database outage must not restart every node); the
  // database round trip moved to /api/ready (modules/health/health.routes.test.ts).
  it('reports liveness', async () => {
    const res = await ctx.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown API path with a 404 problem, not the web app', async () => {
    const res = await ctx.app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('gives every answer a request id, keeping a well-formed one from the caller', async () => {
    const own = await ctx.app.inject({ url: '/api/health' });
    const next = await ctx.app.inject({ url: '/api/health' });
    expect(own.headers['x-request-id']).toMatch(/^[A-Za-z0-9_-]{12}-[0-9a-z]+$/);
    expect(next.headers['x-request-id']).not.toBe(own.headers['x-request-id']);
    const given = await ctx.app.inject({ url: '/api/parts/missing', headers: { 'x-request-id': 'proxy-abc.123' } });
    expect(given.headers['x-request-id']).toBe('proxy-abc.123');
    expect(given.json().requestId).toBe('proxy-abc.123');
    const forged = await ctx.app.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id\nwith newline' } });
    expect(forged.headers['x-request-id']).not.toContain('bad');
  });

  it('serves the OpenAPI document with every public route, and the docs page', async () => {
    const res = await ctx.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const route of [
      '/api/parts',
      '/api/parts/{id}',
      '/api/reviews',
      '/api/blogs',
      '/api/blogs/{slug}',
      '/api/settings',
      '/api/newsletter',
      '/api/contact',
      '/api/health',
      '/api/me',
      '/api/users',
      '/api/users/{id}',
      '/api/uploads',
      '/api/auth/sign-up/email',
      '/api/auth/sign-in/email',
      '/api/auth/sign-out',
      '/api/auth/request-password-reset',
      '/api/auth/reset-password',
      '/api/auth/change-password',
      '/api/contact-messages',
      '/api/contact-messages/{id}',
      '/api/newsletter-subscribers',
      '/api/newsletter-subscribers.csv',
    ]) {
      expect(Object.keys(doc.paths)).toContain(route);
    }
    expect(doc.paths['/api/parts'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['q', 'sort', 'page', 'limit']),
    );
    expect(Object.keys(doc.paths['/api/users/{id}'])).toEqual(expect.arrayContaining(['patch', 'delete']));
    expect(Object.keys(doc.paths['/api/parts'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/api/parts/{id}'])).toEqual(expect.arrayContaining(['get', 'patch', 'delete']));
    expect(Object.keys(doc.paths['/api/reviews'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/api/settings'])).toEqual(expect.arrayContaining(['get', 'patch']));
    expect(doc.paths['/api/auth/sign-in/email'].post.requestBody.content['application/json'].schema.required).toEqual([
      'email',
      'password',
    ]);
    expect(Object.keys(doc.paths)).not.toContain('/api/auth/callback/{id}');
    const docs = await ctx.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(docs.statusCode);
  });

  it('sends security headers', async () => {
    const res = await ctx.app.inject({ url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends the same security headers and a request id on every kind of answer, refusals included', async () => {
    const securityHeaders = (headers: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(headers).filter(
          ([name]) => name.startsWith('x-') && !name.startsWith('x-ratelimit') && name !== 'x-request-id',
        ),
      );
    const answers = [
      await ctx.app.inject({ url: '/api/health' }),
      await ctx.app.inject({ url: '/api/nothing-here' }),
      await ctx.app.inject({ method: 'POST', url: '/api/orders', headers: { origin: 'https://elsewhere.example' }, payload: {} }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 404, 403]);
    const [first] = answers;
    expect(Object.keys(securityHeaders(first!.headers)).length).toBeGreaterThanOrEqual(6);
    for (const res of answers) {
      expect(securityHeaders(res.headers)).toEqual(securityHeaders(first!.headers));
      expect(res.headers['content-security-policy']).toBe(first!.headers['content-security-policy']);
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['x-request-id']).toBeTruthy();
    }
  });

  it('compresses large JSON answers', async () => {
    const res = await ctx.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('never caches error answers', async () => {
    const res = await ctx.app.inject({ url: '/api/parts?page=0' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('serving the built web app', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  const html =
    '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const dist = path.join(database.dir, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), html);
    const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), js);
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(js));
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await buildApp(testConfig(database.dir, { webDistDir: dist }), { database, logger: false, responseCacheTtlMs: 0 });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('answers / with the app, never cached', async () => {
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it.each(['/home', '/part', '/blogs', '/reviews', '/login', '/dashboard', '/dashboard/manageUser', '/dashboard/payment/x1'])(
    'answers the client route %s with the app and 200',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
    },
  );

  it.each(['/nope', '/part/a/b', '/dashboard/unknown', '/part/no-such-part', '/blogs/no-such-post'])(
    'answers the unknown path %s with the app and 404',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('serves hashed assets for a year, pre-compressed when asked', async () => {
    const res = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('serves other public files with a short cache', async () => {
    const res = await app.inject({ url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('still answers API 404s as problems', async () => {
    const res = await app.inject({ url: '/api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
