import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { type CardExpiryProblem, parseCardExpiry } from '#shared/card-expiry';
import * as copy from '#shared/copy';
import type { PaymentResult } from '#shared/schemas/payments';
import { FormError, InputField } from '../../../components/form-field';
import { ApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/mutation-errors';
import { usePayOrderMutation } from '../api/pay-order';
import { formatCardNumber, formatExpiry } from '../lib/card-format';
import { PayButton } from './pay-button';

const p = copy.payment;

const expiryMessages: Record<CardExpiryProblem, string> = {
  incomplete: p.expiryIncomplete,
  month: p.expMonthInvalid,
  year: p.expYearInvalid,
};

/**
 * The card's shape, checked as typed; whether it pays (Luhn, a past date, the test cards) is the
 * provider's answer, shown in red under the form.
 */
const cardFormSchema = z.object({
  number: z
    .string()
    .transform((text) => text.replace(/\s/g, ''))
    .pipe(
      z
        .string()
        .min(1, { error: p.numberRequired, abort: true })
        .regex(/^\d+$/, { error: p.numberDigitsOnly, abort: true })
        .min(12, p.numberIncomplete)
        .max(19, p.numberInvalid),
    ),
  // "12/30", "12 / 30", "1230", "12-30", "12/2030", "1/30": the API takes the month and year as numbers.
  expiry: z.string().transform((text, context) => {
    const read = parseCardExpiry(text);
    if (read.ok) return read.expiry;
    context.addIssue({ code: 'custom', message: expiryMessages[read.problem] });
    return z.NEVER;
  }),
  cvc: z
    .string()
    .trim()
    .min(1, { error: p.cvcRequired, abort: true })
    .regex(/^\d{3,4}$/, p.cvcIncomplete),
});
type CardFormInput = z.input<typeof cardFormSchema>;
type CardFormOutput = z.output<typeof cardFormSchema>;

const FIELDS = ['number', 'expiry', 'cvc'] as const;
const SERVER_FIELDS: Record<string, string> = {
  'card.number': 'number',
  'card.expMonth': 'expiry',
  'card.expYear': 'expiry',
  'card.cvc': 'cvc',
};

/** Rewrites the input's text as it is typed (groups of 4, MM/YY) before the form sees it. */
function formatted(registration: UseFormRegisterReturn, format: (text: string) => string): UseFormRegisterReturn {
  return {
    ...registration,
    onChange: (event: { target: HTMLInputElement }) => {
      event.target.value = format(event.target.value);
      return registration.onChange(event);
    },
  };
}

interface SandboxCardFormProps {
  orderId: string;
  /** The intent's secret; Pay waits for it. */
  clientSecret: string | undefined;
  /** Paid: the form stays, Pay stays disabled. */
  paid: boolean;
  onPaid: (result: PaymentResult) => void;
  /** Where the card goes when it is not the order's own payment (an invoice on account's). */
  paymentPath?: string | undefined;
}

/** The sandbox provider's card form: number, expiry and CVC, with the browser's card autofill. */
export function SandboxCardForm({ orderId, clientSecret, paid, onPaid, paymentPath }: SandboxCardFormProps) {
  const form = useForm<CardFormInput, unknown, CardFormOutput>({
    resolver: zodResolver(cardFormSchema),
    defaultValues: { number: '', expiry: '', cvc: '' },
  });
  const pay = usePayOrderMutation();
  const [refusal, setRefusal] = useState<string>();
  const { errors } = form.formState;

  // The provider's answer was about the card as it was sent: once the card changes it no longer
  // applies, and left under the form it would contradict the fields' own messages.
  const { subscribe } = form;
  useEffect(() => subscribe({ formState: { values: true }, callback: () => setRefusal(undefined) }), [subscribe]);

  const submit = ({ number, expiry, cvc }: CardFormOutput) => {
    if (!clientSecret) return;
    setRefusal(undefined);
    pay.mutate(
      { orderId, input: { clientSecret, card: { number, ...expiry, cvc } }, path: paymentPath },
      {
        onSuccess: onPaid,
        onError: (error) => {
          // A server fault is the cache's "Something went wrong"; the card stays typed.
          if (!(error instanceof ApiError) || error.isServerFault) return;
          if (Object.keys(error.fieldErrors).length > 0) applyServerFieldErrors(error, form.setError, FIELDS, SERVER_FIELDS);
          else setRefusal(error.message);
        },
      },
    );
  };

  return (
    <form noValidate aria-label={p.cardTitle} onSubmit={(event) => void form.handleSubmit(submit)(event)} className="grid gap-5">
      <InputField
        label={p.cardNumber}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxLength={23}
        error={errors.number?.message}
        {...formatted(form.register('number'), formatCardNumber)}
      />
      <div className="grid grid-cols-2 gap-4">
        <InputField
          label={p.expiry}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={9}
          className="min-w-0"
          error={errors.expiry?.message}
          {...formatted(form.register('expiry'), formatExpiry)}
        />
        <InputField
          label={p.cvc}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          className="min-w-0"
          error={errors.cvc?.message}
          {...form.register('cvc')}
        />
      </div>
      <PayButton disabled={!clientSecret || pay.isPending || paid} pending={pay.isPending} />
      <FormError message={refusal} />
    </form>
  );
}
