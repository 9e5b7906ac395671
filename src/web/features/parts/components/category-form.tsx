import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import * as copy from '#shared/copy';
import { type Category, type CategoryUpdate, categoryInputSchema, categorySlugSchema } from '#shared/schemas/categories';
import { FormError, InputField } from '../../../components/form-field';
import { ApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/mutation-errors';
import { toast } from '../../../lib/toast';
import { useCreateCategoryMutation } from '../api/create-category';
import { useUpdateCategoryMutation } from '../api/update-category';

const c = copy.categoriesAdmin;

/** The API's rules, with the address name as typed: empty means "made from the name" (adding) or "kept" (renaming). */
const categoryFormSchema = z.object({
  name: categoryInputSchema.shape.name,
  slug: z
    .string()
    .trim()
    .refine((text) => text === '' || categorySlugSchema.safeParse(text).success, copy.categories.slugInvalid),
});
type CategoryFormValues = z.infer<typeof categoryFormSchema>;

const FIELDS = ['name', 'slug'] as const;
const EMPTY: CategoryFormValues = { name: '', slug: '' };

interface CategoryFormProps {
  /** The category to rename; without it the form adds one. */
  category?: Category;
  /** After a successful rename (the dialog closes). */
  onSaved?: () => void;
}

/**
 * Adds a category (name, and an address name made from it unless given) or renames one. A field's
 * problem shows under it (the server's too: a name or address name already taken); any other refusal
 * under the form.
 */
export function CategoryForm({ category, onSaved }: CategoryFormProps) {
  const isEdit = category !== undefined;
  const form = useForm<CategoryFormValues>({
    resolver: zodResolver(categoryFormSchema),
    defaultValues: category ? { name: category.name, slug: category.slug } : EMPTY,
  });
  const create = useCreateCategoryMutation();
  const update = useUpdateCategoryMutation();
  const [refusal, setRefusal] = useState<string>();
  const { errors } = form.formState;

  const onError = (error: Error) => {
    // A server fault is the cache's "Something went wrong"; everything typed stays.
    if (!(error instanceof ApiError) || error.isServerFault) return;
    if (Object.keys(error.fieldErrors).length > 0) applyServerFieldErrors(error, form.setError, FIELDS);
    else setRefusal(error.message);
  };

  const save = (values: CategoryFormValues) => {
    setRefusal(undefined);
    if (!category) {
      create.mutate(
        { name: values.name, ...(values.slug ? { slug: values.slug } : {}) },
        {
          onSuccess: () => {
            toast.success(c.added);
            form.reset(EMPTY);
          },
          onError,
        },
      );
      return;
    }
    const changes: CategoryUpdate = { name: values.name, ...(values.slug ? { slug: values.slug } : {}) };
    update.mutate(
      { id: category.id, changes },
      {
        onSuccess: () => {
          toast.success(c.saved);
          onSaved?.();
        },
        onError,
      },
    );
  };

  const busy = create.isPending || update.isPending;
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(save)(event)} className="grid max-w-2xl gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField label={c.name} autoComplete="off" error={errors.name?.message} {...form.register('name')} />
        <InputField
          label={isEdit ? c.slug : c.slugOptional}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="brake-pads"
          error={errors.slug?.message}
          {...form.register('slug')}
        />
      </div>
      <div>
        <button type="submit" className="btn btn-primary btn-lg min-w-32" disabled={busy}>
          {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {isEdit ? c.save : c.add}
        </button>
        <FormError message={refusal} className="mt-3" />
      </div>
    </form>
  );
}
