import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { toast } from '../../../lib/toast';
import { type FakeApi, fakeApi, fieldProblem, ok, problem } from '../../../testing/fake-api';
import { expectFieldError, expectNoFieldError, renderWithApp } from '../../../testing/render-with-app';
import ContactForm from './contact-form';

const v = copy.validation;
let api: FakeApi;

beforeEach(() => {
  api = fakeApi();
  renderWithApp(<ContactForm />);
});

const email = () => screen.getByLabelText(copy.fields.email);
const subject = () => screen.getByLabelText(copy.fields.subject);
const message = () => screen.getByLabelText(copy.fields.message);
const press = () => fireEvent.click(screen.getByRole('button', { name: copy.landing.contactSubmit }));

function fillIn() {
  fireEvent.change(email(), { target: { value: 'fleet@example.com' } });
  fireEvent.change(subject(), { target: { value: 'Bulk order' } });
  fireEvent.change(message(), { target: { value: 'Do you ship 500 filters to Lyon?' } });
}

const sendMessage = 'POST /api/contact' as const;

describe('ContactForm', () => {
  it('checks the rules in the browser before sending anything', async () => {
    press();
    await waitFor(() => expectFieldError(email(), v.emailRequired));
    expectFieldError(subject(), v.subjectRequired);
    expectFieldError(message(), v.messageRequired);
    fireEvent.change(email(), { target: { value: 'fleet@' } });
    await waitFor(() => expectFieldError(email(), v.emailInvalid));
    expect(api.calls).toHaveLength(0);
  });

  it("puts a 400's field messages under their inputs, and a successful answer clears them and the form", async () => {
    api.on(sendMessage, fieldProblem({ subject: v.tooLong(150), message: v.messageRequired }), ok({ id: 'm-1' }, 201));
    fillIn();
    press();
    await waitFor(() => expectFieldError(subject(), v.tooLong(150)));
    expectFieldError(message(), v.messageRequired);
    expectNoFieldError(email());
    expect(toast.error).not.toHaveBeenCalled();

    press();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(copy.landing.contactDone));
    expectNoFieldError(subject());
    expectNoFieldError(message());
    expect((email() as HTMLInputElement).value).toBe('');
  });

  it('shows a refusal with only a detail (too many requests) as a toast and keeps what was typed', async () => {
    api.on(sendMessage, problem('rate_limited', copy.common.tooManyRequests(60)));
    fillIn();
    press();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(copy.common.tooManyRequests(60)));
    expect((message() as HTMLTextAreaElement).value).toBe('Do you ship 500 filters to Lyon?');
  });

  it('says "Something went wrong" when the server fails, and keeps what was typed', async () => {
    api.on(sendMessage, problem('internal', 'Internal error'));
    fillIn();
    press();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(copy.common.somethingWrong, { toastId: 'server-fault' }));
    expect((subject() as HTMLInputElement).value).toBe('Bulk order');
  });
});
