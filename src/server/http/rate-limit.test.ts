import { expect, it } from 'vitest';
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
