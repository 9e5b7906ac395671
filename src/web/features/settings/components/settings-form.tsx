import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import * as copy from '#shared/copy';
import {
  sellerAddressSchema,
  sellerNameSchema,
  sellerVatNumberSchema,
  settingsUpdateSchema,
  type Settings,
} from '#shared/schemas/content';
import { InputField, TextAreaField } from '../../../components/form-field';
import { applyServerFieldErrors } from '../../../lib/mutation-errors';
import { useUpdateSettingsMutation } from '../api/update-settings';

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-12-01T18:30:00.000Z" → "2026-12-01T19:30" in the browser's time zone, for a datetime-local input. */
export function isoToLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The input's local wall-clock time → an ISO instant; text that is not a date is left for the schema to refuse. */
export function localInputToIso(text: string): string {
  const date = new Date(text);
  return text && !Number.isNaN(date.getTime()) ? date.toISOString() : text;
}

/** The shared rules, after turning the local time into an ISO instant. */
const settingsFormSchema = z.object({
  flashDealEndsAt: z.string().transform(localInputToIso).pipe(settingsUpdateSchema.shape.flashDealEndsAt),
  flashDealDiscountText: settingsUpdateSchema.shape.flashDealDiscountText,
  sellerName: sellerNameSchema,
  sellerAddress: sellerAddressSchema,
  sellerVatNumber: sellerVatNumberSchema,
});
type SettingsFormInput = z.input<typeof settingsFormSchema>;
type SettingsFormOutput = z.output<typeof settingsFormSchema>;

const FIELDS = ['flashDealEndsAt', 'flashDealDiscountText', 'sellerName', 'sellerAddress', 'sellerVatNumber'] as const;

/** What the form shows of the stored settings. */
function formValues(settings: Settings): SettingsFormInput {
  return {
    flashDealEndsAt: isoToLocalInput(settings.flashDealEndsAt),
    flashDealDiscountText: settings.flashDealDiscountText,
    sellerName: settings.sellerName,
    sellerAddress: settings.sellerAddress,
    sellerVatNumber: settings.sellerVatNumber,
  };
}

/** The flash deal's end (in the browser's time zone) and its discount text; the seller invoices name. */
export function SettingsForm({ settings }: { settings: Settings }) {
  const form = useForm<SettingsFormInput, unknown, SettingsFormOutput>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: formValues(settings),
  });
  const update = useUpdateSettingsMutation();
  const { errors } = form.formState;
  // The browser's time zone, which only Intl knows; an admin's form, not a page a visitor loads.
  // eslint-disable-next-line no-restricted-properties
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const save = (values: SettingsFormOutput) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        toast.success(copy.toasts.settingsSaved);
        form.reset(formValues(saved));
      },
      onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS),
    });

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(save)(event)} className="grid max-w-md gap-5">
      <div>
        <InputField
          type="datetime-local"
          label={copy.settings.endsAt}
          error={errors.flashDealEndsAt?.message}
          {...form.register('flashDealEndsAt')}
        />
        <p className="mt-1.5 text-sm text-slate-600">{copy.settings.endsAtHint(zone)}</p>
      </div>
      <InputField
        label={copy.settings.discountText}
        autoComplete="off"
        maxLength={40}
        error={errors.flashDealDiscountText?.message}
        {...form.register('flashDealDiscountText')}
      />
      <fieldset className="grid gap-5 border-t border-slate-200 pt-5">
        <legend className="pr-2 text-lg font-semibold">{copy.settings.sellerTitle}</legend>
        <p className="-mt-2 text-sm text-slate-600">{copy.settings.sellerText}</p>
        <InputField
          label={copy.settings.sellerName}
          autoComplete="organization"
          maxLength={120}
          error={errors.sellerName?.message}
          {...form.register('sellerName')}
        />
        <div>
          <TextAreaField
            label={copy.settings.sellerAddress}
            autoComplete="off"
            rows={4}
            maxLength={400}
            error={errors.sellerAddress?.message}
            {...form.register('sellerAddress')}
          />
          <p className="mt-1.5 text-sm text-slate-600">{copy.settings.sellerAddressHint}</p>
        </div>
        <div>
          <InputField
            label={copy.settings.sellerVatNumber}
            autoComplete="off"
            maxLength={20}
            error={errors.sellerVatNumber?.message}
            {...form.register('sellerVatNumber')}
          />
          <p className="mt-1.5 text-sm text-slate-600">{copy.settings.sellerVatNumberHint}</p>
        </div>
      </fieldset>
      <div>
        <button type="submit" className="btn btn-primary btn-lg" disabled={update.isPending}>
          {update.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {copy.settings.save}
        </button>
      </div>
    </form>
  );
}
