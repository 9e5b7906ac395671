import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { signedInAdmin, signedInCustomer, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { ensureTestCategory, insertPart, insertReview } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';
import { storeImage } from '../uploads';

describeOnEachEngine('parts admin API', (ctx) => {
  let admin: TestAccount;
  let customer: TestAccount;
  let imageUrl: string;
  let categoryId: string;
  let skus = 0;

  beforeAll(async () => {
    admin = await signedInAdmin(ctx);
    customer = await signedInCustomer(ctx);
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#39c' } })
      .png()
      .toBuffer();
    imageUrl = (await storeImage(ctx.storage, png)).url;
    await insertPart(ctx.database.db, { name: 'Older part' });
    categoryId = await ensureTestCategory(ctx.database.db);
  });

  const api = testApi(ctx);
  const validPart = () => ({
    name: 'Heavy Duty Clutch Kit',
    description: 'For vans and light trucks',
    priceCents: 18950,
    stock: 40,
    imageUrl,
    sku: `GH-CLU-${(skus += 1)}`,
    categoryId,
  });
  const create = async (overrides: object = {}) => {
    const res = await api.as(admin).post('/api/parts', { ...validPart(), ...overrides });
    expect(res.status).toBe(201);
    return res.json.id as string;
  };

  it.each([
    ['POST', '/api/parts'],
    ['PATCH', '/api/parts/some-id'],
    ['DELETE', '/api/parts/some-id'],
  ] as const)('answers %s %s with 401 signed out and 403 for a customer', async (method, url) => {
    const payload = method === 'DELETE' ? undefined : validPart();
    const anonymous = await api.anonymous.request(method, url, payload);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.code).toBe('unauthenticated');
    const asCustomer = await api.as(customer).request(method, url, payload);
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.json).toMatchObject({ code: 'forbidden', detail: copy.auth.adminOnly });
  });

  it('answers 401 before looking at the body, so a visitor learns nothing of its rules', async () => {
    expect((await api.anonymous.post('/api/parts', { name: '' })).status).toBe(401);
  });

  it('adds a part that shows first in the shop and on its own page', async () => {
    ctx.clock.advance(60_000);
    const id = await create({ minOrderQuantity: 6 });
    const list = (await api.anonymous.get('/api/parts')).json;
    expect(list.items[0]).toMatchObject({ id, name: 'Heavy Duty Clutch Kit', priceCents: 18950, stock: 40 });
    const part = await api.anonymous.get(`/api/parts/${id}`);
    expect(part.status).toBe(200);
    expect(part.json).toMatchObject({
      ...validPart(),
      sku: expect.stringMatching(/^GH-CLU-/),
      id,
      minOrderQuantity: 6,
      rating: { average: 0, count: 0 },
      createdAt: ctx.clock.now().toISOString(),
    });
  });

  it('gives a new part the default minimum order of 12', async () => {
    const id = await create();
    expect((await api.anonymous.get(`/api/parts/${id}`)).json.minOrderQuantity).toBe(12);
  });

  it.each([
    [{ name: '  ' }, { name: copy.validation.nameRequired }],
    [{ description: undefined }, { description: copy.validation.descriptionRequired }],
    [{ priceCents: undefined }, { price: copy.validation.priceRequired }],
    [{ priceCents: 12.5 }, { price: copy.validation.priceInvalid }],
    [{ priceCents: -1 }, { price: copy.validation.priceInvalid }],
    [{ priceCents: '1250' }, { price: copy.validation.priceRequired }],
    [{ stock: undefined }, { quantity: copy.validation.quantityRequiredPart }],
    [{ stock: 1.5 }, { quantity: copy.validation.quantityInvalidPart }],
    [{ stock: -3 }, { quantity: copy.validation.quantityInvalidPart }],
    [{ imageUrl: '' }, { imageUrl: copy.validation.imageRequired }],
  ])('refuses %j with the form message under the form field', async (overrides, errors) => {
    const res = await api.as(admin).post('/api/parts', { ...validPart(), ...overrides });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json).toMatchObject({ code: 'validation_failed', errors });
  });

  it.each(['https://evil.example/pads.png', '/uploads/ffffffffffffffffffffffffffffffff.webp', '/etc/passwd'])(
    'refuses the picture %s, which is not one of our uploads',
    async (url) => {
      const res = await api.as(admin).post('/api/parts', { ...validPart(), imageUrl: url });
      expect(res.status).toBe(400);
      expect(res.json.errors).toEqual({ imageUrl: copy.users.imageNotUploaded });
    },
  );

  it.each([{ id: 'chosen-id' }, { createdAt: '2020-01-01T00:00:00.000Z' }, { archivedAt: '2020-01-01T00:00:00.000Z' }])(
    'refuses the extra field %j on create and update',
    async (extra) => {
      const before = Number((await api.anonymous.get('/api/parts')).json.total);
      const created = await api.as(admin).post('/api/parts', { ...validPart(), ...extra });
      expect(created.status).toBe(400);
      expect(created.json.code).toBe('validation_failed');
      expect(Number((await api.anonymous.get('/api/parts')).json.total)).toBe(before);

      const id = await create();
      const updated = await api.as(admin).patch(`/api/parts/${id}`, { name: 'Renamed', ...extra });
      expect(updated.status).toBe(400);
      expect((await api.anonymous.get(`/api/parts/${id}`)).json.name).toBe('Heavy Duty Clutch Kit');
    },
  );

  it('updates a part: the new price shows in the shop', async () => {
    const id = await create();
    ctx.clock.advance(60_000);
    const res = await api.as(admin).patch(`/api/parts/${id}`, { priceCents: 9900, stock: 0 });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id,
      name: 'Heavy Duty Clutch Kit',
      priceCents: 9900,
      stock: 0,
      updatedAt: ctx.clock.now().toISOString(),
    });
    expect((await api.anonymous.get(`/api/parts/${id}`)).json).toMatchObject({ priceCents: 9900, stock: 0 });
  });

  it('keeps a picture the part already had, but refuses a new one that is not ours', async () => {
    const seeded = await insertPart(ctx.database.db, { image_url: '/uploads/11111111111111111111111111111111.webp' });
    const same = await api.as(admin).patch(`/api/parts/${seeded.id}`, {
      name: 'Same picture',
      imageUrl: seeded.image_url,
    });
    expect(same.status).toBe(200);
    const other = await api.as(admin).patch(`/api/parts/${seeded.id}`, {
      imageUrl: '/uploads/22222222222222222222222222222222.webp',
    });
    expect(other.status).toBe(400);
    expect(other.json.errors).toEqual({ imageUrl: copy.users.imageNotUploaded });
    const changed = await api.as(admin).patch(`/api/parts/${seeded.id}`, { imageUrl });
    expect(changed.json.imageUrl).toBe(imageUrl);
  });

  it('reports update errors under the form fields too', async () => {
    const id = await create();
    const res = await api.as(admin).patch(`/api/parts/${id}`, { priceCents: -5, stock: 'many' });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ price: copy.validation.priceInvalid, quantity: copy.validation.quantityRequiredPart });
  });

  it('deletes a part without orders, and its reviews with it', async () => {
    const id = await create();
    const review = await insertReview(ctx.database.db, { part_id: id });
    const res = await api.as(admin).delete(`/api/parts/${id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    expect((await api.anonymous.get(`/api/parts/${id}`)).status).toBe(404);
    expect((await ctx.database.db.selectFrom('parts').select('id').where('id', '=', id).execute()).length).toBe(0);
    // Kept, they would turn into reviews of the shop (and a customer could have two of those).
    expect(await ctx.database.db.selectFrom('reviews').select('id').where('id', '=', review.id).execute()).toEqual([]);
  });

  it.each(['PATCH', 'DELETE'] as const)('answers %s with 404 for a missing or archived part', async (method) => {
    const archived = await insertPart(ctx.database.db, { archived_at: '2026-02-01T00:00:00.000Z' });
    for (const id of ['does-not-exist', archived.id]) {
      const res = await api.as(admin).request(method, `/api/parts/${id}`, method === 'PATCH' ? { name: 'Back' } : undefined);
      expect(res.status).toBe(404);
      expect(res.json.code).toBe('not_found');
    }
    const row = await ctx.database.db.selectFrom('parts').selectAll().where('id', '=', archived.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: archived.name, archived_at: '2026-02-01T00:00:00.000Z' });
  });
});

describeOnEachEngine(
  'parts admin API with the response cache on',
  (ctx) => {
    it('shows each change in the public list at once', async () => {
      const admin = await signedInAdmin(ctx);
      const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#963' } })
        .png()
        .toBuffer();
      const imageUrl = (await storeImage(ctx.storage, png)).url;
      const api = testApi(ctx);
      const names = async () =>
        (await api.anonymous.get<{ items: { name: string }[] }>('/api/parts')).json.items.map((p) => p.name);

      expect(await names()).toEqual([]);
      const created = await api.as(admin).post('/api/parts', {
        name: 'Spark Plug',
        description: 'Iridium',
        priceCents: 900,
        stock: 500,
        imageUrl,
        sku: 'GH-ENG-1180',
        categoryId: await ensureTestCategory(ctx.database.db),
      });
      const id = created.json.id as string;
      expect(await names()).toEqual(['Spark Plug']);
      await api.as(admin).patch(`/api/parts/${id}`, { name: 'Iridium Spark Plug' });
      expect(await names()).toEqual(['Iridium Spark Plug']);
      await api.as(admin).delete(`/api/parts/${id}`);
      expect(await names()).toEqual([]);
    });
  },
  { responseCacheTtlMs: 60_000 },
);
