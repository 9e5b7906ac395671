import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import { toast } from '../../../lib/toast';
import { fakeApi, fieldProblem, ok, problem } from '../../../testing/fake-api';
import { expectFieldError, expectNoFieldError, renderWithApp } from '../../../testing/render-with-app';
import { ChangePasswordForm } from './change-password-form';
import { NewPasswordForm } from './new-password-form';
import { ResetRequestForm } from './reset-request-form';

const v = copy.validation;
const refusal = () => screen.getByRole('alert');

describe('ResetRequestForm', () => {
  const email = () => screen.getByLabelText(copy.fields.email);
  const press = () => fireEvent.click(screen.getByRole('button', { name: copy.auth.resetSubmit }));
  const requestReset = 'POST /api/auth/request-password-reset' as const;

  it('checks the address in the browser before sending anything', async () => {
    const api = fakeApi();
    renderWithApp(<ResetRequestForm onSent={vi.fn()} />);
    press();
    await waitFor(() => expectFieldError(email(), v.emailRequired));
    fireEvent.change(email(), { target: { value: 'ada@' } });
    await waitFor(() => expectFieldError(email(), v.emailInvalid));
    expect(api.calls).toHaveLength(0);
  });

  it("puts a 400's message under Email, shows another refusal under the form, and clears both on success", async () => {
    const onSent = vi.fn();
    const api = fakeApi().on(
      requestReset,
      fieldProblem({ email: v.emailInvalid }),
      problem('rate_limited', copy.common.tooManyRequests(3)),
      ok({ status: true }),
    );
    renderWithApp(<ResetRequestForm onSent={onSent} />);
    fireEvent.change(email(), { target: { value: 'ada@example.com' } });
    press();
    await waitFor(() => expectFieldError(email(), v.emailInvalid));
    expect(refusal().textContent).toBe('');

    press();
    await waitFor(() => expect(refusal().textContent).toBe(copy.common.tooManyRequests(3)));
    expectNoFieldError(email());

    press();
    await waitFor(() => expect(onSent).toHaveBeenCalledOnce());
    expect(refusal().textContent).toBe('');
    expect(api.callsTo(requestReset)).toHaveLength(3);
  });
});

describe('NewPasswordForm', () => {
  const password = () => screen.getByLabelText(copy.fields.newPassword);
  const press = () => fireEvent.click(screen.getByRole('button', { name: copy.auth.newPasswordSubmit }));
  const resetPassword = 'POST /api/auth/reset-password' as const;

  it('checks the password in the browser, and says a link without a token is invalid, before sending anything', async () => {
    const api = fakeApi();
    renderWithApp(<NewPasswordForm token="" onReset={vi.fn()} />);
    press();
    await waitFor(() => expectFieldError(password(), v.passwordRequired));
    expect(refusal().textContent).toBe(copy.auth.resetLinkInvalid);
    expect(screen.getByRole('link', { name: copy.auth.requestNewLink })).toBeTruthy();
    fireEvent.change(password(), { target: { value: '12345' } });
    await waitFor(() => expectFieldError(password(), v.passwordShort));
    expect(api.calls).toHaveLength(0);
  });

  it("puts a 400's message under the password, shows an expired link under the form with a way out, and success clears both", async () => {
    const onReset = vi.fn();
    const api = fakeApi().on(
      resetPassword,
      fieldProblem({ newPassword: v.passwordLong }),
      problem('bad_request', copy.auth.resetLinkInvalid),
      ok({ status: true }),
    );
    renderWithApp(<NewPasswordForm token="tok_1" onReset={onReset} />, { path: '/reset-password?token=tok_1' });
    fireEvent.change(password(), { target: { value: 'a-new-secret' } });
    press();
    await waitFor(() => expectFieldError(password(), v.passwordLong));
    expect(screen.queryByRole('alert')).toBeNull();

    press();
    await waitFor(() => expect(refusal().textContent).toBe(copy.auth.resetLinkInvalid));
    expect(screen.getByRole('link', { name: copy.auth.requestNewLink })).toBeTruthy();
    expectNoFieldError(password());

    press();
    await waitFor(() => expect(onReset).toHaveBeenCalledOnce());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.callsTo(resetPassword)[2]!.body).toEqual({ token: 'tok_1', newPassword: 'a-new-secret' });
  });
});

describe('ChangePasswordForm', () => {
  const current = () => screen.getByLabelText(copy.fields.currentPassword);
  const next = () => screen.getByLabelText(copy.fields.newPassword);
  const press = () => fireEvent.click(screen.getByRole('button', { name: copy.profile.passwordSubmit }));
  const changePassword = 'POST /api/auth/change-password' as const;

  function type() {
    fireEvent.change(current(), { target: { value: 'old-secret' } });
    fireEvent.change(next(), { target: { value: 'new-secret' } });
  }

  it('checks both passwords in the browser before sending anything', async () => {
    const api = fakeApi();
    renderWithApp(<ChangePasswordForm email="ada@example.com" />);
    press();
    await waitFor(() => expectFieldError(current(), v.passwordRequired));
    expectFieldError(next(), v.passwordRequired);
    fireEvent.change(next(), { target: { value: 'short' } });
    await waitFor(() => expectFieldError(next(), v.passwordShort));
    expect(api.calls).toHaveLength(0);
  });

  it("puts a 400's messages under the fields, shows a wrong current password under the form, and success clears both", async () => {
    fakeApi().on(
      changePassword,
      fieldProblem({ newPassword: v.passwordLong }),
      problem('validation_failed', copy.auth.wrongCurrentPassword, { currentPassword: copy.auth.wrongCurrentPassword }),
      ok({ token: null }),
    );
    renderWithApp(<ChangePasswordForm email="ada@example.com" />);
    type();
    press();
    await waitFor(() => expectFieldError(next(), v.passwordLong));
    expectNoFieldError(current());

    press();
    await waitFor(() => expect(refusal().textContent).toBe(copy.auth.wrongCurrentPassword));
    expectNoFieldError(next());

    press();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(copy.profile.passwordChanged));
    expect(refusal().textContent).toBe('');
    expect((current() as HTMLInputElement).value).toBe('');
  });
});
