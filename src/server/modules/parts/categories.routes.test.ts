import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { slugOf } from '#shared/schemas/categories';
import { signedInAdmin, signedInCustomer, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { insertCategory, insertPart } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';

const c = copy.categories;

describeOnEachEngine('categories API', (ctx) => {
  let admin: TestAccount;
  let customer: TestAccount;

  beforeAll(async () => {
    admin = await signedInAdmin(ctx);
    customer = await signedInCustomer(ctx);
  });

  const api = testApi(ctx);
  const db = () => ctx.database.db;

  it('lists every category by name with its number of parts on sale', async () => {
    const brakes = await insertCategory(db(), { name: 'AA Brakes test', slug: 'aa-brakes-test' });
    const empty = await insertCategory(db(), { name: 'AA Empty test', slug: 'aa-empty-test' });
    await insertPart(db(), { category_id: brakes.id });
    await insertPart(db(), { category_id: brakes.id });
    await insertPart(db(), { category_id: brakes.id, archived_at: '2026-01-01T00:00:00.000Z' });
    const res = await api.anonymous.get('/api/categories');
    expect(res.status).toBe(200);
    const names = res.json.items.map((item: { name: string }) => item.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(res.json.items).toEqual(
      expect.arrayContaining([
        { id: brakes.id, slug: 'aa-brakes-test', name: 'AA Brakes test', partCount: 2 },
        { id: empty.id, slug: 'aa-empty-test', name: 'AA Empty test', partCount: 0 },
      ]),
    );
  });

  it('lets only an admin add, rename and delete', async () => {
    for (const [method, url] of [
      ['POST', '/api/categories'],
      ['PATCH', '/api/categories/some-id'],
      ['DELETE', '/api/categories/some-id'],
    ] as const) {
      expect((await api.anonymous.request(method, url, method === 'DELETE' ? undefined : { name: 'X' })).status).toBe(401);
      expect((await api.as(customer).request(method, url, method === 'DELETE' ? undefined : { name: 'X' })).status).toBe(403);
    }
  });

  it('adds a category, its address name made from its name, and shows it in the parts of the part', async () => {
    const res = await api.as(admin).post('/api/categories', { name: 'Suspension & Steering Test' });
    expect(res.status, res.body).toBe(201);
    expect(res.json).toMatchObject({ slug: 'suspension-steering-test', name: 'Suspension & Steering Test', partCount: 0 });
    const part = await insertPart(db(), { category_id: res.json.id });
    const shown = await api.anonymous.get(`/api/parts/${part.id}`);
    expect(shown.json).toMatchObject({
      categoryId: res.json.id,
      category: { slug: 'suspension-steering-test', name: 'Suspension & Steering Test' },
    });
  });

  it('refuses a blank name, a bad address name, a name or address name taken, and unknown fields', async () => {
    await insertCategory(db(), { name: 'Taken Name', slug: 'taken-slug' });
    const cases: [object, number, Record<string, string>][] = [
      [{ name: '  ' }, 400, { name: c.nameRequired }],
      [{ name: 'Fine', slug: 'Not A Slug' }, 400, { slug: c.slugInvalid }],
      [{ name: 'Fine', slug: '-x-' }, 400, { slug: c.slugInvalid }],
      [{ name: '!!!' }, 400, { slug: c.slugInvalid }],
      [{ name: 'taken name' }, 409, { name: c.nameTaken }],
      [{ name: 'Other', slug: 'taken-slug' }, 409, { slug: c.slugTaken }],
    ];
    for (const [body, status, errors] of cases) {
      const res = await api.as(admin).post('/api/categories', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.json.errors).toEqual(errors);
    }
    expect((await api.as(admin).post('/api/categories', { name: 'Fine', partCount: 3 })).status).toBe(400);
  });

  it('renames a category and changes its address name, refusing one another category has', async () => {
    const mine = await insertCategory(db(), { name: 'Old name', slug: 'old-name' });
    await insertCategory(db(), { name: 'Neighbour', slug: 'neighbour' });
    const renamed = await api.as(admin).patch(`/api/categories/${mine.id}`, { name: 'New name', slug: 'new-name' });
    expect(renamed.status, renamed.body).toBe(200);
    expect(renamed.json).toMatchObject({ id: mine.id, name: 'New name', slug: 'new-name' });
    // Its own name again is not a clash.
    expect((await api.as(admin).patch(`/api/categories/${mine.id}`, { name: 'New name' })).status).toBe(200);
    const clash = await api.as(admin).patch(`/api/categories/${mine.id}`, { slug: 'neighbour' });
    expect(clash.status).toBe(409);
    expect(clash.json.errors).toEqual({ slug: c.slugTaken });
    expect((await api.as(admin).patch('/api/categories/no-such-id', { name: 'X' })).status).toBe(404);
  });

  it('deletes an empty category, and refuses one with parts, sold or no longer sold', async () => {
    const empty = await insertCategory(db());
    expect((await api.as(admin).delete(`/api/categories/${empty.id}`)).status).toBe(204);
    expect((await api.as(admin).delete(`/api/categories/${empty.id}`)).status).toBe(404);

    const full = await insertCategory(db());
    await insertPart(db(), { category_id: full.id });
    await insertPart(db(), { category_id: full.id });
    const refused = await api.as(admin).delete(`/api/categories/${full.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json.detail).toBe(c.hasParts(2));

    const history = await insertCategory(db());
    await insertPart(db(), { category_id: history.id, archived_at: '2026-01-01T00:00:00.000Z' });
    const kept = await api.as(admin).delete(`/api/categories/${history.id}`);
    expect(kept.status).toBe(409);
    expect(kept.json.detail).toBe(c.hasArchivedParts(1));
  });
});

it('makes address names from names', () => {
  expect(slugOf('Suspension & Steering')).toBe('suspension-steering');
  expect(slugOf('  Électrique  ')).toBe('electrique');
  expect(slugOf('Wipers & Washers')).toBe('wipers-washers');
  expect(slugOf('!!!')).toBe('');
});
