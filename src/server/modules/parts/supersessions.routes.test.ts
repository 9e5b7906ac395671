import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { MAX_QUANTITY_FACTOR } from '#shared/schemas/supersessions';
import { signedInAdmin, signedInCustomer, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { insertPart } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';
import { resolvePartNumbers } from './supersessions';

describeOnEachEngine('supersessions API', (ctx) => {
  let admin: TestAccount;
  let customer: TestAccount;
  let numbers = 0;

  beforeAll(async () => {
    admin = await signedInAdmin(ctx);
    customer = await signedInCustomer(ctx);
  });

  const api = testApi(ctx);
  const db = () => ctx.database.db;
  const oldNumber = () => `GH-OLD-${(numbers += 1)}`;
  const supersede = (partId: string, body: object) => api.as(admin).post(`/api/parts/${partId}/supersessions`, body);
  const archivedAt = async (id: string) =>
    (await db().selectFrom('parts').select('archived_at').where('id', '=', id).executeTakeFirstOrThrow()).archived_at;

  it('lets an admin list, add and remove the numbers a part replaces; anyone reads them', async () => {
    const part = await insertPart(db());
    const number = oldNumber();
    const added = await supersede(part.id, {
      fromNumber: ` ${number.toLowerCase()} `,
      quantityFactor: 2,
      since: '2026-03-01',
      note: 'Pairs',
    });
    expect(added.status).toBe(201);
    expect(added.json).toEqual({
      items: [{ fromNumber: number, quantityFactor: 2, since: '2026-03-01', note: 'Pairs', createdAt: expect.any(String) }],
      replacedBy: null,
    });
    const listed = await api.anonymous.get(`/api/parts/${part.id}/supersessions`);
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual(added.json);

    // Spaces, dots and hyphens aside, it is the same number.
    const removed = await api
      .as(admin)
      .delete(`/api/parts/${part.id}/supersessions/${encodeURIComponent(number.replace(/-/g, ' '))}`);
    expect(removed.status).toBe(204);
    expect((await api.anonymous.get(`/api/parts/${part.id}/supersessions`)).json.items).toEqual([]);
    const again = await api.as(admin).delete(`/api/parts/${part.id}/supersessions/${number}`);
    expect(again.status).toBe(404);
    expect(again.json.detail).toBe(copy.supersessions.notFound);
  });

  it('takes the factor as 1, the day as today and the note as empty when left out', async () => {
    const part = await insertPart(db());
    const res = await supersede(part.id, { fromNumber: oldNumber() });
    expect(res.status).toBe(201);
    expect(res.json.items[0]).toMatchObject({ quantityFactor: 1, note: '', since: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });

  it('refuses visitors and customers before reading the body', async () => {
    const part = await insertPart(db());
    expect((await api.anonymous.post(`/api/parts/${part.id}/supersessions`, {})).status).toBe(401);
    expect((await api.as(customer).post(`/api/parts/${part.id}/supersessions`, { fromNumber: oldNumber() })).status).toBe(403);
    expect((await api.as(customer).delete(`/api/parts/${part.id}/supersessions/X`)).status).toBe(403);
  });

  it.each([
    [{ fromNumber: '' }, copy.supersessions.numberRequired],
    [{ fromNumber: '--' }, copy.supersessions.numberInvalid],
    [{ fromNumber: 'X'.repeat(65) }, copy.supersessions.numberTooLong(64)],
  ])('refuses a bad number %j, naming fromNumber', async (body, message) => {
    const part = await insertPart(db());
    const res = await supersede(part.id, body);
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ fromNumber: message });
  });

  it.each([0, -1, 1.5, MAX_QUANTITY_FACTOR + 1, '2'])('refuses the factor %j, naming quantityFactor', async (quantityFactor) => {
    const part = await insertPart(db());
    const res = await supersede(part.id, { fromNumber: oldNumber(), quantityFactor });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ quantityFactor: copy.supersessions.factorInvalid(MAX_QUANTITY_FACTOR) });
  });

  it.each(['2026-02-30', '01/03/2026', '2026-3-1', ''])('refuses the date %j, naming since', async (since) => {
    const part = await insertPart(db());
    const res = await supersede(part.id, { fromNumber: oldNumber(), since });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ since: copy.supersessions.sinceInvalid });
  });

  it('refuses the part’s own number, and a number another part already replaces', async () => {
    const part = await insertPart(db(), { sku: 'GH-OWN-1' });
    const own = await supersede(part.id, { fromNumber: 'gh own 1' });
    expect(own.status).toBe(400);
    expect(own.json.errors).toEqual({ fromNumber: copy.supersessions.ownNumber });

    const other = await insertPart(db());
    const number = oldNumber();
    expect((await supersede(other.id, { fromNumber: number })).status).toBe(201);
    const taken = await supersede(part.id, { fromNumber: number.replace(/-/g, '') });
    expect(taken.status).toBe(409);
    expect(taken.json.errors).toEqual({ fromNumber: copy.supersessions.alreadyReplaced(number, other.sku) });
    expect((await api.anonymous.get(`/api/parts/${part.id}/supersessions`)).json.items).toEqual([]);
  });

  it('archives a part on sale whose number is replaced, and names its successor', async () => {
    const old = await insertPart(db(), { sku: 'GH-BRK-1042' });
    const successor = await insertPart(db(), { sku: 'GH-BRK-2042' });
    expect((await supersede(successor.id, { fromNumber: 'GH-BRK-1042' })).status).toBe(201);
    expect(await archivedAt(old.id)).not.toBeNull();
    expect(await archivedAt(successor.id)).toBeNull();
    const replaced = await api.anonymous.get(`/api/parts/${old.id}/supersessions`);
    expect(replaced.json.replacedBy).toEqual({
      partId: successor.id,
      sku: 'GH-BRK-2042',
      name: successor.name,
      resolvedFrom: { number: 'GH-BRK-1042', chain: ['GH-BRK-1042', 'GH-BRK-2042'], quantityFactor: 1 },
    });
    expect((await api.anonymous.get(`/api/parts/${old.id}`)).status).toBe(404);
  });

  it("answers a replaced part's own 404 with the part sold in its place, and an unknown part's without", async () => {
    const old = await insertPart(db(), { sku: 'GH-NF-1042' });
    const successor = await insertPart(db(), { sku: 'GH-NF-2042' });
    expect((await supersede(successor.id, { fromNumber: 'GH-NF-1042' })).status).toBe(201);
    const replaced = await api.anonymous.get(`/api/parts/${old.id}`);
    expect(replaced.status).toBe(404);
    expect(replaced.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(replaced.json).toMatchObject({
      code: 'not_found',
      detail: copy.part.notFound,
      replacedBy: { id: successor.id, sku: 'GH-NF-2042', name: successor.name, number: 'GH-NF-1042' },
    });
    // An archived part that replaced nothing, and an id that was never a part: a plain 404.
    const archived = await insertPart(db(), { archived_at: '2026-01-02T00:00:00.000Z' });
    for (const id of [archived.id, '0195f3c2a1b07c3d9e8f0a1b2c3d4e5f']) {
      const res = await api.anonymous.get(`/api/parts/${id}`);
      expect(res.status).toBe(404);
      expect(res.json.code).toBe('not_found');
      expect(res.json).not.toHaveProperty('replacedBy');
    }
  });

  it('follows chains, multiplying the factors, and refuses a circle', async () => {
    const a = await insertPart(db(), { sku: 'GH-CH-A' });
    const b = await insertPart(db(), { sku: 'GH-CH-B' });
    const c = await insertPart(db(), { sku: 'GH-CH-C' });
    expect((await supersede(b.id, { fromNumber: 'GH-CH-A', quantityFactor: 2 })).status).toBe(201);
    expect((await supersede(c.id, { fromNumber: 'GH-CH-B', quantityFactor: 3 })).status).toBe(201);

    const resolved = await resolvePartNumbers(db(), ['gh ch a', 'GH-CH-B', 'GH-CH-C', 'GH-NONE']);
    expect(resolved.get('gh ch a')).toMatchObject({
      part: { id: c.id },
      resolvedFrom: { number: 'GH CH A', chain: ['GH CH A', 'GH-CH-B', 'GH-CH-C'], quantityFactor: 6 },
    });
    expect(resolved.get('GH-CH-B')?.resolvedFrom).toEqual({
      number: 'GH-CH-B',
      chain: ['GH-CH-B', 'GH-CH-C'],
      quantityFactor: 3,
    });
    expect(resolved.get('GH-CH-C')).toEqual({ part: expect.objectContaining({ id: c.id }) });
    expect(resolved.has('GH-NONE')).toBe(false);

    // A, archived when it was replaced, replaces nothing; put back on sale under its replaced number, it
    // may not replace D, the end of its own chain: that would close a circle.
    const d = await insertPart(db(), { sku: 'GH-CH-D' });
    expect((await supersede(d.id, { fromNumber: 'GH-CH-C' })).status).toBe(201);
    expect((await supersede(a.id, { fromNumber: 'GH-CH-D' })).status).toBe(404);
    await db().updateTable('parts').set({ archived_at: null }).where('id', '=', a.id).execute();
    const closing = await supersede(a.id, { fromNumber: 'GH-CH-D' });
    expect(closing.status).toBe(400);
    expect(closing.json.errors).toEqual({ fromNumber: copy.supersessions.cycle('GH-CH-D', 'GH-CH-A') });
  });

  it('finds the part replacing a number searched for, first and saying so', async () => {
    await insertPart(db(), { sku: 'GH-SRCH-1042', name: 'Old brake pad set' });
    const successor = await insertPart(db(), { sku: 'GH-SRCH-2042', name: 'Ceramic brake pad set' });
    expect((await supersede(successor.id, { fromNumber: 'GH-SRCH-1042', quantityFactor: 2 })).status).toBe(201);
    const found = await api.anonymous.get('/api/parts?q=gh%20srch%201042');
    expect(found.status).toBe(200);
    expect(found.json.items[0]).toMatchObject({
      id: successor.id,
      resolvedFrom: { number: 'GH SRCH 1042', chain: ['GH SRCH 1042', 'GH-SRCH-2042'], quantityFactor: 2 },
    });
    expect(found.json.items.filter((item: { id: string }) => item.id === successor.id)).toHaveLength(1);
    // Its own number finds it as any SKU does, without resolvedFrom.
    const own = await api.anonymous.get('/api/parts?q=GH-SRCH-2042');
    expect(own.json.items[0]).toMatchObject({ id: successor.id });
    expect(own.json.items[0].resolvedFrom).toBeUndefined();
  });

  it('refuses to give a part a number another part replaces', async () => {
    const successor = await insertPart(db());
    const other = await insertPart(db());
    expect((await supersede(successor.id, { fromNumber: 'GH-TAKEN-1' })).status).toBe(201);
    const res = await api.as(admin).patch(`/api/parts/${other.id}`, { sku: 'GH-TAKEN-1' });
    expect(res.status).toBe(409);
    expect(res.json.errors).toEqual({ sku: copy.supersessions.skuReplaced('GH-TAKEN-1', successor.sku) });
    expect((await db().selectFrom('parts').select('sku').where('id', '=', other.id).executeTakeFirstOrThrow()).sku).toBe(
      other.sku,
    );
  });

  it('answers 404 for a part that does not exist', async () => {
    expect((await api.anonymous.get('/api/parts/no-such-part/supersessions')).status).toBe(404);
    expect((await supersede('no-such-part', { fromNumber: oldNumber() })).status).toBe(404);
  });
});
