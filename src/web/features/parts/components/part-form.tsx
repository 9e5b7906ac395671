import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import { copy } from '#shared/copy';
import { centsToPriceText } from '#shared/money';
import { partFieldNames, partFormSchema, toPartInput, type Part, type PartUpdate } from '#shared/schemas/parts';
import { InputField, TextAreaField } from '../../../components/form-field';
import { PhotoField } from '../../../components/photo-field';
import { ApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/mutation-errors';
import { useUploadImageMutation } from '../../../lib/upload-image';
import { useCreatePartMutation } from '../api/create-part';
import { useUpdatePartMutation } from '../api/update-part';

/** Adding needs a photo ("Image is Required"); an update keeps the current one unless a new one is chosen. */
const addPartSchema = partFormSchema.extend({
  photo: z.custom<File | null>((value) => value instanceof File, { error: copy.validation.imageRequired }),
});
const editPartSchema = partFormSchema.extend({
  photo: z.custom<File | null>((value) => value === null || value instanceof File),
});
type PartFormValues = z.infer<typeof addPartSchema>;

const FIELDS = ['name', 'price', 'quantity', 'description', 'photo'] as const;
/** The API's field names → this form's, so a server answer lands under the right input. */
const SERVER_FIELDS: Record<string, string> = { ...partFieldNames, imageUrl: 'photo' };

const EMPTY: PartFormValues = { name: '', price: '', quantity: '', description: '', photo: null };

function valuesOf(part: Part): PartFormValues {
  return {
    name: part.name,
    price: centsToPriceText(part.priceCents),
    quantity: String(part.stock),
    description: part.description,
    photo: null,
  };
}

interface PartFormProps {
  /** The part to update; without it the form adds a new one. */
  part?: Part;
  /** After a successful update (the dialog closes). */
  onSaved?: () => void;
}

/**
 * Add Parts and the update form of Manage All Parts. The photo is uploaded first; only when that
 * worked is the part saved with the returned URL (docs/shop-rules.md, "Forms, rules and messages").
 */
export function PartForm({ part, onSaved }: PartFormProps) {
  const isEdit = part !== undefined;
  const form = useForm<PartFormValues>({
    resolver: zodResolver(isEdit ? editPartSchema : addPartSchema),
    defaultValues: part ? valuesOf(part) : EMPTY,
  });
  const upload = useUploadImageMutation();
  const create = useCreatePartMutation();
  const update = useUpdatePartMutation();
  // A new key clears the file input after adding.
  const [photoKey, setPhotoKey] = useState(0);
  const { errors } = form.formState;

  const save = async (values: PartFormValues) => {
    let imageUrl = part?.imageUrl ?? '';
    if (values.photo) {
      try {
        imageUrl = (await upload.mutateAsync(values.photo)).url;
      } catch (error) {
        toast.error(copy.toasts.uploadFailed);
        if (error instanceof ApiError && !error.isServerFault) form.setError('photo', { type: 'server', message: error.message });
        return;
      }
    }
    const input = toPartInput(values, imageUrl);
    if (!part) {
      create.mutate(input, {
        onSuccess: () => {
          toast.success(copy.toasts.partAdded);
          form.reset(EMPTY);
          setPhotoKey((key) => key + 1);
        },
        onError: (error) => {
          // A server fault is the cache's "Something went wrong"; everything typed stays.
          if (error instanceof ApiError && error.isServerFault) return;
          toast.error(copy.toasts.partAddFailed);
          applyServerFieldErrors(error, form.setError, FIELDS, SERVER_FIELDS);
        },
      });
      return;
    }
    const changes: PartUpdate = {
      name: input.name,
      description: input.description,
      priceCents: input.priceCents,
      stock: input.stock,
      ...(values.photo ? { imageUrl } : {}),
    };
    update.mutate(
      { id: part.id, changes },
      {
        onSuccess: () => {
          toast.success(copy.toasts.partUpdated);
          onSaved?.();
        },
        onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS, SERVER_FIELDS),
      },
    );
  };

  const busy = upload.isPending || create.isPending || update.isPending;
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(save)(event)} className="grid gap-5">
      <InputField label={copy.fields.name} autoComplete="off" error={errors.name?.message} {...form.register('name')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label={copy.fields.price}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          error={errors.price?.message}
          {...form.register('price')}
        />
        <InputField
          label={copy.fields.quantity}
          inputMode="numeric"
          autoComplete="off"
          error={errors.quantity?.message}
          {...form.register('quantity')}
        />
      </div>
      <TextAreaField
        label={copy.fields.description}
        rows={5}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <PhotoField
        key={photoKey}
        label={copy.fields.photo}
        currentUrl={part?.imageUrl}
        hint={isEdit ? `${copy.partsAdmin.photoOptional} ${copy.uploads.hint}` : undefined}
        error={errors.photo?.message}
        onChange={(file, problem) => {
          form.setValue('photo', file, { shouldDirty: true, shouldValidate: form.formState.isSubmitted && !problem });
          if (problem) form.setError('photo', { type: 'size', message: problem });
        }}
      />
      <div>
        <button type="submit" className="btn btn-primary btn-lg min-w-32" disabled={busy}>
          {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {isEdit ? copy.partsAdmin.save : copy.partsAdmin.add}
        </button>
      </div>
    </form>
  );
}
