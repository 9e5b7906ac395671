import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { z } from 'zod';
import * as copy from '#shared/copy';
import type { Order } from '#shared/schemas/orders';
import {
  type CreateReturnInput,
  MAX_RETURN_NOTE,
  MAX_RETURN_PHOTOS,
  type ReturnReason,
  returnReasonValues,
} from '#shared/schemas/returns';
import { FormError, SelectField, InputField, TextAreaField } from '../../../components/form-field';
import { PhotoField } from '../../../components/photo-field';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { useUploadImageMutation } from '../../../lib/upload-image';
import { useCreateReturnMutation } from '../api/returns';
import { isCoreLine, lineNameOf, reasonsFor, returnableUntil, type ReturnWindows } from '../lib/returnable';

const r = copy.returns;

interface ReturnFormLine {
  orderLineId: string;
  quantity: string;
  reason: ReturnReason | '';
}

interface ReturnFormValues {
  lines: ReturnFormLine[];
  note: string;
}

/** A quantity field's text as a number: empty is 0, anything but digits is NaN. */
function quantityOf(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The first line with something left to return. */
const firstOpen = (left: readonly number[]) =>
  Math.max(
    0,
    left.findIndex((most) => most > 0),
  );

/**
 * The server's rules, checked in the browser with its messages: at least one line, each a whole
 * number from 0 to what is left of it, and a reason for every line sent back.
 */
export function returnFormSchema(left: readonly number[]) {
  return z
    .object({
      lines: z.array(
        z.object({ orderLineId: z.string(), quantity: z.string(), reason: z.union([z.enum(returnReasonValues), z.literal('')]) }),
      ),
      note: z.string().max(MAX_RETURN_NOTE, r.noteTooLong(MAX_RETURN_NOTE)),
    })
    .superRefine((values, ctx) => {
      let picked = 0;
      values.lines.forEach((line, index) => {
        const quantity = quantityOf(line.quantity);
        const most = left[index] ?? 0;
        if (Number.isNaN(quantity)) {
          ctx.addIssue({ code: 'custom', path: ['lines', index, 'quantity'], message: r.quantityInvalid });
          return;
        }
        if (quantity > most) {
          ctx.addIssue({ code: 'custom', path: ['lines', index, 'quantity'], message: r.quantityOver(most) });
          return;
        }
        if (quantity === 0) return;
        picked += 1;
        if (line.reason === '') ctx.addIssue({ code: 'custom', path: ['lines', index, 'reason'], message: r.reasonRequired });
      });
      if (picked === 0 && values.lines.length > 0) {
        // Said under the first line that can still be returned.
        ctx.addIssue({ code: 'custom', path: ['lines', firstOpen(left), 'quantity'], message: r.linesRequired });
      }
    });
}

interface ReturnFormProps {
  order: Order;
  /** What earlier returns of the order that were not refused hold, by order line id. */
  held: ReadonlyMap<string, number>;
  windows: ReturnWindows;
  onCancel: () => void;
  onSent: (sent: { id: string; number: string }) => void;
}

/**
 * Asks to return lines of a delivered order: a quantity (0 to what is left) and a reason per line, a
 * note and up to three photos, uploaded first. The server's refusals show under the fields they name.
 */
export function ReturnForm({ order, held, windows, onCancel, onSent }: ReturnFormProps) {
  const left = useMemo(
    () => order.lines.map((line) => Math.max(0, line.quantity - (held.get(line.id) ?? 0))),
    [order.lines, held],
  );
  const schema = useMemo(() => returnFormSchema(left), [left]);
  const form = useForm<ReturnFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { lines: order.lines.map((line) => ({ orderLineId: line.id, quantity: '0', reason: '' })), note: '' },
  });
  const create = useCreateReturnMutation();
  const upload = useUploadImageMutation();
  const [photos, setPhotos] = useState<(File | null)[]>([]);
  const [photoErrors, setPhotoErrors] = useState<(string | undefined)[]>([]);
  const [refusal, setRefusal] = useState<string>();
  const errors = form.formState.errors;
  const pending = create.isPending || upload.isPending;
  const until = returnableUntil(order, null, windows);
  // Old units have a window of their own (90 days by default), said beside the parts' one.
  const coreLine = order.lines.find(isCoreLine);
  const coreUntil = coreLine ? returnableUntil(order, coreLine, windows) : null;

  const choosePhoto = (index: number, file: File | null, problem?: string) => {
    setPhotos((current) => {
      const next = [...current];
      next[index] = file;
      return next;
    });
    setPhotoErrors((current) => {
      const next = [...current];
      next[index] = problem;
      return next;
    });
  };

  /** Puts the server's `lines.N.*` (N counts the lines sent) on the form's own lines, the rest under the form. */
  const showRefusal = (error: unknown, sentIndexes: readonly number[]) => {
    if (!(error instanceof ApiError) || error.isServerFault) return;
    let placed = false;
    for (const [key, message] of Object.entries(error.fieldErrors)) {
      const line = /^lines\.(\d+)\.(quantity|reason|orderLineId)$/.exec(key);
      const photo = /^photos\.(\d+)$/.exec(key);
      let field: FieldPath<ReturnFormValues> | undefined;
      if (line) {
        const index = sentIndexes[Number(line[1])];
        if (index !== undefined) field = `lines.${index}.${line[2] === 'reason' ? 'reason' : 'quantity'}`;
      } else if (key === 'lines') field = `lines.${firstOpen(left)}.quantity`;
      else if (key === 'note') field = 'note';
      if (field) {
        form.setError(field, { type: 'server', message }, { shouldFocus: !placed });
        placed = true;
      } else if (photo) {
        const index = Number(photo[1]);
        setPhotoErrors((current) => {
          const next = [...current];
          next[index] = message;
          return next;
        });
        placed = true;
      }
    }
    setRefusal(placed ? undefined : error.message);
  };

  const send = async (values: ReturnFormValues) => {
    if (pending) return;
    setRefusal(undefined);
    const sentIndexes: number[] = [];
    const lines: CreateReturnInput['lines'] = [];
    values.lines.forEach((line, index) => {
      const quantity = quantityOf(line.quantity);
      if (quantity > 0 && line.reason !== '') {
        sentIndexes.push(index);
        lines.push({ orderLineId: line.orderLineId, quantity, reason: line.reason });
      }
    });
    const urls: string[] = [];
    for (const [index, file] of photos.entries()) {
      if (!file) continue;
      try {
        urls.push((await upload.mutateAsync(file)).url);
      } catch {
        choosePhoto(index, file, r.photoFailed);
        return;
      }
    }
    create.mutate(
      { orderId: order.id, lines, note: values.note.trim(), photos: urls },
      { onSuccess: (sent) => onSent(sent), onError: (error) => showRefusal(error, sentIndexes) },
    );
  };

  // One more photo field once the last is used, up to three.
  const photoSlots = Math.min(MAX_RETURN_PHOTOS, photos.reduce((last, file, index) => (file ? index + 1 : last), 0) + 1);

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(send)(event)} className="grid gap-6" data-testid="return-form">
      <div>
        <p className="text-slate-700">{r.newIntro(order.number, order.deliveredAt ? formatDate(order.deliveredAt) : '')}</p>
        {until ? <p className="mt-1 text-sm text-slate-600">{r.windowOpenUntil(formatDate(until.toISOString()))}</p> : null}
        {coreUntil ? (
          <p className="mt-1 text-sm text-slate-600">{r.coreWindowOpenUntil(formatDate(coreUntil.toISOString()))}</p>
        ) : null}
      </div>
      <ul className="grid gap-4">
        {order.lines.map((line, index) => {
          const most = left[index] ?? 0;
          return (
            <li
              key={line.id}
              className="grid gap-4 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-2"
              data-testid="return-line"
            >
              <div className="sm:col-span-2">
                <p className="font-semibold break-words text-slate-900">{lineNameOf(line)}</p>
                <p className="text-sm text-slate-600">
                  <span className="font-mono">{line.sku}</span> · {copy.orders.quantity}: {line.quantity}
                </p>
              </div>
              {most === 0 ? (
                // Nothing left to return on this line: no fields, its quantity stays 0.
                <p className="text-sm text-slate-700 sm:col-span-2">{r.quantityHint(0)}</p>
              ) : (
                <>
                  <InputField
                    label={r.quantityLabel(lineNameOf(line))}
                    hint={r.quantityHint(most)}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={most}
                    step={1}
                    error={errors.lines?.[index]?.quantity?.message}
                    {...form.register(`lines.${index}.quantity`)}
                  />
                  <SelectField
                    label={r.reasonLabel(lineNameOf(line))}
                    error={errors.lines?.[index]?.reason?.message}
                    {...form.register(`lines.${index}.reason`)}
                  >
                    <option value="">{r.chooseReason}</option>
                    {reasonsFor(line).map((reason) => (
                      <option key={reason} value={reason}>
                        {r.reasonLabels[reason]}
                      </option>
                    ))}
                  </SelectField>
                </>
              )}
            </li>
          );
        })}
      </ul>
      <TextAreaField
        label={r.noteLabel}
        hint={r.noteHint}
        rows={3}
        maxLength={MAX_RETURN_NOTE}
        error={errors.note?.message}
        {...form.register('note')}
      />
      <div className="grid gap-4">
        {Array.from({ length: photoSlots }, (_, index) => (
          <PhotoField
            key={index}
            label={r.photoLabel(index + 1)}
            error={photoErrors[index]}
            onChange={(file, problem) => choosePhoto(index, file, problem)}
          />
        ))}
      </div>
      <FormError message={refusal} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-ghost border-slate-300" onClick={onCancel}>
          {r.cancel}
        </button>
        <button type="submit" className="btn btn-primary" aria-disabled={pending || undefined}>
          {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {r.send}
        </button>
      </div>
    </form>
  );
}
