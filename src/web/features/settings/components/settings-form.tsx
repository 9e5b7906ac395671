import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import * as copy from '#shared/copy';
import {
  flashDealPartSchema,
  flashDealPercentSchema,
  MAX_DEAL_PERCENT,
  MAX_FLASH_DEAL_PARTS,
  MIN_DEAL_PERCENT,
  sellerAddressSchema,
  sellerNameSchema,
  sellerVatNumberSchema,
  settingsUpdateSchema,
  type Settings,
  type SettingsUpdate,
} from '#shared/schemas/content';
import { InputField, TextAreaField } from '../../../components/form-field';
import { applyServerFieldErrors } from '../../../lib/mutation-errors';
import { useUpdateSettingsMutation } from '../api/update-settings';
import { DealPartsField } from './deal-parts-field';

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

const percentInvalid = copy.settings.percentInvalid(MIN_DEAL_PERCENT, MAX_DEAL_PERCENT);

/**
 * The shared rules, after turning the local time into an ISO instant and the percentage typed into a
 * number; the deal's parts are kept by name, sent by id.
 */
const settingsFormSchema = z.object({
  flashDealEndsAt: z.string().transform(localInputToIso).pipe(settingsUpdateSchema.shape.flashDealEndsAt),
  flashDealPercent: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, percentInvalid)
    .transform(Number)
    .pipe(flashDealPercentSchema),
  flashDealParts: z.array(flashDealPartSchema).max(MAX_FLASH_DEAL_PARTS, copy.settings.dealPartsTooMany(MAX_FLASH_DEAL_PARTS)),
  sellerName: sellerNameSchema,
  sellerAddress: sellerAddressSchema,
  sellerVatNumber: sellerVatNumberSchema,
});
type SettingsFormInput = z.input<typeof settingsFormSchema>;
type SettingsFormOutput = z.output<typeof settingsFormSchema>;

const FIELDS = [
  'flashDealEndsAt',
  'flashDealPercent',
  'flashDealParts',
  'sellerName',
  'sellerAddress',
  'sellerVatNumber',
] as const;
/** The API names the deal's parts by id; the form shows them by name. */
const SERVER_FIELDS = { flashDealPartIds: 'flashDealParts' };

/** What the form shows of the stored settings. */
function formValues(settings: Settings): SettingsFormInput {
  return {
    flashDealEndsAt: isoToLocalInput(settings.flashDealEndsAt),
    flashDealPercent: String(settings.flashDealPercent),
    flashDealParts: settings.flashDealParts,
    sellerName: settings.sellerName,
    sellerAddress: settings.sellerAddress,
    sellerVatNumber: settings.sellerVatNumber,
  };
}

/** The body sent: the form's values, the deal's parts by id. */
function toUpdate({ flashDealParts, ...values }: SettingsFormOutput): SettingsUpdate {
  return { ...values, flashDealPartIds: flashDealParts.map((part) => part.id) };
}

/** The flash deal (its end in the browser's time zone, its percentage off, its parts); the seller invoices name. */
export function SettingsForm({ settings }: { settings: Settings }) {
  const form = useForm<SettingsFormInput, unknown, SettingsFormOutput>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: formValues(settings),
  });
  const update = useUpdateSettingsMutation();
  // The landing page's words follow the percentage as it is typed; the stored one while it is not a number.
  const percentTyped = useWatch({ control: form.control, name: 'flashDealPercent' }).trim();
  const percentShown = /^\d{1,2}$/.test(percentTyped) ? Number(percentTyped) : settings.flashDealPercent;
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
      onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS, SERVER_FIELDS),
    });

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(save)(event)} className="grid max-w-xl gap-5">
      <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_10rem]">
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
          label={copy.settings.percent}
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          error={errors.flashDealPercent?.message}
          {...form.register('flashDealPercent')}
        />
      </div>
      <p className="-mt-2 text-sm text-slate-600">{copy.settings.percentHint(copy.deal.discountText(percentShown))}</p>
      <Controller
        control={form.control}
        name="flashDealParts"
        render={({ field, fieldState }) => (
          <DealPartsField value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
        )}
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
