import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type Mock, beforeEach, describe, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import { type FakeApi, fakeApi, fieldProblem, ok, problem } from '../../../testing/fake-api';
import { expectFieldError, expectNoFieldError, renderWithApp } from '../../../testing/render-with-app';
import { SignUpForm } from './sign-up-form';

const v = copy.validation;
let api: FakeApi;
let onSignedUp: Mock<(email: string) => void>;

beforeEach(() => {
  api = fakeApi();
  onSignedUp = vi.fn<(email: string) => void>();
  renderWithApp(<SignUpForm onSignedUp={onSignedUp} />, { path: '/signup' });
});

const name = () => screen.getByLabelText(copy.fields.name);
const email = () => screen.getByLabelText(copy.fields.email);
const password = () => screen.getByLabelText(copy.fields.password);
const refusal = () => screen.getByRole('alert');
const press = () => fireEvent.click(screen.getByRole('button', { name: copy.auth.signUpSubmit }));

function submit(values: { name: string; email: string; password: string }) {
  fireEvent.change(name(), { target: { value: values.name } });
  fireEvent.change(email(), { target: { value: values.email } });
  fireEvent.change(password(), { target: { value: values.password } });
  press();
}

const signUp = 'POST /api/auth/sign-up/email' as const;
const good = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'engine-1843' };

describe('SignUpForm', () => {
  it('checks the rules in the browser, with the shared messages, before sending anything', async () => {
    submit({ name: ' ', email: '', password: '' });
    await waitFor(() => expectFieldError(name(), v.nameRequired));
    expectFieldError(email(), v.emailRequired);
    expectFieldError(password(), v.passwordRequired);

    submit({ name: 'Ada', email: 'ada@', password: 'short' });
    await waitFor(() => expectFieldError(email(), v.emailInvalid));
    expectNoFieldError(name());
    expectFieldError(password(), v.passwordShort);

    submit({ ...good, password: 'x'.repeat(129) });
    await waitFor(() => expectFieldError(password(), v.passwordLong));
    expect(api.calls).toHaveLength(0);
  });

  it("puts a 400's field messages under their inputs, and a successful answer clears them", async () => {
    api
      .on(signUp, fieldProblem({ name: v.tooLong(80), email: v.emailInvalid }), ok({ token: null }))
      .on('GET /api/auth/get-session', ok(null));
    submit(good);
    await waitFor(() => expectFieldError(name(), v.tooLong(80)));
    expectFieldError(email(), v.emailInvalid);
    expectNoFieldError(password());
    expect(refusal().textContent).toBe('');

    press();
    await waitFor(() => expect(onSignedUp).toHaveBeenCalledWith(good.email));
    expectNoFieldError(name());
    expectNoFieldError(email());
  });

  it('shows an address already registered (409) as red text under the form, not under Email', async () => {
    api.on(signUp, problem('conflict', copy.auth.emailTaken, { email: copy.auth.emailTaken }));
    submit(good);
    await waitFor(() => expect(refusal().textContent).toBe(copy.auth.emailTaken));
    expectNoFieldError(email());
    expect(onSignedUp).not.toHaveBeenCalled();
  });

  it('shows a refusal with only a detail under the form, and clears it on success', async () => {
    api
      .on(signUp, problem('rate_limited', copy.common.tooManyRequests(7)), ok({ token: null }))
      .on('GET /api/auth/get-session', ok(null));
    submit(good);
    await waitFor(() => expect(refusal().textContent).toBe(copy.common.tooManyRequests(7)));

    press();
    await waitFor(() => expect(onSignedUp).toHaveBeenCalledOnce());
    expect(refusal().textContent).toBe('');
  });
});
