import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type Mock, beforeEach, describe, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import type { Part } from '#shared/schemas/parts';
import { toast } from '../../../lib/toast';
import { type FakeApi, fakeApi, fieldProblem, ok, problem } from '../../../testing/fake-api';
import {
  expectFieldError,
  expectNoFieldError,
  pictureFile,
  renderWithApp,
  stubObjectUrls,
} from '../../../testing/render-with-app';
import { PartForm } from './part-form';

const v = copy.validation;
let api: FakeApi;

beforeEach(() => {
  stubObjectUrls();
  api = fakeApi();
});

const a = copy.partsAdmin;
const p = copy.pricing;
const name = () => screen.getByLabelText(copy.fields.name);
const sku = () => screen.getByLabelText(a.sku);
const category = () => screen.getByLabelText(a.category);
const price = () => screen.getByLabelText(copy.fields.price);
const quantity = () => screen.getByLabelText(copy.fields.quantity);
const packSize = () => screen.getByLabelText(a.packSize);
const minimum = () => screen.getByLabelText(a.minOrderQuantity);
const threshold = () => screen.getByLabelText(a.lowStockThreshold);
const description = () => screen.getByLabelText(copy.fields.description);
const photo = () => screen.getByLabelText(copy.fields.photo);
const tierQuantity = (row: number) => screen.getByLabelText(`${a.tier(row)}: ${a.tierMinQuantity}`);
const tierPrice = (row: number) => screen.getByLabelText(`${a.tier(row)}: ${a.tierUnitPrice}`);
const addTier = () => screen.getByRole('button', { name: a.addTier });
const removeTier = (row: number) => screen.getByRole('button', { name: a.removeTier(row) });
const referenceBrand = (row: number) => screen.getByLabelText(`${a.crossReference(row)}: ${a.crossReferenceBrand}`);
const referenceNumber = (row: number) => screen.getByLabelText(`${a.crossReference(row)}: ${a.crossReferenceNumber}`);
const addReference = () => screen.getByRole('button', { name: a.addCrossReference });
const removeReference = (row: number) => screen.getByRole('button', { name: a.removeCrossReference(row) });

interface Typed {
  name?: string;
  sku?: string;
  categoryId?: string;
  price?: string;
  quantity?: string;
  packSize?: string;
  lowStockThreshold?: string;
  description?: string;
}

function type(values: Typed) {
  const fields: [keyof Typed, () => HTMLElement][] = [
    ['name', name],
    ['sku', sku],
    ['categoryId', category],
    ['price', price],
    ['quantity', quantity],
    ['packSize', packSize],
    ['lowStockThreshold', threshold],
    ['description', description],
  ];
  for (const [field, control] of fields) {
    const value = values[field];
    if (value !== undefined) fireEvent.change(control(), { target: { value } });
  }
}

/** Adds cross-reference rows with the button as needed and types them in. */
function typeReferences(rows: [string, string][]) {
  for (const [index, [brand, number]] of rows.entries()) {
    if (!screen.queryByLabelText(`${a.crossReference(index + 1)}: ${a.crossReferenceBrand}`)) fireEvent.click(addReference());
    fireEvent.change(referenceBrand(index + 1), { target: { value: brand } });
    fireEvent.change(referenceNumber(index + 1), { target: { value: number } });
  }
}

/** Adds tier rows with the button and types them in. */
function typeTiers(rows: [string, string][]) {
  for (const [index, [minQuantity, unitPrice]] of rows.entries()) {
    if (!screen.queryByLabelText(`${a.tier(index + 1)}: ${a.tierMinQuantity}`)) fireEvent.click(addTier());
    fireEvent.change(tierQuantity(index + 1), { target: { value: minQuantity } });
    fireEvent.change(tierPrice(index + 1), { target: { value: unitPrice } });
  }
}

const categoriesRoute = 'GET /api/categories' as const;
const categories = ok({
  items: [
    { id: 'cat-brakes', slug: 'brakes', name: 'Brakes', partCount: 4 },
    { id: 'cat-filters', slug: 'filters', name: 'Filters', partCount: 6 },
  ],
});
const upload = 'POST /api/uploads' as const;
const uploaded = ok({ url: '/uploads/pad.webp' }, 201);
const good = {
  name: 'Brake pad set',
  sku: 'gh-brk-1042',
  categoryId: 'cat-brakes',
  price: '48.90',
  quantity: '300',
  description: 'Ceramic, low dust.',
};

/** The category select has its options once GET /api/categories answered. */
async function categoriesLoaded() {
  await waitFor(() => expect(screen.getByRole('option', { name: 'Brakes' })).toBeTruthy());
}

describe('PartForm, adding', () => {
  const press = () => fireEvent.click(screen.getByRole('button', { name: copy.partsAdmin.add }));
  const createPart = 'POST /api/parts' as const;

  beforeEach(async () => {
    api.on(categoriesRoute, categories);
    renderWithApp(<PartForm />, { path: '/dashboard/add-part' });
    await categoriesLoaded();
  });

  /** The calls other than loading the categories. */
  const sent = () => api.calls.filter((call) => call.path !== '/api/categories');

  it('checks every field in the browser before uploading or sending anything', async () => {
    expect((packSize() as HTMLInputElement).value).toBe('1');
    press();
    await waitFor(() => expectFieldError(name(), v.nameRequired));
    expectFieldError(sku(), p.skuRequired);
    expectFieldError(category(), copy.categories.required);
    expectFieldError(price(), v.priceRequired);
    expectFieldError(quantity(), v.quantityRequiredPart);
    expectFieldError(description(), v.descriptionRequired);
    expectFieldError(photo(), v.imageRequired);
    expectNoFieldError(packSize());
    expectNoFieldError(threshold());
    expect(screen.queryAllByTestId('cross-reference-row')).toHaveLength(0);
    expect(threshold().getAttribute('aria-describedby')).toBe(`${threshold().id}-hint`);
    expect(screen.getByText(a.lowStockThresholdHint(12))).toBeTruthy();

    type({ price: '012', quantity: '1.5', sku: 'GH_1', packSize: '0', lowStockThreshold: '-1' });
    await waitFor(() => expectFieldError(price(), v.priceInvalid));
    expectFieldError(quantity(), v.quantityInvalidPart);
    expectFieldError(sku(), p.skuInvalid);
    expectFieldError(packSize(), p.packSizeInvalid);
    expectFieldError(threshold(), p.lowStockThresholdInvalid);
    type({ price: '1.999', quantity: '1000001', sku: 'GH-BRK-1042', packSize: '2.5', lowStockThreshold: '1000001' });
    // The price's message is the same as before the typing: wait for the SKU's to go, which shows the new check ran.
    await waitFor(() => expectNoFieldError(sku()));
    expectFieldError(price(), v.priceInvalid);
    expectFieldError(quantity(), v.quantityInvalidPart);
    expectFieldError(packSize(), p.packSizeInvalid);
    expectFieldError(threshold(), p.lowStockThresholdInvalid);
    expect(sent()).toHaveLength(0);
  });

  it('edits cross-references as rows of brand and number, each message on its row and field', async () => {
    fireEvent.click(addReference());
    // The new row's brand takes the focus, so the keyboard goes on typing.
    await waitFor(() => expect(document.activeElement).toBe(referenceBrand(1)));
    typeReferences([
      ['Volkswagen', '1K0 698 151 A'],
      ['', 'D1107'],
      ['volkswagen', '1k0-698-151a'],
      ['Bosch', '#'],
    ]);
    press();
    await waitFor(() => expectFieldError(referenceBrand(2), p.crossReferenceBrandInvalid(2, 40)));
    expectFieldError(referenceNumber(3), p.crossReferenceDuplicate(3, 1));
    expectFieldError(referenceNumber(4), p.crossReferenceNumberInvalid(4));
    expectNoFieldError(referenceBrand(1));
    expectNoFieldError(referenceNumber(1));
    expectNoFieldError(referenceNumber(2));

    // Removing a row renumbers those below, with their messages, and gives the focus to "Add".
    fireEvent.click(removeReference(3));
    await waitFor(() => expectFieldError(referenceNumber(3), p.crossReferenceNumberInvalid(3)));
    expect(document.activeElement).toBe(addReference());
    expect(screen.getAllByTestId('cross-reference-row')).toHaveLength(3);
    fireEvent.change(referenceBrand(2), { target: { value: 'Akebono' } });
    fireEvent.change(referenceNumber(3), { target: { value: '0 986 494 161' } });
    await waitFor(() => expectNoFieldError(referenceNumber(3)));
    expectNoFieldError(referenceBrand(2));
    expect(sent()).toHaveLength(0);
  });

  it('takes at most 20 cross-references: "Add" then says so', async () => {
    for (let row = 0; row < 20; row++) fireEvent.click(addReference());
    expect(screen.getAllByTestId('cross-reference-row')).toHaveLength(20);
    expect(addReference().getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText(p.crossReferencesTooMany(20))).toBeTruthy();
    fireEvent.click(addReference());
    expect(screen.getAllByTestId('cross-reference-row')).toHaveLength(20);
  });

  it('uploads the photo, then sends cents, stock and the catalogue fields; success says so and empties the form', async () => {
    api.on(upload, uploaded).on(createPart, ok({ id: 'part-9' }, 201));
    type({ ...good, packSize: '4', lowStockThreshold: ' 60 ' });
    typeReferences([
      [' Volkswagen ', ' 1K0  698 151 A '],
      ['Akebono', 'D1107'],
    ]);
    typeTiers([
      ['48', '46.50'],
      ['96', '44'],
    ]);
    fireEvent.change(photo(), { target: { files: [pictureFile()] } });
    press();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(copy.toasts.partAdded));
    expect(api.callsTo(createPart)[0]!.body).toEqual({
      name: good.name,
      description: good.description,
      priceCents: 4890,
      stock: 300,
      imageUrl: '/uploads/pad.webp',
      sku: 'GH-BRK-1042',
      categoryId: 'cat-brakes',
      crossReferences: [
        { brand: 'Volkswagen', number: '1K0 698 151 A' },
        { brand: 'Akebono', number: 'D1107' },
      ],
      minOrderQuantity: 12,
      packSize: 4,
      lowStockThreshold: 60,
      priceTiers: [
        { minQuantity: 48, unitPriceCents: 4650 },
        { minQuantity: 96, unitPriceCents: 4400 },
      ],
      // The deposit left empty: none.
      coreChargeCents: 0,
    });
    expect((name() as HTMLInputElement).value).toBe('');
    expect((category() as HTMLSelectElement).value).toBe('');
    expect(screen.queryAllByTestId('price-tier-row')).toHaveLength(0);
    expect(screen.queryAllByTestId('cross-reference-row')).toHaveLength(0);
  });

  it('takes the minimum order, 12 to start with: a whole number from 1, which the tiers and the low-stock hint follow', async () => {
    expect((minimum() as HTMLInputElement).value).toBe('12');
    type(good);
    for (const typed of ['', '0', '1.5', '01', 'one', '1000001']) {
      fireEvent.change(minimum(), { target: { value: typed } });
      press();
      await waitFor(() => expectFieldError(minimum(), p.minOrderQuantityInvalid(1_000_000)));
    }
    expect(sent()).toHaveLength(0);

    // A clutch kit sells singly: a tier from 2 on is then above the minimum; one at 1 is not.
    fireEvent.change(minimum(), { target: { value: '1' } });
    typeTiers([['1', '45.00']]);
    await waitFor(() => expectFieldError(tierQuantity(1), p.tierQuantityNotAboveMinimum(1, 1)));
    expectNoFieldError(minimum());
    expect(screen.getByText(a.lowStockThresholdHint(1))).toBeTruthy();
    fireEvent.change(tierQuantity(1), { target: { value: '2' } });
    await waitFor(() => expectNoFieldError(tierQuantity(1)));

    api.on(upload, uploaded).on(createPart, ok({ id: 'part-10' }, 201));
    fireEvent.change(photo(), { target: { files: [pictureFile()] } });
    press();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(copy.toasts.partAdded));
    expect(api.callsTo(createPart)[0]!.body).toMatchObject({
      minOrderQuantity: 1,
      priceTiers: [{ minQuantity: 2, unitPriceCents: 4500 }],
    });
    // The emptied form starts again from the default.
    expect((minimum() as HTMLInputElement).value).toBe('12');
  });

  it('checks the tier rows as the server does: each row its own problem, named by its row', async () => {
    type(good);
    typeTiers([
      ['12', '49.00'],
      ['10', '50'],
      ['', '1.999'],
    ]);
    press();
    // Against the part: above its minimum order (12 for a new part), below its own price.
    await waitFor(() => expectFieldError(tierQuantity(1), p.tierQuantityNotAboveMinimum(1, 12)));
    expectFieldError(tierPrice(1), p.tierPriceNotBelowBase(1, '48.90'));
    expectFieldError(tierQuantity(2), p.tierQuantityNotAboveMinimum(2, 12));
    expectFieldError(tierPrice(2), p.tierPriceNotBelowBase(2, '48.90'));
    // A row that is not numbers.
    expectFieldError(tierQuantity(3), p.tierQuantityInvalid(3));
    expectFieldError(tierPrice(3), p.tierPriceInvalid(3));

    // Against the row before, once every row is numbers.
    typeTiers([
      ['48', '46.50'],
      ['24', '47'],
      ['96', '44.00'],
    ]);
    await waitFor(() => expectFieldError(tierQuantity(2), p.tierQuantityNotAscending(2, 48)));
    expectFieldError(tierPrice(2), p.tierPriceNotLower(2, '46.50'));
    expectNoFieldError(tierQuantity(1));
    expectNoFieldError(tierPrice(1));
    expectNoFieldError(tierQuantity(3));
    expectNoFieldError(tierPrice(3));

    // Removing the wrong row renumbers the rest and settles their rules.
    fireEvent.click(removeTier(2));
    await waitFor(() => expect(screen.getAllByTestId('price-tier-row')).toHaveLength(2));
    expect((tierQuantity(2) as HTMLInputElement).value).toBe('96');
    await waitFor(() => expectNoFieldError(tierQuantity(2)));
    expectNoFieldError(tierPrice(2));
    expect(sent()).toHaveLength(0);

    // Lowering the part's own price to the first tier's breaks that row again.
    type({ price: '46.50' });
    await waitFor(() => expectFieldError(tierPrice(1), p.tierPriceNotBelowBase(1, '46.50')));
  });

  it('adds tier rows with the button, focusing the new row, up to 10', async () => {
    fireEvent.click(addTier());
    await waitFor(() => expect(document.activeElement).toBe(tierQuantity(1)));
    for (let row = 2; row <= 10; row++) fireEvent.click(addTier());
    await waitFor(() => expect(screen.getAllByTestId('price-tier-row')).toHaveLength(10));
    expect(addTier().getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText(p.tiersTooMany(10))).toBeTruthy();
    fireEvent.click(addTier());
    expect(screen.getAllByTestId('price-tier-row')).toHaveLength(10);

    fireEvent.click(removeTier(10));
    await waitFor(() => expect(screen.getAllByTestId('price-tier-row')).toHaveLength(9));
    expect(addTier().getAttribute('aria-disabled')).toBeNull();
    expect(document.activeElement).toBe(addTier());
  });

  it("puts a 400's messages under the form's own fields (priceCents under Price, stock under Quantity), and success clears them", async () => {
    api
      .on(upload, uploaded)
      .on(
        createPart,
        fieldProblem({ priceCents: v.priceInvalid, stock: v.quantityInvalidPart, imageUrl: v.imageRequired }),
        ok({ id: 'p' }, 201),
      );
    type(good);
    fireEvent.change(photo(), { target: { files: [pictureFile()] } });
    press();
    await waitFor(() => expectFieldError(price(), v.priceInvalid));
    expectFieldError(quantity(), v.quantityInvalidPart);
    expectFieldError(photo(), v.imageRequired);
    expectNoFieldError(name());
    expect(toast.error).toHaveBeenCalledWith(copy.toasts.partAddFailed);

    fireEvent.change(photo(), { target: { files: [pictureFile('again.png')] } });
    press();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(copy.toasts.partAdded));
    expectNoFieldError(price());
    expectNoFieldError(quantity());
    expectNoFieldError(photo());
  });

  it("puts the server's catalogue messages on their fields: a tier's price and a cross-reference's number on their rows", async () => {
    api.on(upload, uploaded).on(
      createPart,
      fieldProblem({
        'priceTiers.1.unitPriceCents': p.tierPriceNotLower(2, '46.50'),
        'crossReferences.1.number': p.crossReferenceNumberInvalid(2),
        packSize: p.packSizeInvalid,
        categoryId: copy.categories.unknown,
      }),
    );
    type(good);
    typeReferences([
      ['Akebono', 'D1107'],
      ['Akebono', 'D1108'],
    ]);
    typeTiers([
      ['48', '46.50'],
      ['96', '44'],
    ]);
    fireEvent.change(photo(), { target: { files: [pictureFile()] } });
    press();
    await waitFor(() => expectFieldError(tierPrice(2), p.tierPriceNotLower(2, '46.50')));
    expectFieldError(referenceNumber(2), p.crossReferenceNumberInvalid(2));
    expectNoFieldError(referenceNumber(1));
    expectFieldError(packSize(), p.packSizeInvalid);
    expectFieldError(category(), copy.categories.unknown);
    expectNoFieldError(tierQuantity(2));
    expectNoFieldError(tierPrice(1));
    expect(toast.error).toHaveBeenCalledWith(copy.toasts.partAddFailed);
    expect(toast.error).toHaveBeenCalledTimes(1);
  });

  it('puts "SKU taken" (409) under the SKU and keeps what was typed', async () => {
    const taken = p.skuTaken('Ceramic brake pad set');
    api.on(upload, uploaded).on(createPart, problem('conflict', taken, { sku: taken }));
    type(good);
    fireEvent.change(photo(), { target: { files: [pictureFile()] } });
    press();
    await waitFor(() => expectFieldError(sku(), taken));
    expect(document.activeElement).toBe(sku());
    expectNoFieldError(name());
    expect((sku() as HTMLInputElement).value).toBe(good.sku);
    expect(toast.error).toHaveBeenCalledWith(copy.toasts.partAddFailed);
  });

  it('says "Failed to add the Parts" for a refusal with only a detail', async () => {
    api.on(upload, uploaded).on(createPart, problem('forbidden', copy.auth.adminOnly));
    type(good);
    fireEvent.change(photo(), { target: { files: [pictureFile()] } });
    press();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(copy.toasts.partAddFailed));
    expectNoFieldError(name());
  });
});

describe('PartForm, updating', () => {
  const part: Part = {
    id: 'part-1',
    name: 'Oil filter',
    description: 'Spin-on, 3/4-16 thread.',
    priceCents: 899,
    stock: 120,
    minOrderQuantity: 12,
    imageUrl: '/uploads/filter.webp',
    sku: 'GH-FLT-3005',
    categoryId: 'cat-filters',
    category: { slug: 'filters', name: 'Filters' },
    crossReferences: [
      { brand: 'K&N', number: 'RU-4810' },
      { brand: 'Mann-Filter', number: 'W 712/75' },
    ],
    packSize: 6,
    lowStockThreshold: 30,
    coreChargeCents: 0,
    priceTiers: [
      { minQuantity: 48, unitPriceCents: 849 },
      { minQuantity: 96, unitPriceCents: 799 },
    ],
    rating: { average: 0, count: 0 },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
  const press = () => fireEvent.click(screen.getByRole('button', { name: copy.partsAdmin.save }));
  const updatePart = 'PATCH /api/parts/part-1' as const;
  let onSaved: Mock<() => void>;

  beforeEach(async () => {
    onSaved = vi.fn<() => void>();
    api.on(categoriesRoute, categories);
    renderWithApp(<PartForm part={part} onSaved={onSaved} />, { path: '/dashboard/manage-parts' });
    await categoriesLoaded();
  });

  const sent = () => api.calls.filter((call) => call.path !== '/api/categories');

  it('starts from the part, keeps its photo unless a new one is chosen, and checks fields in the browser', async () => {
    expect((price() as HTMLInputElement).value).toBe('8.99');
    expect((quantity() as HTMLInputElement).value).toBe('120');
    expect((sku() as HTMLInputElement).value).toBe('GH-FLT-3005');
    expect((category() as HTMLSelectElement).value).toBe('cat-filters');
    expect((packSize() as HTMLInputElement).value).toBe('6');
    expect((threshold() as HTMLInputElement).value).toBe('30');
    expect((referenceBrand(1) as HTMLInputElement).value).toBe('K&N');
    expect((referenceNumber(2) as HTMLInputElement).value).toBe('W 712/75');
    expect((tierQuantity(2) as HTMLInputElement).value).toBe('96');
    expect((tierPrice(2) as HTMLInputElement).value).toBe('7.99');
    type({ name: '', price: 'ten' });
    press();
    await waitFor(() => expectFieldError(name(), v.nameRequired));
    expectFieldError(price(), v.priceInvalid);
    expectNoFieldError(photo());
    expect(sent()).toHaveLength(0);
  });

  it("checks the tiers against this part's own minimum order", async () => {
    type({ price: '9.99' });
    fireEvent.change(tierQuantity(1), { target: { value: '12' } });
    press();
    await waitFor(() => expectFieldError(tierQuantity(1), p.tierQuantityNotAboveMinimum(1, 12)));
    expect(sent()).toHaveLength(0);
  });

  it("shows the part's minimum order, sends a new one, and puts the server's refusal of it under the field", async () => {
    expect((minimum() as HTMLInputElement).value).toBe('12');
    const refused = p.minOrderQuantityInvalid(1_000_000);
    api.on(updatePart, fieldProblem({ minOrderQuantity: refused }), ok({ ...part, minOrderQuantity: 6 }));
    fireEvent.change(minimum(), { target: { value: '6' } });
    press();
    await waitFor(() => expectFieldError(minimum(), refused));
    expect(api.callsTo(updatePart)[0]!.body).toMatchObject({ minOrderQuantity: 6 });
    press();
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expectNoFieldError(minimum());
  });

  it('sends an emptied threshold as null, which gives the part back its default', async () => {
    api.on(updatePart, ok({ ...part, lowStockThreshold: null }));
    type({ lowStockThreshold: '' });
    press();
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(api.callsTo(updatePart)[0]!.body).toMatchObject({ lowStockThreshold: null });
  });

  it("puts a 400's messages under the form's own fields, and a successful answer clears them", async () => {
    api.on(
      updatePart,
      fieldProblem({ stock: v.quantityInvalidPart, name: v.tooLong(120), lowStockThreshold: p.lowStockThresholdInvalid }),
      ok(part),
    );
    press();
    await waitFor(() => expectFieldError(quantity(), v.quantityInvalidPart));
    expectFieldError(name(), v.tooLong(120));
    expectFieldError(threshold(), p.lowStockThresholdInvalid);
    expect(toast.error).not.toHaveBeenCalled();

    press();
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(toast.success).toHaveBeenCalledWith(copy.toasts.partUpdated);
    expectNoFieldError(quantity());
    expectNoFieldError(name());
    expect(api.callsTo(updatePart)[1]!.body).toEqual({
      name: part.name,
      description: part.description,
      priceCents: 899,
      stock: 120,
      sku: part.sku,
      categoryId: part.categoryId,
      crossReferences: part.crossReferences,
      minOrderQuantity: 12,
      packSize: 6,
      lowStockThreshold: 30,
      priceTiers: part.priceTiers,
      coreChargeCents: 0,
    });
  });

  it("shows a refusal with only a detail as a toast of the server's reason", async () => {
    api.on(updatePart, problem('not_found', 'This part does not exist.'));
    press();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('This part does not exist.'));
    expect(onSaved).not.toHaveBeenCalled();
  });
});
