import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import * as copy from '#shared/copy';
import { buyerVatIdSchema, MAX_UPLOAD_BYTES, profileUpdateSchema, type User } from '#shared/schemas/accounts';
import { Avatar } from '../../../components/avatar';
import { InputField } from '../../../components/form-field';
import { ApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/mutation-errors';
import { useUploadImageMutation } from '../../../lib/upload-image';
import { useUpdateProfileMutation } from '../api/update-profile';

/**
 * The profile's rules, with the name required on this form (the API also takes the photo alone); the
 * VAT ID is checked as the server checks it, and sent as typed only when it changed.
 */
const profileFormSchema = profileUpdateSchema
  .pick({ name: true })
  .required()
  .extend({ vatId: z.string().superRefine(checkVatId) });
type ProfileFormValues = z.infer<typeof profileFormSchema>;

/** The VAT ID field: empty for none, else what the server would accept. */
function checkVatId(text: string, ctx: z.RefinementCtx): void {
  const result = buyerVatIdSchema.safeParse(text);
  if (!result.success) ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? copy.profile.vatIdInvalid });
}

/** A chosen photo and the address of its preview, which is released when replaced or left. */
interface ChosenPhoto {
  file: File;
  previewUrl: string;
}

/**
 * Display name, photo and EU VAT ID. A new photo is uploaded first; only when that worked is the profile
 * saved with the returned URL (docs/shop-rules.md, "Forms, rules and messages": a failed upload says so
 * and nothing is posted).
 */
export function ProfileForm({ user, vatId = null }: { user: User; vatId?: string | null }) {
  const form = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { name: user.name, vatId: vatId ?? '' },
  });
  const upload = useUploadImageMutation();
  const update = useUpdateProfileMutation();
  const [photo, setPhoto] = useState<ChosenPhoto | null>(null);
  const [photoError, setPhotoError] = useState<string>();
  const fileRef = useRef<HTMLInputElement>(null);
  const photoId = useId();
  const previewUrl = useRef<string | null>(null);

  useEffect(
    () => () => {
      if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    },
    [],
  );

  const replacePhoto = (file: File | null) => {
    if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    previewUrl.current = file ? URL.createObjectURL(file) : null;
    setPhoto(file && previewUrl.current ? { file, previewUrl: previewUrl.current } : null);
  };

  const onPhotoChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setPhotoError(undefined);
    if (file && file.size > MAX_UPLOAD_BYTES) {
      setPhotoError(copy.uploads.tooLarge);
      event.target.value = '';
      replacePhoto(null);
      return;
    }
    replacePhoto(file);
  };

  const save = async ({ name, vatId: typedVatId }: ProfileFormValues) => {
    let image: string | undefined;
    if (photo) {
      try {
        image = (await upload.mutateAsync(photo.file)).url;
      } catch (error) {
        toast.error(copy.toasts.uploadFailed);
        // Why, when the server said (too large, not a picture); a fault has only the toast.
        if (error instanceof ApiError && !error.isServerFault) setPhotoError(error.message);
        return;
      }
    }
    const vatIdChanged = typedVatId.trim() !== (vatId ?? '');
    update.mutate(
      { name, ...(image ? { image } : {}), ...(vatIdChanged ? { vatId: typedVatId } : {}) },
      {
        onSuccess: (me) => {
          toast.success(copy.profile.saved);
          form.reset({ name: me.user.name, vatId: me.vatId ?? '' });
          if (fileRef.current) fileRef.current.value = '';
          replacePhoto(null);
        },
        onError: (error) => applyServerFieldErrors(error, form.setError, ['name', 'vatId']),
      },
    );
  };

  const busy = upload.isPending || update.isPending;
  const photoErrorId = `${photoId}-error`;
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(save)(event)} className="grid gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Avatar name={user.name} image={photo?.previewUrl ?? user.image} size={80} className="ring-4 ring-slate-100" />
        <div className="min-w-0 flex-1">
          <label htmlFor={photoId} className="mb-1.5 block text-sm font-semibold text-slate-800">
            {copy.profile.changePhoto}
          </label>
          <input
            ref={fileRef}
            id={photoId}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
            aria-invalid={photoError ? true : undefined}
            aria-describedby={photoError ? photoErrorId : `${photoId}-hint`}
            onChange={onPhotoChange}
            className={`file-input w-full max-w-md bg-white text-base text-slate-900 ${photoError ? 'file-input-error' : ''}`}
          />
          {photoError ? (
            <p id={photoErrorId} className="mt-1.5 text-sm font-medium text-error">
              {photoError}
            </p>
          ) : (
            <p id={`${photoId}-hint`} className="mt-1.5 text-sm text-slate-600">
              {copy.uploads.hint}
            </p>
          )}
        </div>
      </div>
      <InputField
        label={copy.fields.name}
        autoComplete="name"
        error={form.formState.errors.name?.message}
        className="max-w-md"
        {...form.register('name')}
      />
      <InputField
        label={copy.profile.vatId}
        hint={copy.profile.vatIdHint}
        autoComplete="off"
        spellCheck={false}
        error={form.formState.errors.vatId?.message}
        className="max-w-md"
        {...form.register('vatId')}
      />
      <div>
        <button type="submit" className="btn btn-primary btn-lg" disabled={busy}>
          {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {copy.profile.save}
        </button>
      </div>
    </form>
  );
}
