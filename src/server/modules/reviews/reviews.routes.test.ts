import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { copy } from '#shared/copy';
import { signInAs, type TestAccount } from '../../testing/accounts';
import { describeOnEachEngine } from '../../testing/test-app';
import { insertPart, insertReview } from '../../testing/factories';
import { storeImage } from '../uploads';

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
    const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#6a3' } })
      .png()
      .toBuffer();
    imageUrl = (await storeImage(ctx.storage, png)).url;
    partId = (await insertPart(ctx.database.db, { name: 'Reviewed Pads' })).id;
    await insertReview(ctx.database.db, { name: 'Earlier reviewer' });
  });

  const post = (payload: object, cookie: string | null = customer.cookie) =>
    ctx.app.inject({ method: 'POST', url: '/api/reviews', headers: cookie ? { cookie } : {}, payload });
  const validReview = () => ({ name: 'Sam Mechanic', rating: 4, text: 'Fits perfectly.', imageUrl });

  it("stores a signed-in customer's review, which shows first", async () => {
    ctx.clock.advance(60_000);
    const res = await post(validReview());
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const list = (await ctx.app.inject({ url: '/api/reviews' })).json();
    expect(list.items[0]).toEqual({ id, ...validReview(), verified: false, createdAt: ctx.clock.now().toISOString() });
    const row = await ctx.database.db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: customer.id, part_id: null });
  });

  it("counts a review about a part in that part's rating", async () => {
    expect((await post({ ...validReview(), rating: 2, partId })).statusCode).toBe(201);
    expect((await ctx.app.inject({ url: `/api/parts/${partId}` })).json().rating).toEqual({ average: 2, count: 1 });
  });

  it('stores markup as plain text', async () => {
    const text = "<img src=x onerror=alert(1)> <script>alert('x')</script>";
    ctx.clock.advance(60_000);
    const res = await post({ ...validReview(), name: '<b>Bold</b>', text });
    const row = await ctx.database.db.selectFrom('reviews').selectAll().where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: '<b>Bold</b>', text });
    expect((await ctx.app.inject({ url: '/api/reviews?limit=1' })).json().items[0].text).toBe(text);
  });

  it('answers 401 when signed out, whatever the body', async () => {
    for (const payload of [validReview(), {}]) {
      const res = await post(payload, null);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('unauthenticated');
    }
  });

  it.each([
    [{ name: ' ' }, { name: copy.validation.nameRequired }],
    [{ rating: undefined }, { rating: copy.validation.rettingRequired }],
    [{ rating: 6 }, { rating: copy.validation.rettingInvalid }],
    [{ rating: 3.5 }, { rating: copy.validation.rettingInvalid }],
    [{ text: '' }, { text: copy.validation.reviewRequired }],
    [{ imageUrl: undefined }, { imageUrl: copy.validation.imageRequired }],
    [{ imageUrl: 'https://evil.example/me.png' }, { imageUrl: copy.users.imageNotUploaded }],
    [{ partId: 'no-such-part' }, { partId: copy.reviews.partNotFound }],
  ])('refuses %j with the form message', async (overrides, errors) => {
    const res = await post({ ...validReview(), ...overrides });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', errors });
  });

  it('refuses a review about an archived part', async () => {
    const archived = await insertPart(ctx.database.db, { archived_at: '2026-02-01T00:00:00.000Z' });
    const res = await post({ ...validReview(), partId: archived.id });
    expect(res.json().errors).toEqual({ partId: copy.reviews.partNotFound });
  });

  it.each([{ id: 'chosen' }, { verified: true }, { createdAt: '2020-01-01T00:00:00.000Z' }, { userId: 'someone-else' }])(
    'refuses the extra field %j and stores nothing',
    async (extra) => {
      const before = (await ctx.app.inject({ url: '/api/reviews' })).json().total;
      const res = await post({ ...validReview(), ...extra });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect((await ctx.app.inject({ url: '/api/reviews' })).json().total).toBe(before);
    },
  );
});
