import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as copy from '#shared/copy';
import type { PasswordResetRequest } from '#shared/schemas/accounts';
import { FormError, InputField } from '../../../components/form-field';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { formRefusal } from '../../../lib/mutation-errors';
import { useRequestPasswordResetMutation } from '../api/request-password-reset';
import { FieldsUntilHydrated } from '../../../components/fields-until-hydrated';

const resetRequestRules = lazyZodResolver(() =>
  import('#shared/schemas/accounts').then((schemas) => schemas.passwordResetRequestSchema),
);

/** The address to mail a reset link to. The answer never tells whether it has an account. */
export function ResetRequestForm({ onSent }: { onSent: () => void }) {
  const form = useForm<PasswordResetRequest>({ resolver: resetRequestRules.resolver, defaultValues: { email: '' } });
  const request = useRequestPasswordResetMutation();
  const [refusal, setRefusal] = useState<string>();

  const onSubmit = form.handleSubmit((values) => {
    setRefusal(undefined);
    request.mutate(values, {
      onSuccess: onSent,
      onError: (error) => setRefusal(formRefusal(error, form.setError, ['email'])),
    });
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} {...resetRequestRules.warmOnUse} className="grid gap-5">
      <FieldsUntilHydrated>
        <InputField
          label={copy.fields.email}
          type="email"
          autoComplete="email"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <button type="submit" className="btn btn-primary btn-lg w-full" disabled={request.isPending}>
          {request.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {copy.auth.resetSubmit}
        </button>
        <FormError message={refusal} className="-mt-2" />
      </FieldsUntilHydrated>
    </form>
  );
}
