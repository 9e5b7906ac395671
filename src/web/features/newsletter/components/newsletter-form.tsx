import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import * as copy from '#shared/copy';
import { newsletterInputSchema, type NewsletterInput } from '#shared/schemas/content';
import { InputField } from '../../../components/form-field';
import { applyServerFieldErrors } from '../../../lib/mutation-errors';
import { useSubscribeNewsletterMutation } from '../api/subscribe-newsletter';

/** Validates on submit, then on every change; keeps the address when the server fails. */
export default function NewsletterForm() {
  const form = useForm<NewsletterInput>({ resolver: zodResolver(newsletterInputSchema), defaultValues: { email: '' } });
  const subscribe = useSubscribeNewsletterMutation();
  const onSubmit = form.handleSubmit((values) =>
    subscribe.mutate(values, {
      onSuccess: () => {
        toast.success(copy.landing.newsletterDone);
        form.reset();
      },
      onError: (error) => applyServerFieldErrors(error, form.setError, ['email']),
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <InputField
        label={copy.fields.email}
        type="email"
        autoComplete="email"
        placeholder={copy.landing.emailPlaceholder}
        error={form.formState.errors.email?.message}
        className="flex-1"
        {...form.register('email')}
      />
      <button type="submit" className="btn btn-primary btn-lg sm:mt-7" disabled={subscribe.isPending}>
        {subscribe.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {copy.landing.newsletterSubmit}
      </button>
    </form>
  );
}
