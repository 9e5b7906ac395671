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
  sellerAddress: { line1: '1 Foundry Way', city: 'Gearville', postalCode: 'GV1 2AB', country: 'GB' },
  sellerVatNumber: 'GB123456789',
  currency: 'GBP',
  taxRates: [
    { country: 'GB', name: 'VAT', ratePercent: 20 },
    { country: 'US', region: 'NY', name: 'Sales tax', ratePercent: 8.875 },
  ],
  deliveryFeeCents: 990,
  freeDeliveryThresholdCents: 10_000,
  orderCutoff: '14:00',
  timeZone: 'Europe/London',
  transitDays: { GB: 1, DE: 4 },
  deliverTo: ['DE', 'GB'],
  returnWindowDays: 30,
  coreReturnWindowDays: 90,
  returnInstructions: 'Post the part back to us.',
};
/** What the form sends back for the settings above, untouched: the deal's parts by id. */
const { flashDealDiscountText: _text, flashDealParts: _parts, ...sentBack } = settings;
const unchanged = { ...sentBack, flashDealPartIds: [pads.id] };
/** The form holds some 2,000 options (a country list per row): checking and redrawing it takes a moment on a busy machine. */
const CHECKED = { timeout: 5_000 };
let api: FakeApi;

beforeEach(() => {
  api = fakeApi();
  renderWithApp(<SettingsForm settings={settings} />, { path: '/dashboard/settings' });
});

const endsAt = () => screen.getByLabelText(copy.settings.endsAt);
const percent = () => screen.getByLabelText(copy.settings.percent);
const sellerName = () => screen.getByLabelText(copy.settings.sellerName);
const line1 = () => screen.getByLabelText(copy.address.line1Label);
const postalCode = () => screen.getByLabelText(copy.address.postalCodeLabel);
const country = () => screen.getByLabelText(copy.address.countryLabel);
const vatNumber = () => screen.getByLabelText(copy.settings.sellerVatNumber);
// Buttons found by their text or label: a role query walks the accessibility tree of some 2,000 options.
const button = (name: string) => screen.getByText(name, { selector: 'button' });
const labelled = (name: string) => screen.getByLabelText(name, { selector: 'button' });
const press = () => fireEvent.click(button(copy.settings.save));
const updateSettings = 'PATCH /api/settings' as const;

describe('SettingsForm', { timeout: 60_000 }, () => {
  it('checks the end and the percentage in the browser before sending anything', async () => {
    expect((endsAt() as HTMLInputElement).value).toBe(isoToLocalInput(settings.flashDealEndsAt));
    expect((percent() as HTMLInputElement).value).toBe('20');
    fireEvent.change(endsAt(), { target: { value: '' } });
    for (const typed of ['', '0', '91', '12.5', 'ten']) {
      fireEvent.change(percent(), { target: { value: typed } });
      press();
      await waitFor(() => expectFieldError(percent(), copy.settings.percentInvalid(1, 90)), CHECKED);
    }
    expectFieldError(endsAt(), v.dateInvalid);
    expect(api.calls).toHaveLength(0);
  });

  it("puts a 400's messages under their inputs, and a successful answer clears them", async () => {
    const refused = copy.settings.percentInvalid(1, 90);
    api.on(updateSettings, fieldProblem({ flashDealPercent: refused }), ok(settings));
    press();
    await waitFor(() => expectFieldError(percent(), refused), CHECKED);
    expectNoFieldError(endsAt());

    press();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(copy.toasts.settingsSaved), CHECKED);
    expectNoFieldError(percent());
    expect(api.callsTo(updateSettings)[1]!.body).toEqual(unchanged);
  });

  it("shows the seller's name, address as fields and tax ID, checks them in the browser, and sends what was typed", async () => {
    expect(screen.getByRole('group', { name: copy.settings.sellerTitle })).toBeTruthy();
    expect((sellerName() as HTMLInputElement).value).toBe(settings.sellerName);
    expect((line1() as HTMLInputElement).value).toBe('1 Foundry Way');
    expect((postalCode() as HTMLInputElement).value).toBe('GV1 2AB');
    expect((country() as HTMLSelectElement).value).toBe('GB');
    expect((vatNumber() as HTMLInputElement).value).toBe(settings.sellerVatNumber);

    fireEvent.change(sellerName(), { target: { value: ' ' } });
    fireEvent.change(line1(), { target: { value: '' } });
    fireEvent.change(vatNumber(), { target: { value: 'GB/123' } });
    press();
    await waitFor(() => expectFieldError(sellerName(), v.sellerNameRequired), CHECKED);
    expectFieldError(line1(), copy.address.line1Required);
    expectFieldError(vatNumber(), v.vatNumberInvalid);
    expect(api.calls).toHaveLength(0);

    // A US address picks its state from a list and has a ZIP code.
    fireEvent.change(country(), { target: { value: 'US' } });
    const state = await screen.findByLabelText(copy.address.stateLabel);
    expect(state.tagName).toBe('SELECT');
    const zip = screen.getByLabelText(copy.address.zipLabel);
    fireEvent.change(zip, { target: { value: '4820' } });
    fireEvent.change(line1(), { target: { value: '2750 Foundry Avenue' } });
    press();
    await waitFor(() => expectFieldError(state, copy.address.usStateRequired), CHECKED);
    expectFieldError(zip, copy.address.usZipInvalid);

    fireEvent.change(sellerName(), { target: { value: 'Gearhouse Manufacturing Inc.' } });
    fireEvent.change(screen.getByLabelText(copy.address.cityLabel), { target: { value: 'Detroit' } });
    fireEvent.change(state, { target: { value: 'MI' } });
    fireEvent.change(zip, { target: { value: '48207' } });
    fireEvent.change(vatNumber(), { target: { value: '' } });
    const seller = {
      sellerName: 'Gearhouse Manufacturing Inc.',
      sellerAddress: { line1: '2750 Foundry Avenue', city: 'Detroit', region: 'MI', postalCode: '48207', country: 'US' },
      sellerVatNumber: '',
    };
    api.on(
      updateSettings,
      fieldProblem({ 'sellerAddress.postalCode': copy.address.usZipInvalid }),
      ok({ ...settings, ...seller }),
    );
    press();
    await waitFor(() => expectFieldError(zip, copy.address.usZipInvalid), CHECKED);
    expect(api.callsTo(updateSettings)[0]!.body).toEqual({ ...unchanged, ...seller });

    press();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(copy.toasts.settingsSaved), CHECKED);
    expectNoFieldError(vatNumber());
  });

  it('edits the tax table: rows added and removed, each message at its row', async () => {
    const rows = () => screen.getAllByTestId('tax-row');
    const rates = () => screen.getAllByLabelText(`${copy.settings.taxRate}`, { exact: false });
    expect(rows()).toHaveLength(2);
    expect((rates()[1] as HTMLInputElement).value).toBe('8.875');
    expect(screen.getByLabelText(`${copy.settings.taxRow(2)}: ${copy.settings.taxRate}`)).toBe(rates()[1]);

    // A new row takes the focus at its country; left empty, the browser says what is missing.
    fireEvent.click(button(copy.settings.addTaxRate));
    expect(rows()).toHaveLength(3);
    const third = (label: string) => screen.getByLabelText(`${copy.settings.taxRow(3)}: ${label}`);
    await waitFor(() => expect(document.activeElement).toBe(third(copy.settings.taxCountry)), CHECKED);
    fireEvent.change(third(copy.settings.taxRate), { target: { value: '30.5' } });
    press();
    await waitFor(() => expectFieldError(third(copy.settings.taxRate), copy.settings.taxRateInvalid(30)), CHECKED);
    expectFieldError(third(copy.settings.taxCountry), copy.address.countryUnknown);
    expectNoFieldError(rates()[0]!);
    expect(api.calls).toHaveLength(0);

    // The same country twice is refused at the second row.
    fireEvent.change(third(copy.settings.taxCountry), { target: { value: 'GB' } });
    fireEvent.change(third(copy.settings.taxRate), { target: { value: '5' } });
    press();
    await waitFor(() => expectFieldError(third(copy.settings.taxCountry), copy.settings.taxRowDuplicate(1)), CHECKED);

    // Removing the first row renumbers the rest; the server's message lands on the row it names.
    fireEvent.click(labelled(copy.settings.removeTaxRate(1)));
    expect(rows()).toHaveLength(2);
    expect(document.activeElement).toBe(button(copy.settings.addTaxRate));
    const refused = copy.settings.taxRateInvalid(30);
    api.on(updateSettings, fieldProblem({ 'taxRates.1.ratePercent': refused }), ok(settings));
    press();
    const second = screen.getByLabelText(`${copy.settings.taxRow(2)}: ${copy.settings.taxRate}`);
    await waitFor(() => expectFieldError(second, refused), CHECKED);
    expectNoFieldError(screen.getByLabelText(`${copy.settings.taxRow(1)}: ${copy.settings.taxRate}`));
    expect(api.callsTo(updateSettings)[0]!.body).toMatchObject({
      taxRates: [
        { country: 'US', region: 'NY', name: 'Sales tax', ratePercent: 8.875 },
        { country: 'GB', name: 'VAT', ratePercent: 5 },
      ],
    });
  });

  it('sends the delivery settings: money typed as amounts goes as cents, rows and the country list as the API takes them', async () => {
    const fee = screen.getByLabelText(copy.settings.deliveryFee);
    const threshold = screen.getByLabelText(copy.settings.freeDeliveryThreshold);
    expect((fee as HTMLInputElement).value).toBe('9.90');
    expect((threshold as HTMLInputElement).value).toBe('100.00');
    fireEvent.change(fee, { target: { value: '-1' } });
    fireEvent.change(screen.getByLabelText(copy.settings.timeZone), { target: { value: 'Mars/Base' } });
    press();
    await waitFor(() => expectFieldError(fee, copy.settings.deliveryFeeInvalid), CHECKED);
    expectFieldError(screen.getByLabelText(copy.settings.timeZone), copy.settings.timeZoneInvalid);
    expect(api.calls).toHaveLength(0);

    fireEvent.change(fee, { target: { value: '4.5' } });
    fireEvent.change(threshold, { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText(copy.settings.timeZone), { target: { value: 'Europe/London' } });
    fireEvent.change(screen.getByLabelText(copy.settings.orderCutoff), { target: { value: '16:30' } });
    // Transit days: the first row removed, a new one added.
    fireEvent.click(labelled(copy.settings.removeTransitDays(1)));
    fireEvent.click(button(copy.settings.addTransitDays));
    const newRow = (label: string) => screen.getByLabelText(`${copy.settings.transitRow(2)}: ${label}`);
    fireEvent.change(newRow(copy.settings.transitCountry), { target: { value: 'FR' } });
    fireEvent.change(newRow(copy.settings.transitDaysValue), { target: { value: '5' } });
    // Deliver to: Germany removed, France added.
    fireEvent.click(labelled(copy.settings.removeCountry('Germany')));
    fireEvent.change(screen.getByLabelText(copy.settings.deliverToCountry), { target: { value: 'FR' } });
    fireEvent.click(button(copy.settings.addCountry));
    fireEvent.change(screen.getByLabelText(copy.settings.returnWindow), { target: { value: '14' } });

    api.on(updateSettings, fieldProblem({ 'transitDays.FR': copy.settings.transitDaysInvalid }), ok(settings));
    press();
    await waitFor(() => expectFieldError(newRow(copy.settings.transitDaysValue), copy.settings.transitDaysInvalid), CHECKED);
    expect(api.callsTo(updateSettings)[0]!.body).toEqual({
      ...unchanged,
      deliveryFeeCents: 450,
      freeDeliveryThresholdCents: 0,
      orderCutoff: '16:30',
      transitDays: { DE: 4, FR: 5 },
      deliverTo: ['FR', 'GB'],
      returnWindowDays: 14,
    });
  });

  it('says an empty country list delivers everywhere', () => {
    for (const name of ['Germany', 'United Kingdom']) {
      fireEvent.click(labelled(copy.settings.removeCountry(name)));
    }
    expect(screen.getByText(copy.settings.deliverToEverywhere)).toBeTruthy();
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
    await waitFor(() => expect(found.getByText(disc.name)).toBeTruthy(), CHECKED);
    expect(found.queryByRole('button', { name: copy.settings.addPart(pads.name) })).toBeNull();
    expect(found.getByText(copy.settings.inDeal)).toBeTruthy();
    const query = new URL(String(vi.mocked(fetch).mock.calls.at(-1)![0]), 'http://shop.test').searchParams;
    expect(query.get('q')).toBe('brake');

    // Enter in the search box sends nothing.
    fireEvent.keyDown(search, { key: 'Enter' });
    fireEvent.click(found.getByRole('button', { name: copy.settings.addPart(disc.name) }));
    expect(inDeal().getByText(disc.name)).toBeTruthy();
    expect(document.activeElement).toBe(search);
    expect(within(screen.getByTestId('deal-parts').closest('fieldset')!).getByRole('status').textContent).toBe(
      copy.settings.partAdded(disc.name),
    );

    // Removing a part hands the focus to the next part's "Remove".
    fireEvent.click(inDeal().getByRole('button', { name: copy.settings.removePart(pads.name) }));
    expect(inDeal().queryByText(pads.name)).toBeNull();
    expect(document.activeElement).toBe(inDeal().getByRole('button', { name: copy.settings.removePart(disc.name) }));

    api.on(updateSettings, fieldProblem({ flashDealPartIds: copy.settings.dealPartUnknown }), ok(settings));
    press();
    await waitFor(() => expect(screen.getByText(copy.settings.dealPartUnknown)).toBeTruthy(), CHECKED);
    expect(api.callsTo(updateSettings)[0]!.body).toEqual({ ...unchanged, flashDealPartIds: [disc.id] });
  });

  it('shows a refusal with only a detail as a toast', async () => {
    api.on(updateSettings, problem('forbidden', copy.auth.adminOnly));
    press();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(copy.auth.adminOnly), CHECKED);
  });
});
