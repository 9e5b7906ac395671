import { useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import type { SignInInput } from '#shared/schemas/accounts';
import type { ShopInfo } from '#shared/schemas/content';
import { FormError, InputField } from '../../../components/form-field';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { formRefusal } from '../../../lib/mutation-errors';
import { useSignInMutation } from '../api/sign-in';
import { DemoAccountsDialog } from './demo-accounts-dialog';
import { useHydrated } from '../../../lib/use-hydrated';
import { FieldsUntilHydrated } from '../../../components/fields-until-hydrated';

const fields = ['email', 'password'] as const;
const signInRules = lazyZodResolver(() => import('#shared/schemas/accounts').then((schemas) => schemas.signInInputSchema));

interface LoginFormProps {
  /** Shown in a modal behind a button, in demo mode only. */
  demoAccounts: ShopInfo['demoAccounts'];
  onSignedIn: () => void;
  /** Other ways to sign in (Google), between the form and the demo accounts. */
  alternatives?: ReactNode;
}

/** Email and password; validates on submit, then on every change; refusals as red text under it. */
export function LoginForm({ demoAccounts, onSignedIn, alternatives }: LoginFormProps) {
  const hydrated = useHydrated();
  const form = useForm<SignInInput>({ resolver: signInRules.resolver, defaultValues: { email: '', password: '' } });
  const signIn = useSignInMutation();
  const [refusal, setRefusal] = useState<string>();
  const [demoOpen, setDemoOpen] = useState(false);
  const submitRef = useRef<HTMLButtonElement>(null);
  // After "Use", the next step is pressing Login; after "Close", focus goes back to the demo button.
  const focusAfterDemo = useRef<HTMLElement | null>(null);

  const onSubmit = form.handleSubmit((values) => {
    setRefusal(undefined);
    signIn.mutate(values, {
      onSuccess: onSignedIn,
      onError: (error) => setRefusal(formRefusal(error, form.setError, fields)),
    });
  });

  const fillDemoAccount = ({ email, password }: { email: string; password: string }) => {
    const options = { shouldValidate: form.formState.isSubmitted, shouldDirty: true };
    form.setValue('email', email, options);
    form.setValue('password', password, options);
    setRefusal(undefined);
    focusAfterDemo.current = submitRef.current;
    setDemoOpen(false);
  };

  const { errors } = form.formState;
  return (
    <>
      <form noValidate onSubmit={(event) => void onSubmit(event)} {...signInRules.warmOnUse} className="grid gap-5">
        <FieldsUntilHydrated>
          <InputField
            label={copy.fields.email}
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <div>
            <InputField
              label={copy.fields.password}
              type="password"
              autoComplete="current-password"
              error={errors.password?.message}
              {...form.register('password')}
            />
            <p className="mt-2 text-right text-sm">
              <Link to={paths.reset} className="link-brand">
                {copy.auth.forgotPassword}
              </Link>
            </p>
          </div>
          <button ref={submitRef} type="submit" className="btn btn-primary btn-lg w-full" disabled={signIn.isPending}>
            {signIn.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {copy.auth.loginSubmit}
          </button>
          <FormError message={refusal} className="-mt-2" />
        </FieldsUntilHydrated>
      </form>
      {alternatives}
      {demoAccounts.length > 0 ? (
        <>
          <button
            type="button"
            className="btn btn-lg mt-3 w-full border-slate-300 bg-slate-100 text-slate-800 hover:bg-slate-200"
            disabled={!hydrated}
            onClick={() => {
              focusAfterDemo.current = null;
              setDemoOpen(true);
            }}
          >
            {copy.auth.demoAccounts}
          </button>
          <DemoAccountsDialog
            open={demoOpen}
            accounts={demoAccounts}
            finalFocus={focusAfterDemo}
            onUse={fillDemoAccount}
            onClose={() => setDemoOpen(false)}
          />
        </>
      ) : null}
    </>
  );
}
