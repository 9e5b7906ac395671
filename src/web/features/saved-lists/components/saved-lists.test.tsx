import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import type { ListItem, SavedList } from '#shared/schemas/saved-lists';
import { type FakeApi, fakeApi, fieldProblem, ok, problem } from '../../../testing/fake-api';
import { expectFieldError, renderWithApp } from '../../../testing/render-with-app';
import { SaveAsList } from './save-as-list';
import { SavedListDetail } from './saved-list-detail';
import { SavedListsOverview } from './saved-lists-overview';

const s = copy.savedLists;
let api: FakeApi;

const pads: ListItem = {
  partId: 'p-pads',
  sku: 'GH-BRK-1042',
  partName: 'Brake pads',
  imageUrl: '/uploads/00000000000000000000000000000000.webp',
  quantity: 12,
  unitPriceCents: 2500,
  available: 40,
  noLongerSold: false,
  minOrderQuantity: 1,
  packSize: 1,
};
const filter: ListItem = { ...pads, partId: 'p-filter', sku: 'GH-OIL-7', partName: 'Oil filter', quantity: 6, available: 0 };

const list: SavedList = {
  id: 'l-1',
  name: 'Weekly service stock',
  itemCount: 2,
  createdAt: '2026-06-15T12:00:00.000Z',
  updatedAt: '2026-06-15T12:00:00.000Z',
  createdBy: { id: 'u-1', name: 'Ada Mechanic' },
  items: [pads, filter],
};

beforeEach(() => {
  api = fakeApi();
});

describe('SavedListsOverview', () => {
  it("lists the company's lists, each opening its page", async () => {
    api.on('GET /api/me/lists', ok({ items: [{ ...list, items: undefined }] }));
    renderWithApp(<SavedListsOverview />, { path: '/dashboard/lists' });
    const link = await screen.findByRole('link', { name: s.open('Weekly service stock') });
    expect(link.getAttribute('href')).toBe('/dashboard/lists/l-1');
    expect(screen.getByTestId('saved-lists').textContent).toContain(s.itemCount(2));
  });

  it('tells someone in no approved company what the server said', async () => {
    api.on('GET /api/me/lists', problem('forbidden', s.companyOnly));
    renderWithApp(<SavedListsOverview />, { path: '/dashboard/lists' });
    expect(await screen.findByText(s.companyOnly)).toBeTruthy();
    expect(screen.queryByRole('button', { name: s.create })).toBeNull();
  });

  it('checks the new name in the browser and puts the server’s refusal next to it', async () => {
    api.on('GET /api/me/lists', ok({ items: [] }));
    api.on('POST /api/me/lists', { ...fieldProblem({ name: s.nameTaken }), status: 409 });
    renderWithApp(<SavedListsOverview />, { path: '/dashboard/lists' });
    const name = (await screen.findByLabelText(s.newListLabel)) as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: s.create }));
    expectFieldError(name, s.nameRequired);
    expect(api.callsTo('POST /api/me/lists')).toHaveLength(0);
    fireEvent.change(name, { target: { value: 'Brakes' } });
    fireEvent.click(screen.getByRole('button', { name: s.create }));
    await waitFor(() => expectFieldError(name, s.nameTaken));
    expect(api.callsTo('POST /api/me/lists')[0]!.body).toEqual({ name: 'Brakes' });
  });
});

describe('SavedListDetail', () => {
  it('adds all to the cart and shows each line the cart refused, with why', async () => {
    api.on('GET /api/me/lists/l-1', ok(list));
    api.on(
      'POST /api/me/lists/l-1/to-cart',
      ok({ added: [{ sku: pads.sku, quantity: 12 }], skipped: [{ sku: filter.sku, message: 'Only 0 in stock' }] }),
    );
    renderWithApp(<SavedListDetail id="l-1" />, { path: '/dashboard/lists/l-1' });
    expect(await screen.findAllByTestId('saved-list-item')).toHaveLength(2);
    expect(screen.getAllByTestId('saved-list-item')[1]!.textContent).toContain(s.outOfStock);
    fireEvent.click(screen.getByRole('button', { name: s.addAllToCart }));
    const outcome = await screen.findByTestId('to-cart-outcome');
    expect(outcome.textContent).toContain(s.addedToCart(1));
    expect(within(screen.getByTestId('skipped-lines')).getByText(filter.sku).parentElement!.textContent).toBe(
      `${filter.sku}: Only 0 in stock`,
    );
  });

  it('saves changed quantities, refusing a bad one beside its line without asking the server', async () => {
    api.on('GET /api/me/lists/l-1', ok(list));
    api.on('PATCH /api/me/lists/l-1', ok({ ...list, items: [{ ...pads, quantity: 24 }, filter] }));
    renderWithApp(<SavedListDetail id="l-1" />, { path: '/dashboard/lists/l-1' });
    const quantity = (await screen.findByLabelText(s.quantityOf('Brake pads'))) as HTMLInputElement;
    fireEvent.change(quantity, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: s.saveItems }));
    expectFieldError(quantity, copy.validation.quantityWhole);
    expect(api.callsTo('PATCH /api/me/lists/l-1')).toHaveLength(0);
    fireEvent.change(quantity, { target: { value: '24' } });
    fireEvent.click(screen.getByRole('button', { name: s.saveItems }));
    await waitFor(() => expect(api.callsTo('PATCH /api/me/lists/l-1')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/me/lists/l-1')[0]!.body).toEqual({
      items: [
        { sku: pads.sku, quantity: 24 },
        { sku: filter.sku, quantity: 6 },
      ],
    });
  });
});

describe('SaveAsList', () => {
  it('names the list in a dialog and sends where its parts come from', async () => {
    api.on('POST /api/me/lists', ok(list, 201));
    renderWithApp(<SaveAsList source={{ fromOrderId: 'o-9' }} />, { path: '/dashboard' });
    fireEvent.click(screen.getByRole('button', { name: s.saveAsList }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(s.renameLabel), { target: { value: ' Fleet brakes ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: s.save }));
    await waitFor(() => expect(api.callsTo('POST /api/me/lists')).toHaveLength(1));
    expect(api.callsTo('POST /api/me/lists')[0]!.body).toEqual({ name: 'Fleet brakes', fromOrderId: 'o-9' });
  });

  it('shows a refusal that is not about the name under the form', async () => {
    api.on('POST /api/me/lists', problem('validation_failed', s.cartEmpty, { fromCart: s.cartEmpty }));
    renderWithApp(<SaveAsList source={{ fromCart: true }} />, { path: '/cart' });
    fireEvent.click(screen.getByRole('button', { name: s.saveAsList }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(s.renameLabel), { target: { value: 'From the cart' } });
    fireEvent.click(within(dialog).getByRole('button', { name: s.save }));
    expect(await within(dialog).findByText(s.cartEmpty)).toBeTruthy();
  });
});
