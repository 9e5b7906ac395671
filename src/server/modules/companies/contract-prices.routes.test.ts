import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { MAX_CONTRACT_PRICE_FILE_BYTES } from '#shared/schemas/companies';
import { signInAs, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { insertCompany } from '../../testing/companies';
import { insertPart } from '../../testing/factories';
import { describeOnEachEngine, type TestContext } from '../../testing/test-app';

const c = copy.companies;
const csv = { headers: { 'content-type': 'text/csv' } };

async function storedPrices(ctx: TestContext, companyId: string) {
  const rows = await ctx.database.db
    .selectFrom('company_prices')
    .select(['part_id', 'unit_price_cents'])
    .where('company_id', '=', companyId)
    .orderBy('part_id')
    .execute();
  return rows.map((row) => ({ partId: row.part_id, cents: Number(row.unit_price_cents) }));
}

describeOnEachEngine("a company's contract prices", (ctx) => {
  const api = testApi(ctx);
  let admin: TestAccount;

  beforeAll(async () => {
    admin = await signInAs(ctx.app, ctx.database.db, 'admin');
  });

  it('imports a file as the whole list, and lists it by SKU with the parts named', async () => {
    const company = await insertCompany(ctx.database.db, { status: 'active' });
    const disc = await insertPart(ctx.database.db, { name: 'Brake disc', sku: 'GH-P-DISC' });
    const pad = await insertPart(ctx.database.db, { name: 'Brake pad', sku: 'GH-P-PAD' });
    const res = await api
      .as(admin)
      .put(`/api/companies/${company.id}/prices`, 'sku,unit_price\nGH-P-PAD,12.5\r\ngh-p-disc,48.90\n', csv);
    expect(res.status, res.body).toBe(200);
    expect(res.json).toEqual({ imported: 2, rejected: [] });

    const list = await api.as(admin).get(`/api/companies/${company.id}/prices`);
    expect(list.status).toBe(200);
    expect(list.json).toEqual({
      items: [
        { sku: 'GH-P-DISC', partId: disc.id, partName: 'Brake disc', unitPriceCents: 4890 },
        { sku: 'GH-P-PAD', partId: pad.id, partName: 'Brake pad', unitPriceCents: 1250 },
      ],
    });

    // The next file replaces the list: the pad's price is gone.
    const again = await api.as(admin).put(`/api/companies/${company.id}/prices`, 'SKU;Unit price\nGH-P-DISC;47.00\n', csv);
    expect(again.json).toEqual({ imported: 1, rejected: [] });
    expect(await storedPrices(ctx, company.id)).toEqual([{ partId: disc.id, cents: 4700 }]);
  });

  it('reports every bad line with its number and why, and changes nothing', async () => {
    const company = await insertCompany(ctx.database.db, { status: 'active' });
    const part = await insertPart(ctx.database.db, { sku: 'GH-Q-ONE' });
    const other = await insertPart(ctx.database.db, { sku: 'GH-Q-TWO' });
    await api.as(admin).put(`/api/companies/${company.id}/prices`, 'sku,unit_price\nGH-Q-ONE,10.00\n', csv);

    const file = [
      'sku,unit_price',
      'GH-Q-TWO,9.99',
      'GH-NOPE,5.00',
      'GH-Q-ONE,0.00',
      '',
      'GH-Q-TWO,8.00',
      'GH-Q-ONE,4890',
      'GH-Q-ONE,-1.00',
      ',3.00',
      'GH-Q-ONE,48.9.0',
    ].join('\n');
    const res = await api.as(admin).put(`/api/companies/${company.id}/prices`, file, csv);
    expect(res.status, res.body).toBe(200);
    expect(res.json).toEqual({
      imported: 0,
      rejected: [
        { line: 3, message: c.pricesUnknownSku('GH-NOPE') },
        { line: 4, message: c.pricesNotPositive },
        { line: 6, message: c.pricesDuplicate('GH-Q-TWO', 2) },
        { line: 7, message: c.pricesDuplicate('GH-Q-ONE', 4) },
        { line: 8, message: c.pricesDuplicate('GH-Q-ONE', 4) },
        { line: 9, message: c.pricesSkuMissing },
        { line: 10, message: c.pricesDuplicate('GH-Q-ONE', 4) },
      ],
    });
    expect(await storedPrices(ctx, company.id)).toEqual([{ partId: part.id, cents: 1000 }]);
    expect(other.id).toBeDefined();
  });

  it('refuses malformed and non-positive prices on their lines', async () => {
    const company = await insertCompany(ctx.database.db, { status: 'active' });
    const parts = await Promise.all(['A', 'B', 'C', 'D'].map((letter) => insertPart(ctx.database.db, { sku: `GH-M-${letter}` })));
    const file = ['sku,unit_price', 'GH-M-A,48.905', 'GH-M-B,-2.00', 'GH-M-C,abc', 'GH-M-D,'].join('\n');
    const res = await api.as(admin).put(`/api/companies/${company.id}/prices`, file, csv);
    expect(res.json).toEqual({
      imported: 0,
      rejected: [
        { line: 2, message: c.pricesMalformed },
        { line: 3, message: c.pricesNotPositive },
        { line: 4, message: c.pricesMalformed },
        { line: 5, message: c.pricesMalformed },
      ],
    });
    expect(parts).toHaveLength(4);
    expect(await storedPrices(ctx, company.id)).toEqual([]);
  });

  it('refuses a file without its header row, naming the first line', async () => {
    const company = await insertCompany(ctx.database.db, { status: 'active' });
    await insertPart(ctx.database.db, { sku: 'GH-H-ONE' });
    const res = await api.as(admin).put(`/api/companies/${company.id}/prices`, 'GH-H-ONE,10.00\n', csv);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ imported: 0, rejected: [{ line: 1, message: c.pricesHeader }] });
    const empty = await api.as(admin).put(`/api/companies/${company.id}/prices`, '', csv);
    expect(empty.json).toEqual({ imported: 0, rejected: [{ line: 1, message: c.pricesHeader }] });
  });

  it('clears the list with a file of only its header', async () => {
    const company = await insertCompany(ctx.database.db, { status: 'active' });
    await insertPart(ctx.database.db, { sku: 'GH-E-ONE' });
    await api.as(admin).put(`/api/companies/${company.id}/prices`, 'sku,unit_price\nGH-E-ONE,10.00\n', csv);
    const res = await api.as(admin).put(`/api/companies/${company.id}/prices`, 'sku,unit_price\n', csv);
    expect(res.json).toEqual({ imported: 0, rejected: [] });
    expect(await storedPrices(ctx, company.id)).toEqual([]);
  });

  it('keeps a price when the part later changes its SKU', async () => {
    const company = await insertCompany(ctx.database.db, { status: 'active' });
    const part = await insertPart(ctx.database.db, { sku: 'GH-OLD-1' });
    await api.as(admin).put(`/api/companies/${company.id}/prices`, 'sku,unit_price\nGH-OLD-1,10.00\n', csv);
    await ctx.database.db.updateTable('parts').set({ sku: 'GH-NEW-1' }).where('id', '=', part.id).execute();
    const list = await api.as(admin).get(`/api/companies/${company.id}/prices`);
    expect(list.json.items).toEqual([{ sku: 'GH-NEW-1', partId: part.id, partName: part.name, unitPriceCents: 1000 }]);
  });

  it('refuses a file too large with 413, a body that is not text or not CSV with 400', async () => {
    const company = await insertCompany(ctx.database.db, { status: 'active' });
    const big = 'sku,unit_price\n' + 'GH-X,1.00\n'.repeat(MAX_CONTRACT_PRICE_FILE_BYTES / 10 + 1);
    const tooLarge = await api.as(admin).put(`/api/companies/${company.id}/prices`, big, csv);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers['content-type']).toContain('application/problem+json');
    expect(tooLarge.json.detail).toBe(c.pricesTooLarge(2));

    const binary = await api.as(admin).put(`/api/companies/${company.id}/prices`, 'sku,unit_price\nGH-X,1.00\uFFFD', csv);
    expect(binary.status).toBe(400);
    expect(binary.json.errors).toEqual({ file: c.pricesNotText });

    const json = await api.as(admin).put(`/api/companies/${company.id}/prices`, { sku: 'GH-X' });
    expect(json.status).toBe(400);
    expect(await storedPrices(ctx, company.id)).toEqual([]);
  });

  it('answers 404 for a company that does not exist', async () => {
    const put = await api.as(admin).put('/api/companies/no-such-company/prices', 'sku,unit_price\n', csv);
    expect(put.status).toBe(404);
    expect((await api.as(admin).get('/api/companies/no-such-company/prices')).status).toBe(404);
  });

  it('is for shop admins only: a company admin cannot set or read prices, even their own', async () => {
    const customer = await signInAs(ctx.app, ctx.database.db, 'customer');
    const company = await insertCompany(ctx.database.db, { status: 'active', memberIds: [customer.id] });
    const url = `/api/companies/${company.id}/prices`;
    expect((await api.as(customer).put(url, 'sku,unit_price\n', csv)).status).toBe(403);
    expect((await api.as(customer).get(url)).status).toBe(403);
    expect((await api.anonymous.put(url, 'sku,unit_price\n', csv)).status).toBe(401);
    expect((await api.anonymous.get(url)).status).toBe(401);
  });
});
