import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as copy from '#shared/copy';
import type { SignUpInput } from '#shared/schemas/accounts';
import { FormError, InputField } from '../../../components/form-field';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { formRefusal } from '../../../lib/mutation-errors';
import { useSignUpMutation } from '../api/sign-up';
import { FieldsUntilHydrated } from '../../../components/fields-until-hydrated';

const signUpRules = lazyZodResolver(() => import('#shared/schemas/accounts').then((schemas) => schemas.signUpInputSchema));

const fields = ['name', 'email', 'password'] as const;

/** Name, email and password; the name becomes the account's display name. */
export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const form = useForm<SignUpInput>({
    resolver: signUpRules.resolver,
    defaultValues: { name: '', email: '', password: '' },
  });
  const signUp = useSignUpMutation();
  const [refusal, setRefusal] = useState<string>();

  const onSubmit = form.handleSubmit((values) => {
    setRefusal(undefined);
    signUp.mutate(values, {
      onSuccess: () => onSignedUp(values.email.trim()),
      onError: (error) => setRefusal(formRefusal(error, form.setError, fields)),
    });
  });

  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} {...signUpRules.warmOnUse} className="grid gap-5">
      <FieldsUntilHydrated>
        <InputField label={copy.fields.name} autoComplete="name" error={errors.name?.message} {...form.register('name')} />
        <InputField
          label={copy.fields.email}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <InputField
          label={copy.fields.password}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <button type="submit" className="btn btn-primary btn-lg w-full" disabled={signUp.isPending}>
          {signUp.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {copy.auth.signUpSubmit}
        </button>
        <FormError message={refusal} className="-mt-2" />
      </FieldsUntilHydrated>
    </form>
  );
}
