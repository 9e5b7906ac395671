import sharp from 'sharp';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { migrateTo, migrateToLatest } from '../../db/migrator';
import { signInAs, TEST_ORIGIN, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { describeOnEachEngine, type TestContext } from '../../testing/test-app';
import { insertOrder, insertPart, insertReview } from '../../testing/factories';
import { storeImage } from '../uploads';
import { newId } from '../../ids';

describeOnEachEngine('reviews API', (ctx) => {
  const names: string[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 12; i++) names.push((await insertReview(ctx.database.db, { name: `Buyer ${i}`, rating: i % 6 })).name);
  });

  it('answers the newest reviews first, limited', async () => {
    const res = await ctx.app.inject({ url: '/api/reviews?limit=9' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(12);
    expect(body.items.map((r: { name: string }) => r.name)).toEqual(names.slice(3).reverse());
    expect(body.items[0]).toMatchObject({ rating: 11 % 6, verified: false });
  });

  it('refuses a limit above the cap', async () => {
    expect((await ctx.app.inject({ url: '/api/reviews?limit=61' })).statusCode).toBe(400);
  });
});

describeOnEachEngine('adding reviews', (ctx) => {
  let customer: TestAccount;
  let imageUrl: string;
  let partId: string;

  beforeAll(async () => {
    customer = await signInAs(ctx.app, ctx.database.db, 'customer');
    imageUrl = await uploadedAvatar(ctx);
    partId = (await insertPart(ctx.database.db, { name: 'Reviewed Pads' })).id;
    await insertReview(ctx.database.db, { name: 'Earlier reviewer' });
  });

  const api = testApi(ctx);
  const post = (payload: object, cookie: string | null = customer.cookie) =>
    (cookie ? api.as(cookie) : api.anonymous).post('/api/reviews', payload);
  const validReview = () => ({ rating: 4, text: 'Fits perfectly.', imageUrl });

  it("stores a signed-in customer's review under their display name, which shows first", async () => {
    ctx.clock.advance(60_000);
    const res = await post(validReview());
    expect(res.status).toBe(201);
    const { id } = res.json;
    expect(res.json).toEqual({ id, replaced: false });
    const list = (await ctx.app.inject({ url: '/api/reviews' })).json();
    expect(list.items[0]).toEqual({
      id,
      name: customer.name,
      ...validReview(),
      verified: false,
      createdAt: ctx.clock.now().toISOString(),
    });
    const row = await ctx.database.db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: customer.id, part_id: null, name: customer.name });
  });

  it("counts a review about a part in that part's rating", async () => {
    expect((await post({ ...validReview(), rating: 2, partId })).status).toBe(201);
    expect((await ctx.app.inject({ url: `/api/parts/${partId}` })).json().rating).toEqual({ average: 2, count: 1 });
  });

  it('stores markup as plain text', async () => {
    const text = "<img src=x onerror=alert(1)> <script>alert('x')</script>";
    ctx.clock.advance(60_000);
    const res = await post({ ...validReview(), text });
    const row = await ctx.database.db.selectFrom('reviews').selectAll().where('id', '=', res.json.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ text });
    expect((await ctx.app.inject({ url: '/api/reviews?limit=1' })).json().items[0].text).toBe(text);
  });

  it('answers 401 when signed out, whatever the body', async () => {
    for (const payload of [validReview(), {}]) {
      const res = await post(payload, null);
      expect(res.status).toBe(401);
      expect(res.json.code).toBe('unauthenticated');
    }
  });

  it.each([
    [{ name: ' ' }, { name: copy.validation.nameRequired }],
    [{ name: 'Gearhouse Admin' }, { name: copy.reviews.nameNotYours }],
    [{ rating: undefined }, { rating: copy.validation.rettingRequired }],
    [{ rating: 6 }, { rating: copy.validation.rettingInvalid }],
    [{ rating: 3.5 }, { rating: copy.validation.rettingInvalid }],
    [{ text: '' }, { text: copy.validation.reviewRequired }],
    [{ imageUrl: undefined }, { imageUrl: copy.validation.imageRequired }],
    [{ imageUrl: 'https://evil.example/me.png' }, { imageUrl: copy.users.imageNotUploaded }],
    [{ partId: 'no-such-part' }, { partId: copy.reviews.partNotFound }],
  ])('refuses %j with the form message', async (overrides, errors) => {
    const res = await post({ ...validReview(), ...overrides });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'validation_failed', errors });
  });

  it('takes the display name itself as `name`, as older clients send it', async () => {
    const res = await post({ ...validReview(), name: customer.name });
    expect(res.status).toBe(200);
    expect(res.json.replaced).toBe(true);
  });

  it('refuses a review about an archived part', async () => {
    const archived = await insertPart(ctx.database.db, { archived_at: '2026-02-01T00:00:00.000Z' });
    const res = await post({ ...validReview(), partId: archived.id });
    expect(res.json.errors).toEqual({ partId: copy.reviews.partNotFound });
  });

  it.each([{ id: 'chosen' }, { verified: true }, { createdAt: '2020-01-01T00:00:00.000Z' }, { userId: 'someone-else' }])(
    'refuses the extra field %j, naming it, and stores nothing',
    async (extra) => {
      const before = (await ctx.app.inject({ url: '/api/reviews' })).json().total;
      const res = await post({ ...validReview(), ...extra });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        code: 'validation_failed',
        errors: { [Object.keys(extra)[0]!]: copy.validation.unknownField },
      });
      expect((await ctx.app.inject({ url: '/api/reviews' })).json().total).toBe(before);
    },
  );
});

/** An avatar stored as the upload route would: the only kind of picture a review may show. */
async function uploadedAvatar(ctx: TestContext): Promise<string> {
  const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#6a3' } })
    .png()
    .toBuffer();
  return (await storeImage(ctx.storage, png)).url;
}

describeOnEachEngine('one review per customer and subject, by customers only', (ctx) => {
  let imageUrl: string;
  let admin: TestAccount;

  beforeAll(async () => {
    imageUrl = await uploadedAvatar(ctx);
    admin = await signInAs(ctx.app, ctx.database.db, 'admin');
  });

  const api = testApi(ctx);
  const post = (cookie: string, payload: object) => api.as(cookie).post('/api/reviews', { imageUrl, ...payload });
  const reviewsBy = (userId: string) =>
    ctx.database.db.selectFrom('reviews').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
  const listed = async () =>
    (await ctx.app.inject({ url: '/api/reviews?limit=60' })).json().items as { id: string; verified: boolean }[];

  it('keeps one review of a part however often a customer writes one: each replaces the last, under the same id', async () => {
    const stuffer = await signInAs(ctx.app, ctx.database.db, 'customer');
    const part = await insertPart(ctx.database.db);
    const answers = [];
    for (let i = 0; i < 20; i++) {
      ctx.clock.advance(1000);
      answers.push(await post(stuffer.cookie, { rating: 0, text: `Zero stars, take ${i}`, partId: part.id }));
    }
    expect(answers.map((res) => res.status)).toEqual([201, ...Array<number>(19).fill(200)]);
    expect(new Set(answers.map((res) => res.json.id)).size).toBe(1);
    expect(answers.slice(1).every((res) => res.json.replaced === true)).toBe(true);
    const rows = await reviewsBy(stuffer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: answers[0]!.json.id,
      text: 'Zero stars, take 19',
      created_at: ctx.clock.now().toISOString(),
    });
    expect((await ctx.app.inject({ url: `/api/parts/${part.id}` })).json().rating).toEqual({ average: 0, count: 1 });
  });

  it('keeps one review of the shop and one of each part, side by side', async () => {
    const customer = await signInAs(ctx.app, ctx.database.db, 'customer');
    const [a, b] = [await insertPart(ctx.database.db), await insertPart(ctx.database.db)];
    for (const partId of [undefined, a.id, b.id, undefined, a.id, b.id]) {
      const res = await post(customer.cookie, { rating: 4, text: 'Good', ...(partId ? { partId } : {}) });
      expect(res.status).toBeLessThan(300);
    }
    const rows = await reviewsBy(customer.id);
    expect(rows.map((row) => row.part_id).sort()).toEqual([null, a.id, b.id].sort());
  });

  it('leaves one review when the same customer writes several at once', async () => {
    const customer = await signInAs(ctx.app, ctx.database.db, 'customer');
    const part = await insertPart(ctx.database.db);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post(customer.cookie, { rating: 3, text: `Race ${i}`, partId: part.id })),
    );
    expect(answers.every((res) => res.status === 200 || res.status === 201)).toBe(true);
    expect(answers.filter((res) => res.status === 201)).toHaveLength(1);
    expect(await reviewsBy(customer.id)).toHaveLength(1);
  });

  it('answers an admin 403 before looking at the body, and stores nothing', async () => {
    const part = await insertPart(ctx.database.db);
    for (const payload of [
      {},
      { name: 'Gearhouse Admin', rating: 0, text: 'Admin review' },
      { rating: 5, text: 'x', partId: part.id },
    ]) {
      const res = await post(admin.cookie, payload);
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ code: 'forbidden', detail: copy.auth.customersOnly });
    }
    expect(await reviewsBy(admin.id)).toEqual([]);
  });

  it('marks a review of a part verified only when its author paid for that part; of the shop, for any paid order', async () => {
    const [bought, other] = [await insertPart(ctx.database.db), await insertPart(ctx.database.db)];
    const buyer = await signInAs(ctx.app, ctx.database.db, 'customer');
    const booker = await signInAs(ctx.app, ctx.database.db, 'customer');
    await insertOrder(ctx.database.db, { part_id: bought.id, user_id: buyer.id, status: 'delivered' });
    // Booked, not paid; cancelled: neither makes a buyer.
    await insertOrder(ctx.database.db, { part_id: other.id, user_id: booker.id, status: 'pending_payment' });
    await insertOrder(ctx.database.db, { part_id: other.id, user_id: booker.id, status: 'cancelled' });

    const write = async (account: TestAccount, partId?: string) => {
      ctx.clock.advance(1000);
      return (await post(account.cookie, { rating: 1, text: 'Verdict', ...(partId ? { partId } : {}) })).json.id as string;
    };
    const expected = new Map([
      [await write(buyer, bought.id), true],
      [await write(buyer, other.id), false],
      [await write(buyer), true],
      [await write(booker, other.id), false],
      [await write(booker), false],
    ]);
    const items = await listed();
    expect(new Map(items.filter((item) => expected.has(item.id)).map((item) => [item.id, item.verified]))).toEqual(expected);
  });

  it('answers a full page of reviews by many authors, each verified by its own subject', async () => {
    const part = await insertPart(ctx.database.db);
    const verifiedIds = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const userId = `page-author-${i}`;
      if (i % 3 === 0) await insertOrder(ctx.database.db, { part_id: part.id, user_id: userId, status: 'paid' });
      const review = await insertReview(ctx.database.db, {
        user_id: userId,
        part_id: i % 2 === 0 ? part.id : null,
        created_at: new Date(Date.UTC(2030, 0, 1) + i * 1000).toISOString(),
      });
      if (i % 3 === 0) verifiedIds.add(review.id);
    }
    const items = await listed();
    expect(items).toHaveLength(60);
    expect(new Set(items.filter((item) => item.verified).map((item) => item.id))).toEqual(verifiedIds);
  });

  it("deletes a deleted part's reviews with it, leaving its authors' reviews of the shop", async () => {
    const customer = await signInAs(ctx.app, ctx.database.db, 'customer');
    const part = await insertPart(ctx.database.db);
    expect((await post(customer.cookie, { rating: 5, text: 'The shop' })).status).toBe(201);
    expect((await post(customer.cookie, { rating: 1, text: 'The part', partId: part.id })).status).toBe(201);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/parts/${part.id}`,
      headers: { cookie: admin.cookie, origin: TEST_ORIGIN },
    });
    expect(res.statusCode).toBe(204);
    expect((await reviewsBy(customer.id)).map((row) => [row.part_id, row.text])).toEqual([[null, 'The shop']]);
  });
});

describeOnEachEngine('migration 0009: one review per customer and subject', (ctx) => {
  it('keeps the newest review per customer and subject, and clears account pictures no form could set', async () => {
    const { db } = ctx.database;
    await migrateTo(db, '0008-mail-outbox');
    // The parts table as it was then (no SKU or category yet).
    const part = { id: newId() };
    await sql`insert into parts (id, name, description, price_cents, stock, min_order_quantity, image_url, created_at, updated_at)
      values (${part.id}, 'Old part', 'Old part', 1000, 10, 12, '/uploads/00000000000000000000000000000000.webp',
        '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`.execute(db);
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
    const [oldShop, newShop, oldPart, newPart, other, anonymousA, anonymousB] = [
      await insertReview(db, { user_id: 'stuffer', part_id: null, created_at: at(1) }),
      await insertReview(db, { user_id: 'stuffer', part_id: null, created_at: at(3) }),
      await insertReview(db, { user_id: 'stuffer', part_id: part.id, created_at: at(2) }),
      await insertReview(db, { user_id: 'stuffer', part_id: part.id, created_at: at(4) }),
      await insertReview(db, { user_id: 'someone-else', part_id: part.id, created_at: at(1) }),
      await insertReview(db, { user_id: null, created_at: at(1) }),
      await insertReview(db, { user_id: null, created_at: at(2) }),
    ];
    const account = (id: string, image: string | null) =>
      db
        .insertInto('users')
        .values({
          id,
          name: id,
          email: `${id}@example.com`,
          email_verified: (ctx.engine === 'sqlite' ? 0 : false) as never,
          image,
          role: 'customer',
          created_at: at(0),
          updated_at: at(0),
        } as never)
        .execute();
    await account('script-picture', 'javascript:alert(1)');
    await account('huge-picture', `/uploads/${'x'.repeat(600)}`);
    await account('own-upload', '/uploads/00000000000000000000000000000000.webp');
    await account('google-picture', 'https://lh3.googleusercontent.com/a/pic');

    await migrateToLatest(db);

    const ids = (await db.selectFrom('reviews').select('id').execute()).map((row) => row.id);
    for (const kept of [newShop, newPart, other, anonymousA, anonymousB]) expect(ids).toContain(kept.id);
    for (const dropped of [oldShop, oldPart]) expect(ids).not.toContain(dropped.id);
    const images = await db
      .selectFrom('users')
      .select(['id', 'image'])
      .where('id', 'in', ['script-picture', 'huge-picture', 'own-upload', 'google-picture'])
      .orderBy('id')
      .execute();
    expect(Object.fromEntries(images.map((row) => [row.id, row.image]))).toEqual({
      'google-picture': 'https://lh3.googleusercontent.com/a/pic',
      'huge-picture': null,
      'own-upload': '/uploads/00000000000000000000000000000000.webp',
      'script-picture': null,
    });
    // The rule now holds in the database itself.
    await expect(insertReview(db, { user_id: 'stuffer', part_id: part.id })).rejects.toThrow();
  });
});
