import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { MAX_COMPANY_LISTS, MAX_LIST_ITEMS } from '#shared/schemas/saved-lists';
import { signInAs, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { insertCompany } from '../../testing/companies';
import { insertOrder, insertPart, updatePart } from '../../testing/factories';
import { describeOnEachEngine, type TestContext } from '../../testing/test-app';
import { newId } from '../../ids';

const s = copy.savedLists;

/** A customer who is a member of a company with this status (active unless told). */
async function member(ctx: TestContext, status: 'active' | 'on_hold' | 'applied' | 'declined' = 'active') {
  const account = await signInAs(ctx.app, ctx.database.db, 'customer');
  const company = await insertCompany(ctx.database.db, { memberIds: [account.id], status });
  return { account, companyId: company.id };
}

/** Another member of the same company, as a buyer. */
async function colleague(ctx: TestContext, companyId: string): Promise<TestAccount> {
  const account = await signInAs(ctx.app, ctx.database.db, 'customer');
  await ctx.database.db
    .insertInto('company_members')
    .values({
      company_id: companyId,
      user_id: account.id,
      role: 'buyer',
      order_limit_cents: null,
      joined_at: '2026-06-15T12:00:00.000Z',
    })
    .execute();
  return account;
}

describeOnEachEngine('saved lists', (ctx) => {
  const api = testApi(ctx);
  let admin: TestAccount;

  beforeAll(async () => {
    admin = await signInAs(ctx.app, ctx.database.db, 'admin');
  });

  it('saves a list from SKUs and shows it to every member of the company with the parts as they are today', async () => {
    const { account, companyId } = await member(ctx);
    const buyer = await colleague(ctx, companyId);
    const pads = await insertPart(ctx.database.db, { name: 'Brake pads', price_cents: 2500, stock: 40, min_order_quantity: 1 });
    const filter = await insertPart(ctx.database.db, { name: 'Oil filter', price_cents: 800, stock: 7, min_order_quantity: 1 });

    const res = await api.as(account).post('/api/me/lists', {
      name: '  Weekly service stock ',
      items: [
        { sku: pads.sku.toLowerCase(), quantity: 4 },
        { sku: filter.sku, quantity: 10 },
        { sku: pads.sku, quantity: 2 },
      ],
    });
    expect(res.status, res.body).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(String),
      name: 'Weekly service stock',
      itemCount: 2,
      createdAt: ctx.clock.now().toISOString(),
      updatedAt: ctx.clock.now().toISOString(),
      createdBy: { id: account.id, name: account.name },
      items: [
        // The same part named twice is kept once, with the quantities together.
        expect.objectContaining({
          partId: pads.id,
          sku: pads.sku,
          partName: 'Brake pads',
          quantity: 6,
          unitPriceCents: 2500,
          available: 40,
        }),
        expect.objectContaining({
          partId: filter.id,
          sku: filter.sku,
          quantity: 10,
          unitPriceCents: 800,
          available: 7,
          noLongerSold: false,
        }),
      ],
    });

    const seenByBuyer = await api.as(buyer).get('/api/me/lists');
    expect(seenByBuyer.status, seenByBuyer.body).toBe(200);
    expect(seenByBuyer.json.items).toEqual([
      {
        id: res.json.id,
        name: 'Weekly service stock',
        itemCount: 2,
        updatedAt: ctx.clock.now().toISOString(),
        createdBy: { id: account.id, name: account.name },
      },
    ]);

    // A changed SKU, name and price show on the list: it keeps the part, not the number.
    await updatePart(ctx.database.db, pads.id, { sku: 'GH-PADS-NEW', name: 'Brake pads, ceramic', price_cents: 2700, stock: 3 });
    const detail = await api.as(buyer).get(`/api/me/lists/${res.json.id}`);
    expect(detail.json.items[0]).toMatchObject({
      sku: 'GH-PADS-NEW',
      partName: 'Brake pads, ceramic',
      unitPriceCents: 2700,
      available: 3,
    });
  });

  it('renames, replaces the items and deletes, for any member of the company', async () => {
    const { account, companyId } = await member(ctx);
    const buyer = await colleague(ctx, companyId);
    const a = await insertPart(ctx.database.db);
    const b = await insertPart(ctx.database.db);
    const id = (await api.as(account).post('/api/me/lists', { name: 'Fleet brakes', items: [{ sku: a.sku, quantity: 12 }] })).json
      .id;

    ctx.clock.advance(60_000);
    const renamed = await api.as(buyer).patch(`/api/me/lists/${id}`, { name: 'Fleet brakes (vans)' });
    expect(renamed.status, renamed.body).toBe(200);
    expect(renamed.json).toMatchObject({ name: 'Fleet brakes (vans)', itemCount: 1, updatedAt: ctx.clock.now().toISOString() });

    const replaced = await api.as(buyer).patch(`/api/me/lists/${id}`, {
      items: [
        { sku: b.sku, quantity: 24 },
        { sku: a.sku, quantity: 36 },
      ],
    });
    expect(replaced.status, replaced.body).toBe(200);
    expect(replaced.json.items.map((item: { sku: string; quantity: number }) => [item.sku, item.quantity])).toEqual([
      [b.sku, 24],
      [a.sku, 36],
    ]);
    expect((await api.as(account).patch(`/api/me/lists/${id}`, { items: [] })).json.itemCount).toBe(0);

    expect((await api.as(buyer).delete(`/api/me/lists/${id}`)).status).toBe(204);
    expect((await api.as(account).get(`/api/me/lists/${id}`)).status).toBe(404);
    expect((await api.as(account).delete(`/api/me/lists/${id}`)).status).toBe(404);
    expect(await ctx.database.db.selectFrom('saved_list_items').selectAll().where('list_id', '=', id).execute()).toEqual([]);
  });

  it('refuses an unknown or archived SKU under its own item, and writes nothing', async () => {
    const { account } = await member(ctx);
    const part = await insertPart(ctx.database.db);
    const archived = await insertPart(ctx.database.db, { archived_at: '2026-06-01T00:00:00.000Z' });
    const res = await api.as(account).post('/api/me/lists', {
      name: 'Bad numbers',
      items: [
        { sku: part.sku, quantity: 12 },
        { sku: 'GH-NOPE-1', quantity: 1 },
        { sku: archived.sku, quantity: 1 },
      ],
    });
    expect(res.status, res.body).toBe(400);
    expect(res.json.errors).toEqual({ 'items.1.sku': s.unknownPart('GH-NOPE-1'), 'items.2.sku': s.unknownPart(archived.sku) });
    expect((await api.as(account).get('/api/me/lists')).json.items).toEqual([]);

    const id = (await api.as(account).post('/api/me/lists', { name: 'Good', items: [{ sku: part.sku, quantity: 12 }] })).json.id;
    const patch = await api
      .as(account)
      .patch(`/api/me/lists/${id}`, { name: 'Renamed', items: [{ sku: 'GH-NOPE-1', quantity: 1 }] });
    expect(patch.status).toBe(400);
    expect(Object.keys(patch.json.errors)).toEqual(['items.0.sku']);
    expect((await api.as(account).get(`/api/me/lists/${id}`)).json).toMatchObject({ name: 'Good', itemCount: 1 });
  });

  it.each([
    ['no name', { name: '   ' }, 'name'],
    ['a name over 80 characters', { name: 'x'.repeat(81) }, 'name'],
    ['a quantity of 0', { name: 'List', items: [{ sku: 'GH-1', quantity: 0 }] }, 'items.0.quantity'],
    ['a quantity that is not whole', { name: 'List', items: [{ sku: 'GH-1', quantity: 1.5 }] }, 'items.0.quantity'],
    [
      'more than 200 items',
      { name: 'List', items: Array.from({ length: MAX_LIST_ITEMS + 1 }, (_, i) => ({ sku: `GH-${i}`, quantity: 1 })) },
      'items',
    ],
    ['two sources at once', { name: 'List', items: [], fromCart: true }, 'items'],
  ])('refuses %s, naming the field', async (_, body, field) => {
    const { account } = await member(ctx);
    const res = await api.as(account).post('/api/me/lists', body);
    expect(res.status, res.body).toBe(400);
    expect(Object.keys(res.json.errors)).toContain(field);
  });

  it('keeps a name once per company whatever its letter case, but lets another company use it', async () => {
    const { account } = await member(ctx);
    expect((await api.as(account).post('/api/me/lists', { name: 'Brakes' })).status).toBe(201);
    const twice = await api.as(account).post('/api/me/lists', { name: ' bRAKES ' });
    expect(twice.status).toBe(409);
    expect(twice.json.errors).toEqual({ name: s.nameTaken });
    const other = await api.as(account).post('/api/me/lists', { name: 'Filters' });
    expect((await api.as(account).patch(`/api/me/lists/${other.json.id}`, { name: 'BRAKES' })).status).toBe(409);

    const elsewhere = await member(ctx);
    expect((await api.as(elsewhere.account).post('/api/me/lists', { name: 'Brakes' })).status).toBe(201);
  });

  it('keeps at most 100 lists a company', async () => {
    const { account, companyId } = await member(ctx);
    const now = ctx.clock.now().toISOString();
    await ctx.database.db
      .insertInto('saved_lists')
      .values(
        Array.from({ length: MAX_COMPANY_LISTS }, (_, i) => ({
          id: newId(),
          company_id: companyId,
          name: `List ${i}`,
          name_key: `list ${i}`,
          created_by: account.id,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const res = await api.as(account).post('/api/me/lists', { name: 'One more' });
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe(s.tooManyLists(MAX_COMPANY_LISTS));
  });

  it('saves the caller’s cart and an order of theirs as lists, leaving out parts no longer sold', async () => {
    const { account } = await member(ctx);
    const a = await insertPart(ctx.database.db);
    const b = await insertPart(ctx.database.db);
    expect((await api.as(account).put(`/api/cart/lines/${a.id}`, { quantity: 12 })).status).toBe(200);
    expect((await api.as(account).put(`/api/cart/lines/${b.id}`, { quantity: 24 })).status).toBe(200);
    await updatePart(ctx.database.db, b.id, { archived_at: '2026-06-15T00:00:00.000Z' });

    const fromCart = await api.as(account).post('/api/me/lists', { name: 'From my cart', fromCart: true });
    expect(fromCart.status, fromCart.body).toBe(201);
    expect(fromCart.json.items.map((item: { partId: string; quantity: number }) => [item.partId, item.quantity])).toEqual([
      [a.id, 12],
    ]);

    const order = await insertOrder(ctx.database.db, { part_id: a.id, user_id: account.id, quantity: 36 });
    const fromOrder = await api.as(account).post('/api/me/lists', { name: 'From an order', fromOrderId: order.id });
    expect(fromOrder.status, fromOrder.body).toBe(201);
    expect(fromOrder.json.items).toMatchObject([{ partId: a.id, quantity: 36 }]);

    // Someone else's order is not the caller's to copy.
    const stranger = await signInAs(ctx.app, ctx.database.db, 'customer');
    const theirs = await insertOrder(ctx.database.db, { part_id: a.id, user_id: stranger.id });
    const refused = await api.as(account).post('/api/me/lists', { name: 'Not mine', fromOrderId: theirs.id });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual({ fromOrderId: s.orderNotFound });

    // A company admin sees every order of the company, a buyer only their own: as the orders module says.
    const { account: companyAdmin, companyId } = await member(ctx);
    const buyer = await colleague(ctx, companyId);
    const buyersOrder = await insertOrder(ctx.database.db, {
      part_id: a.id,
      user_id: buyer.id,
      company_id: companyId,
      quantity: 24,
    });
    const adminsOrder = await insertOrder(ctx.database.db, { part_id: a.id, user_id: companyAdmin.id, company_id: companyId });
    const byAdmin = await api
      .as(companyAdmin)
      .post('/api/me/lists', { name: 'A colleague’s order', fromOrderId: buyersOrder.id });
    expect(byAdmin.status, byAdmin.body).toBe(201);
    expect(byAdmin.json.items).toMatchObject([{ partId: a.id, quantity: 24 }]);
    const byBuyer = await api.as(buyer).post('/api/me/lists', { name: 'The admin’s order', fromOrderId: adminsOrder.id });
    expect(byBuyer.status).toBe(400);
    expect(byBuyer.json.errors).toEqual({ fromOrderId: s.orderNotFound });

    const { account: emptyCart } = await member(ctx);
    const empty = await api.as(emptyCart).post('/api/me/lists', { name: 'Nothing', fromCart: true });
    expect(empty.status).toBe(400);
    expect(empty.json.errors).toEqual({ fromCart: s.cartEmpty });
  });

  it('adds a list to the caller’s cart by the cart’s rules, skipping the lines it refuses with why', async () => {
    const { account, companyId } = await member(ctx);
    const buyer = await colleague(ctx, companyId);
    const fine = await insertPart(ctx.database.db, { min_order_quantity: 1, stock: 50 });
    const short = await insertPart(ctx.database.db, { min_order_quantity: 1, stock: 5 });
    const packs = await insertPart(ctx.database.db, { min_order_quantity: 1, pack_size: 6, stock: 100 });
    const gone = await insertPart(ctx.database.db, { min_order_quantity: 1 });
    const id = (
      await api.as(account).post('/api/me/lists', {
        name: 'Mixed',
        items: [
          { sku: fine.sku, quantity: 10 },
          { sku: short.sku, quantity: 8 },
          { sku: packs.sku, quantity: 12 },
          { sku: gone.sku, quantity: 2 },
        ],
      })
    ).json.id;
    await updatePart(ctx.database.db, gone.id, { archived_at: '2026-06-15T00:00:00.000Z' });
    // The pack size changes after the list was written: 12 is no longer a whole number of packs of 5.
    await updatePart(ctx.database.db, packs.id, { pack_size: 5 });

    const res = await api.as(buyer).post(`/api/me/lists/${id}/to-cart`, {});
    expect(res.status, res.body).toBe(200);
    expect(res.json.added).toEqual([{ sku: fine.sku, quantity: 10 }]);
    expect(res.json.skipped.map((line: { sku: string }) => line.sku)).toEqual([short.sku, packs.sku, gone.sku]);
    expect(res.json.skipped[2].message).toBe(copy.cart.noLongerSold);
    for (const line of res.json.skipped) expect(line.message).toEqual(expect.any(String));

    // The buyer's own cart got the line; the list's author's did not.
    const cart = (await api.as(buyer).get('/api/cart')).json;
    expect(cart.lines.map((line: { partId: string; quantity: number }) => [line.partId, line.quantity])).toEqual([[fine.id, 10]]);
    expect((await api.as(account).get('/api/cart')).json.lines).toEqual([]);

    // Again: with what the cart now has, 20 of 50 is still fine.
    expect((await api.as(buyer).post(`/api/me/lists/${id}/to-cart`, {})).json.added).toEqual([{ sku: fine.sku, quantity: 10 }]);
  });

  it("answers 404 for another company's list, whatever the call", async () => {
    const { account } = await member(ctx);
    const other = await member(ctx);
    const part = await insertPart(ctx.database.db);
    const id = (await api.as(other.account).post('/api/me/lists', { name: 'Theirs', items: [{ sku: part.sku, quantity: 12 }] }))
      .json.id;
    const calls = [
      api.as(account).get(`/api/me/lists/${id}`),
      api.as(account).patch(`/api/me/lists/${id}`, { name: 'Mine now' }),
      api.as(account).delete(`/api/me/lists/${id}`),
      api.as(account).post(`/api/me/lists/${id}/to-cart`, {}),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status, res.body).toBe(404);
      expect(res.json.detail).toBe(s.notFound);
    }
    expect((await api.as(account).get('/api/me/lists')).json.items).toEqual([]);
    expect((await api.as(other.account).get(`/api/me/lists/${id}`)).json.name).toBe('Theirs');
  });

  it('refuses anyone outside an approved company with 403 and says why; a visitor with 401', async () => {
    const loner = await signInAs(ctx.app, ctx.database.db, 'customer');
    const { account: applicant } = await member(ctx, 'applied');
    const { account: declined } = await member(ctx, 'declined');
    for (const [who, message] of [
      [loner, s.companyOnly],
      [admin, s.companyOnly],
      [declined, s.companyOnly],
      [applicant, s.notApprovedYet],
    ] as const) {
      const list = await api.as(who).get('/api/me/lists');
      expect(list.status).toBe(403);
      expect(list.json.detail).toBe(message);
      expect((await api.as(who).post('/api/me/lists', { name: 'Mine' })).status).toBe(403);
      // Before the body's rules: a bad body is refused for who sends it, not for what it holds.
      expect((await api.as(who).post('/api/me/lists', { name: '' })).status).toBe(403);
      expect((await api.as(who).post('/api/me/lists/anything/to-cart', {})).status).toBe(403);
      expect((await api.as(who).get('/api/me/lists/anything')).status).toBe(403);
    }
    expect((await api.anonymous.get('/api/me/lists')).status).toBe(401);
    expect((await api.anonymous.post('/api/me/lists', {})).status).toBe(401);

    // An account on hold keeps its lists.
    const { account: onHold } = await member(ctx, 'on_hold');
    expect((await api.as(onHold).post('/api/me/lists', { name: 'Still ours' })).status).toBe(201);
  });

  it('takes a list with its company and drops a line with its deleted part', async () => {
    const { account, companyId } = await member(ctx);
    const kept = await insertPart(ctx.database.db);
    const deleted = await insertPart(ctx.database.db);
    const id = (
      await api.as(account).post('/api/me/lists', {
        name: 'Two parts',
        items: [
          { sku: kept.sku, quantity: 12 },
          { sku: deleted.sku, quantity: 12 },
        ],
      })
    ).json.id;
    await ctx.database.db.deleteFrom('parts').where('id', '=', deleted.id).execute();
    expect((await api.as(account).get(`/api/me/lists/${id}`)).json.items.map((item: { partId: string }) => item.partId)).toEqual([
      kept.id,
    ]);
    await ctx.database.db.deleteFrom('companies').where('id', '=', companyId).execute();
    expect(await ctx.database.db.selectFrom('saved_lists').select('id').where('id', '=', id).execute()).toEqual([]);
  });

  it('keeps the quantity at 1 or more and one line a part, whatever the code does', async () => {
    const { account, companyId } = await member(ctx);
    const part = await insertPart(ctx.database.db);
    const id = (await api.as(account).post('/api/me/lists', { name: 'Rules', items: [{ sku: part.sku, quantity: 12 }] })).json.id;
    const line = { list_id: id, part_id: part.id, quantity: 1, position: 9 };
    await expect(ctx.database.db.insertInto('saved_list_items').values(line).execute()).rejects.toThrow();
    await expect(
      ctx.database.db.updateTable('saved_list_items').set({ quantity: 0 }).where('list_id', '=', id).execute(),
    ).rejects.toThrow();
    const now = ctx.clock.now().toISOString();
    await expect(
      ctx.database.db
        .insertInto('saved_lists')
        .values({
          id: newId(),
          company_id: companyId,
          name: 'Rules',
          name_key: 'rules',
          created_by: null,
          created_at: now,
          updated_at: now,
        })
        .execute(),
    ).rejects.toThrow();
  });
});

describeOnEachEngine(
  'saved lists at once',
  (ctx) => {
    const api = testApi(ctx);

    it("counts a company's lists under its lock: a create waiting on another never passes 100", async () => {
      const { account, companyId } = await member(ctx);
      const buyer = await colleague(ctx, companyId);
      const now = ctx.clock.now().toISOString();
      const list = (i: number) => ({
        id: newId(),
        company_id: companyId,
        name: `List ${i}`,
        name_key: `list ${i}`,
        created_by: account.id,
        created_at: now,
        updated_at: now,
      });
      await ctx.database.db
        .insertInto('saved_lists')
        .values(Array.from({ length: MAX_COMPANY_LISTS - 1 }, (_, i) => list(i)))
        .execute();

      // Another create holds the company's lists (as the service does) while it writes the 100th list:
      // both creates sent meanwhile must wait for it, and then find no room.
      let creates: Promise<{ status: number }[]> | undefined;
      await ctx.database.db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${`saved-lists:${companyId}`}))`.execute(trx);
        creates = Promise.all([
          api.as(account).post('/api/me/lists', { name: 'Late one' }),
          api.as(buyer).post('/api/me/lists', { name: 'Later one' }),
        ]);
        await new Promise((resolve) => setTimeout(resolve, 500));
        await trx.insertInto('saved_lists').values(list(MAX_COMPANY_LISTS)).execute();
      });
      expect((await creates!).map((res) => res.status)).toEqual([400, 400]);
      expect((await api.as(account).get('/api/me/lists')).json.items).toHaveLength(MAX_COMPANY_LISTS);
    });
  },
  // SQLite runs one write transaction at a time whatever the code does.
  { engines: ['postgres'] },
);
