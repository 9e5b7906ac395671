import { z } from 'zod';
import * as copy from '../copy';
import { MAX_PAGE } from './query-limits';

const v = copy.validation;

/** Trimmed text that must not be empty, with the form's message for both "missing" and "blank". */
export function requiredText(message: string, max = 2000) {
  return z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(max, v.tooLong(max));
}

export const emailSchema = z
  .string({ error: v.emailRequired })
  .trim()
  .min(1, { error: v.emailRequired, abort: true })
  .max(254, { error: v.emailInvalid, abort: true })
  .pipe(z.email({ error: v.emailInvalid }));

export const idSchema = z.string().min(1).max(64);

export { MAX_PAGE } from './query-limits';
/** Query-string page numbers: "2" → 2; limits are capped so no caller can ask for the whole table. */
export const pageSchema = z.coerce.number().int().min(1).max(MAX_PAGE).default(1);
export const limitSchema = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).default(fallback);

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });
}

export const isoDateTime = z.string();
