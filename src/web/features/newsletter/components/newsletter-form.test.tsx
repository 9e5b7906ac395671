import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { toast } from '../../../lib/toast';
import { type FakeApi, fakeApi, fieldProblem, ok, problem } from '../../../testing/fake-api';
import { expectFieldError, expectNoFieldError, renderWithApp } from '../../../testing/render-with-app';
import NewsletterForm from './newsletter-form';

const v = copy.validation;
let api: FakeApi;

beforeEach(() => {
  api = fakeApi();
  renderWithApp(<NewsletterForm />);
});

const email = () => screen.getByLabelText(copy.fields.email);
const press = () => fireEvent.click(screen.getByRole('button', { name: copy.landing.newsletterSubmit }));
const subscribe = 'POST /api/newsletter' as const;

describe('NewsletterForm', () => {
  it('checks the address in the browser before sending anything', async () => {
    press();
    await waitFor(() => expectFieldError(email(), v.emailRequired));
    fireEvent.change(email(), { target: { value: 'not an address' } });
    await waitFor(() => expectFieldError(email(), v.emailInvalid));
    expect(api.calls).toHaveLength(0);
  });

  it("puts a 400's message under Email, and a successful answer clears it and the form", async () => {
    api.on(subscribe, fieldProblem({ email: v.emailInvalid }), ok({ ok: true }));
    fireEvent.change(email(), { target: { value: 'ada@example.com' } });
    press();
    await waitFor(() => expectFieldError(email(), v.emailInvalid));
    expect(toast.error).not.toHaveBeenCalled();

    press();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(copy.landing.newsletterDone));
    expectNoFieldError(email());
    expect((email() as HTMLInputElement).value).toBe('');
  });

  it('shows a refusal with only a detail as a toast and keeps the address', async () => {
    api.on(subscribe, problem('rate_limited', copy.common.tooManyRequests(20)));
    fireEvent.change(email(), { target: { value: 'ada@example.com' } });
    press();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(copy.common.tooManyRequests(20)));
    expect((email() as HTMLInputElement).value).toBe('ada@example.com');
  });
});
