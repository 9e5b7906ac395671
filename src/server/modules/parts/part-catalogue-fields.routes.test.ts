import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { signedInAdmin, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { ensureTestCategory, insertCategory, insertPart } from '../../testing/factories';
import { describeOnEachEngine } from '../../testing/test-app';
import { storeImage } from '../uploads';

const p = copy.pricing;

describeOnEachEngine("a part's SKU, category, cross-references, pack size and price tiers", (ctx) => {
  let admin: TestAccount;
  let imageUrl: string;
  let categoryId: string;

  beforeAll(async () => {
    admin = await signedInAdmin(ctx);
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#39c' } })
      .png()
      .toBuffer();
    imageUrl = (await storeImage(ctx.storage, png)).url;
    categoryId = await ensureTestCategory(ctx.database.db);
  });

  const api = testApi(ctx);
  let skuSequence = 0;
  const body = (overrides: object = {}) => {
    skuSequence += 1;
    return {
      name: 'Ceramic brake pads',
      description: 'Low dust.',
      priceCents: 4890,
      stock: 500,
      imageUrl,
      sku: `gh-brk-${1000 + skuSequence}`,
      categoryId,
      ...overrides,
    };
  };

  it('stores them as sent (the SKU upper-case) and shows them on the part and in the list', async () => {
    const created = await api.as(admin).post(
      '/api/parts',
      body({
        sku: ' gh-brk-1042 ',
        crossReferences: [
          { brand: ' Volkswagen ', number: '1K0 698 151 A' },
          { brand: 'Akebono', number: ' D1107 ' },
          { brand: 'Bosch', number: '1K0-698-151-A' },
        ],
        packSize: 4,
        lowStockThreshold: 60,
        priceTiers: [
          { minQuantity: 48, unitPriceCents: 4650 },
          { minQuantity: 96, unitPriceCents: 4400 },
        ],
      }),
    );
    expect(created.status, created.body).toBe(201);
    const part = (await api.anonymous.get(`/api/parts/${created.json.id}`)).json;
    expect(part).toMatchObject({
      sku: 'GH-BRK-1042',
      categoryId,
      category: { slug: 'test-parts', name: 'Test parts' },
      crossReferences: [
        { brand: 'Volkswagen', number: '1K0 698 151 A' },
        { brand: 'Akebono', number: 'D1107' },
        { brand: 'Bosch', number: '1K0-698-151-A' },
      ],
      packSize: 4,
      lowStockThreshold: 60,
      priceTiers: [
        { minQuantity: 48, unitPriceCents: 4650 },
        { minQuantity: 96, unitPriceCents: 4400 },
      ],
    });
    const listed = (await api.anonymous.get('/api/parts?limit=60')).json.items.find(
      (item: { id: string }) => item.id === created.json.id,
    );
    expect(listed).toMatchObject({ sku: 'GH-BRK-1042', packSize: 4, category: { slug: 'test-parts' } });
  });

  it('defaults to no cross-references, a pack of one, no tiers and no threshold of its own', async () => {
    const created = await api.as(admin).post('/api/parts', body());
    const part = (await api.anonymous.get(`/api/parts/${created.json.id}`)).json;
    expect(part).toMatchObject({ crossReferences: [], packSize: 1, priceTiers: [], lowStockThreshold: null });
  });

  it('sets, keeps and clears a low-stock threshold', async () => {
    const created = await api.as(admin).post('/api/parts', body({ lowStockThreshold: 0 }));
    const id = created.json.id as string;
    expect((await api.anonymous.get(`/api/parts/${id}`)).json.lowStockThreshold).toBe(0);
    expect((await api.as(admin).patch(`/api/parts/${id}`, { lowStockThreshold: 150 })).json.lowStockThreshold).toBe(150);
    expect((await api.as(admin).patch(`/api/parts/${id}`, { name: 'Renamed pads' })).json.lowStockThreshold).toBe(150);
    expect((await api.as(admin).patch(`/api/parts/${id}`, { lowStockThreshold: null })).json.lowStockThreshold).toBeNull();
  });

  it.each([
    ['no SKU', { sku: undefined }, { sku: p.skuRequired }],
    ['a SKU with other characters', { sku: 'GH BRK/1' }, { sku: p.skuInvalid }],
    ['a SKU too short', { sku: 'AB' }, { sku: p.skuInvalid }],
    ['no category', { categoryId: undefined }, { categoryId: copy.categories.required }],
    ['a pack size of 0', { packSize: 0 }, { packSize: p.packSizeInvalid }],
    ['a negative low-stock threshold', { lowStockThreshold: -1 }, { lowStockThreshold: p.lowStockThresholdInvalid }],
    ['a low-stock threshold of 2.5', { lowStockThreshold: 2.5 }, { lowStockThreshold: p.lowStockThresholdInvalid }],
    ['a low-stock threshold as text', { lowStockThreshold: '24' }, { lowStockThreshold: p.lowStockThresholdInvalid }],
    [
      'a low-stock threshold over the most stock',
      { lowStockThreshold: 1_000_001 },
      { lowStockThreshold: p.lowStockThresholdInvalid },
    ],
    [
      '21 cross-references',
      { crossReferences: Array.from({ length: 21 }, (_, i) => ({ brand: 'Bosch', number: `BX-${100 + i}` })) },
      { crossReferences: p.crossReferencesTooMany(20) },
    ],
    [
      'a brand with the same number twice',
      {
        crossReferences: [
          { brand: 'Bosch', number: 'AB-123' },
          { brand: 'Febi', number: 'AB-123' },
          { brand: 'BOSCH ', number: 'ab 123' },
        ],
      },
      { 'crossReferences.2.number': p.crossReferenceDuplicate(3, 1) },
    ],
    [
      'a cross-reference without a brand',
      {
        crossReferences: [
          { brand: 'Bosch', number: 'AB-123' },
          { brand: '  ', number: 'CD-456' },
        ],
      },
      { 'crossReferences.1.brand': p.crossReferenceBrandInvalid(2, 40) },
    ],
    [
      'a brand too long',
      { crossReferences: [{ brand: 'B'.repeat(41), number: 'AB-123' }] },
      { 'crossReferences.0.brand': p.crossReferenceBrandInvalid(1, 40) },
    ],
    [
      'a cross-reference number with other characters',
      { crossReferences: [{ brand: 'Bosch', number: 'AB_123' }] },
      { 'crossReferences.0.number': p.crossReferenceNumberInvalid(1) },
    ],
    [
      'a cross-reference that is a bare number',
      { crossReferences: ['AB-123'] },
      { 'crossReferences.0': p.crossReferenceInvalid(1) },
    ],
    [
      'a tier at the minimum order',
      { priceTiers: [{ minQuantity: 12, unitPriceCents: 4000 }] },
      { 'priceTiers.0.minQuantity': p.tierQuantityNotAboveMinimum(1, 12) },
    ],
    [
      'a tier not cheaper than the part',
      { priceTiers: [{ minQuantity: 24, unitPriceCents: 4890 }] },
      { 'priceTiers.0.unitPriceCents': p.tierPriceNotBelowBase(1, '48.90') },
    ],
    [
      'tiers out of order',
      {
        priceTiers: [
          { minQuantity: 48, unitPriceCents: 4650 },
          { minQuantity: 24, unitPriceCents: 4700 },
        ],
      },
      {
        'priceTiers.1.minQuantity': p.tierQuantityNotAscending(2, 48),
        'priceTiers.1.unitPriceCents': p.tierPriceNotLower(2, '46.50'),
      },
    ],
  ])('refuses %s with the field named', async (_label, overrides, errors) => {
    const res = await api.as(admin).post('/api/parts', body(overrides));
    expect(res.status, res.body).toBe(400);
    expect(res.json.errors).toEqual(errors);
  });

  it('refuses an unknown category and a SKU another part has, archived or not', async () => {
    const unknown = await api.as(admin).post('/api/parts', body({ categoryId: 'no-such-category' }));
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors).toEqual({ categoryId: copy.categories.unknown });

    await insertPart(ctx.database.db, { sku: 'GH-TAKEN-1', name: 'The first holder', archived_at: '2026-01-01T00:00:00.000Z' });
    const taken = await api.as(admin).post('/api/parts', body({ sku: 'gh-taken-1' }));
    expect(taken.status).toBe(409);
    expect(taken.json.errors).toEqual({ sku: p.skuTaken('The first holder') });
  });

  it('checks tiers against the part as it will be when only the price or minimum order changes', async () => {
    const created = await api.as(admin).post('/api/parts', body({ priceTiers: [{ minQuantity: 48, unitPriceCents: 4650 }] }));
    const id = created.json.id as string;
    const cheaper = await api.as(admin).patch(`/api/parts/${id}`, { priceCents: 4500 });
    expect(cheaper.status).toBe(400);
    expect(cheaper.json.errors).toEqual({ 'priceTiers.0.unitPriceCents': p.tierPriceNotBelowBase(1, '45.00') });
    const bigger = await api.as(admin).patch(`/api/parts/${id}`, { minOrderQuantity: 48 });
    expect(bigger.status).toBe(400);
    expect(bigger.json.errors).toEqual({ 'priceTiers.0.minQuantity': p.tierQuantityNotAboveMinimum(1, 48) });
    // Changed together, they fit.
    const both = await api.as(admin).patch(`/api/parts/${id}`, {
      priceCents: 4500,
      priceTiers: [{ minQuantity: 48, unitPriceCents: 4300 }],
    });
    expect(both.status, both.body).toBe(200);
    expect(both.json.priceTiers).toEqual([{ minQuantity: 48, unitPriceCents: 4300 }]);
  });

  it('replaces the cross-references by PATCH, and a bad row changes nothing, naming the field and the row', async () => {
    const created = await api
      .as(admin)
      .post('/api/parts', body({ sku: 'GH-XREF-1', crossReferences: [{ brand: 'Volkswagen', number: '1K0 698 151 A' }] }));
    const id = created.json.id as string;
    const references = [
      { brand: 'Bosch', number: '0 986 494 161' },
      { brand: 'Brembo', number: 'P 85 072' },
    ];
    const patched = await api.as(admin).patch(`/api/parts/${id}`, { crossReferences: references });
    expect(patched.status, patched.body).toBe(200);
    expect(patched.json.crossReferences).toEqual(references);

    const refused = await api.as(admin).patch(`/api/parts/${id}`, {
      name: 'Renamed by a refused change',
      crossReferences: [...references, { brand: 'bosch', number: '0986-494.161' }],
    });
    expect(refused.status, refused.body).toBe(400);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.json.errors).toEqual({ 'crossReferences.2.number': p.crossReferenceDuplicate(3, 1) });
    expect(p.crossReferenceDuplicate(3, 1)).toBe('Cross-reference 3: the same brand and number as cross-reference 1.');
    const kept = (await api.anonymous.get(`/api/parts/${id}`)).json;
    expect(kept).toMatchObject({ name: 'Ceramic brake pads', crossReferences: references });

    // Emptied.
    const cleared = await api.as(admin).patch(`/api/parts/${id}`, { crossReferences: [] });
    expect(cleared.json.crossReferences).toEqual([]);
  });

  it('moves a part to another category and keeps its SKU free to itself', async () => {
    const other = await insertCategory(ctx.database.db, { name: 'Filters test', slug: 'filters-test' });
    const created = await api.as(admin).post('/api/parts', body({ sku: 'GH-MOVE-1' }));
    const moved = await api.as(admin).patch(`/api/parts/${created.json.id}`, { categoryId: other.id, sku: 'GH-MOVE-1' });
    expect(moved.status, moved.body).toBe(200);
    expect(moved.json.category).toEqual({ slug: 'filters-test', name: 'Filters test' });
    const unknown = await api.as(admin).patch(`/api/parts/${created.json.id}`, { categoryId: 'nope' });
    expect(unknown.status).toBe(400);
  });
});
