import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { toast } from '../../../lib/toast';
import { type FakeApi, fakeApi, fieldProblem, ok, problem } from '../../../testing/fake-api';
import { expectFieldError, expectNoFieldError, renderWithApp } from '../../../testing/render-with-app';
import { SettingsForm, isoToLocalInput } from './settings-form';

const v = copy.validation;
const settings = {
  flashDealEndsAt: '2026-12-01T18:30:00.000Z',
  flashDealDiscountText: '20% off brakes',
  sellerName: 'Gearhouse Manufacturing Ltd.',
  sellerAddress: '1 Foundry Way\nGearville GV1 2AB',
  sellerVatNumber: 'GB123456789',
};
let api: FakeApi;

beforeEach(() => {
  api = fakeApi();
  renderWithApp(<SettingsForm settings={settings} />, { path: '/dashboard/settings' });
});

const endsAt = () => screen.getByLabelText(copy.settings.endsAt);
const discount = () => screen.getByLabelText(copy.settings.discountText);
const sellerName = () => screen.getByLabelText(copy.settings.sellerName);
const sellerAddress = () => screen.getByLabelText(copy.settings.sellerAddress);
const vatNumber = () => screen.getByLabelText(copy.settings.sellerVatNumber);
const press = () => fireEvent.click(screen.getByRole('button', { name: copy.settings.save }));
const updateSettings = 'PATCH /api/settings' as const;

describe('SettingsForm', () => {
  it('checks the end and the discount text in the browser before sending anything', async () => {
    expect((endsAt() as HTMLInputElement).value).toBe(isoToLocalInput(settings.flashDealEndsAt));
    fireEvent.change(endsAt(), { target: { value: '' } });
    fireEvent.change(discount(), { target: { value: '  ' } });
    press();
    await waitFor(() => expectFieldError(endsAt(), v.dateInvalid));
    expectFieldError(discount(), v.discountRequired);
    expect(api.calls).toHaveLength(0);
  });

  it("puts a 400's messages under their inputs, and a successful answer clears them", async () => {
    api.on(updateSettings, fieldProblem({ flashDealDiscountText: v.tooLong(40) }), ok(settings));
    press();
    await waitFor(() => expectFieldError(discount(), v.tooLong(40)));
    expectNoFieldError(endsAt());

    press();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(copy.toasts.settingsSaved));
    expectNoFieldError(discount());
    expect(api.callsTo(updateSettings)[1]!.body).toEqual(settings);
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
    expect(api.callsTo(updateSettings)[0]!.body).toEqual({ ...settings, ...seller });

    press();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(copy.toasts.settingsSaved));
    expectNoFieldError(vatNumber());
  });

  it('shows a refusal with only a detail as a toast', async () => {
    api.on(updateSettings, problem('forbidden', copy.auth.adminOnly));
    press();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(copy.auth.adminOnly));
  });
});
