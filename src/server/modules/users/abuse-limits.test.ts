import { Writable } from 'node:stream';
import { afterEach, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import { ADDRESS_MAIL_LIMIT, addressTag, firstLink } from '../mail';
import { signUp, TEST_ORIGIN, uniqueEmail } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { bookingBody } from '../../testing/booking';
import { insertPart } from '../../testing/factories';
import { describeOnEachEngine, TEST_NOW } from '../../testing/test-app';
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

/**
 * Mail a stranger can have the shop send to any address (a password reset, the verification link):
 * limited per address and kind, whoever asks and from wherever, and answered alike whether it went or
 * not; and none of it carries the name the account was given, until the address is confirmed.
 */
const MINUTE = 60_000;
const CHOSEN_NAME = 'Claim your prize at evil.example now';
const logLines: { msg: string; level: number; kind?: string; address?: string }[] = [];

describeOnEachEngine(
  'mail per address, whoever asks',
  (ctx) => {
    let clients = 0;
    /** Each request from an address of its own: the limit is the address's, not the client's. */
    const nextClient = () => `203.0.113.${++clients % 250}`;
    const post = (url: string, payload: object, cookie?: string) =>
      ctx.app.inject({
        method: 'POST',
        url,
        remoteAddress: nextClient(),
        headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
        payload,
      });
    afterEach(() => ctx.clock.set(TEST_NOW));

    const outboxOf = (email: string, kind: string) =>
      ctx.database.db
        .selectFrom('mail_outbox')
        .select(['text', 'html'])
        .where('recipient', '=', email)
        .where('kind', '=', kind)
        .orderBy('id')
        .execute();
    const heldBack = (email: string, kind: string) =>
      logLines.filter((line) => line.kind === kind && line.address === addressTag(email) && line.msg.includes('not sent'));
    /** The mails asked for are written after the answer: waits until each was written or held back. */
    async function settled(email: string, kind: string, asked: number) {
      await vi.waitFor(async () => expect((await outboxOf(email, kind)).length + heldBack(email, kind).length).toBe(asked));
      return outboxOf(email, kind);
    }

    it('sends one password reset a minute and five a day to an address, answering as for an unknown one', async () => {
      const account = await signUp(ctx.app, { name: CHOSEN_NAME });
      const unknown = await post('/api/auth/request-password-reset', { email: uniqueEmail('nobody') });
      expect(unknown.statusCode).toBe(200);

      for (let i = 0; i < 20; i += 1) {
        const res = await post('/api/auth/request-password-reset', { email: account.email });
        expect(res.statusCode).toBe(unknown.statusCode);
        expect(res.body).toBe(unknown.body);
      }
      const first = await settled(account.email, 'password-reset', 20);
      expect(first).toHaveLength(1);
      expect(heldBack(account.email, 'password-reset')).toHaveLength(19);

      // A minute apart, the rest of the day's five; then nothing more until the day is over.
      for (let minute = 1; minute <= 6; minute += 1) {
        ctx.clock.advance(MINUTE);
        const res = await post('/api/auth/request-password-reset', { email: account.email.toUpperCase() });
        expect(res.body).toBe(unknown.body);
      }
      expect(await settled(account.email, 'password-reset', 26)).toHaveLength(ADDRESS_MAIL_LIMIT.perDay);
      expect(logLines.some((line) => line.level === 40 && line.address === addressTag(account.email))).toBe(true);
      ctx.clock.advance(24 * 60 * MINUTE);
      await post('/api/auth/request-password-reset', { email: account.email });
      expect(await settled(account.email, 'password-reset', 27)).toHaveLength(ADDRESS_MAIL_LIMIT.perDay + 1);
    });

    it('greets an unconfirmed address without the name the account was given', async () => {
      const account = await signUp(ctx.app, { name: CHOSEN_NAME });
      expect((await post('/api/auth/request-password-reset', { email: account.email })).statusCode).toBe(200);
      expect((await post('/api/auth/send-verification-email', { email: account.email }, account.cookie)).statusCode).toBe(200);
      const part = await insertPart(ctx.database.db, { stock: 100 });
      expect((await testApi(ctx).as(account).post('/api/orders', bookingBody(part.id))).status).toBe(201);

      const mails = [
        ...(await settled(account.email, 'password-reset', 1)),
        ...(await settled(account.email, 'email-verification', 1)),
        ...(await outboxOf(account.email, 'order-placed')),
      ];
      expect(mails).toHaveLength(3);
      for (const mail of mails) {
        expect(mail.text.startsWith(`${copy.mail.greetingWithoutName}\n`)).toBe(true);
        expect(mail.text).not.toContain('evil.example');
        expect(mail.html).not.toContain('evil.example');
      }
    });

    it('sends the verification link once a minute however often it is asked, then greets by name once it is followed', async () => {
      const account = await signUp(ctx.app, { name: 'Fay Forthright' });
      const answers = new Set<string>();
      for (let i = 0; i < 20; i += 1) {
        const res = await post('/api/auth/send-verification-email', { email: account.email }, account.cookie);
        expect(res.statusCode).toBe(200);
        answers.add(res.body);
      }
      expect([...answers]).toEqual([JSON.stringify({ status: true })]);
      const sent = await settled(account.email, 'email-verification', 20);
      expect(sent).toHaveLength(1);

      const link = new URL(firstLink(sent[0]!.text) ?? '');
      expect((await testApi(ctx).anonymous.get(`${link.pathname}${link.search}`)).status).toBe(302);
      // The address is the account's now: what it chose to be called is its owner's own word.
      expect((await post('/api/auth/request-password-reset', { email: account.email })).statusCode).toBe(200);
      const [reset] = await settled(account.email, 'password-reset', 1);
      expect(reset?.text.startsWith(`${copy.mail.greeting('Fay Forthright')}\n`)).toBe(true);
    });
  },
  {
    logger: {
      level: 'info',
      stream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as never);
          done();
        },
      }),
    },
  },
);
