import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import * as copy from '#shared/copy';
import { formatMoney, parsePriceToCents } from '#shared/money';
import { MAX_PAYMENT_CENTS, isCalendarDate } from '#shared/schemas/statement';
import { FormError, InputField } from '../../../components/form-field';
import { ApiError } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { browserToday, useShopToday } from '../../../lib/shop-today';
import { applyServerFieldErrors } from '../../../lib/mutation-errors';
import { toast } from '../../../lib/toast';
import { useInvoicePaymentsQuery } from '../api/get-invoice-payments';
import { useRecordPaymentMutation } from '../api/record-payment';

const s = copy.statement;
const INVOICE_NUMBER = /^INV-\d{4}-\d{6,}$/;

/** The form's rules, as the API's: an amount with at most two decimals above 0, a real day, a reference. */
const recordPaymentFormSchema = z.object({
  invoiceNumber: z.string().trim().toUpperCase().regex(INVOICE_NUMBER, s.invoiceNotFound),
  amount: z
    .string()
    // Text that is not an amount counts as 0 cents, refused with the same message as 0.00.
    .transform((text) => parsePriceToCents(text) ?? 0)
    .refine((cents) => cents > 0, s.amountInvalid)
    .refine((cents) => cents <= MAX_PAYMENT_CENTS, s.amountTooLarge),
  paidAt: z
    .string()
    .refine(isCalendarDate, s.paidAtInvalid)
    // The server judges the day in the shop's time zone; a day after the browser's today is surely too late.
    .refine((day) => day <= browserToday(), s.paidAtInFuture),
  reference: z.string().trim().min(1, s.referenceRequired).max(100, copy.validation.tooLong(100)),
});
type RecordPaymentFormInput = z.input<typeof recordPaymentFormSchema>;
type RecordPaymentFormOutput = z.output<typeof recordPaymentFormSchema>;

const FIELDS = ['invoiceNumber', 'amount', 'paidAt', 'reference'] as const;
/** The API names the amount in cents; the form in the shop's currency. */
const SERVER_FIELDS = { amountCents: 'amount' };

/**
 * The shop admin's "Record payment" (Manage Orders): money received by transfer against an invoice on
 * account. The invoice's figures show once its number is typed; every refusal lands on its field.
 */
export function RecordPaymentForm() {
  const titleId = useId();
  // The day the server judges "not in the future" by: the browser's may be a day ahead of the shop's.
  const today = useShopToday();
  const [open, setOpen] = useState(false);
  // One key per payment typed: a double click or a retry of the same one records it once.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const form = useForm<RecordPaymentFormInput, unknown, RecordPaymentFormOutput>({
    resolver: zodResolver(recordPaymentFormSchema),
    defaultValues: { invoiceNumber: '', amount: '', paidAt: today, reference: '' },
  });
  const record = useRecordPaymentMutation();
  const [refusal, setRefusal] = useState<string>();
  const typed = useWatch({ control: form.control, name: 'invoiceNumber' }).trim().toUpperCase();
  const invoice = useInvoicePaymentsQuery(typed, open && INVOICE_NUMBER.test(typed));
  const { errors } = form.formState;

  const submit = ({ invoiceNumber, amount, paidAt, reference }: RecordPaymentFormOutput) => {
    setRefusal(undefined);
    record.mutate(
      { invoiceNumber, input: { amountCents: amount, paidAt, reference }, idempotencyKey },
      {
        onSuccess: (payment) => {
          toast.success(s.recorded(formatMoney(payment.amountCents, invoice.data?.currency), invoiceNumber));
          setIdempotencyKey(newIdempotencyKey());
          form.reset({ invoiceNumber: '', amount: '', paidAt: today, reference: '' });
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || error.isServerFault) return;
          if (Object.keys(error.fieldErrors).length > 0) {
            applyServerFieldErrors(error, form.setError, FIELDS, SERVER_FIELDS);
          } else if (error.status === 404 || error.status === 409) {
            // No such invoice, a card invoice, a cancelled order, paid in full: about the invoice typed.
            form.setError('invoiceNumber', { type: 'server', message: error.message }, { shouldFocus: true });
          } else {
            setRefusal(error.message);
          }
        },
      },
    );
  };

  if (!open) {
    return (
      <button type="button" className="btn btn-outline mb-5" aria-expanded={false} onClick={() => setOpen(true)}>
        {s.recordPayment}
      </button>
    );
  }
  return (
    <section aria-labelledby={titleId} className="mb-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h3 id={titleId} className="text-lg font-bold text-slate-900">
        {s.recordPayment}
      </h3>
      <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <InputField
          label={s.invoice}
          placeholder="INV-2026-000123"
          autoComplete="off"
          hint={
            invoice.data
              ? s.leftOnInvoice(
                  formatMoney(invoice.data.leftCents, invoice.data.currency),
                  formatMoney(invoice.data.totalCents, invoice.data.currency),
                )
              : undefined
          }
          error={
            errors.invoiceNumber?.message ??
            (invoice.isError && invoice.error instanceof ApiError && invoice.error.status === 404 ? s.invoiceNotFound : undefined)
          }
          {...form.register('invoiceNumber')}
        />
        <InputField
          label={s.amountLabel}
          inputMode="decimal"
          placeholder="1234.50"
          error={errors.amount?.message}
          {...form.register('amount')}
        />
        <InputField label={s.paidAtLabel} type="date" max={today} error={errors.paidAt?.message} {...form.register('paidAt')} />
        <InputField label={s.referenceLabel} maxLength={100} error={errors.reference?.message} {...form.register('reference')} />
        <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-ghost border-slate-300" onClick={() => setOpen(false)}>
            {s.cancel}
          </button>
          <button type="submit" className="btn btn-primary" disabled={record.isPending}>
            {record.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {s.record}
          </button>
        </div>
        <FormError message={refusal} className="sm:col-span-2" />
      </form>
    </section>
  );
}
