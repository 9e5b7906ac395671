import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import * as copy from '#shared/copy';
import { reviewFormSchema } from '#shared/schemas/reviews';
import { InputField, TextAreaField } from '../../../components/form-field';
import { PhotoField } from '../../../components/photo-field';
import { ApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/mutation-errors';
import { useUploadImageMutation } from '../../../lib/upload-image';
import { useCreateReviewMutation } from '../api/create-review';
import { RatingInput } from './rating-input';

const addReviewSchema = reviewFormSchema.extend({
  photo: z.custom<File | null>((value) => value instanceof File, { error: copy.validation.imageRequired }),
});
type ReviewFormValues = z.infer<typeof addReviewSchema>;

const FIELDS = ['name', 'rating', 'text', 'photo'] as const;
const SERVER_FIELDS: Record<string, string> = { imageUrl: 'photo' };
/** As the booking form's Name and Email: shown, not typed. */
const readOnlyField = '[&_input]:border-slate-200 [&_input]:bg-slate-100 [&_input]:text-slate-700';

/**
 * Add Review: name (the display name, read-only: the server shows the account's name, so it is not
 * sent), Retting (0–5 stars), the review and a photo. The photo is uploaded first; only when that
 * worked is the review posted with its URL. A customer's second review of the same subject replaces
 * the first, and the toast says so.
 */
export function ReviewForm({
  defaultName,
  partId,
}: {
  defaultName: string;
  /** The part reviewed, when there is one. */ partId?: string;
}) {
  const empty = { name: defaultName, text: '', photo: null };
  const form = useForm<ReviewFormValues>({ resolver: zodResolver(addReviewSchema), defaultValues: empty });
  const upload = useUploadImageMutation();
  const create = useCreateReviewMutation();
  const [photoKey, setPhotoKey] = useState(0);
  const { errors } = form.formState;

  const save = async ({ photo, name: _shownOnly, ...values }: ReviewFormValues) => {
    if (!photo) return;
    let imageUrl: string;
    try {
      imageUrl = (await upload.mutateAsync(photo)).url;
    } catch (error) {
      toast.error(copy.toasts.uploadFailed);
      if (error instanceof ApiError && !error.isServerFault) form.setError('photo', { type: 'server', message: error.message });
      return;
    }
    create.mutate(
      { ...values, imageUrl, ...(partId ? { partId } : {}) },
      {
        onSuccess: ({ replaced }) => {
          toast.success(replaced ? copy.toasts.reviewUpdated : copy.toasts.reviewAdded);
          form.reset(empty);
          setPhotoKey((key) => key + 1);
        },
        onError: (error) => {
          // A server fault is the cache's "Something went wrong"; everything typed stays.
          if (error instanceof ApiError && error.isServerFault) return;
          toast.error(copy.toasts.reviewAddFailed);
          applyServerFieldErrors(error, form.setError, FIELDS, SERVER_FIELDS);
        },
      },
    );
  };

  const busy = upload.isPending || create.isPending;
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(save)(event)} className="grid gap-5">
      <div>
        <InputField
          label={copy.fields.name}
          autoComplete="name"
          readOnly
          aria-describedby="review-name-hint"
          className={readOnlyField}
          {...form.register('name')}
        />
        <p id="review-name-hint" className="mt-1.5 text-sm text-slate-600">
          {copy.reviewForm.nameFromAccount}
        </p>
      </div>
      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => (
          <RatingInput
            legend={copy.fields.retting}
            value={field.value as number | undefined}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            inputRef={field.ref}
            error={errors.rating?.message}
          />
        )}
      />
      <TextAreaField label={copy.fields.review} rows={5} error={errors.text?.message} {...form.register('text')} />
      <PhotoField
        key={photoKey}
        label={copy.fields.photo}
        shape="avatar"
        error={errors.photo?.message}
        onChange={(file, problem) => {
          form.setValue('photo', file, { shouldDirty: true, shouldValidate: form.formState.isSubmitted && !problem });
          if (problem) form.setError('photo', { type: 'size', message: problem });
        }}
      />
      <div>
        <button type="submit" className="btn btn-primary btn-lg min-w-32" disabled={busy}>
          {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {copy.reviewForm.add}
        </button>
      </div>
    </form>
  );
}
