import { expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { cookieHeader, postAuth, signIn, signUp, uniqueEmail } from '../../testing/accounts';
import { describeOnEachEngine } from '../../testing/test-app';

const v = copy.validation;

describeOnEachEngine('sign-up, sign-in and passwords', (ctx) => {
  const me = (cookie?: string) => ctx.app.inject({ url: '/api/me', headers: cookie ? { cookie } : {} });

  it('signs up, sets an http-only SameSite=Lax session cookie, and knows the user at /api/me', async () => {
    const email = uniqueEmail();
    const res = await postAuth(ctx.app, '/sign-up/email', { name: 'Ada Driver', email, password: 'secret-password-1' });
    expect(res.statusCode).toBe(200);
    const session = res.cookies.find((c) => c.name === 'gearhouse.session_token');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.secure).toBeFalsy();

    const answer = await me(cookieHeader(res));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      user: {
        id: expect.any(String),
        name: 'Ada Driver',
        email,
        emailVerified: false,
        image: null,
        role: 'customer',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
      isAdmin: false,
      vatId: null,
      taxExemptReason: null,
      company: null,
    });
  });

  it('stores the password hashed by the library, never as typed', async () => {
    const account = await signUp(ctx.app, { password: 'plain-text-never' });
    const row = await ctx.database.db
      .selectFrom('accounts')
      .select(['password', 'provider_id'])
      .where('user_id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(row.provider_id).toBe('credential');
    expect(row.password).not.toContain('plain-text-never');
    expect(row.password).toMatch(/^[0-9a-f]+:[0-9a-f]+$/);
  });

  it('answers /api/me with 401 problem+json without a session, or with a forged one', async () => {
    for (const cookie of [undefined, 'gearhouse.session_token=forged.value']) {
      const res = await me(cookie);
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ code: 'unauthenticated', detail: copy.auth.signInRequired });
    }
  });

  it('refuses `role: admin` in the sign-up body: nobody signs up as an admin', async () => {
    const email = uniqueEmail('sneaky');
    const res = await postAuth(ctx.app, '/sign-up/email', {
      name: 'Mallory',
      email,
      password: 'secret-password-1',
      role: 'admin',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const row = await ctx.database.db.selectFrom('users').select('role').where('email', '=', email).executeTakeFirst();
    expect(row).toBeUndefined();
    expect(res.cookies).toEqual([]);
  });

  it('answers the form rules with the form messages', async () => {
    const res = await postAuth(ctx.app, '/sign-up/email', { name: ' ', email: 'not-an-address', password: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      errors: { name: v.nameRequired, email: v.emailInvalid, password: v.passwordShort },
    });
    const missing = await postAuth(ctx.app, '/sign-in/email', {});
    expect(missing.json().errors).toEqual({ email: v.emailRequired, password: v.passwordRequired });
    const long = await postAuth(ctx.app, '/sign-up/email', { name: 'A', email: uniqueEmail(), password: 'x'.repeat(129) });
    expect(long.json().errors).toEqual({ password: v.passwordLong });
  });

  it('refuses a second account on the same address, whatever its case', async () => {
    const account = await signUp(ctx.app);
    const res = await postAuth(ctx.app, '/sign-up/email', {
      name: 'Again',
      email: account.email.toUpperCase(),
      password: 'another-password',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict', detail: copy.auth.emailTaken, errors: { email: copy.auth.emailTaken } });
  });

  it('refuses a wrong password, and an unknown address, with the same 401 and message', async () => {
    const account = await signUp(ctx.app);
    const wrong = await postAuth(ctx.app, '/sign-in/email', { email: account.email, password: 'not-the-password' });
    const unknown = await postAuth(ctx.app, '/sign-in/email', { email: uniqueEmail('nobody'), password: 'whatever-1' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ code: 'unauthenticated', detail: copy.auth.invalidCredentials });
      expect(res.cookies).toEqual([]);
    }
  });

  it('refuses a signed-in POST from another origin (CSRF)', async () => {
    const account = await signUp(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { origin: 'https://evil.example', cookie: account.cookie },
      payload: { currentPassword: account.password, newPassword: 'chosen-by-evil' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    expect(await signIn(ctx.app, account.email, account.password)).toContain('gearhouse.session_token=');
  });

  it('signs in, then signs out: the session no longer works', async () => {
    const account = await signUp(ctx.app);
    const cookie = await signIn(ctx.app, account.email, account.password);
    expect((await me(cookie)).statusCode).toBe(200);
    const out = await postAuth(ctx.app, '/sign-out', {}, cookie);
    expect(out.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('changes the password only with the current one', async () => {
    const account = await signUp(ctx.app);
    const wrong = await postAuth(
      ctx.app,
      '/change-password',
      { currentPassword: 'not-it-at-all', newPassword: 'brand-new-pass' },
      account.cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ currentPassword: copy.auth.wrongCurrentPassword });

    const anonymous = await postAuth(ctx.app, '/change-password', {
      currentPassword: account.password,
      newPassword: 'brand-new-pass',
    });
    expect(anonymous.statusCode).toBe(401);

    const ok = await postAuth(
      ctx.app,
      '/change-password',
      { currentPassword: account.password, newPassword: 'brand-new-pass' },
      account.cookie,
    );
    expect(ok.statusCode).toBe(200);
    await expect(signIn(ctx.app, account.email, account.password)).rejects.toThrow(/401/);
    expect(await signIn(ctx.app, account.email, 'brand-new-pass')).toContain('gearhouse.session_token=');
  });

  it('resets a forgotten password with the mailed link, once', async () => {
    const account = await signUp(ctx.app, { name: 'Forgetful Fay' });
    const res = await postAuth(ctx.app, '/request-password-reset', { email: account.email });
    expect(res.statusCode).toBe(200);

    const mail = await ctx.mailer.next(account.email);
    expect(mail.subject).toBe(copy.mail.resetSubject);
    // The address is not confirmed: the mail does not carry the name whoever signed up typed.
    expect(mail.text.startsWith(`${copy.mail.greetingWithoutName}\n`)).toBe(true);
    expect(mail.text).not.toContain('Forgetful Fay');
    const link = new URL(/http:\/\/\S+/.exec(mail.text)?.[0] ?? '');
    expect(`${link.origin}${link.pathname}`).toBe(`${ctx.config.publicUrl}/reset-password`);
    const token = link.searchParams.get('token') ?? '';

    const reset = await postAuth(ctx.app, '/reset-password', { token, newPassword: 'after-the-reset' });
    expect(reset.statusCode).toBe(200);
    expect(await signIn(ctx.app, account.email, 'after-the-reset')).toContain('gearhouse.session_token=');
    await expect(signIn(ctx.app, account.email, account.password)).rejects.toThrow(/401/);
    // Sessions from before the reset end with it.
    expect((await me(account.cookie)).statusCode).toBe(401);

    const again = await postAuth(ctx.app, '/reset-password', { token, newPassword: 'a-third-password' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'bad_request', detail: copy.auth.resetLinkInvalid });
  });

  it('answers a reset request the same whether the address has an account or not', async () => {
    const account = await signUp(ctx.app);
    const known = await postAuth(ctx.app, '/request-password-reset', { email: account.email });
    const unknown = await postAuth(ctx.app, '/request-password-reset', { email: uniqueEmail('nobody') });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await ctx.mailer.next(account.email);
  });

  it('refuses a made-up reset token', async () => {
    const res = await postAuth(ctx.app, '/reset-password', { token: 'made-up-token', newPassword: 'whatever-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(copy.auth.resetLinkInvalid);
  });

  it('does not expose auth endpoints the shop does not use', async () => {
    const account = await signUp(ctx.app);
    for (const path of [
      '/update-user',
      '/admin/set-role',
      '/admin/create-user',
      '/admin/impersonate-user',
      '/admin/remove-user',
      '/delete-user',
      '/revoke-session',
    ]) {
      const res = await postAuth(ctx.app, path, { role: 'admin', userId: account.id, name: 'x' }, account.cookie);
      expect(res.statusCode).toBe(404);
    }
    expect((await ctx.app.inject({ url: '/api/auth/list-sessions', headers: { cookie: account.cookie } })).statusCode).toBe(404);
  });

  it.each([
    ['a script URL', 'javascript:alert(document.cookie)'],
    ['a foreign picture', 'https://evil.example/me.png'],
    ['an upload path', '/uploads/00000000000000000000000000000000.webp'],
    ['900 KB of text', 'x'.repeat(900 * 1024)],
  ])('refuses an `image` (%s) in the sign-up body, naming it, and creates no account', async (_what, image) => {
    const email = uniqueEmail('picture');
    const res = await postAuth(ctx.app, '/sign-up/email', { name: 'Pic Ture', email, password: 'secret-password-1', image });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { image: v.unknownField } });
    expect(await ctx.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    expect(res.cookies).toEqual([]);
  });

  it('refuses, on every auth endpoint that takes a body, any member its form does not send', async () => {
    const account = await signUp(ctx.app);
    const cases: [string, object, string, boolean?][] = [
      ['/sign-up/email', { name: 'N', email: uniqueEmail(), password: 'secret-password-1', callbackURL: '/' }, 'callbackURL'],
      ['/sign-up/email', { name: 'N', email: uniqueEmail(), password: 'secret-password-1', rememberMe: true }, 'rememberMe'],
      ['/sign-in/email', { email: account.email, password: account.password, callbackURL: '/' }, 'callbackURL'],
      ['/request-password-reset', { email: account.email, redirectTo: 'https://evil.example/' }, 'redirectTo'],
      ['/reset-password', { token: 'some-token', newPassword: 'secret-password-2', callbackURL: '/' }, 'callbackURL'],
      [
        '/change-password',
        { currentPassword: account.password, newPassword: 'changed-1', revokeOtherSessions: false },
        'revokeOtherSessions',
        true,
      ],
      ['/sign-in/social', { provider: 'google', callbackURL: '/', newUserCallbackURL: '/' }, 'newUserCallbackURL'],
      ['/sign-in/social', { provider: 'google', idToken: { token: 'forged' } }, 'idToken'],
      ['/send-verification-email', { email: account.email, callbackURL: 'https://evil.example/' }, 'callbackURL', true],
    ];
    for (const [path, body, field, signedIn] of cases) {
      const res = await postAuth(ctx.app, path, body, signedIn ? account.cookie : undefined);
      expect(res.statusCode, `${path} ${field}`).toBe(400);
      expect(res.json().errors, `${path} ${field}`).toEqual({ [field]: v.unknownField });
    }
    // The password stayed as it was.
    expect(await signIn(ctx.app, account.email, account.password)).toContain('gearhouse.session_token=');
  });

  it.each([
    [{ provider: 'github', callbackURL: '/' }, { provider: copy.auth.unknownProvider }],
    [{ provider: 'google', callbackURL: 'https://evil.example/' }, { callbackURL: copy.auth.returnPathInvalid }],
    [{ provider: 'google', callbackURL: '//evil.example/' }, { callbackURL: copy.auth.returnPathInvalid }],
    [{ provider: 'google', callbackURL: '/\\evil.example/' }, { callbackURL: copy.auth.returnPathInvalid }],
    [
      { provider: 'google', callbackURL: '/', errorCallbackURL: 'javascript:alert(1)' },
      { errorCallbackURL: copy.auth.returnPathInvalid },
    ],
  ])('refuses the social sign-in %j with the field at fault', async (body, errors) => {
    const res = await postAuth(ctx.app, '/sign-in/social', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', errors });
  });

  it('answers Google sign-in without Google configured in words, not the library\'s "Provider not found"', async () => {
    const res = await postAuth(ctx.app, '/sign-in/social', { provider: 'google', callbackURL: '/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', detail: copy.auth.googleUnavailable });
  });

  it("sends a failed OAuth round trip to the login page with its error code, never to the library's own page", async () => {
    const page = await ctx.app.inject({ url: '/api/auth/error?error=state_mismatch' });
    expect(page.statusCode).toBe(302);
    expect(new URL(page.headers.location as string).pathname).toBe('/login');
    expect(new URL(page.headers.location as string).searchParams.get('error')).toBe('state_mismatch');
    const callback = await ctx.app.inject({ url: '/api/auth/callback/google' });
    expect(callback.statusCode).toBe(302);
    expect(new URL(callback.headers.location as string).pathname).toBe('/login');
    expect(new URL(callback.headers.location as string).searchParams.get('error')).toBe('state_not_found');
  });

  it('ends every other session when the password changes; this one stays signed in', async () => {
    const account = await signUp(ctx.app);
    const stolen = await signIn(ctx.app, account.email, account.password);
    expect((await me(stolen)).statusCode).toBe(200);
    const res = await postAuth(
      ctx.app,
      '/change-password',
      { currentPassword: account.password, newPassword: 'after-the-theft' },
      account.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(stolen)).statusCode).toBe(401);
    // The browser that changed it holds the fresh session cookie of the answer.
    const current = cookieHeader(res);
    expect(current).toContain('gearhouse.session_token=');
    expect((await me(current)).json()).toMatchObject({ user: { id: account.id } });
    const sessions = await ctx.database.db.selectFrom('sessions').select('id').where('user_id', '=', account.id).execute();
    expect(sessions).toHaveLength(1);
  });

  it('keeps the session token in its http-only cookie, out of every JSON answer', async () => {
    const email = uniqueEmail();
    const signedUp = await postAuth(ctx.app, '/sign-up/email', { name: 'Tok En', email, password: 'secret-password-1' });
    const signedIn = await postAuth(ctx.app, '/sign-in/email', { email, password: 'secret-password-1' });
    const session = await ctx.app.inject({ url: '/api/auth/get-session', headers: { cookie: cookieHeader(signedIn) } });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ user: { email }, session: { userId: expect.any(String) } });
    for (const res of [signedUp, signedIn, session]) {
      const token =
        decodeURIComponent(cookieHeader(res) || cookieHeader(signedIn))
          .split('=')[1]
          ?.split('.')[0] ?? '';
      expect(token.length).toBeGreaterThan(10);
      expect(res.body).not.toContain(token);
      expect(res.body).not.toMatch(/"token"/);
    }
  });
});

describeOnEachEngine(
  'session cookie on an https shop',
  (ctx) => {
    it('marks the session cookie Secure (and __Secure-) when PUBLIC_URL is https', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: 'https://shop.example' },
        payload: { name: 'Sec Ure', email: uniqueEmail(), password: 'secret-password-1' },
      });
      expect(res.statusCode).toBe(200);
      const session = res.cookies.find((c) => c.name === '__Secure-gearhouse.session_token');
      expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
      expect((await ctx.app.inject({ url: '/api/me', headers: { cookie: cookieHeader(res) } })).statusCode).toBe(200);
    });
  },
  { config: { publicUrl: 'https://shop.example' } },
);
