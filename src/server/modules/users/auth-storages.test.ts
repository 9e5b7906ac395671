import { executionAsyncId } from 'node:async_hooks';
import { getRequestStateAsyncLocalStorage } from '@better-auth/core/context';
import { describe, expect, it } from 'vitest';
import { signIn, signUp, TEST_ORIGIN } from '../../testing/accounts';
import { describeOnEachEngine } from '../../testing/test-app';
import { storagesOffWhenIdle } from './auth-storages';

/** Whether async hooks follow promises in this process now: with them on, a promise's callback runs under an id of its own. */
async function promiseHooksOn(): Promise<boolean> {
  return (await Promise.resolve().then(() => executionAsyncId())) !== 0;
}

describe('better-auth storages off while no call runs', () => {
  it('keeps each running call its state while another ends, and turns the hooks off after the last', async () => {
    const { ready, whileCalled } = storagesOffWhenIdle();
    await ready;
    const storage = await getRequestStateAsyncLocalStorage();
    let endFirst: () => void = () => undefined;
    const first = whileCalled(() => storage.run(new WeakMap(), () => new Promise<void>((resolve) => (endFirst = resolve))));
    const mine = new WeakMap();
    const second = whileCalled(() =>
      storage.run(mine, async () => {
        await first;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { store: storage.getStore(), hooks: await promiseHooksOn() };
      }),
    );
    expect(await promiseHooksOn()).toBe(true);
    endFirst();
    await first;
    // The first call has ended; the second still runs in its own state.
    expect(await second).toEqual({ store: mine, hooks: true });
    expect(await promiseHooksOn()).toBe(false);
  });

  it('counts a call that throws or answers at once as ended', async () => {
    const { ready, whileCalled, counted } = storagesOffWhenIdle();
    await ready;
    const storage = await getRequestStateAsyncLocalStorage();
    expect(() =>
      whileCalled(() =>
        storage.run(new WeakMap(), () => {
          throw new Error('refused');
        }),
      ),
    ).toThrow('refused');
    expect(await promiseHooksOn()).toBe(false);
    const api = counted({ now: () => storage.run(new WeakMap(), () => 42), later: async () => 43 });
    expect(api.now()).toBe(42);
    expect(await api.later()).toBe(43);
    expect(await promiseHooksOn()).toBe(false);
    await expect(whileCalled(() => storage.run(new WeakMap(), () => Promise.reject(new Error('no'))))).rejects.toThrow('no');
    expect(await promiseHooksOn()).toBe(false);
  });
});

describeOnEachEngine('the shop leaves better-auth storages off between calls', (ctx) => {
  it('after signing up, signing in, reading the session and changing a profile (the internal adapter)', async () => {
    const account = await signUp(ctx.app);
    expect(await promiseHooksOn()).toBe(false);
    const cookie = await signIn(ctx.app, account.email, account.password);
    expect(await promiseHooksOn()).toBe(false);
    const session = await ctx.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(session.json()).toMatchObject({ user: { email: account.email } });
    expect(await promiseHooksOn()).toBe(false);
    const renamed = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { name: 'Renamed Customer' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ user: { name: 'Renamed Customer' } });
    expect(await promiseHooksOn()).toBe(false);
  });
});
