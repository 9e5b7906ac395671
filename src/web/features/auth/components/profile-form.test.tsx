import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import type { User } from '#shared/schemas/accounts';
import { vatIdProblem } from '#shared/vat-id';
import { toast } from '../../../lib/toast';
import { type FakeApi, fakeApi, fieldProblem, ok, problem } from '../../../testing/fake-api';
import {
  expectFieldError,
  expectNoFieldError,
  pictureFile,
  renderWithApp,
  stubObjectUrls,
} from '../../../testing/render-with-app';
import { ProfileForm } from './profile-form';

const v = copy.validation;
const user: User = {
  id: 'user-1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  emailVerified: true,
  image: null,
  role: 'customer',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const saved = (name: string) => ok({ user: { ...user, name }, isAdmin: false });
let api: FakeApi;

beforeEach(() => {
  stubObjectUrls();
  api = fakeApi();
  renderWithApp(<ProfileForm user={user} />, { path: '/dashboard/profile' });
});

const name = () => screen.getByLabelText(copy.fields.name);
const photo = () => screen.getByLabelText(copy.profile.changePhoto);
const press = () => fireEvent.click(screen.getByRole('button', { name: copy.profile.save }));
const updateProfile = 'PATCH /api/me' as const;

describe('ProfileForm', () => {
  it('checks the name in the browser before sending anything', async () => {
    fireEvent.change(name(), { target: { value: '   ' } });
    press();
    await waitFor(() => expectFieldError(name(), v.nameRequired));
    fireEvent.change(name(), { target: { value: 'x'.repeat(81) } });
    await waitFor(() => expectFieldError(name(), v.tooLong(80)));
    expect(api.calls).toHaveLength(0);
  });

  it("puts a 400's name message under Name, and a successful answer clears it", async () => {
    api.on(updateProfile, fieldProblem({ name: v.nameRequired }), saved('Ada King'));
    fireEvent.change(name(), { target: { value: 'Ada King' } });
    press();
    await waitFor(() => expectFieldError(name(), v.nameRequired));
    expect(toast.error).not.toHaveBeenCalled();

    press();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(copy.profile.saved));
    expectNoFieldError(name());
    expect(api.callsTo(updateProfile).map((call) => call.body)).toEqual([{ name: 'Ada King' }, { name: 'Ada King' }]);
  });

  it('shows a refusal with only a detail (too many requests) as a toast', async () => {
    api.on(updateProfile, problem('rate_limited', copy.common.tooManyRequests(9)));
    press();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(copy.common.tooManyRequests(9)));
    expectNoFieldError(name());
  });

  it('uploads a new photo first and saves its URL; a refused upload is said under the photo and nothing is saved', async () => {
    api.on('POST /api/uploads', problem('payload_too_large', copy.uploads.tooLarge), ok({ url: '/uploads/me.webp' }, 201));
    api.on(updateProfile, saved(user.name));
    fireEvent.change(photo(), { target: { files: [pictureFile()] } });
    press();
    await waitFor(() => expectFieldError(photo(), copy.uploads.tooLarge));
    expect(toast.error).toHaveBeenCalledWith(copy.toasts.uploadFailed);
    expect(api.callsTo(updateProfile)).toHaveLength(0);

    fireEvent.change(photo(), { target: { files: [pictureFile('smaller.png')] } });
    press();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(copy.profile.saved));
    expectNoFieldError(photo());
    expect(api.callsTo(updateProfile)[0]!.body).toEqual({ name: user.name, image: '/uploads/me.webp' });
  });

  const vatId = () => screen.getByLabelText(copy.profile.vatId);

  it('checks the VAT ID in the browser as the server does, and sends nothing while it is wrong', async () => {
    expect((vatId() as HTMLInputElement).value).toBe('');
    fireEvent.change(vatId(), { target: { value: 'US123456789' } });
    press();
    await waitFor(() => expectFieldError(vatId(), copy.vatId.notEu('US')));
    fireEvent.change(vatId(), { target: { value: '123456789' } });
    press();
    await waitFor(() => expectFieldError(vatId(), copy.profile.vatIdPrefix));
    fireEvent.change(vatId(), { target: { value: 'DE123456789' } });
    press();
    await waitFor(() => expectFieldError(vatId(), vatIdProblem('DE', 'DE123456789')!));
    expect(api.calls).toHaveLength(0);
  });

  it("sends a changed VAT ID, shows the server's refusal under it, and shows it as stored once saved", async () => {
    api.on(updateProfile, fieldProblem({ vatId: copy.vatId.notEu('CH') }), ok({ user, isAdmin: false, vatId: 'FR40303265045' }));
    fireEvent.change(vatId(), { target: { value: 'fr 40 303 265 045' } });
    press();
    await waitFor(() => expectFieldError(vatId(), copy.vatId.notEu('CH')));
    press();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(copy.profile.saved));
    expectNoFieldError(vatId());
    await waitFor(() => expect((vatId() as HTMLInputElement).value).toBe('FR40303265045'));
    expect(api.callsTo(updateProfile).map((call) => call.body)).toEqual([
      { name: user.name, vatId: 'fr 40 303 265 045' },
      { name: user.name, vatId: 'fr 40 303 265 045' },
    ]);
  });
});
