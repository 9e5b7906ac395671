import * as copy from '#shared/copy';
import { addingProblem, quantityProblem, savingsCents, tierFor, unitPriceFor } from '#shared/pricing';
import {
  type Cart,
  type CartImportInput,
  type CartImportResult,
  type CartLine,
  type CartQuote,
  MAX_CART_LINES,
  type ReorderResult,
} from '#shared/schemas/cart';
import { MAX_STOCK } from '#shared/schemas/parts';
import { AppError } from '../../app-error';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { Write } from '../../db/write-together';
import type { PartRow } from '../../db/schema';
import type { SessionUser } from '../../session-user';
import { flashDealOf, shopSettings } from '../content';
import { buyerTaxStatusOf } from '../users';
import { deliversTo, orderTotals } from '#shared/order-totals';
import { type Address, countryName } from '#shared/schemas/address';
import { findOrderOf, linesOfOrders } from '../orders';
import { dealPercentOf, findLivePart, findLivePartsBySku, findPartsByIds, pricedPartOf } from '../parts';
import { type ParsedLine, readQuickOrder } from './quick-order';
import { cartLinesDeletion, cartLinesOf, deleteCartLine, deleteCartLines, lockCart, putCartLine } from './cart.repository';

/** A line as the cart keeps it: the part, the quantity, and the unit price it had when last set. */
interface StoredLine {
  partId: string;
  quantity: number;
  unitPriceCents?: number;
}

/** The flash deal's terms and the moment the cart is priced at: one read of each per request. */
interface DealNow {
  terms: Awaited<ReturnType<typeof flashDealOf>>;
  now: number;
}

const pricedPart = (part: PartRow, deal: DealNow) => pricedPartOf(part, deal.terms, deal.now);
const orderablePart = (part: PartRow) => ({
  minOrderQuantity: part.min_order_quantity,
  stock: part.stock,
  packSize: part.pack_size,
});
/** Today's unit price of `quantity` units of the part, the flash deal's percentage off while it runs. */
const unitPriceOf = (part: PartRow, quantity: number, deal: DealNow) => unitPriceFor(pricedPart(part, deal), quantity);

/** One line as the cart shows it, at today's price, with what stops it from being ordered. */
function toCartLine(part: PartRow, line: StoredLine, deal: DealNow): CartLine {
  const priced = pricedPart(part, deal);
  const percent = dealPercentOf(part, deal.terms, deal.now);
  const unitPriceCents = unitPriceFor(priced, line.quantity);
  const tier = tierFor(priced, line.quantity);
  const problem = part.archived_at !== null ? copy.cart.noLongerSold : quantityProblem(orderablePart(part), line.quantity);
  return {
    partId: part.id,
    sku: part.sku,
    name: part.name,
    imageUrl: part.image_url,
    quantity: line.quantity,
    unitPriceCents,
    lineTotalCents: unitPriceCents * line.quantity,
    basePriceCents: part.price_cents,
    savingsCents: savingsCents(priced, line.quantity),
    tier: tier ? { minQuantity: tier.minQuantity, unitPriceCents: tier.unitPriceCents } : null,
    deal: percent > 0 ? { percent, endsAt: deal.terms.endsAt } : null,
    minOrderQuantity: part.min_order_quantity,
    packSize: part.pack_size,
    stock: part.stock,
    ...(problem ? { problem } : {}),
    ...(line.unitPriceCents !== undefined && line.unitPriceCents !== unitPriceCents && part.archived_at === null
      ? { priceWasCents: line.unitPriceCents }
      : {}),
  };
}

/** The lines' parts, and the cart they make; a line of a part that no longer exists is left out. */
async function priced(db: Db, lines: readonly StoredLine[], deal: DealNow): Promise<Cart> {
  const parts = await findPartsByIds(
    db,
    lines.map((line) => line.partId),
  );
  const shown = lines.flatMap((line) => {
    const part = parts.get(line.partId);
    return part ? [toCartLine(part, line, deal)] : [];
  });
  const orderable = shown.filter((line) => line.problem === undefined);
  return {
    lines: shown,
    subtotalCents: orderable.reduce((sum, line) => sum + line.lineTotalCents, 0),
    savingsCents: orderable.reduce((sum, line) => sum + line.savingsCents, 0),
  };
}

/** What a quote prices: lines or the customer's cart, for an address or the seller's. */
interface QuoteRequest {
  user: SessionUser | null;
  lines?: readonly StoredLine[] | undefined;
  deliveryAddress?: Address | undefined;
}

const partNotFound = () => new AppError('not_found', copy.part.notFound);
const cartFull = () => new AppError('conflict', copy.cart.tooManyLines(MAX_CART_LINES));

export interface CartServiceDeps {
  clock: Clock;
}

export function createCartService(db: Db, { clock }: CartServiceDeps) {
  /** The deal's terms as stored now, and now by the shop's clock: the cart is priced as an order would be. */
  async function dealNow(trx: Db): Promise<DealNow> {
    return { terms: await flashDealOf(trx), now: clock.now().getTime() };
  }

  async function cartOf(trx: Db, userId: string): Promise<Cart> {
    const [rows, deal] = await Promise.all([cartLinesOf(trx, userId), dealNow(trx)]);
    return priced(
      trx,
      rows.map((row) => ({ partId: row.part_id, quantity: row.quantity, unitPriceCents: row.unit_price_cents })),
      deal,
    );
  }

  /**
   * Adds quantities to the customer's cart in one transaction (a visitor's cart at sign-in, an order
   * again, a quick order): each part's new quantity is what it had plus what is added, kept even when it
   * then breaks a rule (the cart shows the problem). Parts not on sale and lines beyond the cart's limit
   * are not added; answers the part ids it added.
   */
  async function addLines(
    trx: Db,
    userId: string,
    lines: readonly { part: PartRow; quantity: number }[],
    now: string,
  ): Promise<Set<string>> {
    await lockCart(trx, userId);
    const existing = new Map((await cartLinesOf(trx, userId)).map((row) => [row.part_id, row.quantity]));
    const deal = await dealNow(trx);
    const added = new Set<string>();
    for (const { part, quantity } of lines) {
      const had = existing.get(part.id);
      if (had === undefined && existing.size >= MAX_CART_LINES) continue;
      const total = Math.min((had ?? 0) + quantity, MAX_STOCK);
      await putCartLine(
        trx,
        { user_id: userId, part_id: part.id, quantity: total, unit_price_cents: unitPriceOf(part, total, deal) },
        now,
      );
      existing.set(part.id, total);
      added.add(part.id);
    }
    return added;
  }

  return {
    async getCart(user: SessionUser): Promise<Cart> {
      return cartOf(db, user.id);
    },

    /**
     * Prices lines (a visitor's cart in the browser; absent, the customer's own cart) as an order of
     * them would be: goods, delivery, tax and total for the address, or the seller's when none is given.
     */
    async quote({ user, lines, deliveryAddress }: QuoteRequest): Promise<CartQuote> {
      const placedAt = clock.now();
      const [cart, settings, buyer] = await Promise.all([
        lines === undefined ? cartOf(db, user!.id) : dealNow(db).then((deal) => priced(db, lines, deal)),
        shopSettings(db),
        buyerTaxStatusOf(db, user?.id ?? null),
      ]);
      const address = deliveryAddress ?? settings.sellerAddress;
      if (!deliversTo(settings.deliverTo, address.country)) {
        const message = copy.address.notDeliveredTo(countryName(address.country));
        throw new AppError('validation_failed', message, { 'deliveryAddress.country': message });
      }
      const orderable = cart.lines.filter((line) => line.problem === undefined);
      return { ...cart, ...orderTotals(orderable, address, buyer, settings, placedAt) };
    },

    /** Sets a line's quantity, which must obey the part's rules; adds the line when it is new. */
    async setLine(user: SessionUser, partId: string, quantity: number): Promise<Cart> {
      const part = await findLivePart(db, partId);
      if (!part) throw partNotFound();
      const problem = quantityProblem(orderablePart(part), quantity);
      if (problem) throw new AppError('validation_failed', problem, { quantity: problem });
      const now = clock.now().toISOString();
      return db.transaction().execute(async (trx) => {
        await lockCart(trx, user.id);
        const rows = await cartLinesOf(trx, user.id);
        if (!rows.some((row) => row.part_id === partId) && rows.length >= MAX_CART_LINES) throw cartFull();
        await putCartLine(
          trx,
          { user_id: user.id, part_id: partId, quantity, unit_price_cents: unitPriceOf(part, quantity, await dealNow(trx)) },
          now,
        );
        return cartOf(trx, user.id);
      });
    },

    async removeLine(user: SessionUser, partId: string): Promise<Cart> {
      if (!(await deleteCartLine(db, user.id, partId))) throw new AppError('not_found', copy.cart.lineNotFound);
      return cartOf(db, user.id);
    },

    async clear(user: SessionUser): Promise<Cart> {
      await deleteCartLines(db, user.id);
      return cartOf(db, user.id);
    },

    /** A visitor's cart joins the account's at sign-in: quantities added, parts no longer sold left out. */
    async merge(user: SessionUser, lines: readonly StoredLine[]): Promise<Cart> {
      const now = clock.now().toISOString();
      return db.transaction().execute(async (trx) => {
        const parts = await findPartsByIds(
          trx,
          lines.map((line) => line.partId),
        );
        const sold = lines.flatMap((line) => {
          const part = parts.get(line.partId);
          return part && part.archived_at === null ? [{ part, quantity: line.quantity }] : [];
        });
        await addLines(trx, user.id, sold, now);
        return cartOf(trx, user.id);
      });
    },

    /**
     * Quick order: every line of the text answered, the good ones added to the cart. A part named on
     * several lines is added once with their quantities together (and said so); a line whose part
     * number is unknown, or whose quantity (with what the cart already has) breaks a rule, is refused
     * with the message, and nothing of it is added. A part refused is refused on each of its lines, so
     * that all of them stay in the box to be fixed.
     */
    async importLines(user: SessionUser, input: CartImportInput): Promise<CartImportResult> {
      const { lines, rejected } = readQuickOrder(input.text, input.format);
      const now = clock.now().toISOString();
      return db.transaction().execute(async (trx) => {
        const parts = await findLivePartsBySku(
          trx,
          lines.map((line) => line.sku),
        );
        // One entry per part, in the order first named.
        const byPart = new Map<string, { part: PartRow; quantity: number; named: ParsedLine[] }>();
        for (const line of lines) {
          const part = parts.get(line.sku);
          if (!part) {
            rejected.push({ line: line.line, text: line.text, sku: line.sku, message: copy.quickOrder.unknownPart });
            continue;
          }
          const entry = byPart.get(part.id);
          if (entry) {
            entry.quantity += line.quantity;
            entry.named.push(line);
          } else byPart.set(part.id, { part, quantity: line.quantity, named: [line] });
        }
        const refuse = (named: readonly ParsedLine[], quantity: number, problem: string) => {
          const message = named.length > 1 ? copy.quickOrder.mergedRefused(named.length, quantity, problem) : problem;
          for (const line of named) rejected.push({ line: line.line, text: line.text, sku: line.sku, message });
        };
        await lockCart(trx, user.id);
        const inCart = new Map((await cartLinesOf(trx, user.id)).map((row) => [row.part_id, row.quantity]));
        const good: { part: PartRow; quantity: number }[] = [];
        const added: CartImportResult['added'] = [];
        for (const { part, quantity, named } of byPart.values()) {
          const problem = addingProblem(orderablePart(part), quantity, inCart.get(part.id) ?? 0);
          if (problem) {
            refuse(named, quantity, problem);
            continue;
          }
          good.push({ part, quantity });
          added.push({ sku: part.sku, quantity, ...(named.length > 1 ? { merged: named.length } : {}) });
        }
        const stored = await addLines(trx, user.id, good, now);
        // Lines beyond the cart's limit were not stored.
        for (const { part, quantity } of good) {
          if (!stored.has(part.id)) {
            added.splice(
              added.findIndex((line) => line.sku === part.sku),
              1,
            );
            refuse(byPart.get(part.id)!.named, quantity, copy.cart.tooManyLines(MAX_CART_LINES));
          }
        }
        rejected.sort((a, b) => a.line - b.line);
        return { added, rejected, cart: await cartOf(trx, user.id) };
      });
    },

    /** Order again: the order's lines added to the cart at today's prices; the parts no longer sold named. */
    async reorder(user: SessionUser, orderId: string): Promise<ReorderResult> {
      const order = await findOrderOf(db, orderId, user.id);
      if (!order) throw new AppError('not_found', copy.orders.notFound);
      const lines = (await linesOfOrders(db, [order.id])).get(order.id) ?? [];
      const now = clock.now().toISOString();
      return db.transaction().execute(async (trx) => {
        const parts = await findPartsByIds(
          trx,
          lines.map((line) => line.part_id),
        );
        const unavailable: string[] = [];
        const sold: { part: PartRow; quantity: number }[] = [];
        for (const line of lines) {
          const part = parts.get(line.part_id);
          if (part && part.archived_at === null) sold.push({ part, quantity: line.quantity });
          else unavailable.push(line.part_name);
        }
        await addLines(trx, user.id, sold, now);
        return { ...(await cartOf(trx, user.id)), unavailable };
      });
    },

    /** The parts of an order placed from the cart leave it: the write, made in the order's own transaction. */
    removeOrdered(trx: Db, userId: string, partIds: readonly string[]): Write[] {
      return partIds.length === 0 ? [] : [cartLinesDeletion(trx, userId, partIds)];
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
