import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type Mock, beforeEach, describe, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import { type FakeApi, fakeApi, fieldProblem, ok, problem } from '../../../testing/fake-api';
import { expectFieldError, expectNoFieldError, renderWithApp } from '../../../testing/render-with-app';
import { LoginForm } from './login-form';

const v = copy.validation;
let api: FakeApi;
let onSignedIn: Mock<() => void>;

beforeEach(() => {
  api = fakeApi();
  onSignedIn = vi.fn<() => void>();
  renderWithApp(<LoginForm demoAccounts={[]} onSignedIn={onSignedIn} />, { path: '/login' });
});

const email = () => screen.getByLabelText(copy.fields.email);
const password = () => screen.getByLabelText(copy.fields.password);
const refusal = () => screen.getByRole('alert');

function submit(values: { email: string; password: string }) {
  fireEvent.change(email(), { target: { value: values.email } });
  fireEvent.change(password(), { target: { value: values.password } });
  fireEvent.click(screen.getByRole('button', { name: copy.auth.loginSubmit }));
}

const signIn = 'POST /api/auth/sign-in/email' as const;
const good = { email: 'customer@gearhouse.example', password: 'customer-demo-1' };

describe('LoginForm', () => {
  it('checks the rules in the browser, with the shared messages, before sending anything', async () => {
    submit({ email: '', password: '' });
    await waitFor(() => expectFieldError(email(), v.emailRequired));
    expectFieldError(password(), v.passwordRequired);

    submit({ email: 'not-an-address', password: '12345' });
    await waitFor(() => expectFieldError(email(), v.emailInvalid));
    expectFieldError(password(), v.passwordShort);
    expect(api.calls).toHaveLength(0);
  });

  it("puts a 400's field messages under their inputs, and a successful answer clears them", async () => {
    api.on(signIn, fieldProblem({ password: v.passwordLong }), ok({ redirect: false })).on('GET /api/auth/get-session', ok(null));
    submit(good);
    await waitFor(() => expectFieldError(password(), v.passwordLong));
    expectNoFieldError(email());
    expect(refusal().textContent).toBe('');

    fireEvent.click(screen.getByRole('button', { name: copy.auth.loginSubmit }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expectNoFieldError(password());
    expect(api.callsTo(signIn).map((call) => call.body)).toEqual([good, good]);
  });

  it('shows wrong credentials as red text under the form, and clears it on success', async () => {
    api
      .on(signIn, problem('unauthenticated', copy.auth.invalidCredentials), ok({ redirect: false }))
      .on('GET /api/auth/get-session', ok(null));
    submit(good);
    await waitFor(() => expect(refusal().textContent).toBe(copy.auth.invalidCredentials));
    expectNoFieldError(email());
    expectNoFieldError(password());

    fireEvent.click(screen.getByRole('button', { name: copy.auth.loginSubmit }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(refusal().textContent).toBe('');
  });

  it('shows "too many requests" under the form', async () => {
    api.on(signIn, problem('rate_limited', copy.common.tooManyRequests(42)));
    submit(good);
    await waitFor(() => expect(refusal().textContent).toBe(copy.common.tooManyRequests(42)));
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
