import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { toast } from '../../../lib/toast';
import { type FakeApi, fakeApi, fieldProblem, ok, problem } from '../../../testing/fake-api';
import {
  expectFieldError,
  expectNoFieldError,
  pictureFile,
  renderWithApp,
  stubObjectUrls,
} from '../../../testing/render-with-app';
import { ReviewForm } from './review-form';

const v = copy.validation;
let api: FakeApi;

beforeEach(() => {
  stubObjectUrls();
  api = fakeApi();
  renderWithApp(<ReviewForm defaultName="Ada Lovelace" partId="part-1" />, { path: '/dashboard/add-review' });
});

const rating = () => screen.getByRole('group', { name: copy.fields.retting });
const star = (n: number) => screen.getByLabelText(copy.reviewForm.stars(n));
const text = () => screen.getByLabelText(copy.fields.review);
const photo = () => screen.getByLabelText(copy.fields.photo);
const press = () => fireEvent.click(screen.getByRole('button', { name: copy.reviewForm.add }));

function fillIn() {
  fireEvent.click(star(4));
  fireEvent.change(text(), { target: { value: 'Fitted in ten minutes, no squeal since.' } });
  fireEvent.change(photo(), { target: { files: [pictureFile()] } });
}

const upload = 'POST /api/uploads' as const;
const createReview = 'POST /api/reviews' as const;
const uploaded = ok({ url: '/uploads/photo.webp' }, 201);

describe('ReviewForm', () => {
  it('checks Retting, Review and Photo in the browser before uploading or sending anything', async () => {
    expect((screen.getByLabelText(copy.fields.name) as HTMLInputElement).value).toBe('Ada Lovelace');
    press();
    await waitFor(() => expectFieldError(text(), v.reviewRequired));
    expectFieldError(photo(), v.imageRequired);
    // The star group names its error through the fieldset's description.
    expect(document.getElementById(rating().getAttribute('aria-describedby') ?? '')?.textContent).toBe(v.rettingRequired);
    expect(api.calls).toHaveLength(0);
  });

  it('uploads the photo, then posts the review with its URL; success clears the form', async () => {
    api.on(upload, uploaded).on(createReview, ok({ id: 'review-1', replaced: false }, 201));
    fillIn();
    press();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(copy.toasts.reviewAdded));
    expect(api.callsTo(createReview)[0]!.body).toEqual({
      rating: 4,
      text: 'Fitted in ten minutes, no squeal since.',
      imageUrl: '/uploads/photo.webp',
      partId: 'part-1',
    });
    expect((text() as HTMLTextAreaElement).value).toBe('');
  });

  it("puts a 400's field messages under their inputs (imageUrl under Photo), and success clears them", async () => {
    api
      .on(upload, uploaded)
      .on(createReview, fieldProblem({ text: v.tooLong(2000), imageUrl: v.imageRequired }), ok({ id: 'r', replaced: true }));
    fillIn();
    press();
    await waitFor(() => expectFieldError(text(), v.tooLong(2000)));
    expectFieldError(photo(), v.imageRequired);
    expect(toast.error).toHaveBeenCalledWith(copy.toasts.reviewAddFailed);

    fireEvent.change(photo(), { target: { files: [pictureFile('again.png')] } });
    press();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(copy.toasts.reviewUpdated));
    expectNoFieldError(text());
    expectNoFieldError(photo());
  });

  it('says "Failed to add the Review" for a refusal with only a detail (an admin, too many requests)', async () => {
    api.on(upload, uploaded).on(createReview, problem('forbidden', copy.auth.customersOnly));
    fillIn();
    press();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(copy.toasts.reviewAddFailed));
    expectNoFieldError(text());
    expectNoFieldError(photo());
  });

  it('says "Image upload failed", shows why under Photo and posts nothing when the upload is refused', async () => {
    api.on(upload, problem('unsupported_media_type', copy.uploads.unsupportedType));
    fillIn();
    press();
    await waitFor(() => expectFieldError(photo(), copy.uploads.unsupportedType));
    expect(toast.error).toHaveBeenCalledWith(copy.toasts.uploadFailed);
    expect(api.callsTo(createReview)).toHaveLength(0);
  });
});
