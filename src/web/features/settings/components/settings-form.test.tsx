import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import { toast } from '../../../lib/toast';
import { type FakeApi, fakeApi, fieldProblem, ok, problem } from '../../../testing/fake-api';
import { expectFieldError, expectNoFieldError, renderWithApp } from '../../../testing/render-with-app';
import { SettingsForm, isoToLocalInput } from './settings-form';

const v = copy.validation;
const pads = { id: 'part-pads', sku: 'GH-BRK-1042', name: 'Ceramic Front Brake Pads Set' };
const settings = {
  flashDealEndsAt: '2026-12-01T18:30:00.000Z',
  flashDealPercent: 20,
  flashDealDiscountText: '20% OFF',
  flashDealParts: [pads],
  sellerName: 'Gearhouse Manufacturing Ltd.',
  sellerAddress: '1 Foundry Way\nGearville GV1 2AB',
  sellerVatNumber: 'GB123456789',
};
/** What the form sends back for the settings above, untouched: the deal's parts by id. */
const { flashDealDiscountText: _text, flashDealParts: _parts, ...sentBack } = settings;
const unchanged = { ...sentBack, flashDealPartIds: [pads.id] };
let api: FakeApi;

beforeEach(() => {
  api = fakeApi();
  renderWithApp(<SettingsForm settings={settings} />, { path: '/dashboard/settings' });
});

const endsAt = () => screen.getByLabelText(copy.settings.endsAt);
const percent = () => screen.getByLabelText(copy.settings.percent);
const sellerName = () => screen.getByLabelText(copy.settings.sellerName);
const sellerAddress = () => screen.getByLabelText(copy.settings.sellerAddress);
const vatNumber = () => screen.getByLabelText(copy.settings.sellerVatNumber);
const press = () => fireEvent.click(screen.getByRole('button', { name: copy.settings.save }));
const updateSettings = 'PATCH /api/settings' as const;

describe('SettingsForm', () => {
  it('checks the end and the percentage in the browser before sending anything', async () => {
    expect((endsAt() as HTMLInputElement).value).toBe(isoToLocalInput(settings.flashDealEndsAt));
    expect((percent() as HTMLInputElement).value).toBe('20');
    fireEvent.change(endsAt(), { target: { value: '' } });
    for (const typed of ['', '0', '91', '12.5', 'ten']) {
      fireEvent.change(percent(), { target: { value: typed } });
      press();
      await waitFor(() => expectFieldError(percent(), copy.settings.percentInvalid(1, 90)));
    }
    expectFieldError(endsAt(), v.dateInvalid);
    expect(api.calls).toHaveLength(0);
  });

  it("puts a 400's messages under their inputs, and a successful answer clears them", async () => {
    const refused = copy.settings.percentInvalid(1, 90);
    api.on(updateSettings, fieldProblem({ flashDealPercent: refused }), ok(settings));
    press();
    await waitFor(() => expectFieldError(percent(), refused));
    expectNoFieldError(endsAt());

    press();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(copy.toasts.settingsSaved));
    expectNoFieldError(percent());
    expect(api.callsTo(updateSettings)[1]!.body).toEqual(unchanged);
  });

  it('shows the seller invoices name, checks it in the browser, and sends what was typed', async () => {
    expect(screen.getByRole('group', { name: copy.settings.sellerTitle })).toBeTruthy();
    expect((sellerName() as HTMLInputElement).value).toBe(settings.sellerName);
    expect((sellerAddress() as HTMLTextAreaElement).value).toBe(settings.sellerAddress);
    expect(sellerAddress().tagName).toBe('TEXTAREA');
    expect((vatNumber() as HTMLInputElement).value).toBe(settings.sellerVatNumber);

    fireEvent.change(sellerName(), { target: { value: ' ' } });
    fireEvent.change(sellerAddress(), { target: { value: '1\n2\n3\n4\n5\n6\n7' } });
    fireEvent.change(vatNumber(), { target: { value: 'GB/123' } });
    press();
    await waitFor(() => expectFieldError(sellerName(), v.sellerNameRequired));
    expectFieldError(sellerAddress(), v.sellerAddressLines(6));
    expectFieldError(vatNumber(), v.vatNumberInvalid);
    expect(api.calls).toHaveLength(0);

    const seller = { sellerName: 'Gearhouse Parts GmbH', sellerAddress: 'Werkstraße 4\n70173 Stuttgart', sellerVatNumber: '' };
    api.on(updateSettings, fieldProblem({ sellerVatNumber: v.vatNumberInvalid }), ok({ ...settings, ...seller }));
    fireEvent.change(sellerName(), { target: { value: seller.sellerName } });
    fireEvent.change(sellerAddress(), { target: { value: seller.sellerAddress } });
    fireEvent.change(vatNumber(), { target: { value: '' } });
    press();
    await waitFor(() => expectFieldError(vatNumber(), v.vatNumberInvalid));
    expect(api.callsTo(updateSettings)[0]!.body).toEqual({ ...unchanged, ...seller });

    press();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(copy.toasts.settingsSaved));
    expectNoFieldError(vatNumber());
  });

  it("picks the deal's parts: found by a search, added and removed by keyboard, sent by id", async () => {
    const disc = { id: 'part-disc', sku: 'GH-BRK-2210', name: 'Drilled Brake Disc Pair' };
    const list = (items: { id: string; sku: string; name: string }[]) =>
      ok({ items, total: items.length, page: 1, limit: 8, facets: { categories: [], inStock: 0 }, unknownFilters: [] });
    api.on('GET /api/parts', list([pads, disc]));
    const inDeal = () => within(screen.getByTestId('deal-parts'));
    expect(inDeal().getByText(pads.name)).toBeTruthy();

    const search = screen.getByLabelText(copy.settings.findPart);
    fireEvent.change(search, { target: { value: 'brake' } });
    // A part already in the deal cannot be added twice; another one can.
    const found = within(await screen.findByTestId('deal-part-results'));
    await waitFor(() => expect(found.getByText(disc.name)).toBeTruthy());
    expect(found.queryByRole('button', { name: copy.settings.addPart(pads.name) })).toBeNull();
    expect(found.getByText(copy.settings.inDeal)).toBeTruthy();
    const query = new URL(String(vi.mocked(fetch).mock.calls.at(-1)![0]), 'http://shop.test').searchParams;
    expect(query.get('q')).toBe('brake');

    // Enter in the search box sends nothing.
    fireEvent.keyDown(search, { key: 'Enter' });
    fireEvent.click(found.getByRole('button', { name: copy.settings.addPart(disc.name) }));
    expect(inDeal().getByText(disc.name)).toBeTruthy();
    expect(document.activeElement).toBe(search);
    expect(screen.getByRole('status').textContent).toBe(copy.settings.partAdded(disc.name));

    // Removing a part hands the focus to the next part's "Remove".
    fireEvent.click(inDeal().getByRole('button', { name: copy.settings.removePart(pads.name) }));
    expect(inDeal().queryByText(pads.name)).toBeNull();
    expect(document.activeElement).toBe(inDeal().getByRole('button', { name: copy.settings.removePart(disc.name) }));

    api.on(updateSettings, fieldProblem({ flashDealPartIds: copy.settings.dealPartUnknown }), ok(settings));
    press();
    await waitFor(() => expect(screen.getByText(copy.settings.dealPartUnknown)).toBeTruthy());
    expect(api.callsTo(updateSettings)[0]!.body).toEqual({ ...unchanged, flashDealPartIds: [disc.id] });
  });

  it('shows a refusal with only a detail as a toast', async () => {
    api.on(updateSettings, problem('forbidden', copy.auth.adminOnly));
    press();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(copy.auth.adminOnly));
  });
});
