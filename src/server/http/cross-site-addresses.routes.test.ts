import { expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { shopOriginsFor } from '../config';
import { signUp, uniqueEmail } from '../testing/accounts';
import { describeOnEachEngine } from '../testing/test-app';

/**
 * A shop on one's own machine is reached as http://localhost:3000 or http://127.0.0.1:3000 (or
 * [::1]): in demo mode, and whenever PUBLIC_URL is unset, those are all the shop. Any other origin is
 * still another site.
 */
const signInFrom = (origin: string, account: { email: string; password: string }) => ({
  method: 'POST' as const,
  url: '/api/auth/sign-in/email',
  headers: { origin, host: new URL(origin).host, 'sec-fetch-site': 'same-origin' },
  payload: { email: account.email, password: account.password },
});

describeOnEachEngine('the shop at any loopback name, in demo mode', (ctx) => {
  it.each(['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:3000'])(
    'signs in and up from %s, the shop on this machine',
    async (origin) => {
      const account = await signUp(ctx.app);
      const res = await ctx.app.inject(signInFrom(origin, account));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['set-cookie']).toBeDefined();
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin, host: new URL(origin).host },
        payload: { name: 'Loopback Lou', email: uniqueEmail('loopback'), password: 'loopback-pass-1' },
      });
      expect(created.statusCode, created.body).toBe(200);
      // A shop route too, with the address customers typed as Origin but the proxy's Host.
      const contact = await ctx.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { origin, host: 'localhost:3000' },
        payload: {},
      });
      expect(contact.statusCode).not.toBe(403);
    },
  );

  it.each(['http://127.0.0.1:4000', 'http://localhost:3000.evil.example', 'https://evil.example', 'https://127.0.0.1:3000'])(
    'still refuses %s, which is not the shop',
    async (origin) => {
      const account = await signUp(ctx.app);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin },
        payload: { email: account.email, password: account.password },
      });
      expect(res.statusCode).toBe(403);
      expect(res.headers['set-cookie']).toBeUndefined();
    },
  );
});

describeOnEachEngine(
  'a production shop reached at another loopback name than PUBLIC_URL',
  (ctx) => {
    it('refuses sign-in and says what to set, in the answer', async () => {
      const account = await signUp(ctx.app);
      // The request's own host: the cross-site check lets it by, the auth library does not trust it.
      const res = await ctx.app.inject(signInFrom('http://127.0.0.1:3000', account));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'forbidden',
        detail: `${copy.auth.crossSiteRefused} ${copy.auth.setPublicUrl('http://127.0.0.1:3000', 'http://localhost:3000')}`,
      });
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('refuses a shop route from another loopback origin with the same hint', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { origin: 'http://127.0.0.1:3000', host: 'localhost:3000' },
        payload: {},
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toContain(copy.auth.setPublicUrl('http://127.0.0.1:3000', 'http://localhost:3000'));
    });
  },
  { config: { demoMode: false, shopOrigins: shopOriginsFor('http://localhost:3000', 3000, false) } },
);

it('counts the loopback names as the shop only in demo mode or without PUBLIC_URL', () => {
  expect(shopOriginsFor('http://localhost:3000', 3000, true).sort()).toEqual(
    ['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:3000'].sort(),
  );
  expect(shopOriginsFor('http://localhost:3000', 3000, false)).toEqual(['http://localhost:3000']);
  expect(shopOriginsFor('https://parts.example', 3000, false)).toEqual(['https://parts.example']);
  expect(shopOriginsFor('https://parts.example', 8080, true)).toContain('http://127.0.0.1:8080');
});
