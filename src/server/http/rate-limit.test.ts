import { expect, it } from 'vitest';
import type { TrustProxy } from '../config';
import { TEST_ORIGIN } from '../testing/accounts';
import { describeOnEachEngine } from '../testing/test-app';

describeOnEachEngine(
  'the per-client rate limit',
  (ctx) => {
    it('answers 429 problem+json with Retry-After once a client has used its minute', async () => {
      const from = { remoteAddress: '203.0.113.7' };
      for (let i = 0; i < 3; i++) expect((await ctx.app.inject({ url: '/api/settings', ...from })).statusCode).toBe(200);
      const limited = await ctx.app.inject({ url: '/api/settings', ...from });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(limited.headers['retry-after']).toMatch(/^\d+$/);
      expect(limited.json()).toMatchObject({ code: 'rate_limited', status: 429 });
      expect(limited.json().detail).toMatch(/Too many requests/);
    });

    it('counts each client on its own', async () => {
      expect((await ctx.app.inject({ url: '/api/settings', remoteAddress: '203.0.113.8' })).statusCode).toBe(200);
    });

    it('does not count pictures and hashed assets', async () => {
      const from = { remoteAddress: '203.0.113.9' };
      for (let i = 0; i < 6; i++)
        expect((await ctx.app.inject({ url: '/uploads/0123456789abcdef0123456789abcdef.webp', ...from })).statusCode).toBe(404);
      expect((await ctx.app.inject({ url: '/api/settings', ...from })).statusCode).toBe(200);
    });
  },
  { config: { rateLimitPerMinute: 3 } },
);

describeOnEachEngine(
  'the per-client rate limit on answers the response cache keeps',
  (ctx) => {
    it('counts every request for a kept answer, as the client the proxy saw, and refuses it past the limit', async () => {
      const via = (forwardedFor: string) =>
        ctx.app.inject({ url: '/api/settings', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwardedFor } });
      const answers = [];
      // The client writes its own X-Forwarded-For entries in front of the one the proxy appends.
      for (let i = 0; i < 4; i++) answers.push(await via(`192.0.2.${i}, 203.0.113.9`));
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 429]);
      expect(answers.map((res) => res.headers['x-ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
      for (const res of answers) {
        expect(res.headers['content-security-policy']).toBeDefined();
        expect(res.headers['x-request-id']).toBeDefined();
      }
      expect(ctx.app.responseCache.size, 'the answer is kept').toBeGreaterThan(0);
      expect(answers[3]?.json()).toMatchObject({ code: 'rate_limited', status: 429 });
      expect((await via('203.0.113.10')).headers['x-ratelimit-remaining']).toBe('2');
    });
  },
  { config: { rateLimitPerMinute: 3, trustProxy: { hops: 1 } }, responseCacheTtlMs: 60_000 },
);

describeOnEachEngine(
  'the per-client rate limit behind a trusted proxy (TRUST_PROXY)',
  (ctx) => {
    it('counts each client by its X-Forwarded-For address when the request comes from the proxy', async () => {
      const viaProxy = (client: string) =>
        ctx.app.inject({ url: '/api/settings', remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': client } });
      for (let i = 0; i < 3; i++) expect((await viaProxy('198.51.100.40')).statusCode).toBe(200);
      expect((await viaProxy('198.51.100.40')).statusCode).toBe(429);
      expect((await viaProxy('198.51.100.41')).statusCode).toBe(200);
    });

    it('ignores X-Forwarded-For from anyone but the proxy', async () => {
      const spoofed = (n: number) =>
        ctx.app.inject({
          url: '/api/settings',
          remoteAddress: '203.0.113.50',
          headers: { 'x-forwarded-for': `198.51.100.${n}` },
        });
      for (let i = 0; i < 3; i++) expect((await spoofed(60 + i)).statusCode).toBe(200);
      expect((await spoofed(70)).statusCode).toBe(429);
    });
  },
  { config: { rateLimitPerMinute: 3, trustProxy: ['10.0.0.0/8'] } },
);

/**
 * nginx's `$proxy_add_x_forwarded_for` (and most proxies by default) append the address they saw to
 * whatever X-Forwarded-For the client sent. The client's own entries come first: rotating them must
 * not buy fresh sign-in attempts.
 */
const PROXIES_THAT_APPEND: [string, TrustProxy][] = [
  ['its address', ['127.0.0.1']],
  ['a CIDR range', ['127.0.0.0/8']],
  ['one hop', { hops: 1 }],
];
for (const [how, trustProxy] of PROXIES_THAT_APPEND) {
  describeOnEachEngine(
    `the sign-in limit behind a proxy that appends to X-Forwarded-For (TRUST_PROXY as ${how})`,
    (ctx) => {
      it('counts the address the proxy saw, whatever the client put in front of it', async () => {
        const guess = (n: number) =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/auth/sign-in/email',
            remoteAddress: '127.0.0.1',
            headers: { origin: TEST_ORIGIN, 'x-forwarded-for': `10.9.8.${n}, 203.0.113.77` },
            payload: { email: 'nobody@example.com', password: `wrong-guess-${n}` },
          });
        const statuses: number[] = [];
        for (let n = 1; n <= 8; n++) statuses.push((await guess(n)).statusCode);
        expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
        const other = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress: '127.0.0.1',
          headers: { origin: TEST_ORIGIN, 'x-forwarded-for': '203.0.113.78' },
          payload: { email: 'nobody@example.com', password: 'wrong-guess-0' },
        });
        expect(other.statusCode, 'another client behind the same proxy still gets its own attempts').toBe(401);
      });
    },
    { config: { trustProxy }, abuseLimits: { signIn: 5 } },
  );
}
