import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import * as copy from '#shared/copy';
import { isCalendarDay, MAX_QUANTITY_FACTOR, supersessionInputSchema } from '#shared/schemas/supersessions';
import { FormError, InputField } from '../../../components/form-field';
import { SectionError } from '../../../components/section-error';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/mutation-errors';
import { toast } from '../../../lib/toast';
import { useAddSupersessionMutation, useRemoveSupersessionMutation, useSupersessionsQuery } from '../api/supersessions';

const s = copy.supersessions;

/** The API's rules, as typed into text fields: the factor as digits, the day as YYYY-MM-DD (empty: today). */
const formSchema = z.object({
  fromNumber: supersessionInputSchema.shape.fromNumber,
  quantityFactor: z
    .string()
    .trim()
    .refine(
      (text) => /^\d{1,3}$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_QUANTITY_FACTOR,
      s.factorInvalid(MAX_QUANTITY_FACTOR),
    ),
  since: z
    .string()
    .trim()
    .refine((text) => text === '' || isCalendarDay(text), s.sinceInvalid),
  note: supersessionInputSchema.shape.note,
});
type FormValues = z.input<typeof formSchema>;
const FIELDS = ['fromNumber', 'quantityFactor', 'since', 'note'] as const;
const EMPTY: FormValues = { fromNumber: '', quantityFactor: '1', since: '', note: '' };

/**
 * The part edit page's "Replaces" (the old numbers this part replaces: add and remove) and "Replaced by"
 * (when this part's own number was replaced). docs/shop-rules.md, "Part numbers that change".
 */
export function PartSupersessions({ partId }: { partId: string }) {
  const list = useSupersessionsQuery(partId);
  const add = useAddSupersessionMutation();
  const remove = useRemoveSupersessionMutation();
  const [refusal, setRefusal] = useState<string>();
  const titleId = useId();
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const save = (values: FormValues) => {
    setRefusal(undefined);
    const number = values.fromNumber.trim().toUpperCase();
    add.mutate(
      {
        partId,
        input: {
          fromNumber: number,
          quantityFactor: Number(values.quantityFactor),
          ...(values.since.trim() ? { since: values.since.trim() } : {}),
          note: values.note ?? '',
        },
      },
      {
        onSuccess: () => {
          toast.success(s.added(number));
          form.reset(EMPTY);
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || error.isServerFault) return;
          if (Object.keys(error.fieldErrors).length > 0) applyServerFieldErrors(error, form.setError, FIELDS);
          else setRefusal(error.message);
        },
      },
    );
  };

  if (list.isPending) return <Spinner className="py-6" />;
  if (list.isError) return <SectionError onRetry={() => void list.refetch()} message={copy.common.somethingWrong} />;
  const { items, replacedBy } = list.data;

  return (
    <section aria-labelledby={titleId} className="mt-8 border-t border-slate-200 pt-6" data-testid="part-supersessions">
      {replacedBy ? (
        <div className="mb-6 rounded-lg border-l-4 border-amber-500 bg-amber-50 px-3 py-2 text-sm text-slate-800">
          <h3 className="font-semibold">{s.replacedByTitle}</h3>
          <p>{s.replacedByText(replacedBy.sku)}</p>
        </div>
      ) : null}
      <h3 id={titleId} className="text-base font-bold text-slate-900">
        {s.replacesTitle}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{s.replacesIntro}</p>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{s.replacesEmpty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200" data-testid="supersession-items">
          {items.map((item) => (
            <li key={item.fromNumber} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 text-sm">
              <span className="font-mono font-semibold text-slate-900">{item.fromNumber}</span>
              <span className="text-slate-700">
                {s.columns.factor}: {item.quantityFactor}
              </span>
              <span className="text-slate-700">
                {s.columns.since}: {item.since}
              </span>
              {item.note ? <span className="basis-full text-slate-600 sm:basis-auto">{item.note}</span> : null}
              <button
                type="button"
                className="btn btn-sm btn-outline btn-error ml-auto"
                aria-label={s.remove(item.fromNumber)}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(
                    { partId, fromNumber: item.fromNumber },
                    { onSuccess: () => toast.success(s.removed(item.fromNumber)) },
                  )
                }
              >
                {copy.partsAdmin.delete}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form noValidate onSubmit={(event) => void form.handleSubmit(save)(event)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <InputField
          label={s.numberLabel}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="GH-BRK-1042"
          error={errors.fromNumber?.message}
          {...form.register('fromNumber')}
        />
        <InputField
          label={s.factorLabel}
          hint={s.factorHint}
          inputMode="numeric"
          autoComplete="off"
          error={errors.quantityFactor?.message}
          {...form.register('quantityFactor')}
        />
        <InputField
          label={s.sinceLabel}
          placeholder="YYYY-MM-DD"
          autoComplete="off"
          error={errors.since?.message}
          {...form.register('since')}
        />
        <InputField label={s.noteLabel} autoComplete="off" error={errors.note?.message} {...form.register('note')} />
        <div className="sm:col-span-2">
          <button type="submit" className="btn btn-primary" disabled={add.isPending}>
            {add.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {s.add}
          </button>
          <FormError message={refusal} className="mt-3" />
        </div>
      </form>
    </section>
  );
}
