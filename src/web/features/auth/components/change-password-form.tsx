import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import * as copy from '#shared/copy';
import { passwordChangeInputSchema, type PasswordChangeInput } from '#shared/schemas/accounts';
import { FormError, InputField } from '../../../components/form-field';
import { formRefusal } from '../../../lib/mutation-errors';
import { useChangePasswordMutation } from '../api/change-password';

const fields = ['currentPassword', 'newPassword'] as const;

/** Current and new password; a wrong current one is said under the form. */
export function ChangePasswordForm({ email }: { email: string }) {
  const form = useForm<PasswordChangeInput>({
    resolver: zodResolver(passwordChangeInputSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const change = useChangePasswordMutation();
  const [refusal, setRefusal] = useState<string>();

  const onSubmit = form.handleSubmit((values) => {
    setRefusal(undefined);
    change.mutate(values, {
      onSuccess: () => {
        toast.success(copy.profile.passwordChanged);
        form.reset();
      },
      onError: (error) => setRefusal(formRefusal(error, form.setError, fields)),
    });
  });

  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid max-w-md gap-5">
      {/* Tells password managers which account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <InputField
        label={copy.fields.currentPassword}
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <InputField
        label={copy.fields.newPassword}
        type="password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <div>
        <button type="submit" className="btn btn-primary btn-lg" disabled={change.isPending}>
          {change.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {copy.profile.passwordSubmit}
        </button>
      </div>
      <FormError message={refusal} className="-mt-2" />
    </form>
  );
}
