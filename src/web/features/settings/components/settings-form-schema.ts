import { z } from 'zod';
import * as copy from '#shared/copy';
import { parsePriceToCents } from '#shared/money';
import { addressSchema, countryCodeSchema } from '#shared/schemas/address';
import {
  flashDealPartSchema,
  flashDealPercentSchema,
  MAX_DEAL_PERCENT,
  MAX_FLASH_DEAL_PARTS,
  MIN_DEAL_PERCENT,
  sellerNameSchema,
  sellerVatNumberSchema,
  settingsUpdateSchema,
  taxTableSchema,
  type Settings,
  type SettingsUpdate,
} from '#shared/schemas/content';
import { centsToPriceText } from '#shared/money';

const s = copy.settings;
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

/** Text typed as a number → the number; anything else → NaN, which the shared rules refuse with their message. */
const decimal = (text: string) => (/^\d{1,6}(\.\d{1,6})?$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
const whole = (text: string) => (/^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
const cents = (text: string) => parsePriceToCents(text) ?? Number.NaN;

const percentInvalid = s.percentInvalid(MIN_DEAL_PERCENT, MAX_DEAL_PERCENT);
const update = settingsUpdateSchema.shape;

/** The transit rows: a country once each, 0 to 60 working days; sent as {country: days}. */
const transitRowsSchema = z
  .array(
    z.object({
      country: countryCodeSchema,
      days: z
        .string()
        .transform(whole)
        .pipe(
          z
            .number({ error: s.transitDaysInvalid })
            .int(s.transitDaysInvalid)
            .min(0, s.transitDaysInvalid)
            .max(60, s.transitDaysInvalid),
        ),
    }),
  )
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      if (seen.has(row.country)) ctx.addIssue({ code: 'custom', path: [index, 'country'], message: s.transitDuplicate });
      seen.add(row.country);
    });
  })
  .transform((rows) => Object.fromEntries(rows.map((row) => [row.country, row.days])));

/**
 * The shared rules (the same the server applies), after turning what was typed into what the API
 * takes: the local time into an ISO instant, "9.90" into cents, the rows into the table and the map.
 */
export const settingsFormSchema = z.object({
  flashDealEndsAt: z.string().transform(localInputToIso).pipe(update.flashDealEndsAt),
  flashDealPercent: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, percentInvalid)
    .transform(Number)
    .pipe(flashDealPercentSchema),
  flashDealParts: z.array(flashDealPartSchema).max(MAX_FLASH_DEAL_PARTS, s.dealPartsTooMany(MAX_FLASH_DEAL_PARTS)),
  sellerName: sellerNameSchema,
  sellerAddress: addressSchema,
  sellerVatNumber: sellerVatNumberSchema,
  currency: z.string().pipe(update.currency.unwrap()),
  taxRates: z
    .array(z.object({ country: z.string(), region: z.string(), name: z.string(), ratePercent: z.string().transform(decimal) }))
    // The table's own rules take the rows as typed (its country, region and name are checked there).
    .transform((rows): unknown => rows)
    .pipe(taxTableSchema),
  deliveryFeeCents: z.string().transform(cents).pipe(update.deliveryFeeCents.unwrap()),
  freeDeliveryThresholdCents: z.string().transform(cents).pipe(update.freeDeliveryThresholdCents.unwrap()),
  orderCutoff: z.string().pipe(update.orderCutoff.unwrap()),
  timeZone: z.string().trim().pipe(update.timeZone.unwrap()),
  transitDays: transitRowsSchema,
  deliverTo: z.array(z.string()).pipe(update.deliverTo.unwrap()),
  returnWindowDays: z.string().transform(whole).pipe(update.returnWindowDays.unwrap()),
  coreReturnWindowDays: z.string().transform(whole).pipe(update.coreReturnWindowDays.unwrap()),
  returnInstructions: update.returnInstructions.unwrap(),
});
export type SettingsFormInput = z.input<typeof settingsFormSchema>;
export type SettingsFormOutput = z.output<typeof settingsFormSchema>;

/** What the form shows of the stored settings: every number as the text it is edited as. */
export function formValues(settings: Settings): SettingsFormInput {
  const address = settings.sellerAddress;
  return {
    flashDealEndsAt: isoToLocalInput(settings.flashDealEndsAt),
    flashDealPercent: String(settings.flashDealPercent),
    flashDealParts: settings.flashDealParts,
    sellerName: settings.sellerName,
    sellerAddress: {
      line1: address.line1,
      line2: address.line2 ?? '',
      city: address.city,
      region: address.region ?? '',
      postalCode: address.postalCode,
      country: address.country,
    },
    sellerVatNumber: settings.sellerVatNumber,
    currency: settings.currency,
    taxRates: settings.taxRates.map((row) => ({
      country: row.country,
      region: row.region ?? '',
      name: row.name,
      ratePercent: String(row.ratePercent),
    })),
    deliveryFeeCents: centsToPriceText(settings.deliveryFeeCents),
    freeDeliveryThresholdCents: centsToPriceText(settings.freeDeliveryThresholdCents),
    orderCutoff: settings.orderCutoff,
    timeZone: settings.timeZone,
    transitDays: Object.entries(settings.transitDays).map(([country, days]) => ({ country, days: String(days) })),
    deliverTo: settings.deliverTo,
    returnWindowDays: String(settings.returnWindowDays),
    coreReturnWindowDays: String(settings.coreReturnWindowDays),
    returnInstructions: settings.returnInstructions,
  };
}

/** The body sent: the form's values, the deal's parts by id. */
export function toUpdate({ flashDealParts, ...values }: SettingsFormOutput): SettingsUpdate {
  return { ...values, flashDealPartIds: flashDealParts.map((part) => part.id) };
}

const FIELDS = [
  'flashDealEndsAt',
  'flashDealPercent',
  'flashDealParts',
  'sellerName',
  'sellerAddress',
  'sellerVatNumber',
  'currency',
  'taxRates',
  'deliveryFeeCents',
  'freeDeliveryThresholdCents',
  'orderCutoff',
  'timeZone',
  'transitDays',
  'deliverTo',
  'returnWindowDays',
  'coreReturnWindowDays',
  'returnInstructions',
];
const ADDRESS_KEYS = ['line1', 'line2', 'city', 'region', 'postalCode', 'country'];
const TAX_KEYS = ['country', 'region', 'name', 'ratePercent'];

/**
 * Where the server's field names land on the form, for the rows it holds now: `taxRates.2.ratePercent`
 * is a field of its own; `transitDays.ZZ` (the API's map) is that country's row; `deliverTo.3` is the list.
 */
export function serverFieldsOf(values: SettingsFormInput, fieldErrors: Record<string, string>) {
  const fields = [...FIELDS, ...ADDRESS_KEYS.map((key) => `sellerAddress.${key}`)];
  values.taxRates.forEach((_, index) => fields.push(...TAX_KEYS.map((key) => `taxRates.${index}.${key}`)));
  values.transitDays.forEach((_, index) => fields.push(`transitDays.${index}.country`, `transitDays.${index}.days`));
  const aliases: Record<string, string> = { flashDealPartIds: 'flashDealParts' };
  for (const [field, message] of Object.entries(fieldErrors)) {
    const [head, key] = field.split('.');
    if (head === 'deliverTo' && key !== undefined) aliases[field] = 'deliverTo';
    if (head === 'transitDays' && key !== undefined) {
      const index = values.transitDays.findIndex((row) => row.country.toUpperCase() === key);
      if (index >= 0) aliases[field] = `transitDays.${index}.${message === copy.address.countryUnknown ? 'country' : 'days'}`;
    }
  }
  return { fields, aliases };
}
