import * as copy from '#shared/copy';
import { type Category, type CategoryInput, type CategoryList, type CategoryUpdate, slugOf } from '#shared/schemas/categories';
import { AppError } from '../../app-error';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import type { CategoryRow } from '../../db/schema';
import type { EventBus } from '../../events';
import { newId } from '../../ids';
import {
  countPartsInCategory,
  deleteCategory,
  findClashingCategory,
  insertCategory,
  listCategories,
  updateCategory,
} from './categories.repository';

const c = copy.categories;
const notFound = () => new AppError('not_found', c.notFound);

export interface CategoriesServiceDeps {
  clock: Clock;
  /** Categories show on the public parts list: a change is a `catalogueChanged`. */
  events: EventBus;
}

/** The slug a body asks for, or the one made from its name; refused when the name gives none. */
function slugFor(input: { name?: string | undefined; slug?: string | undefined }): string | undefined {
  if (input.slug !== undefined) return input.slug;
  if (input.name === undefined) return undefined;
  const made = slugOf(input.name);
  if (made.length < 2) throw new AppError('validation_failed', c.slugInvalid, { slug: c.slugInvalid });
  return made;
}

/** Why a name or slug cannot be used: another category has it. */
function clash(existing: CategoryRow, input: { name?: string | undefined }): AppError {
  const byName = input.name !== undefined && existing.name.toLowerCase() === input.name.toLowerCase();
  return byName
    ? new AppError('conflict', c.nameTaken, { name: c.nameTaken })
    : new AppError('conflict', c.slugTaken, { slug: c.slugTaken });
}

export function createCategoriesService(db: Db, { clock, events }: CategoriesServiceDeps) {
  async function find(id: string): Promise<Category> {
    const found = (await listCategories(db)).find((row) => row.id === id);
    if (!found) throw notFound();
    return { id: found.id, slug: found.slug, name: found.name, partCount: found.part_count };
  }

  return {
    async list(): Promise<CategoryList> {
      const rows = await listCategories(db);
      return { items: rows.map((row) => ({ id: row.id, slug: row.slug, name: row.name, partCount: row.part_count })) };
    },

    async create(input: CategoryInput): Promise<Category> {
      const slug = slugFor(input)!;
      const taken = await findClashingCategory(db, { name: input.name, slug });
      if (taken) throw clash(taken, input);
      const now = clock.now().toISOString();
      const id = newId();
      try {
        await insertCategory(db, { id, slug, name: input.name, created_at: now, updated_at: now });
      } catch (error) {
        // Another admin took the slug between the check and the insert.
        if (isUniqueViolation(error)) throw new AppError('conflict', c.slugTaken, { slug: c.slugTaken });
        throw error;
      }
      events.committed('catalogueChanged', { categoryId: id });
      return { id, slug, name: input.name, partCount: 0 };
    },

    async update(id: string, input: CategoryUpdate): Promise<Category> {
      const slug = input.slug;
      const taken = await findClashingCategory(db, { name: input.name, slug }, id);
      if (taken) throw clash(taken, input);
      try {
        const changed = await updateCategory(db, id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(slug !== undefined ? { slug } : {}),
          updated_at: clock.now().toISOString(),
        });
        if (!changed) throw notFound();
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', c.slugTaken, { slug: c.slugTaken });
        throw error;
      }
      events.committed('catalogueChanged', { categoryId: id });
      return find(id);
    },

    /**
     * Deletes an empty category. One with live parts is refused (move them first); so is one with only
     * parts no longer sold, which stay filed under it for their orders' history.
     */
    async remove(id: string): Promise<void> {
      const { live, archived } = await countPartsInCategory(db, id);
      if (live > 0) throw new AppError('conflict', c.hasParts(live));
      if (archived > 0) throw new AppError('conflict', c.hasArchivedParts(archived));
      let deleted: boolean;
      try {
        deleted = await deleteCategory(db, id);
      } catch (error) {
        // A part was filed under it between the count and the delete.
        if (isForeignKeyViolation(error)) throw new AppError('conflict', c.hasParts(1));
        throw error;
      }
      if (!deleted) throw notFound();
      events.committed('catalogueChanged', { categoryId: id });
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
