import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import * as copy from '#shared/copy';
import { ApiError } from '../../../lib/api-client';
import { CURRENCIES, type Settings } from '#shared/schemas/content';
import { InputField, SelectField, TextAreaField } from '../../../components/form-field';
import { applyServerFieldErrors } from '../../../lib/mutation-errors';
import { useUpdateSettingsMutation } from '../api/update-settings';
import { DealPartsField } from './deal-parts-field';
import { DeliverToField, SellerAddressFields, TaxTableField, TransitDaysField } from './settings-fields';
import {
  formValues,
  serverFieldsOf,
  settingsFormSchema,
  toUpdate,
  type SettingsFormInput,
  type SettingsFormOutput,
} from './settings-form-schema';

export { isoToLocalInput, localInputToIso } from './settings-form-schema';

const s = copy.settings;
// min-w-0 and grid-cols-1: else a fieldset or a grid column is as wide as its widest content (a
// country list), wider than a phone.
const section = 'grid min-w-0 grid-cols-1 gap-5 border-t border-slate-200 pt-5';
const heading = 'pr-2 text-lg font-semibold';
const hintText = 'mt-1.5 text-sm text-slate-600';

/**
 * Every setting an admin edits: the flash deal (its end in the browser's time zone, its percentage
 * off, its parts), the seller invoices name, currency and tax table, delivery, and returns.
 */
export function SettingsForm({ settings }: { settings: Settings }) {
  const form = useForm<SettingsFormInput, unknown, SettingsFormOutput>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: formValues(settings),
  });
  const update = useUpdateSettingsMutation();
  // The landing page's words follow the percentage as it is typed; the stored one while it is not a number.
  const percentTyped = useWatch({ control: form.control, name: 'flashDealPercent' }).trim();
  const percentShown = /^\d{1,2}$/.test(percentTyped) ? Number(percentTyped) : settings.flashDealPercent;
  const currency = useWatch({ control: form.control, name: 'currency' });
  const { errors } = form.formState;
  // The browser's time zone, which only Intl knows; an admin's form, not a page a visitor loads.
  // eslint-disable-next-line no-restricted-properties
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const save = (values: SettingsFormOutput) =>
    update.mutate(toUpdate(values), {
      onSuccess: (saved) => {
        toast.success(copy.toasts.settingsSaved);
        form.reset(formValues(saved));
      },
      onError: (error) => {
        const { fields, aliases } = serverFieldsOf(form.getValues(), error instanceof ApiError ? error.fieldErrors : {});
        applyServerFieldErrors(error, form.setError, fields as Path<SettingsFormInput>[], aliases);
      },
    });

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(save)(event)} className="grid max-w-2xl grid-cols-1 gap-5">
      <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_10rem]">
        <div>
          <InputField
            type="datetime-local"
            label={s.endsAt}
            error={errors.flashDealEndsAt?.message}
            {...form.register('flashDealEndsAt')}
          />
          <p className={hintText}>{s.endsAtHint(zone)}</p>
        </div>
        <InputField
          label={s.percent}
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          error={errors.flashDealPercent?.message}
          {...form.register('flashDealPercent')}
        />
      </div>
      <p className="-mt-2 text-sm text-slate-600">{s.percentHint(copy.deal.discountText(percentShown))}</p>
      <Controller
        control={form.control}
        name="flashDealParts"
        render={({ field, fieldState }) => (
          <DealPartsField value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
        )}
      />

      <fieldset className={section}>
        <legend className={heading}>{s.sellerTitle}</legend>
        <p className="-mt-2 text-sm text-slate-600">{s.sellerText}</p>
        <InputField
          label={s.sellerName}
          autoComplete="organization"
          maxLength={120}
          error={errors.sellerName?.message}
          {...form.register('sellerName')}
        />
        <SellerAddressFields form={form} />
        <InputField
          label={s.sellerVatNumber}
          hint={s.sellerVatNumberHint}
          autoComplete="off"
          maxLength={20}
          error={errors.sellerVatNumber?.message}
          {...form.register('sellerVatNumber')}
        />
      </fieldset>

      <fieldset className={section}>
        <legend className={heading}>{s.currencyTaxTitle}</legend>
        <SelectField label={s.currency} className="sm:max-w-60" error={errors.currency?.message} {...form.register('currency')}>
          {CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </SelectField>
        <TaxTableField form={form} />
      </fieldset>

      <fieldset className={section}>
        <legend className={heading}>{s.deliveryTitle}</legend>
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <InputField
            label={s.deliveryFee}
            hint={s.moneyHint(currency)}
            inputMode="decimal"
            autoComplete="off"
            maxLength={12}
            error={errors.deliveryFeeCents?.message}
            {...form.register('deliveryFeeCents')}
          />
          <InputField
            label={s.freeDeliveryThreshold}
            hint={s.freeDeliveryThresholdHint}
            inputMode="decimal"
            autoComplete="off"
            maxLength={12}
            error={errors.freeDeliveryThresholdCents?.message}
            {...form.register('freeDeliveryThresholdCents')}
          />
          <InputField
            type="time"
            label={s.orderCutoff}
            hint={s.orderCutoffHint}
            error={errors.orderCutoff?.message}
            {...form.register('orderCutoff')}
          />
          <InputField
            label={s.timeZone}
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            error={errors.timeZone?.message}
            {...form.register('timeZone')}
          />
        </div>
        <TransitDaysField form={form} />
        <Controller
          control={form.control}
          name="deliverTo"
          render={({ field, fieldState }) => (
            <DeliverToField value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
      </fieldset>

      <fieldset className={section}>
        <legend className={heading}>{s.returnsTitle}</legend>
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <InputField
            label={s.returnWindow}
            inputMode="numeric"
            autoComplete="off"
            maxLength={3}
            error={errors.returnWindowDays?.message}
            {...form.register('returnWindowDays')}
          />
          <InputField
            label={s.coreReturnWindow}
            inputMode="numeric"
            autoComplete="off"
            maxLength={3}
            error={errors.coreReturnWindowDays?.message}
            {...form.register('coreReturnWindowDays')}
          />
        </div>
        <TextAreaField
          label={s.returnInstructions}
          hint={s.returnInstructionsHint}
          rows={4}
          maxLength={2000}
          error={errors.returnInstructions?.message}
          {...form.register('returnInstructions')}
        />
      </fieldset>
      <div>
        <button type="submit" className="btn btn-primary btn-lg" disabled={update.isPending}>
          {update.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {s.save}
        </button>
      </div>
    </form>
  );
}
