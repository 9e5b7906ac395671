import { describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { signInAs, TEST_ORIGIN } from '../testing/accounts';
import { bookingBody } from '../testing/booking';
import { insertOrder, insertPart } from '../testing/factories';
import { describeOnEachEngine } from '../testing/test-app';
import { containsNulCharacter } from './nul-characters';

describe('containsNulCharacter', () => {
  it('finds U+0000 in strings, nested members and keys', () => {
    expect(containsNulCharacter('a\u0000b')).toBe(true);
    expect(containsNulCharacter({ card: { number: ['4242', '\u0000'] } })).toBe(true);
    expect(containsNulCharacter({ 'na\u0000me': 'x' })).toBe(true);
    expect(containsNulCharacter({ name: 'Brake pads', price: 12, tags: ['a', null] })).toBe(false);
    expect(containsNulCharacter(Buffer.from([0, 0, 0]))).toBe(false);
  });

  it('walks a body nested thousands of levels deep', () => {
    let deep: unknown = '\u0000';
    for (let level = 0; level < 20_000; level++) deep = [deep];
    expect(containsNulCharacter(deep)).toBe(true);
  });
});

// PostgreSQL fails a statement with U+0000 in a text parameter; these answered 500 there (and 200 or
// 404 on SQLite) before the root preValidation hook refused them.
describeOnEachEngine('requests with a NUL character', (ctx) => {
  const refused = (res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) => {
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 400, code: 'validation_failed', detail: copy.validation.nulCharacter });
  };

  it('refuses one in a path parameter', async () => {
    refused(await ctx.app.inject('/api/parts/%00'));
  });

  it('refuses one in the catalogue search', async () => {
    refused(await ctx.app.inject('/api/parts?q=brake%00'));
  });

  it("refuses one before the payment routes look up the path's order", async () => {
    const customer = await signInAs(ctx.app, ctx.database.db, 'customer');
    refused(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/orders/%00/payment-intent',
        headers: { cookie: customer.cookie, origin: TEST_ORIGIN },
      }),
    );
  });

  it('refuses one in a JSON body and changes nothing', async () => {
    const customer = await signInAs(ctx.app, ctx.database.db, 'customer');
    const part = await insertPart(ctx.database.db);
    const order = await insertOrder(ctx.database.db, { part_id: part.id, user_id: customer.id, status: 'pending_payment' });
    refused(
      await ctx.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { cookie: customer.cookie, origin: TEST_ORIGIN },
        payload: { name: 'Ana\u0000' },
      }),
    );
    refused(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie: customer.cookie, origin: TEST_ORIGIN },
        payload: bookingBody(part.id, { address: '12 Piston\u0000 Road' }),
      }),
    );
    const me = await ctx.app.inject({ url: '/api/me', headers: { cookie: customer.cookie } });
    expect(me.json().user.name).toBe(customer.name);
    const orders = await ctx.database.db.selectFrom('orders').select('id').where('user_id', '=', customer.id).execute();
    expect(orders.map((row) => row.id)).toEqual([order.id]);
  });
});
