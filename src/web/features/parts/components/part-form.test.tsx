import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type Mock, beforeEach, describe, expect, it, vi } from 'vitest';
import { copy } from '#shared/copy';
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

const name = () => screen.getByLabelText(copy.fields.name);
const price = () => screen.getByLabelText(copy.fields.price);
const quantity = () => screen.getByLabelText(copy.fields.quantity);
const description = () => screen.getByLabelText(copy.fields.description);
const photo = () => screen.getByLabelText(copy.fields.photo);

function type(values: { name?: string; price?: string; quantity?: string; description?: string }) {
  if (values.name !== undefined) fireEvent.change(name(), { target: { value: values.name } });
  if (values.price !== undefined) fireEvent.change(price(), { target: { value: values.price } });
  if (values.quantity !== undefined) fireEvent.change(quantity(), { target: { value: values.quantity } });
  if (values.description !== undefined) fireEvent.change(description(), { target: { value: values.description } });
}

const upload = 'POST /api/uploads' as const;
const uploaded = ok({ url: '/uploads/pad.webp' }, 201);
const good = { name: 'Brake pad set', price: '24.50', quantity: '300', description: 'Ceramic, low dust.' };

describe('PartForm, adding', () => {
  const press = () => fireEvent.click(screen.getByRole('button', { name: copy.partsAdmin.add }));
  const createPart = 'POST /api/parts' as const;

  beforeEach(() => {
    renderWithApp(<PartForm />, { path: '/dashboard/add-part' });
  });

  it('checks every field in the browser before uploading or sending anything', async () => {
    press();
    await waitFor(() => expectFieldError(name(), v.nameRequired));
    expectFieldError(price(), v.priceRequired);
    expectFieldError(quantity(), v.quantityRequiredPart);
    expectFieldError(description(), v.descriptionRequired);
    expectFieldError(photo(), v.imageRequired);

    type({ price: '012', quantity: '1.5' });
    await waitFor(() => expectFieldError(price(), v.priceInvalid));
    expectFieldError(quantity(), v.quantityInvalidPart);
    type({ price: '1.999', quantity: '1000001' });
    await waitFor(() => expectFieldError(price(), v.priceInvalid));
    expectFieldError(quantity(), v.quantityInvalidPart);
    expect(api.calls).toHaveLength(0);
  });

  it('uploads the photo, then sends cents and stock; success says so and empties the form', async () => {
    api.on(upload, uploaded).on(createPart, ok({ id: 'part-9' }, 201));
    type(good);
    fireEvent.change(photo(), { target: { files: [pictureFile()] } });
    press();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(copy.toasts.partAdded));
    expect(api.callsTo(createPart)[0]!.body).toEqual({
      name: good.name,
      description: good.description,
      priceCents: 2450,
      stock: 300,
      imageUrl: '/uploads/pad.webp',
    });
    expect((name() as HTMLInputElement).value).toBe('');
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
    rating: { average: 0, count: 0 },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
  const press = () => fireEvent.click(screen.getByRole('button', { name: copy.partsAdmin.save }));
  const updatePart = 'PATCH /api/parts/part-1' as const;
  let onSaved: Mock<() => void>;

  beforeEach(() => {
    onSaved = vi.fn<() => void>();
    renderWithApp(<PartForm part={part} onSaved={onSaved} />, { path: '/dashboard/manage-parts' });
  });

  it('starts from the part, keeps its photo unless a new one is chosen, and checks fields in the browser', async () => {
    expect((price() as HTMLInputElement).value).toBe('8.99');
    expect((quantity() as HTMLInputElement).value).toBe('120');
    type({ name: '', price: 'ten' });
    press();
    await waitFor(() => expectFieldError(name(), v.nameRequired));
    expectFieldError(price(), v.priceInvalid);
    expectNoFieldError(photo());
    expect(api.calls).toHaveLength(0);
  });

  it("puts a 400's messages under the form's own fields, and a successful answer clears them", async () => {
    api.on(updatePart, fieldProblem({ stock: v.quantityInvalidPart, name: v.tooLong(120) }), ok(part));
    press();
    await waitFor(() => expectFieldError(quantity(), v.quantityInvalidPart));
    expectFieldError(name(), v.tooLong(120));
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
    });
  });

  it("shows a refusal with only a detail as a toast of the server's reason", async () => {
    api.on(updatePart, problem('not_found', 'This part does not exist.'));
    press();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('This part does not exist.'));
    expect(onSaved).not.toHaveBeenCalled();
  });
});
