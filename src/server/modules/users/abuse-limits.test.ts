import { expect, it } from 'vitest';
import { TEST_ORIGIN, uniqueEmail } from '../../testing/accounts';
import { describeOnEachEngine } from '../../testing/test-app';
import { DEFAULT_ABUSE_LIMITS } from './auth.routes';

describeOnEachEngine(
  'abuse limits per client',
  (ctx) => {
    let clients = 0;
    /** Each test is its own client, so buckets never carry over between tests. */
    const nextClient = () => `198.51.100.${++clients}`;

    const post = (url: string, remoteAddress: string, payload: object = {}) =>
      ctx.app.inject({ method: 'POST', url, remoteAddress, headers: { origin: TEST_ORIGIN }, payload });

    function expectSlowDown(res: Awaited<ReturnType<typeof post>>) {
      expect(res.statusCode).toBe(429);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({
        code: 'rate_limited',
        status: 429,
        detail: expect.stringMatching(/^Too many requests\. Please wait \d+ seconds/),
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    }

    it.each([
      ['sign-in', '/api/auth/sign-in/email', DEFAULT_ABUSE_LIMITS.signIn],
      ['sign-up', '/api/auth/sign-up/email', DEFAULT_ABUSE_LIMITS.signUp],
      ['reset request', '/api/auth/request-password-reset', DEFAULT_ABUSE_LIMITS.passwordReset],
      ['reset', '/api/auth/reset-password', DEFAULT_ABUSE_LIMITS.passwordReset],
      ['upload', '/api/uploads', DEFAULT_ABUSE_LIMITS.uploads],
      ['contact message', '/api/contact', DEFAULT_ABUSE_LIMITS.messages],
      ['newsletter sign-up', '/api/newsletter', DEFAULT_ABUSE_LIMITS.messages],
    ])('slows down %s after %s a minute, with Retry-After, for that client only', async (_name, url, limit) => {
      const client = nextClient();
      // Invalid bodies: each attempt counts whether or not it would have worked.
      for (let i = 0; i < limit; i++) expect((await post(url, client)).statusCode).not.toBe(429);
      expectSlowDown(await post(url, client));
      expect((await post(url, nextClient())).statusCode).not.toBe(429);
    });

    it('counts a real sign-in attempt like any other', async () => {
      const client = nextClient();
      const attempt = () => post('/api/auth/sign-in/email', client, { email: uniqueEmail(), password: 'guess-number-1' });
      for (let i = 0; i < DEFAULT_ABUSE_LIMITS.signIn; i++) expect((await attempt()).statusCode).toBe(401);
      expectSlowDown(await attempt());
    });

    it('keeps ordinary pages generous', async () => {
      const client = nextClient();
      for (let i = 0; i < 20; i++) {
        expect((await ctx.app.inject({ url: '/api/settings', remoteAddress: client })).statusCode).toBe(200);
      }
    });
  },
  { abuseLimits: DEFAULT_ABUSE_LIMITS },
);
