import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { postAuth, signUp, TEST_ORIGIN, type TestAccount } from '../testing/accounts';
import { describeOnEachEngine, type TestContext } from '../testing/test-app';

/**
 * Log levels say whose fault a failure was: a client's mistake (4xx) is logged at info or warn at
 * most, so an alert on `error` lines wakes somebody only when the shop itself failed (5xx).
 */
const ERROR = 50;

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
}

const lines: LogLine[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line) as LogLine);
    done();
  },
});

/** A stand-in for Google's discovery document, so the social sign-in is configured as in production. */
let provider: Server;
let issuer = '';
beforeAll(async () => {
  provider = createServer((request, response) => {
    if (request.url === '/.well-known/openid-configuration') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          userinfo_endpoint: `${issuer}/userinfo`,
        }),
      );
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => provider.close(resolve));
});

type Call = { method?: 'GET' | 'POST'; url: string; payload?: string | object; headers?: Record<string, string> };

describeOnEachEngine(
  'log levels of client mistakes and of faults',
  (ctx: TestContext) => {
    let account: TestAccount;

    beforeAll(async () => {
      account = await signUp(ctx.app);
    });
    beforeEach(() => {
      lines.length = 0;
    });

    const send = ({ method = 'GET', url, payload, headers = {} }: Call) =>
      ctx.app.inject({
        method,
        url,
        headers: {
          origin: TEST_ORIGIN,
          ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(payload === undefined ? {} : { payload }),
      });

    const mistakes: [string, () => Call][] = [
      ['an OAuth callback of an unknown provider', () => ({ url: '/api/auth/callback/x' })],
      ['an OAuth callback of an unknown provider, posted', () => ({ method: 'POST', url: '/api/auth/callback/x', payload: {} })],
      ['a Google callback without code or state', () => ({ url: '/api/auth/callback/google' })],
      ['a Google callback with a forged state', () => ({ url: '/api/auth/callback/google?code=c&state=forged' })],
      ['the OAuth error page', () => ({ url: '/api/auth/error?error=state_mismatch' })],
      ['an auth endpoint the shop does not expose', () => ({ method: 'POST', url: '/api/auth/update-user', payload: {} })],
      ['an unknown auth path', () => ({ url: '/api/auth/no-such-thing' })],
      ['malformed JSON', () => ({ method: 'POST', url: '/api/auth/sign-in/email', payload: '{"email":' })],
      ['malformed JSON to a shop route', () => ({ method: 'POST', url: '/api/contact', payload: '{"email":' })],
      [
        'a foreign callbackURL on sign-in',
        () => ({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: account.email, password: account.password, callbackURL: 'https://evil.example/' },
        }),
      ],
      [
        'a foreign callbackURL on the social sign-in',
        () => ({
          method: 'POST',
          url: '/api/auth/sign-in/social',
          payload: { provider: 'google', callbackURL: 'https://evil.example/' },
        }),
      ],
      [
        'a foreign errorCallbackURL on the social sign-in',
        () => ({
          method: 'POST',
          url: '/api/auth/sign-in/social',
          payload: { provider: 'google', callbackURL: '/', errorCallbackURL: '//evil.example/' },
        }),
      ],
      [
        'an unknown provider',
        () => ({ method: 'POST', url: '/api/auth/sign-in/social', payload: { provider: 'github', callbackURL: '/' } }),
      ],
      [
        'an oversize body',
        () => ({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          payload: { name: 'Big', email: 'big@example.com', password: 'secret-password-1', image: 'x'.repeat(2 * 1024 * 1024) },
        }),
      ],
      [
        'a wrong password',
        () => ({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: account.email, password: 'wrong-password' } }),
      ],
      [
        'an address already registered',
        () => ({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          payload: { name: 'Again', email: account.email, password: 'secret-password-1' },
        }),
      ],
      [
        'a reset with a spent token',
        () => ({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { token: 'not-a-token', newPassword: 'secret-password-2' },
        }),
      ],
      [
        'a wrong current password',
        () => ({
          method: 'POST',
          url: '/api/auth/change-password',
          payload: { currentPassword: 'not-it', newPassword: 'secret-password-2' },
          headers: { cookie: account.cookie },
        }),
      ],
      ['a review without a session', () => ({ method: 'POST', url: '/api/reviews', payload: {} })],
      ['a path that does not decode', () => ({ url: '/api/parts/%zz' })],
      ['a path parameter longer than any id', () => ({ url: `/api/parts/${'p'.repeat(2000)}` })],
      [
        'a body of a type the shop does not read',
        () => ({ method: 'POST', url: '/api/contact', payload: 'hello', headers: { 'content-type': 'text/plain' } }),
      ],
      [
        'a body nested deeper than any form',
        () => ({ method: 'POST', url: '/api/contact', payload: `${'['.repeat(5000)}${']'.repeat(5000)}` }),
      ],
      [
        'a member no form sends',
        () => ({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          payload: { name: 'A', email: 'a@example.com', password: 'secret-password-1', image: 'javascript:x' },
        }),
      ],
      ['a page past the last', () => ({ url: '/api/parts?page=999999' })],
    ];

    it.each(mistakes)('answers %s with a 4xx (or a redirect) and logs nothing at error level', async (_what, call) => {
      const res = await send(call());
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(lines.length, 'the logger is wired').toBeGreaterThan(0);
      expect(lines.filter((line) => line.level >= ERROR)).toEqual([]);
    });

    it("still logs the shop's own failure (5xx) at error level, with the request id", async () => {
      await sql`alter table reviews rename to reviews_away`.execute(ctx.database.db);
      try {
        const res = await send({ url: '/api/reviews' });
        expect(res.statusCode).toBe(500);
        expect(lines.filter((line) => line.level >= ERROR).map((line) => line.reqId)).toContain(res.headers['x-request-id']);
      } finally {
        await sql`alter table reviews_away rename to reviews`.execute(ctx.database.db);
      }
    });

    it("still logs the auth library's failure (5xx) at error level", async () => {
      await sql`alter table sessions rename to sessions_away`.execute(ctx.database.db);
      try {
        const res = await send({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: account.email, password: account.password },
        });
        expect(res.statusCode).toBeGreaterThanOrEqual(500);
        expect(lines.filter((line) => line.level >= ERROR).length).toBeGreaterThan(0);
      } finally {
        await sql`alter table sessions_away rename to sessions`.execute(ctx.database.db);
      }
    });

    it('signs in again once the fault is gone', async () => {
      expect((await postAuth(ctx.app, '/sign-in/email', { email: account.email, password: account.password })).statusCode).toBe(
        200,
      );
    });
  },
  {
    logger: { level: 'info', stream },
    config: () => ({
      google: {
        clientId: 'gearhouse-test-client',
        clientSecret: 'gearhouse-test-secret',
        discoveryUrl: `${issuer}/.well-known/openid-configuration`,
      },
    }),
  },
);
