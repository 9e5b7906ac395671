import { z } from 'zod';
import * as copy from '../copy';
import { idSchema, requiredText } from './common';

const c = copy.categories;

/** Lower-case letters and digits in words joined by single hyphens: "suspension-steering". */
export const CATEGORY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A category's address name made from its name: "Suspension & Steering" → "suspension-steering". */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

export const categorySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  /** Live parts in it. */
  partCount: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

/** GET /api/categories: every category, by name. */
export const categoryListSchema = z.object({ items: z.array(categorySchema) });
export type CategoryList = z.infer<typeof categoryListSchema>;

export const categorySlugSchema = z
  .string({ error: c.slugInvalid })
  .trim()
  .min(2, c.slugInvalid)
  .max(60, c.slugInvalid)
  .regex(CATEGORY_SLUG_PATTERN, c.slugInvalid);

const categoryFields = z.strictObject({
  name: requiredText(c.nameRequired, 60),
  /** Made from the name when absent. */
  slug: categorySlugSchema.optional(),
});

/** POST /api/categories. */
export const categoryInputSchema = categoryFields;
export type CategoryInput = z.infer<typeof categoryInputSchema>;

/** PATCH /api/categories/:id. */
export const categoryUpdateSchema = categoryFields.partial();
export type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;

export const categoryIdParamsSchema = z.object({ id: idSchema });
