import { expect, it } from 'vitest';
import { postAuth, signIn, signInAs, signUp } from '../../testing/accounts';
import { describeOnEachEngine } from '../../testing/test-app';

const DAY_MS = 86_400_000;

/** A Set-Cookie that empties the session cookie and ends it now. */
function clearsSessionCookie(setCookie: string | string[] | undefined): boolean {
  return [setCookie ?? []].flat().some((cookie) => /^gearhouse\.session_token=;/.test(cookie) && /max-age=0/i.test(cookie));
}

// The shop answers the common session lookup itself (sessions.ts) and leaves the rest to better-auth;
// both paths must agree with what better-auth alone would answer.
describeOnEachEngine('session lookup', (ctx) => {
  const me = (cookie: string) => ctx.app.inject({ url: '/api/me', headers: { cookie } });
  const tokenOf = (cookie: string) =>
    decodeURIComponent(/gearhouse\.session_token=([^;]+)/.exec(cookie)?.[1] ?? '').split('.')[0] ?? '';
  /** Moves a session's expiry, written the way the engine stores it. */
  const setExpiry = async (token: string, at: number) => {
    const { db } = ctx.database;
    const row = await db.selectFrom('sessions').select('expires_at').where('token', '=', token).executeTakeFirstOrThrow();
    const value = typeof row.expires_at === 'string' ? new Date(at).toISOString() : new Date(at);
    await db.updateTable('sessions').set({ expires_at: value }).where('token', '=', token).execute();
  };
  const expiryOf = async (token: string) =>
    new Date(
      (await ctx.database.db.selectFrom('sessions').select('expires_at').where('token', '=', token).executeTakeFirstOrThrow())
        .expires_at,
    ).getTime();

  it('knows a signed-in user, and sees a role change on the very next request', async () => {
    const account = await signInAs(ctx.app, ctx.database.db, 'customer');
    const res = await me(account.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: account.id, email: account.email, role: 'customer' }, isAdmin: false });
    expect(res.headers['set-cookie']).toBeUndefined();
    await ctx.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', account.id).execute();
    expect((await me(account.cookie)).json()).toMatchObject({ isAdmin: true });
  });

  it('refuses a cookie whose signature does not match, or that names no live session', async () => {
    const account = await signUp(ctx.app);
    const token = tokenOf(account.cookie);
    const forged = account.cookie.replace(
      /gearhouse\.session_token=[^;]+/,
      `gearhouse.session_token=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`,
    );
    expect((await me(forged)).statusCode).toBe(401);
    expect((await me(`gearhouse.session_token=${token}`)).statusCode).toBe(401);
    await ctx.database.db.deleteFrom('sessions').where('token', '=', token).execute();
    const ended = await me(account.cookie);
    expect(ended.statusCode).toBe(401);
    // The browser is told to drop the dead cookie (so it gets visitors' pages again, server-rendered).
    expect(clearsSessionCookie(ended.headers['set-cookie'])).toBe(true);
  });

  it('ends an expired session: refused, and the session removed', async () => {
    const account = await signUp(ctx.app);
    const token = tokenOf(account.cookie);
    await setExpiry(token, Date.now() - 1000);
    const expired = await me(account.cookie);
    expect(expired.statusCode).toBe(401);
    expect(clearsSessionCookie(expired.headers['set-cookie'])).toBe(true);
    const left = await ctx.database.db.selectFrom('sessions').select('id').where('token', '=', token).execute();
    expect(left).toEqual([]);
  });

  it('extends a session a day after it was last extended (better-auth refreshes it and its cookie)', async () => {
    const account = await signUp(ctx.app);
    const token = tokenOf(account.cookie);
    // Seven days' lifetime, extended at most once a day: two days old now.
    await setExpiry(token, Date.now() + 5 * DAY_MS);
    const res = await me(account.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name.endsWith('session_token'))?.value).toBeTruthy();
    expect(await expiryOf(token)).toBeGreaterThan(Date.now() + 6 * DAY_MS);
  });

  it('keeps a "don\'t remember me" session working', async () => {
    const account = await signUp(ctx.app);
    const res = await postAuth(ctx.app, '/sign-in/email', {
      email: account.email,
      password: account.password,
      rememberMe: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect(cookie).toContain('dont_remember');
    expect((await me(cookie)).json()).toMatchObject({ user: { id: account.id } });
    // And signing out ends it on the next request.
    await postAuth(ctx.app, '/sign-out', {}, cookie);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(await signIn(ctx.app, account.email, account.password))).statusCode).toBe(200);
  });
});
