import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import * as copy from '#shared/copy';
import { centsToPriceText, parsePriceToCents } from '#shared/money';
import { type CompanySummary, MAX_CREDIT_LIMIT_CENTS, MAX_DISCOUNT_PERCENT, paymentTermsValues } from '#shared/schemas/companies';
import { InputField, SelectField, TextAreaField } from '../../../components/form-field';
import { applyServerFieldErrors } from '../../../lib/mutation-errors';
import { toast } from '../../../lib/toast';
import { isApprovedCompany } from '../api/get-my-company';
import { useUpdateCompanyMutation } from '../api/update-company';

const a = copy.companiesAdmin;

/** The terms as typed: the credit limit in the shop's currency, the discount in whole percent. */
const termsFormSchema = z
  .object({
    paymentTerms: z.enum(paymentTermsValues),
    creditLimit: z.string().refine((text) => {
      const cents = parsePriceToCents(text);
      return cents !== undefined && cents <= MAX_CREDIT_LIMIT_CENTS;
    }, a.creditLimitInvalid),
    discountPercent: z.string().refine((text) => {
      const n = Number(text.trim());
      return /^\d{1,2}$/.test(text.trim()) && n <= MAX_DISCOUNT_PERCENT;
    }, copy.companies.discountInvalid),
    taxExempt: z.boolean(),
    taxExemptReason: z.string().max(200, copy.companies.taxExemptReasonInvalid),
  })
  .superRefine((form, ctx) => {
    if (form.taxExempt && form.taxExemptReason.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['taxExemptReason'], message: copy.companies.taxExemptReasonRequired });
    }
  });
type TermsForm = z.infer<typeof termsFormSchema>;

const declineFormSchema = z.object({
  declineReason: z.string().trim().min(1, copy.companies.declineReasonRequired).max(500, copy.companies.declineReasonInvalid),
});
type DeclineForm = z.infer<typeof declineFormSchema>;

/**
 * A shop admin's decisions on one company: approve an application with its terms (or save changed
 * terms of an approved one), decline it with a reason, put an account on hold or make it active again.
 */
export function CompanyReview({ company, currency }: { company: CompanySummary; currency: string }) {
  const update = useUpdateCompanyMutation();
  const terms = useForm<TermsForm>({
    resolver: zodResolver(termsFormSchema),
    defaultValues: {
      paymentTerms: company.paymentTerms,
      creditLimit: centsToPriceText(company.creditLimitCents),
      discountPercent: String(company.discountPercent),
      taxExempt: company.taxExempt,
      taxExemptReason: company.taxExemptReason ?? '',
    },
  });
  const decline = useForm<DeclineForm>({ resolver: zodResolver(declineFormSchema), defaultValues: { declineReason: '' } });
  const exempt = useWatch({ control: terms.control, name: 'taxExempt' });
  const applied = company.status === 'applied';
  const approvable = applied || isApprovedCompany(company);

  const saveTerms = (form: TermsForm) => {
    update.mutate(
      {
        id: company.id,
        ...(applied ? { status: 'active' as const } : {}),
        paymentTerms: form.paymentTerms,
        creditLimitCents: parsePriceToCents(form.creditLimit)!,
        discountPercent: Number(form.discountPercent),
        taxExempt: form.taxExempt,
        ...(form.taxExempt ? { taxExemptReason: form.taxExemptReason.trim() } : {}),
      },
      {
        onSuccess: () => toast.success(applied ? a.approved(company.name) : a.termsSaved),
        onError: (error) =>
          applyServerFieldErrors(error, terms.setError, ['paymentTerms', 'discountPercent', 'taxExemptReason', 'creditLimit'], {
            creditLimitCents: 'creditLimit',
          }),
      },
    );
  };

  const declineIt = ({ declineReason }: DeclineForm) => {
    update.mutate(
      { id: company.id, status: 'declined', declineReason },
      {
        onSuccess: () => toast.success(a.declined(company.name)),
        onError: (error) => applyServerFieldErrors(error, decline.setError, ['declineReason']),
      },
    );
  };

  const move = (status: 'on_hold' | 'active', done: string) =>
    update.mutate({ id: company.id, status }, { onSuccess: () => toast.success(done), onError: () => undefined });

  const errors = terms.formState.errors;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {approvable ? (
        <form noValidate onSubmit={(event) => void terms.handleSubmit(saveTerms)(event)} className="space-y-4">
          <h4 className="text-lg font-bold text-slate-900">{applied ? a.approveTitle : a.terms}</h4>
          <SelectField label={a.termsLabel} error={errors.paymentTerms?.message} {...terms.register('paymentTerms')}>
            {paymentTermsValues.map((value) => (
              <option key={value} value={value}>
                {a.termsNames[value]}
              </option>
            ))}
          </SelectField>
          <InputField
            label={a.creditLimitLabel}
            hint={a.creditLimitHint(currency)}
            inputMode="decimal"
            autoComplete="off"
            maxLength={16}
            error={errors.creditLimit?.message}
            {...terms.register('creditLimit')}
          />
          <InputField
            label={a.discountLabel}
            hint={a.discountHint}
            inputMode="numeric"
            autoComplete="off"
            maxLength={2}
            error={errors.discountPercent?.message}
            {...terms.register('discountPercent')}
          />
          <label className="flex items-center gap-3 font-semibold text-slate-800">
            <input type="checkbox" className="checkbox" {...terms.register('taxExempt')} />
            {a.taxExemptLabel}
          </label>
          {exempt ? (
            <InputField
              label={a.taxExemptReasonLabel}
              maxLength={200}
              error={errors.taxExemptReason?.message}
              {...terms.register('taxExemptReason')}
            />
          ) : null}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn btn-primary" disabled={update.isPending}>
              {applied ? a.approve : a.saveTerms}
            </button>
            {company.status === 'active' ? (
              <button
                type="button"
                className="btn btn-ghost border-slate-300"
                disabled={update.isPending}
                onClick={() => move('on_hold', a.heldNow(company.name))}
              >
                {a.putOnHold}
              </button>
            ) : null}
            {company.status === 'on_hold' ? (
              <button
                type="button"
                className="btn btn-ghost border-slate-300"
                disabled={update.isPending}
                onClick={() => move('active', a.reactivated(company.name))}
              >
                {a.reactivate}
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
      {applied ? (
        <form noValidate onSubmit={(event) => void decline.handleSubmit(declineIt)(event)} className="space-y-4">
          <h4 className="text-lg font-bold text-slate-900">{a.declineTitle}</h4>
          <TextAreaField
            label={a.declineReasonLabel}
            rows={3}
            maxLength={500}
            error={decline.formState.errors.declineReason?.message}
            {...decline.register('declineReason')}
          />
          <button type="submit" className="btn btn-error btn-outline" disabled={update.isPending}>
            {a.decline}
          </button>
        </form>
      ) : null}
    </div>
  );
}
