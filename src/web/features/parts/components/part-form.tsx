import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, type RefObject, useId, useMemo, useRef, useState } from 'react';
import { Controller, type Path, useFieldArray, useForm, type UseFormReturn, useWatch } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import * as copy from '#shared/copy';
import { centsToPriceText } from '#shared/money';
import {
  type FitmentRowsErrors,
  type FitmentRowText,
  fitmentRowsFormSchema,
  fitmentRowsOf,
  toFitmentInputs,
} from '#shared/schemas/fitment-form';
import {
  DEFAULT_MIN_ORDER_QUANTITY,
  MAX_CROSS_REFERENCES,
  MAX_PRICE_TIERS,
  partFieldNames,
  partFormPricingSchema,
  partFormSchema,
  toPartInput,
  type Part,
  type PartUpdate,
} from '#shared/schemas/parts';
import { type Fit, MAX_FITMENTS_PER_PART } from '#shared/schemas/vehicles';
import { AddRowButton } from '../../../components/add-row-button';
import { InputField, SelectField, TextAreaField } from '../../../components/form-field';
import { PhotoField } from '../../../components/photo-field';
import { ApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/mutation-errors';
import { useUploadImageMutation } from '../../../lib/upload-image';
import { useCategoriesQuery } from '../api/get-categories';
import { useCreatePartMutation } from '../api/create-part';
import { useUpdatePartMutation } from '../api/update-part';

const a = copy.partsAdmin;

/**
 * The form's rules: the shared part form's, the tiers against the price and the minimum order typed,
 * and the photo: adding needs one ("Image is Required"), an update keeps the current one unless a new
 * one is chosen.
 */
function partFormSchemaFor(part: Part | undefined) {
  const photo = part
    ? z.custom<File | null>((value) => value === null || value instanceof File)
    : z.custom<File | null>((value) => value instanceof File, { error: copy.validation.imageRequired });
  return partFormSchema.extend({ photo, fitments: fitmentRowsFormSchema }).and(partFormPricingSchema());
}
type PartFormValues = z.infer<ReturnType<typeof partFormSchemaFor>>;

const tierFields = Array.from({ length: MAX_PRICE_TIERS }, (_, row) => [
  `priceTiers.${row}.minQuantity` as const,
  `priceTiers.${row}.unitPrice` as const,
]).flat();
const referenceFields = Array.from({ length: MAX_CROSS_REFERENCES }, (_, row) => [
  `crossReferences.${row}.brand` as const,
  `crossReferences.${row}.number` as const,
]).flat();
const fitmentFields = Array.from({ length: MAX_FITMENTS_PER_PART }, (_, row) => [
  `fitments.${row}.vehicleId` as const,
  `fitments.${row}.yearFrom` as const,
  `fitments.${row}.yearTo` as const,
  `fitments.${row}.note` as const,
]).flat();
/** Where the server's messages may land; a row's own fields, and the tiers as a whole under the list. */
const FIELDS = [
  'name',
  'price',
  'quantity',
  'description',
  'photo',
  'sku',
  'categoryId',
  'crossReferences.root',
  ...referenceFields,
  'minOrderQuantity',
  'packSize',
  'lowStockThreshold',
  'coreCharge',
  'priceTiers.root',
  ...tierFields,
  'fitments.root',
  ...fitmentFields,
] as Path<PartFormValues>[];
/**
 * The API's field names → this form's, so a server answer lands under the right input: the lists' own
 * messages under the list, a row's on its field, and a tier's price is typed in dollars.
 */
const SERVER_FIELDS: Record<string, string> = {
  ...partFieldNames,
  imageUrl: 'photo',
  priceTiers: 'priceTiers.root',
  fitments: 'fitments.root',
  crossReferences: 'crossReferences.root',
  ...Object.fromEntries(
    Array.from({ length: MAX_PRICE_TIERS }, (_, row) => [`priceTiers.${row}.unitPriceCents`, `priceTiers.${row}.unitPrice`]),
  ),
};

const EMPTY: PartFormValues = {
  name: '',
  sku: '',
  categoryId: '',
  price: '',
  quantity: '',
  minOrderQuantity: String(DEFAULT_MIN_ORDER_QUANTITY),
  packSize: '1',
  lowStockThreshold: '',
  coreCharge: '',
  description: '',
  crossReferences: [],
  priceTiers: [],
  fitments: [],
  photo: null,
};

function valuesOf(part: Part, fits: readonly Fit[]): PartFormValues {
  return {
    name: part.name,
    sku: part.sku,
    categoryId: part.categoryId,
    price: centsToPriceText(part.priceCents),
    quantity: String(part.stock),
    minOrderQuantity: String(part.minOrderQuantity),
    packSize: String(part.packSize),
    lowStockThreshold: part.lowStockThreshold === null ? '' : String(part.lowStockThreshold),
    coreCharge: part.coreChargeCents === 0 ? '' : centsToPriceText(part.coreChargeCents),
    description: part.description,
    crossReferences: part.crossReferences.map((reference) => ({ brand: reference.brand, number: reference.number })),
    priceTiers: part.priceTiers.map((tier) => ({
      minQuantity: String(tier.minQuantity),
      unitPrice: centsToPriceText(tier.unitPriceCents),
    })),
    fitments: fitmentRowsOf(fits),
    photo: null,
  };
}

/** What the form gives the vehicles' rows it shows: the rows, a way to change them, and their messages. */
export interface FitmentsFieldProps {
  rows: FitmentRowText[];
  onChange: (rows: FitmentRowText[]) => void;
  errors: FitmentRowsErrors;
}

export interface PartFormProps {
  /** The part to update; without it the form adds a new one. */
  part?: Part;
  /** After a successful update (the dialog closes). */
  onSaved?: () => void;
  /** The vehicles the part to update fits (its page's `fits`). */
  fits?: readonly Fit[];
  /**
   * The rows of vehicles the part fits, rendered by the page (they come from the vehicles feature); the
   * form keeps them, checks them with the rest, sends them as `fitments` and puts the server's
   * messages on them. Without it the form leaves the part's vehicles as they are.
   */
  fitmentsField?: (props: FitmentsFieldProps) => ReactNode;
}

/**
 * Add Parts and the update form of Manage All Parts. The photo is uploaded first; only when that
 * worked is the part saved with the returned URL (docs/shop-rules.md, "Forms, rules and messages").
 * The catalogue fields follow docs/shop-rules.md, "Volume prices and pack sizes".
 */
export function PartForm({ part, onSaved, fits = [], fitmentsField }: PartFormProps) {
  const isEdit = part !== undefined;
  const schema = useMemo(() => partFormSchemaFor(part), [part]);
  const form = useForm<PartFormValues>({
    resolver: zodResolver(schema),
    defaultValues: part ? valuesOf(part, fits) : EMPTY,
  });
  const categories = useCategoriesQuery();
  const upload = useUploadImageMutation();
  const create = useCreatePartMutation();
  const update = useUpdatePartMutation();
  const formRef = useRef<HTMLFormElement>(null);
  // A new key clears the file input after adding.
  const [photoKey, setPhotoKey] = useState(0);
  const { errors } = form.formState;

  // The rows are rendered by the page, not registered with the form: when the server's first refusal is
  // on a row, focus goes to that row's control (named by its field), as it does for the other fields.
  const focusRefusedFitment = (error: Error) => {
    if (!(error instanceof ApiError)) return;
    const first = Object.keys(error.fieldErrors)[0];
    if (first && /^fitments\.\d+\.\w+$/.test(first)) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const save = async (values: PartFormValues) => {
    let imageUrl = part?.imageUrl ?? '';
    if (values.photo) {
      try {
        imageUrl = (await upload.mutateAsync(values.photo)).url;
      } catch (error) {
        toast.error(copy.toasts.uploadFailed);
        if (error instanceof ApiError && !error.isServerFault) form.setError('photo', { type: 'server', message: error.message });
        return;
      }
    }
    const input = {
      ...toPartInput(values, imageUrl),
      ...(fitmentsField ? { fitments: toFitmentInputs(values.fitments) } : {}),
    };
    if (!part) {
      create.mutate(input, {
        onSuccess: () => {
          toast.success(copy.toasts.partAdded);
          form.reset(EMPTY);
          setPhotoKey((key) => key + 1);
        },
        onError: (error) => {
          // A server fault is the cache's "Something went wrong"; everything typed stays.
          if (error instanceof ApiError && error.isServerFault) return;
          toast.error(copy.toasts.partAddFailed);
          applyServerFieldErrors(error, form.setError, FIELDS, SERVER_FIELDS);
          focusRefusedFitment(error);
        },
      });
      return;
    }
    // Every field as the form shows it; the photo only when a new one was chosen.
    const changes: PartUpdate = { ...input };
    if (!values.photo) delete changes.imageUrl;
    update.mutate(
      { id: part.id, changes },
      {
        onSuccess: () => {
          toast.success(copy.toasts.partUpdated);
          onSaved?.();
        },
        onError: (error) => {
          applyServerFieldErrors(error, form.setError, FIELDS, SERVER_FIELDS);
          focusRefusedFitment(error);
        },
      },
    );
  };

  // Once the form has been sent, a change to the price, the minimum order or one row may settle or
  // break the others' rules ("lower than tier 1's"): the rows are checked again together.
  const recheckTiers = () => {
    if (form.formState.isSubmitted) void form.trigger('priceTiers');
  };
  // The low-stock hint names twice the minimum as typed, which the threshold follows when left empty.
  const minimumText = useWatch({ control: form.control, name: 'minOrderQuantity' });
  const minimumTyped = /^[1-9]\d*$/.test(minimumText.trim()) ? Number(minimumText.trim()) : undefined;

  const busy = upload.isPending || create.isPending || update.isPending;
  return (
    <form ref={formRef} noValidate onSubmit={(event) => void form.handleSubmit(save)(event)} className="grid gap-5">
      <InputField label={copy.fields.name} autoComplete="off" error={errors.name?.message} {...form.register('name')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label={a.sku}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="GH-BRK-1042"
          error={errors.sku?.message}
          {...form.register('sku')}
        />
        <Controller
          control={form.control}
          name="categoryId"
          render={({ field }) => (
            <SelectField
              label={a.category}
              error={errors.categoryId?.message ?? (categories.isError ? a.categoriesFailed : undefined)}
              {...field}
            >
              <option value="">{categories.isPending ? copy.common.loading : a.chooseCategory}</option>
              {categories.data?.items.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </SelectField>
          )}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        <InputField
          label={copy.fields.price}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          error={errors.price?.message}
          {...form.register('price', { onChange: recheckTiers })}
        />
        <InputField
          label={copy.fields.quantity}
          inputMode="numeric"
          autoComplete="off"
          error={errors.quantity?.message}
          {...form.register('quantity')}
        />
        <InputField
          label={a.minOrderQuantity}
          inputMode="numeric"
          autoComplete="off"
          hint={a.minOrderQuantityHint}
          error={errors.minOrderQuantity?.message}
          {...form.register('minOrderQuantity', { onChange: recheckTiers })}
        />
        <InputField
          label={a.packSize}
          inputMode="numeric"
          autoComplete="off"
          error={errors.packSize?.message}
          {...form.register('packSize')}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label={a.lowStockThreshold}
          inputMode="numeric"
          autoComplete="off"
          hint={a.lowStockThresholdHint(minimumTyped ?? part?.minOrderQuantity ?? DEFAULT_MIN_ORDER_QUANTITY)}
          error={errors.lowStockThreshold?.message}
          {...form.register('lowStockThreshold')}
        />
        <InputField
          label={a.coreCharge}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          hint={a.coreChargeHint}
          error={errors.coreCharge?.message}
          {...form.register('coreCharge')}
        />
      </div>
      <TextAreaField
        label={copy.fields.description}
        rows={5}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <CrossReferencesField form={form} />
      <PriceTiersField form={form} onRowsChange={recheckTiers} />
      {fitmentsField ? (
        <Controller
          control={form.control}
          name="fitments"
          render={({ field }) => (
            <>{fitmentsField({ rows: field.value, onChange: field.onChange, errors: fitmentErrorsOf(form, field.value) })}</>
          )}
        />
      ) : null}
      <PhotoField
        key={photoKey}
        label={copy.fields.photo}
        currentUrl={part?.imageUrl}
        hint={isEdit ? `${copy.partsAdmin.photoOptional} ${copy.uploads.hint}` : undefined}
        error={errors.photo?.message}
        onChange={(file, problem) => {
          form.setValue('photo', file, { shouldDirty: true, shouldValidate: form.formState.isSubmitted && !problem });
          if (problem) form.setError('photo', { type: 'size', message: problem });
        }}
      />
      <div>
        <button type="submit" className="btn btn-primary btn-lg min-w-32" disabled={busy}>
          {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {isEdit ? copy.partsAdmin.save : copy.partsAdmin.add}
        </button>
      </div>
    </form>
  );
}

/** The rows' messages, the browser's and the server's, as the rows show them. */
function fitmentErrorsOf(form: UseFormReturn<PartFormValues>, rows: readonly FitmentRowText[]): FitmentRowsErrors {
  const errors = form.formState.errors.fitments;
  return {
    list: errors?.root?.message ?? errors?.message,
    rows: rows.map((_, index) => {
      const row = errors?.[index];
      if (!row) return undefined;
      return {
        vehicleId: row.vehicleId?.message,
        yearFrom: row.yearFrom?.message,
        yearTo: row.yearTo?.message,
        note: row.note?.message,
      };
    }),
  };
}

/**
 * Other brands' numbers as rows of brand and number, added and removed one by one (at most 20). Each
 * input is named with its row ("Cross-reference 2: Number") and carries its row's message.
 */
function CrossReferencesField({ form }: { form: UseFormReturn<PartFormValues> }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'crossReferences' });
  const id = useId();
  const addRef = useRef<HTMLButtonElement>(null);
  const rowErrors = form.formState.errors.crossReferences;
  const listError = rowErrors?.root?.message ?? rowErrors?.message;
  const full = fields.length >= MAX_CROSS_REFERENCES;
  // Once sent, a changed or removed row may settle another's "same as" message: the rows are checked together.
  const recheck = () => {
    if (form.formState.isSubmitted) void form.trigger('crossReferences');
  };

  return (
    <RowListField
      id={id}
      legend={a.crossReferences}
      text={a.crossReferencesText(MAX_CROSS_REFERENCES)}
      listError={listError}
      addRef={addRef}
      addLabel={a.addCrossReference}
      full={full}
      fullText={copy.pricing.crossReferencesTooMany(MAX_CROSS_REFERENCES)}
      onAdd={() => append({ brand: '', number: '' })}
    >
      {fields.map((field, index) => {
        const row = index + 1;
        const errors = rowErrors?.[index];
        const brandId = `${id}-${field.id}-brand`;
        const numberId = `${id}-${field.id}-number`;
        return (
          <RemovableRow
            key={field.id}
            testId="cross-reference-row"
            title={a.crossReference(row)}
            removeLabel={a.removeCrossReference(row)}
            onRemove={() => {
              remove(index);
              recheck();
              addRef.current?.focus();
            }}
          >
            <InputField
              id={brandId}
              className="min-w-0"
              label={rowLabel(a.crossReference(row), a.crossReferenceBrand)}
              error={errors?.brand?.message}
              autoComplete="off"
              placeholder="Bosch"
              {...form.register(`crossReferences.${index}.brand`, { onChange: recheck })}
            />
            <InputField
              id={numberId}
              className="min-w-0"
              label={rowLabel(a.crossReference(row), a.crossReferenceNumber)}
              error={errors?.number?.message}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="0 986 494 161"
              {...form.register(`crossReferences.${index}.number`, { onChange: recheck })}
            />
          </RemovableRow>
        );
      })}
    </RowListField>
  );
}

interface PriceTiersFieldProps {
  form: UseFormReturn<PartFormValues>;
  /** A row was removed or changed. */
  onRowsChange: () => void;
}

const fieldError = 'mt-1.5 text-sm font-medium text-error';

interface RowListFieldProps {
  id: string;
  legend: string;
  text: string;
  listError: string | undefined;
  addRef: RefObject<HTMLButtonElement | null>;
  addLabel: string;
  full: boolean;
  fullText: string;
  onAdd: () => void;
  /** The rows, each a RemovableRow. */
  children: ReactNode[];
}

/** A list field: its legend and text, its rows, the list's own message, and the button adding a row. */
function RowListField({ id, legend, text, listError, addRef, addLabel, full, fullText, onAdd, children }: RowListFieldProps) {
  return (
    <fieldset className="grid gap-3" aria-describedby={`${id}-text`}>
      <legend className="mb-1 text-sm font-semibold text-slate-800">{legend}</legend>
      <p id={`${id}-text`} className="-mt-1 text-sm text-slate-600">
        {text}
      </p>
      {children.length > 0 ? <ol className="grid gap-3">{children}</ol> : null}
      {listError ? <p className={fieldError}>{listError}</p> : null}
      <AddRowButton buttonRef={addRef} label={addLabel} full={full} fullText={fullText} onAdd={onAdd} />
    </fieldset>
  );
}

interface RemovableRowProps {
  testId: string;
  /** The row's name, "Tier 2". */
  title: string;
  removeLabel: string;
  onRemove: () => void;
  /** The row's two inputs, side by side. */
  children: ReactNode;
}

/** A row of a list field: its name and remove button above its inputs. */
function RemovableRow({ testId, title, removeLabel, onRemove, children }: RemovableRowProps) {
  return (
    <li data-testid={testId} className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 sm:p-4">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-bold text-slate-900">{title}</p>
        <button type="button" className="btn btn-ghost btn-sm text-slate-700" aria-label={removeLabel} onClick={onRemove}>
          {a.remove}
        </button>
      </div>
      <div className="mt-2 grid grid-cols-2 gap-3">{children}</div>
    </li>
  );
}

/** A row's input is named with its row, for those who hear it: "Tier 2: Unit price". */
function rowLabel(rowName: string, text: string) {
  return (
    <>
      <span className="sr-only">{`${rowName}: `}</span>
      {text}
    </>
  );
}

/**
 * The price tiers as rows of "from this quantity, this unit price", added and removed one by one (at
 * most 10). Each input is named with its row ("Tier 2: Unit price") and carries its row's message.
 */
function PriceTiersField({ form, onRowsChange }: PriceTiersFieldProps) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'priceTiers' });
  const id = useId();
  const addRef = useRef<HTMLButtonElement>(null);
  const rowErrors = form.formState.errors.priceTiers;
  const listError = rowErrors?.root?.message ?? rowErrors?.message;
  const full = fields.length >= MAX_PRICE_TIERS;

  return (
    <RowListField
      id={id}
      legend={a.priceTiers}
      text={a.priceTiersText(MAX_PRICE_TIERS)}
      listError={listError}
      addRef={addRef}
      addLabel={a.addTier}
      full={full}
      fullText={copy.pricing.tiersTooMany(MAX_PRICE_TIERS)}
      onAdd={() => append({ minQuantity: '', unitPrice: '' })}
    >
      {fields.map((field, index) => {
        const row = index + 1;
        const errors = rowErrors?.[index];
        const quantityId = `${id}-${field.id}-quantity`;
        const priceId = `${id}-${field.id}-price`;
        return (
          <RemovableRow
            key={field.id}
            testId="price-tier-row"
            title={a.tier(row)}
            removeLabel={a.removeTier(row)}
            onRemove={() => {
              remove(index);
              // The rows below move up and take new numbers: their messages are said again.
              onRowsChange();
              addRef.current?.focus();
            }}
          >
            <InputField
              id={quantityId}
              className="min-w-0"
              label={rowLabel(a.tier(row), a.tierMinQuantity)}
              error={errors?.minQuantity?.message}
              inputMode="numeric"
              autoComplete="off"
              {...form.register(`priceTiers.${index}.minQuantity`, { onChange: onRowsChange })}
            />
            <InputField
              id={priceId}
              className="min-w-0"
              label={rowLabel(a.tier(row), a.tierUnitPrice)}
              error={errors?.unitPrice?.message}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              {...form.register(`priceTiers.${index}.unitPrice`, { onChange: onRowsChange })}
            />
          </RemovableRow>
        );
      })}
    </RowListField>
  );
}
