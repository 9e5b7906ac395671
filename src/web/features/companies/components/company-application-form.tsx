import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Path } from 'react-hook-form';
import type { z } from 'zod';
import * as copy from '#shared/copy';
import { type CompanyApplied, companyApplicationSchema } from '#shared/schemas/companies';
import { ADDRESS_FIELDS, AddressFields, addressErrorsOf, addressFormValues } from '../../../components/address-fields';
import { FormError, InputField } from '../../../components/form-field';
import { ApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/mutation-errors';
import { useApplyForCompanyMutation } from '../api/apply-company';

const p = copy.companyMembers.page;

type ApplicationInput = z.input<typeof companyApplicationSchema>;
type ApplicationOutput = z.output<typeof companyApplicationSchema>;

/** Every field the API may name in a refusal, as the form names it (the same paths). */
const FIELDS = [
  'name',
  'vatId',
  ...ADDRESS_FIELDS.map((field) => `billingAddress.${field}` as const),
  'deliveryAddress.label',
  'deliveryAddress.phone',
  ...ADDRESS_FIELDS.map((field) => `deliveryAddress.address.${field}` as const),
] as Path<ApplicationInput>[];

interface CompanyApplicationFormProps {
  /** The countries the shop delivers to (empty: everywhere), offered for both addresses. */
  deliverTo: readonly string[];
  /** The country the addresses start in: the seller's. */
  country: string;
  onApplied: (applied: CompanyApplied) => void;
}

/**
 * The application for a trade account: the company's name, its EU VAT ID (optional), its billing
 * address and its first delivery site with a label and a phone. Checked with the API's own schema
 * first; what the API still refuses shows under the field it names.
 */
export function CompanyApplicationForm({ deliverTo, country, onApplied }: CompanyApplicationFormProps) {
  const apply = useApplyForCompanyMutation();
  const form = useForm<ApplicationInput, unknown, ApplicationOutput>({
    resolver: zodResolver(companyApplicationSchema),
    defaultValues: {
      name: '',
      vatId: '',
      billingAddress: addressFormValues(null, country),
      deliveryAddress: { label: '', phone: '', address: addressFormValues(null, country) },
    },
  });
  const errors = form.formState.errors;
  const billingCountry = useWatch({ control: form.control, name: 'billingAddress.country' });
  const siteCountry = useWatch({ control: form.control, name: 'deliveryAddress.address.country' });
  const refusal =
    apply.error instanceof ApiError && Object.keys(apply.error.fieldErrors).length === 0 ? apply.error.message : undefined;

  const submit = (values: ApplicationOutput) =>
    apply.mutate(values, {
      onSuccess: onApplied,
      onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS),
    });

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} className="grid max-w-2xl gap-6">
      <p className="text-slate-700">{p.applyIntro}</p>
      <InputField label={p.name} autoComplete="organization" error={errors.name?.message} {...form.register('name')} />
      <InputField label={p.vatId} autoComplete="off" error={errors.vatId?.message} {...form.register('vatId')} />
      <AddressFields
        legend={p.billingAddress}
        register={(field) => form.register(`billingAddress.${field}`)}
        country={billingCountry}
        deliverTo={[]}
        errors={addressErrorsOf(errors.billingAddress)}
        onCountryChange={() => form.setValue('billingAddress.region', '')}
      />
      {/* Not a fieldset: the address's own group is "Delivery address", and one group inside another of nearly the same name would confuse. */}
      <div className="grid min-w-0 gap-4">
        <h4 className="text-base font-bold text-slate-900">{p.firstDelivery}</h4>
        <InputField
          label={p.label}
          hint={p.labelHint}
          error={errors.deliveryAddress?.label?.message}
          {...form.register('deliveryAddress.label')}
        />
        <InputField
          label={p.phone}
          type="tel"
          autoComplete="tel"
          error={errors.deliveryAddress?.phone?.message}
          {...form.register('deliveryAddress.phone')}
        />
        <AddressFields
          register={(field) => form.register(`deliveryAddress.address.${field}`)}
          country={siteCountry}
          deliverTo={deliverTo}
          errors={addressErrorsOf(errors.deliveryAddress?.address)}
          onCountryChange={() => form.setValue('deliveryAddress.address.region', '')}
        />
      </div>
      <FormError message={refusal} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={apply.isPending}>
          {apply.isPending ? p.applying : p.apply}
        </button>
      </div>
    </form>
  );
}
