import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { copy } from '#shared/copy';
import { toast } from '../../../lib/toast';
import { type FakeApi, fakeApi, fieldProblem, ok, problem } from '../../../testing/fake-api';
import { expectFieldError, expectNoFieldError, renderWithApp } from '../../../testing/render-with-app';
import { SettingsForm, isoToLocalInput } from './settings-form';

const v = copy.validation;
const settings = { flashDealEndsAt: '2026-12-01T18:30:00.000Z', flashDealDiscountText: '20% off brakes' };
let api: FakeApi;

beforeEach(() => {
  api = fakeApi();
  renderWithApp(<SettingsForm settings={settings} />, { path: '/dashboard/settings' });
});

const endsAt = () => screen.getByLabelText(copy.settings.endsAt);
const discount = () => screen.getByLabelText(copy.settings.discountText);
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

  it('shows a refusal with only a detail as a toast', async () => {
    api.on(updateSettings, problem('forbidden', copy.auth.adminOnly));
    press();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(copy.auth.adminOnly));
  });
});
