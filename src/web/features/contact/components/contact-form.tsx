import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import * as copy from '#shared/copy';
import { contactInputSchema, type ContactInput } from '#shared/schemas/content';
import { InputField, TextAreaField } from '../../../components/form-field';
import { applyServerFieldErrors } from '../../../lib/mutation-errors';
import { useSendContactMessageMutation } from '../api/send-contact-message';

const fields = ['email', 'subject', 'message'] as const;

/** Email, subject and message, stored for the admin inbox; keeps what was typed when the server fails. */
export default function ContactForm() {
  const form = useForm<ContactInput>({
    resolver: zodResolver(contactInputSchema),
    defaultValues: { email: '', subject: '', message: '' },
  });
  const send = useSendContactMessageMutation();
  const onSubmit = form.handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        toast.success(copy.landing.contactDone);
        form.reset();
      },
      onError: (error) => applyServerFieldErrors(error, form.setError, fields),
    }),
  );
  const { errors } = form.formState;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
      <InputField
        onDark
        label={copy.fields.email}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <InputField onDark label={copy.fields.subject} error={errors.subject?.message} {...form.register('subject')} />
      <TextAreaField onDark label={copy.fields.message} rows={5} error={errors.message?.message} {...form.register('message')} />
      <div>
        <button type="submit" className="btn btn-primary btn-lg" disabled={send.isPending}>
          {send.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {copy.landing.contactSubmit}
        </button>
      </div>
    </form>
  );
}
