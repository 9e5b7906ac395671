import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import { copy } from '#shared/copy';
import { settingsUpdateSchema, type Settings } from '#shared/schemas/content';
import { InputField } from '../../../components/form-field';
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
});
type SettingsFormInput = z.input<typeof settingsFormSchema>;
type SettingsFormOutput = z.output<typeof settingsFormSchema>;

const FIELDS = ['flashDealEndsAt', 'flashDealDiscountText'] as const;

/** The flash deal's end (in the browser's time zone) and its discount text. */
export function SettingsForm({ settings }: { settings: Settings }) {
  const form = useForm<SettingsFormInput, unknown, SettingsFormOutput>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: {
      flashDealEndsAt: isoToLocalInput(settings.flashDealEndsAt),
      flashDealDiscountText: settings.flashDealDiscountText,
    },
  });
  const update = useUpdateSettingsMutation();
  const { errors } = form.formState;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const save = (values: SettingsFormOutput) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        toast.success(copy.toasts.settingsSaved);
        form.reset({
          flashDealEndsAt: isoToLocalInput(saved.flashDealEndsAt),
          flashDealDiscountText: saved.flashDealDiscountText,
        });
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
      <div>
        <button type="submit" className="btn btn-primary btn-lg" disabled={update.isPending}>
          {update.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {copy.settings.save}
        </button>
      </div>
    </form>
  );
}
