import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import type { PasswordResetInput } from '#shared/schemas/accounts';
import { FormError, InputField } from '../../../components/form-field';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { formRefusal } from '../../../lib/mutation-errors';
import { useResetPasswordMutation } from '../api/reset-password';
import { FieldsUntilHydrated } from '../../../components/fields-until-hydrated';

const newPasswordRules = lazyZodResolver(() =>
  import('#shared/schemas/accounts').then((schemas) => schemas.passwordResetInputSchema),
);

/** The new password, sent with the token from the mailed link. */
export function NewPasswordForm({ token, onReset }: { token: string; onReset: () => void }) {
  const form = useForm<PasswordResetInput>({
    resolver: newPasswordRules.resolver,
    defaultValues: { token, newPassword: '' },
  });
  const reset = useResetPasswordMutation();
  const [refusal, setRefusal] = useState<string>();

  const onSubmit = form.handleSubmit((values) => {
    setRefusal(undefined);
    reset.mutate(values, {
      onSuccess: onReset,
      onError: (error) => setRefusal(formRefusal(error, form.setError, ['newPassword'])),
    });
  });

  const { errors } = form.formState;
  // A bad token is the link's fault, not something to type: it shows under the form, with a way out.
  const linkProblem = refusal ?? errors.token?.message;
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} {...newPasswordRules.warmOnUse} className="grid gap-5">
      <FieldsUntilHydrated>
        <InputField
          label={copy.fields.newPassword}
          type="password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <button type="submit" className="btn btn-primary btn-lg w-full" disabled={reset.isPending}>
          {reset.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {copy.auth.newPasswordSubmit}
        </button>
        {linkProblem ? (
          <div className="-mt-2">
            <FormError message={linkProblem} />
            <Link to={paths.reset} className="link-brand mt-2 inline-block text-sm">
              {copy.auth.requestNewLink}
            </Link>
          </div>
        ) : null}
      </FieldsUntilHydrated>
    </form>
  );
}
