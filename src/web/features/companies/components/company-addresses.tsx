import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import type { z } from 'zod';
import * as copy from '#shared/copy';
import { addressLines } from '#shared/schemas/address';
import type { Company } from '#shared/schemas/companies';
import { companyAddressInputSchema } from '#shared/schemas/company-members';
import {
  ADDRESS_FIELDS,
  AddressFields,
  addressErrorsOf,
  addressFormValues,
  deliveryAddressSchema,
} from '../../../components/address-fields';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormError, InputField } from '../../../components/form-field';
import { ApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/mutation-errors';
import { toast } from '../../../lib/toast';
import { useDeleteCompanyAddressMutation } from '../api/delete-company-address';
import { useSaveCompanyAddressMutation } from '../api/save-company-address';

const p = copy.companyMembers.page;

type Site = Company['deliveryAddresses'][number];

/** The site's rules as the API checks them, the address also in a country the shop delivers to. */
const siteSchema = (deliverTo: readonly string[]) =>
  companyAddressInputSchema.extend({ address: deliveryAddressSchema(deliverTo) });
type SiteInput = z.input<ReturnType<typeof siteSchema>>;
type SiteOutput = z.output<ReturnType<typeof siteSchema>>;

const FIELDS = ['label', 'phone', ...ADDRESS_FIELDS.map((field) => `address.${field}` as const)] as Path<SiteInput>[];

interface SiteFormProps {
  site: Site | null;
  deliverTo: readonly string[];
  country: string;
  onDone: () => void;
}

/** A delivery site's label, phone and address: a new one, or `site` changed. */
function SiteForm({ site, deliverTo, country, onDone }: SiteFormProps) {
  const save = useSaveCompanyAddressMutation();
  const schema = useMemo(() => siteSchema(deliverTo), [deliverTo]);
  const form = useForm<SiteInput, unknown, SiteOutput>({
    resolver: zodResolver(schema),
    defaultValues: {
      label: site?.label ?? '',
      phone: site?.phone ?? '',
      address: addressFormValues(site?.address ?? null, country),
    },
  });
  const [refusal, setRefusal] = useState<string>();
  const errors = form.formState.errors;
  const chosenCountry = useWatch({ control: form.control, name: 'address.country' });
  const submit = (values: SiteOutput) =>
    save.mutate(
      { id: site?.id, ...values },
      {
        onSuccess: () => {
          toast.success(p.addressSaved);
          onDone();
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || error.isServerFault) return;
          if (Object.keys(error.fieldErrors).length > 0) applyServerFieldErrors(error, form.setError, FIELDS);
          else setRefusal(error.message);
        },
      },
    );
  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
      className="grid gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      aria-label={site ? `${p.editAddress}: ${site.label}` : p.addAddress}
    >
      <InputField label={p.label} hint={p.labelHint} error={errors.label?.message} {...form.register('label')} />
      <InputField label={p.phone} type="tel" autoComplete="tel" error={errors.phone?.message} {...form.register('phone')} />
      <AddressFields
        register={(field) => form.register(`address.${field}`)}
        country={chosenCountry}
        deliverTo={deliverTo}
        errors={addressErrorsOf(errors.address)}
        onCountryChange={() => form.setValue('address.region', '')}
      />
      <FormError message={refusal} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {p.saveAddress}
        </button>
        <button type="button" className="btn btn-ghost border-slate-300" onClick={onDone}>
          {p.cancel}
        </button>
      </div>
    </form>
  );
}

interface CompanyAddressesProps {
  company: Company;
  isCompanyAdmin: boolean;
  deliverTo: readonly string[];
  country: string;
}

/** The company's delivery sites; a company admin adds, edits and deletes them (never the last). */
export function CompanyAddresses({ company, isCompanyAdmin, deliverTo, country }: CompanyAddressesProps) {
  const remove = useDeleteCompanyAddressMutation();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Site | null>(null);
  const [refusal, setRefusal] = useState<string>();
  const confirm = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(p.addressDeleted);
        setRefusal(undefined);
      },
      onError: (error) =>
        setRefusal(error instanceof ApiError && !error.isServerFault ? error.message : copy.common.somethingWrong),
      onSettled: () => setDeleting(null),
    });
  };
  return (
    <section aria-labelledby="company-addresses" className="grid gap-3">
      <h3 id="company-addresses" className="text-xl font-bold text-slate-900">
        {p.addresses}
      </h3>
      <FormError message={refusal} />
      <ul className="grid gap-3 lg:grid-cols-2">
        {company.deliveryAddresses.map((site) =>
          editing === site.id ? (
            <li key={site.id} className="lg:col-span-2">
              <SiteForm site={site} deliverTo={deliverTo} country={country} onDone={() => setEditing(null)} />
            </li>
          ) : (
            <li
              key={site.id}
              data-testid="company-address"
              className="grid min-w-0 gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
            >
              <span className="font-bold break-words text-slate-900">{site.label}</span>
              <address className="text-slate-700 not-italic">
                {addressLines(site.address).map((line, index) => (
                  <span key={index} className="block break-words">
                    {line}
                  </span>
                ))}
                <span className="block">{site.phone}</span>
              </address>
              {isCompanyAdmin ? (
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm border-slate-300"
                    aria-label={`${p.editAddress}: ${site.label}`}
                    onClick={() => setEditing(site.id)}
                  >
                    {p.editAddress}
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm border-slate-300"
                    aria-label={`${p.deleteAddress}: ${site.label}`}
                    onClick={() => setDeleting(site)}
                  >
                    {p.deleteAddress}
                  </button>
                </div>
              ) : null}
            </li>
          ),
        )}
      </ul>
      {isCompanyAdmin ? (
        editing === 'new' ? (
          <SiteForm site={null} deliverTo={deliverTo} country={country} onDone={() => setEditing(null)} />
        ) : (
          <div>
            <button type="button" className="btn btn-outline" onClick={() => setEditing('new')}>
              {p.addAddress}
            </button>
          </div>
        )
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        confirmLabel={p.deleteAddress}
        cancelLabel={p.keep}
        pending={remove.isPending}
        onConfirm={confirm}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? p.confirmDeleteAddress(deleting.label) : null}
      </ConfirmDialog>
    </section>
  );
}
