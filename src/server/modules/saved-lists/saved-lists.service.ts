import * as copy from '#shared/copy';
import { memberUnitPriceCents } from '#shared/pricing';
import {
  type CreateListInput,
  type ListItem,
  type ListItemInput,
  type ListSummaries,
  type ListSummary,
  type ListToCartResult,
  MAX_COMPANY_LISTS,
  MAX_LIST_ITEMS,
  type SavedList,
  type UpdateListInput,
} from '#shared/schemas/saved-lists';
import { AppError } from '../../app-error';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import type { PartRow, SavedListItemRow } from '../../db/schema';
import { newId } from '../../ids';
import type { SessionUser } from '../../session-user';
import type { CartService } from '../cart';
import { companyPricingFor, membershipOf, pricingOfUser } from '../companies';
import { flashDealOf } from '../content';
import type { OrdersService } from '../orders';
import { findPartsByIds, pricedPartOf, resolvePartNumbers, successorsOfParts } from '../parts';
import {
  countListsOfCompany,
  deleteList,
  insertList,
  itemsOfList,
  type ListOverviewRow,
  listOfCompany,
  listsOfCompany,
  lockCompanyLists,
  replaceItems,
  updateList,
} from './saved-lists.repository';

const s = copy.savedLists;

/** One spelling of a name per company, whatever its letter case and outer spaces. */
const nameKeyOf = (name: string) => name.trim().toLowerCase();

const notFound = () => new AppError('not_found', s.notFound);
const nameTaken = () => new AppError('conflict', s.nameTaken, { name: s.nameTaken });
const tooManyItems = (field: string) =>
  new AppError('validation_failed', s.tooManyItems(MAX_LIST_ITEMS), { [field]: s.tooManyItems(MAX_LIST_ITEMS) });

function toSummary(row: ListOverviewRow): ListSummary {
  return {
    id: row.id,
    name: row.name,
    itemCount: Number(row.item_count),
    updatedAt: row.updated_at,
    createdBy: row.created_by && row.created_by_name !== null ? { id: row.created_by, name: row.created_by_name } : null,
  };
}

/** Lines naming one part more than once are kept once, with their quantities together, where first named. */
function mergedByPart(lines: readonly { partId: string; quantity: number }[]): { partId: string; quantity: number }[] {
  const byPart = new Map<string, number>();
  for (const line of lines) byPart.set(line.partId, (byPart.get(line.partId) ?? 0) + line.quantity);
  return [...byPart].map(([partId, quantity]) => ({ partId, quantity }));
}

/** A member's standing to work with their company's lists: only `accessFor` gives one. */
export interface ListAccess {
  readonly user: SessionUser;
  readonly companyId: string;
}

export interface SavedListsServiceDeps {
  clock: Clock;
  /** Where a list goes to the caller's cart, by the cart's own rules, and where "from my cart" reads it. */
  cart: Pick<CartService, 'getCart' | 'addParts'>;
  /** Where "from an order" reads the order, with the orders module's own rule of who may see it. */
  orders: Pick<OrdersService, 'getOrder'>;
}

export function createSavedListsService(db: Db, { clock, cart, orders }: SavedListsServiceDeps) {
  /**
   * The SKUs written on a list, as parts on sale (a replaced number as the part replacing it, its
   * quantity multiplied by the factor); an unknown one is refused under its own line's field.
   */
  async function partsOfSkus(reader: Db, items: readonly ListItemInput[]): Promise<{ partId: string; quantity: number }[]> {
    const parts = await resolvePartNumbers(
      reader,
      items.map((item) => item.sku),
    );
    const errors: Record<string, string> = {};
    const lines = items.flatMap((item, index) => {
      const found = parts.get(item.sku);
      if (found) return [{ partId: found.part.id, quantity: item.quantity * (found.resolvedFrom?.quantityFactor ?? 1) }];
      errors[`items.${index}.sku`] = s.unknownPart(item.sku);
      return [];
    });
    const fields = Object.keys(errors);
    if (fields.length > 0) throw new AppError('validation_failed', errors[fields[0]!], errors);
    return mergedByPart(lines);
  }

  /**
   * The lines of an order the user can see as the orders module decides it (their own; a company
   * admin's, every order of the company); any other is refused under `fromOrderId`, as one that does not exist.
   */
  async function linesOfOrderSeenBy(user: SessionUser, orderId: string): Promise<{ partId: string; quantity: number }[]> {
    try {
      const order = await orders.getOrder(orderId, user);
      return order.lines.map((line) => ({ partId: line.partId, quantity: line.quantity }));
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') {
        throw new AppError('validation_failed', s.orderNotFound, { fromOrderId: s.orderNotFound });
      }
      throw error;
    }
  }

  /** The parts of the caller's cart or of an order they can see, for a new list; parts no longer sold are left out. */
  async function linesFrom(user: SessionUser, input: CreateListInput): Promise<{ partId: string; quantity: number }[]> {
    if (input.fromCart) {
      // A line whose part was replaced is not sold either, though its problem names the successor.
      const lines = (await cart.getCart(user)).lines.filter(
        (line) => line.problem !== copy.cart.noLongerSold && line.replacedBy === undefined,
      );
      if (lines.length === 0) throw new AppError('validation_failed', s.cartEmpty, { fromCart: s.cartEmpty });
      return mergedByPart(lines);
    }
    if (input.fromOrderId !== undefined) {
      const lines = await linesOfOrderSeenBy(user, input.fromOrderId);
      const parts = await findPartsByIds(
        db,
        lines.map((line) => line.partId),
      );
      return mergedByPart(lines.filter((line) => parts.get(line.partId)?.archived_at === null));
    }
    return [];
  }

  /** The list's lines with their parts as they are now, priced as the caller would pay today. */
  async function itemsAnswered(user: SessionUser, rows: readonly SavedListItemRow[]): Promise<ListItem[]> {
    const partIds = rows.map((row) => row.part_id);
    const [parts, terms, member] = await Promise.all([
      findPartsByIds(db, partIds),
      flashDealOf(db),
      pricingOfUser(db, user.id, partIds),
    ]);
    // An archived part whose number was replaced names the part that goes to the cart in its place.
    const successors = await successorsOfParts(db, [...parts.values()]);
    const now = clock.now().getTime();
    return rows.flatMap((row) => {
      const part: PartRow | undefined = parts.get(row.part_id);
      if (!part) return [];
      const live = part.archived_at === null;
      const successor = successors.get(part.id);
      return [
        {
          partId: part.id,
          sku: part.sku,
          partName: part.name,
          imageUrl: part.image_url,
          quantity: row.quantity,
          unitPriceCents: memberUnitPriceCents(pricedPartOf(part, terms, now), row.quantity, companyPricingFor(member, part.id)),
          available: live ? part.stock : 0,
          noLongerSold: !live,
          minOrderQuantity: part.min_order_quantity,
          packSize: part.pack_size,
          ...(successor?.resolvedFrom
            ? { replacedBy: { partId: successor.part.id, sku: successor.part.sku, resolvedFrom: successor.resolvedFrom } }
            : {}),
        },
      ];
    });
  }

  async function answer(user: SessionUser, companyId: string, id: string): Promise<SavedList> {
    const row = await listOfCompany(db, companyId, id);
    if (!row) throw notFound();
    return { ...toSummary(row), createdAt: row.created_at, items: await itemsAnswered(user, await itemsOfList(db, id)) };
  }

  return {
    /**
     * Who may work with saved lists: a member of an approved company (active, or on hold: its members
     * still buy by card). Anyone else is refused with 403, before a list is looked up or a body read,
     * so the answer tells nothing about which lists exist.
     */
    async accessFor(user: SessionUser): Promise<ListAccess> {
      const membership = user.role === 'admin' ? undefined : await membershipOf(db, user.id);
      if (membership?.status === 'active' || membership?.status === 'on_hold') return { user, companyId: membership.companyId };
      throw new AppError('forbidden', membership?.status === 'applied' ? s.notApprovedYet : s.companyOnly);
    },

    async list({ companyId }: ListAccess): Promise<ListSummaries> {
      return { items: (await listsOfCompany(db, companyId)).map(toSummary) };
    },

    async get({ user, companyId }: ListAccess, id: string): Promise<SavedList> {
      return answer(user, companyId, id);
    },

    /**
     * A new list of the company: its parts written out (every SKU must be on sale), or taken from the
     * caller's cart or one of their orders. At most 100 lists a company, 200 parts a list.
     */
    async create({ user, companyId }: ListAccess, input: CreateListInput): Promise<SavedList> {
      const id = newId();
      const now = clock.now().toISOString();
      const lines = input.items ? await partsOfSkus(db, input.items) : await linesFrom(user, input);
      if (lines.length > MAX_LIST_ITEMS) {
        throw tooManyItems(input.fromOrderId !== undefined ? 'fromOrderId' : input.fromCart ? 'fromCart' : 'items');
      }
      try {
        await db.transaction().execute(async (trx) => {
          await lockCompanyLists(trx, companyId);
          if ((await countListsOfCompany(trx, companyId)) >= MAX_COMPANY_LISTS) {
            throw new AppError('validation_failed', s.tooManyLists(MAX_COMPANY_LISTS), {
              name: s.tooManyLists(MAX_COMPANY_LISTS),
            });
          }
          await insertList(trx, {
            id,
            company_id: companyId,
            name: input.name,
            name_key: nameKeyOf(input.name),
            created_by: user.id,
            created_at: now,
            updated_at: now,
          });
          await replaceItems(trx, id, lines);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
      return answer(user, companyId, id);
    },

    /** A new name, or the items replacing the list's (every SKU on sale), or both, in one transaction. */
    async update({ user, companyId }: ListAccess, id: string, input: UpdateListInput): Promise<SavedList> {
      const now = clock.now().toISOString();
      const lines = input.items ? await partsOfSkus(db, input.items) : undefined;
      try {
        await db.transaction().execute(async (trx) => {
          const changed = await updateList(trx, companyId, id, {
            ...(input.name !== undefined ? { name: input.name, name_key: nameKeyOf(input.name) } : {}),
            updated_at: now,
          });
          if (!changed) throw notFound();
          if (lines) await replaceItems(trx, id, lines);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
      return answer(user, companyId, id);
    },

    async remove({ companyId }: ListAccess, id: string): Promise<void> {
      if (!(await deleteList(db, companyId, id))) throw notFound();
    },

    /**
     * Every line of the list to the caller's own cart, by the cart's rules: the lines it refuses (short
     * of stock, under the minimum, off the pack size, no longer sold, past the cart's limit) are
     * answered with why, the rest are added.
     */
    async toCart({ user, companyId }: ListAccess, id: string): Promise<ListToCartResult> {
      if (!(await listOfCompany(db, companyId, id))) throw notFound();
      const rows = await itemsOfList(db, id);
      const { added, skipped } = await cart.addParts(
        user,
        rows.map((row) => ({ partId: row.part_id, quantity: row.quantity })),
      );
      return {
        added: added.map(({ sku, quantity, resolvedFrom, message }) => ({
          sku,
          quantity,
          ...(resolvedFrom ? { resolvedFrom, message } : {}),
        })),
        skipped: skipped.map(({ sku, message }) => ({ sku, message })),
      };
    },
  };
}

export type SavedListsService = ReturnType<typeof createSavedListsService>;
