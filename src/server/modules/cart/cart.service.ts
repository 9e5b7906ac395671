import * as copy from '#shared/copy';
import { addingProblem, memberUnitPriceCents, quantityProblem, tierFor, unitPriceFor } from '#shared/pricing';
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
import type { ResolvedFrom } from '#shared/schemas/supersessions';
import { AppError } from '../../app-error';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { Write } from '../../db/write-together';
import type { PartRow } from '../../db/schema';
import type { SessionUser } from '../../session-user';
import { flashDealOf, shopSettings } from '../content';
import {
  type BuyingMember,
  buyingMemberOf,
  companyPricingFor,
  type MemberPricing,
  memberPricingOf,
  ordersForCompany,
} from '../companies';
import { taxStatusOfBuyer } from '../users';
import { deliversTo, expectedDelivery, orderTotals, withCoreDeposits } from '#shared/order-totals';
import type { Availability, AvailabilityInput, AvailabilityLine } from '#shared/schemas/availability';
import { type Address, countryName } from '#shared/schemas/address';
import { findOrderOf, isPartLine, linesOfOrders } from '../orders';
import {
  dealPercentOf,
  findLivePart,
  findPartsByIds,
  pricedPartOf,
  replacedMessage,
  type ResolvedPart,
  resolvePartNumbers,
  successorsOfParts,
} from '../parts';
import { type ParsedLine, readQuickOrder } from './quick-order';
import {
  cartLinesDeletion,
  cartLinesOf,
  deleteCartLine,
  deleteCartLines,
  lockCart,
  orderedNumbersOf,
  putCartLine,
} from './cart.repository';

/** A line as the cart keeps it: the part, the quantity, and the unit price it had when last set. */
interface StoredLine {
  partId: string;
  quantity: number;
  unitPriceCents?: number;
  /** The replaced number the line was added by, if it was. */
  orderedNumber?: string | null;
}

/** A line to add: the part, how many, and the replaced number that named it, if one did. */
interface LineToAdd {
  part: PartRow;
  quantity: number;
  orderedNumber?: string;
}

/**
 * The flash deal's terms and the moment the cart is priced at, and the company pricing of a member of
 * an active company (null: list prices): one read of each per request.
 */
interface DealNow {
  terms: Awaited<ReturnType<typeof flashDealOf>>;
  now: number;
  member: MemberPricing | null;
}

const pricedPart = (part: PartRow, deal: DealNow) => pricedPartOf(part, deal.terms, deal.now);
const orderablePart = (part: PartRow) => ({
  minOrderQuantity: part.min_order_quantity,
  stock: part.stock,
  packSize: part.pack_size,
});
/**
 * Today's unit price of `quantity` units of the part, the flash deal's percentage off while it runs;
 * for a member of an active company, "Your price" (docs/shop-rules.md, "Trade accounts").
 */
const unitPriceOf = (part: PartRow, quantity: number, deal: DealNow) =>
  memberUnitPriceCents(pricedPart(part, deal), quantity, companyPricingFor(deal.member, part.id));

/** One line as the cart shows it, at today's price, with what stops it from being ordered. */
function toCartLine(part: PartRow, line: StoredLine, deal: DealNow, resolved: Resolutions = noResolutions): CartLine {
  const replacedBy = resolved.successors.get(part.id);
  const resolvedFrom = line.orderedNumber ? resolved.numbers.get(line.orderedNumber) : undefined;
  const priced = pricedPart(part, deal);
  const percent = dealPercentOf(part, deal.terms, deal.now);
  const listUnitPriceCents = unitPriceFor(priced, line.quantity);
  const unitPriceCents = unitPriceOf(part, line.quantity, deal);
  const tier = tierFor(priced, line.quantity);
  const problem =
    part.archived_at === null
      ? quantityProblem(orderablePart(part), line.quantity)
      : replacedBy?.resolvedFrom
        ? replacedMessage(replacedBy.resolvedFrom)
        : copy.cart.noLongerSold;
  return {
    partId: part.id,
    sku: part.sku,
    name: part.name,
    imageUrl: part.image_url,
    quantity: line.quantity,
    unitPriceCents,
    lineTotalCents: unitPriceCents * line.quantity,
    basePriceCents: part.price_cents,
    savingsCents: (part.price_cents - unitPriceCents) * line.quantity,
    tier: tier ? { minQuantity: tier.minQuantity, unitPriceCents: tier.unitPriceCents } : null,
    deal: percent > 0 ? { percent, endsAt: deal.terms.endsAt } : null,
    minOrderQuantity: part.min_order_quantity,
    packSize: part.pack_size,
    stock: part.stock,
    ...(part.core_charge_cents > 0 ? { coreChargeCents: part.core_charge_cents } : {}),
    ...(problem ? { problem } : {}),
    ...(line.unitPriceCents !== undefined && line.unitPriceCents !== unitPriceCents && part.archived_at === null
      ? { priceWasCents: line.unitPriceCents }
      : {}),
    ...(unitPriceCents < listUnitPriceCents ? { listUnitPriceCents } : {}),
    ...(resolvedFrom?.resolvedFrom && resolvedFrom.part.id === part.id ? { resolvedFrom: resolvedFrom.resolvedFrom } : {}),
    ...(replacedBy?.resolvedFrom
      ? {
          replacedBy: {
            partId: replacedBy.part.id,
            sku: replacedBy.part.sku,
            name: replacedBy.part.name,
            resolvedFrom: replacedBy.resolvedFrom,
          },
        }
      : {}),
  };
}

/**
 * How the cart's replaced numbers resolve today: the numbers its lines were added by, and the parts
 * replacing its archived ones (docs/shop-rules.md, "Part numbers that change").
 */
interface Resolutions {
  numbers: Map<string, ResolvedPart>;
  successors: Map<string, ResolvedPart>;
}
const noResolutions: Resolutions = { numbers: new Map(), successors: new Map() };

async function resolutionsOf(db: Db, lines: readonly StoredLine[], parts: Map<string, PartRow>): Promise<Resolutions> {
  const numbers = lines.flatMap((line) => (line.orderedNumber ? [line.orderedNumber] : []));
  const archived = [...parts.values()].filter((part) => part.archived_at !== null);
  if (numbers.length === 0 && archived.length === 0) return noResolutions;
  const [resolvedNumbers, successors] = await Promise.all([
    numbers.length > 0 ? resolvePartNumbers(db, numbers) : new Map<string, ResolvedPart>(),
    successorsOfParts(db, archived),
  ]);
  return { numbers: resolvedNumbers, successors };
}

/** The lines' parts, and the cart they make; a line of a part that no longer exists is left out. */
async function priced(db: Db, lines: readonly StoredLine[], deal: DealNow): Promise<Cart> {
  const parts = await findPartsByIds(
    db,
    lines.map((line) => line.partId),
  );
  const resolved = await resolutionsOf(db, lines, parts);
  const shown = lines.flatMap((line) => {
    const part = parts.get(line.partId);
    return part ? [toCartLine(part, line, deal, resolved)] : [];
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

/** What `addParts` did: the lines it added, and those the cart's rules refused, with why. */
export interface PartsAdded {
  /** `resolvedFrom` and its message when the listed part's number was replaced and its successor added. */
  added: { partId: string; sku: string; quantity: number; resolvedFrom?: ResolvedFrom; message?: string }[];
  skipped: { partId: string; sku: string; message: string }[];
}

const partNotFound = () => new AppError('not_found', copy.part.notFound);
const cartFull = () => new AppError('conflict', copy.cart.tooManyLines(MAX_CART_LINES));

export interface CartServiceDeps {
  clock: Clock;
}

export function createCartService(db: Db, { clock }: CartServiceDeps) {
  /**
   * The deal's terms as stored now, now by the shop's clock, and the company pricing of these parts of
   * the user's company as already read (`membership`; undefined for a visitor or none): the cart is
   * priced as an order of them would be. One per request: a change prices its line and the cart after
   * it with the same one, asked for all their parts.
   */
  async function dealNow(trx: Db, membership: BuyingMember | undefined, partIds: readonly string[]): Promise<DealNow> {
    const [terms, member] = await Promise.all([flashDealOf(trx), memberPricingOf(trx, membership, partIds)]);
    return { terms, now: clock.now().getTime(), member };
  }

  const storedLines = (rows: Awaited<ReturnType<typeof cartLinesOf>>): StoredLine[] =>
    rows.map((row) => ({
      partId: row.part_id,
      quantity: row.quantity,
      unitPriceCents: row.unit_price_cents,
      orderedNumber: row.ordered_number,
    }));

  /** The customer's cart priced with `deal` when the caller has one for all its parts; else read here. */
  async function cartOf(trx: Db, userId: string, deal?: DealNow): Promise<Cart> {
    const [rows, membership] = await Promise.all([cartLinesOf(trx, userId), deal ? undefined : buyingMemberOf(trx, userId)]);
    return priced(
      trx,
      storedLines(rows),
      deal ??
        (await dealNow(
          trx,
          membership,
          rows.map((row) => row.part_id),
        )),
    );
  }

  /**
   * Adds quantities to the customer's cart in one transaction (a visitor's cart at sign-in, an order
   * again, a quick order): each part's new quantity is what it had plus what is added, kept even when it
   * then breaks a rule (the cart shows the problem). Parts not on sale and lines beyond the cart's limit
   * are not added; answers the part ids it added, and the deal that priced them, which prices the cart after.
   */
  async function addLines(
    trx: Db,
    userId: string,
    lines: readonly LineToAdd[],
    now: string,
  ): Promise<{ added: Set<string>; deal: DealNow }> {
    await lockCart(trx, userId);
    const [rows, membership] = await Promise.all([cartLinesOf(trx, userId), buyingMemberOf(trx, userId)]);
    const existing = new Map(rows.map((row) => [row.part_id, row.quantity]));
    const deal = await dealNow(trx, membership, [...existing.keys(), ...lines.map((line) => line.part.id)]);
    const added = new Set<string>();
    for (const { part, quantity, orderedNumber } of lines) {
      const had = existing.get(part.id);
      if (had === undefined && existing.size >= MAX_CART_LINES) continue;
      const total = Math.min((had ?? 0) + quantity, MAX_STOCK);
      await putCartLine(
        trx,
        {
          user_id: userId,
          part_id: part.id,
          quantity: total,
          unit_price_cents: unitPriceOf(part, total, deal),
          ...(orderedNumber !== undefined ? { ordered_number: orderedNumber } : {}),
        },
        now,
      );
      existing.set(part.id, total);
      added.add(part.id);
    }
    return { added, deal };
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
      // The buyer's company, read once, prices the lines and decides the tax status as the order will.
      const membership = user ? buyingMemberOf(db, user.id) : Promise.resolve(undefined);
      const [cart, settings, buyer] = await Promise.all([
        membership.then(async (member) => {
          const wanted = lines ?? storedLines(await cartLinesOf(db, user!.id));
          const deal = await dealNow(
            db,
            member,
            wanted.map((line) => line.partId),
          );
          return priced(db, wanted, deal);
        }),
        shopSettings(db),
        membership.then((member) => taxStatusOfBuyer(db, user?.id ?? null, member)),
      ]);
      const address = deliveryAddress ?? settings.sellerAddress;
      if (!deliversTo(settings.deliverTo, address.country)) {
        const message = copy.address.notDeliveredTo(countryName(address.country));
        throw new AppError('validation_failed', message, { 'deliveryAddress.country': message });
      }
      const orderable = cart.lines.filter((line) => line.problem === undefined);
      return { ...cart, ...orderTotals(withCoreDeposits(orderable), address, buyer, settings, placedAt) };
    },

    /**
     * Price and availability of part numbers (POST /api/availability), nothing stored: each line's number
     * resolved as the quick order resolves it (a replaced number to the part sold today, the quantity
     * times the factor), priced as the cart would price that quantity for this buyer, with what stock
     * covers and the day an order placed now would arrive in the buyer's company's country (else the
     * seller's). A number that leads to no part on sale is answered as not found, in its place.
     */
    async availability(user: SessionUser, input: AvailabilityInput): Promise<Availability> {
      const placedAt = clock.now();
      // An admin buys for no company, as their orders do.
      const [resolved, membership, settings] = await Promise.all([
        resolvePartNumbers(
          db,
          input.lines.map((line) => line.sku),
        ),
        user.role === 'admin' ? undefined : buyingMemberOf(db, user.id),
        shopSettings(db),
      ]);
      const deal = await dealNow(
        db,
        membership,
        [...resolved.values()].map(({ part }) => part.id),
      );
      const country = ordersForCompany(membership) ? membership.company.billingAddress.country : settings.sellerAddress.country;
      const delivery = expectedDelivery(placedAt, settings, country);
      const lines = input.lines.map(({ sku, quantity: asked }): AvailabilityLine => {
        const found = resolved.get(sku);
        if (!found) return { sku, found: false, message: copy.availability.unknownPart(sku) };
        const { part, resolvedFrom } = found;
        const quantity = asked * (resolvedFrom?.quantityFactor ?? 1);
        return {
          sku,
          found: true,
          partId: part.id,
          currentSku: part.sku,
          name: part.name,
          ...(resolvedFrom ? { resolvedFrom, message: replacedMessage(resolvedFrom) } : {}),
          quantity,
          unitPriceCents: unitPriceOf(part, quantity, deal),
          currency: settings.currency,
          minOrderQuantity: part.min_order_quantity,
          stock: part.stock,
          promisable: Math.max(0, Math.min(quantity, part.stock)),
          expectedDelivery: delivery,
          ...(part.core_charge_cents > 0 ? { coreDepositCents: part.core_charge_cents } : {}),
        };
      });
      return { lines };
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
        const [rows, membership] = await Promise.all([cartLinesOf(trx, user.id), buyingMemberOf(trx, user.id)]);
        if (!rows.some((row) => row.part_id === partId) && rows.length >= MAX_CART_LINES) throw cartFull();
        // One pricing for the line and the cart it is then part of.
        const deal = await dealNow(trx, membership, [...rows.map((row) => row.part_id), partId]);
        await putCartLine(
          trx,
          { user_id: user.id, part_id: partId, quantity, unit_price_cents: unitPriceOf(part, quantity, deal) },
          now,
        );
        return cartOf(trx, user.id, deal);
      });
    },

    /**
     * A line whose part was archived because its number was replaced becomes a line of the part
     * replacing it, the quantity multiplied by the factor and kept even when it breaks the new part's
     * rules (the cart shows the problem); the old number is kept as the number ordered.
     */
    async replaceLine(user: SessionUser, partId: string): Promise<Cart> {
      const now = clock.now().toISOString();
      return db.transaction().execute(async (trx) => {
        await lockCart(trx, user.id);
        const row = (await cartLinesOf(trx, user.id)).find((line) => line.part_id === partId);
        if (!row) throw new AppError('not_found', copy.cart.lineNotFound);
        const part = (await findPartsByIds(trx, [partId])).get(partId);
        const successor = part ? (await successorsOfParts(trx, [part])).get(partId) : undefined;
        if (!part || !successor?.resolvedFrom) throw new AppError('conflict', copy.supersessions.notReplaced);
        await deleteCartLine(trx, user.id, partId);
        const quantity = row.quantity * successor.resolvedFrom.quantityFactor;
        const { deal } = await addLines(
          trx,
          user.id,
          [{ part: successor.part, quantity, orderedNumber: row.ordered_number ?? part.sku }],
          now,
        );
        return cartOf(trx, user.id, deal);
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
        const { deal } = await addLines(trx, user.id, sold, now);
        return cartOf(trx, user.id, deal);
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
        // A replaced number resolves to the part sold today, its quantity multiplied by the factor.
        const parts = await resolvePartNumbers(
          trx,
          lines.map((line) => line.sku),
        );
        // One entry per part, in the order first named.
        const byPart = new Map<string, { part: PartRow; quantity: number; named: ParsedLine[]; resolved?: ResolvedPart }>();
        for (const line of lines) {
          const found = parts.get(line.sku);
          if (!found) {
            rejected.push({ line: line.line, text: line.text, sku: line.sku, message: copy.quickOrder.unknownPart });
            continue;
          }
          const { part, resolvedFrom } = found;
          const quantity = line.quantity * (resolvedFrom?.quantityFactor ?? 1);
          const entry = byPart.get(part.id);
          if (entry) {
            entry.quantity += quantity;
            entry.named.push(line);
            if (!entry.resolved && resolvedFrom) entry.resolved = found;
          } else byPart.set(part.id, { part, quantity, named: [line], ...(resolvedFrom ? { resolved: found } : {}) });
        }
        const refuse = (named: readonly ParsedLine[], quantity: number, problem: string, resolved?: ResolvedPart) => {
          const merged = named.length > 1 ? copy.quickOrder.mergedRefused(named.length, quantity, problem) : problem;
          // A replaced number's line says first what it was resolved to, then why it was refused.
          const message = resolved?.resolvedFrom ? `${replacedMessage(resolved.resolvedFrom)}: ${merged}` : merged;
          for (const line of named) rejected.push({ line: line.line, text: line.text, sku: line.sku, message });
        };
        await lockCart(trx, user.id);
        const inCart = new Map((await cartLinesOf(trx, user.id)).map((row) => [row.part_id, row.quantity]));
        const good: LineToAdd[] = [];
        const added: CartImportResult['added'] = [];
        for (const { part, quantity, named, resolved } of byPart.values()) {
          const problem = addingProblem(orderablePart(part), quantity, inCart.get(part.id) ?? 0);
          if (problem) {
            refuse(named, quantity, problem, resolved);
            continue;
          }
          const resolvedFrom = resolved?.resolvedFrom;
          good.push({ part, quantity, ...(resolvedFrom ? { orderedNumber: resolvedFrom.number } : {}) });
          added.push({
            sku: part.sku,
            quantity,
            ...(named.length > 1 ? { merged: named.length } : {}),
            ...(resolvedFrom ? { resolvedFrom, message: replacedMessage(resolvedFrom) } : {}),
          });
        }
        const { added: stored, deal } = await addLines(trx, user.id, good, now);
        // Lines beyond the cart's limit were not stored.
        for (const { part, quantity } of good) {
          if (!stored.has(part.id)) {
            added.splice(
              added.findIndex((line) => line.sku === part.sku),
              1,
            );
            const { named, resolved } = byPart.get(part.id)!;
            refuse(named, quantity, copy.cart.tooManyLines(MAX_CART_LINES), resolved);
          }
        }
        rejected.sort((a, b) => a.line - b.line);
        return { added, rejected, cart: await cartOf(trx, user.id, deal) };
      });
    },

    /**
     * Parts added to the cart by its rules (a saved list to the cart): a line whose quantity, with what
     * the cart already has, breaks the part's minimum, pack size or stock, a part no longer sold, and a
     * line beyond the cart's limit are skipped with the reason; the rest are added, in one transaction.
     */
    async addParts(user: SessionUser, lines: readonly { partId: string; quantity: number }[]): Promise<PartsAdded> {
      const now = clock.now().toISOString();
      return db.transaction().execute(async (trx) => {
        const parts = await findPartsByIds(
          trx,
          lines.map((line) => line.partId),
        );
        await lockCart(trx, user.id);
        const inCart = new Map((await cartLinesOf(trx, user.id)).map((row) => [row.part_id, row.quantity]));
        // A part no longer sold because its number was replaced goes in as the part replacing it.
        const successors = await successorsOfParts(trx, [...parts.values()]);
        const good: (LineToAdd & { listed: PartRow; resolved?: ResolvedPart })[] = [];
        const skipped: PartsAdded['skipped'] = [];
        for (const { partId, quantity: listed } of lines) {
          const listedPart = parts.get(partId);
          if (!listedPart) continue;
          const successor = listedPart.archived_at !== null ? successors.get(partId) : undefined;
          const part = successor?.part ?? listedPart;
          const quantity = listed * (successor?.resolvedFrom?.quantityFactor ?? 1);
          const problem =
            part.archived_at !== null
              ? copy.cart.noLongerSold
              : addingProblem(orderablePart(part), quantity, inCart.get(part.id) ?? 0);
          const said = (message: string) =>
            successor?.resolvedFrom ? `${replacedMessage(successor.resolvedFrom)}: ${message}` : message;
          if (problem) skipped.push({ partId, sku: listedPart.sku, message: said(problem) });
          else {
            good.push({
              part,
              quantity,
              listed: listedPart,
              ...(successor ? { resolved: successor, orderedNumber: listedPart.sku } : {}),
            });
          }
        }
        const { added: stored } = await addLines(trx, user.id, good, now);
        const added: PartsAdded['added'] = [];
        for (const { part, quantity, listed, resolved } of good) {
          if (stored.has(part.id)) {
            added.push({
              partId: part.id,
              sku: part.sku,
              quantity,
              ...(resolved?.resolvedFrom
                ? { resolvedFrom: resolved.resolvedFrom, message: replacedMessage(resolved.resolvedFrom) }
                : {}),
            });
          } else skipped.push({ partId: listed.id, sku: listed.sku, message: copy.cart.tooManyLines(MAX_CART_LINES) });
        }
        return { added, skipped };
      });
    },

    /** Order again: the order's lines added to the cart at today's prices; the parts no longer sold named. */
    async reorder(user: SessionUser, orderId: string): Promise<ReorderResult> {
      const order = await findOrderOf(db, orderId, user.id);
      if (!order) throw new AppError('not_found', copy.orders.notFound);
      // A core deposit comes again with its part, not as a line of its own.
      const lines = ((await linesOfOrders(db, [order.id])).get(order.id) ?? []).filter(isPartLine);
      const now = clock.now().toISOString();
      return db.transaction().execute(async (trx) => {
        const parts = await findPartsByIds(
          trx,
          lines.map((line) => line.part_id),
        );
        // A part no longer sold because its number was replaced is reordered as the part replacing it.
        const successors = await successorsOfParts(trx, [...parts.values()]);
        const unavailable: string[] = [];
        const replaced: NonNullable<ReorderResult['replaced']> = [];
        const sold: LineToAdd[] = [];
        for (const line of lines) {
          const part = parts.get(line.part_id);
          const successor = successors.get(line.part_id);
          const orderedNumber = line.ordered_number ?? undefined;
          if (part && part.archived_at === null)
            sold.push({ part, quantity: line.quantity, ...(orderedNumber ? { orderedNumber } : {}) });
          else if (successor?.resolvedFrom) {
            const { resolvedFrom } = successor;
            const quantity = line.quantity * resolvedFrom.quantityFactor;
            sold.push({ part: successor.part, quantity, orderedNumber: orderedNumber ?? line.sku });
            replaced.push({ sku: successor.part.sku, quantity, resolvedFrom, message: replacedMessage(resolvedFrom) });
          } else unavailable.push(line.part_name);
        }
        const { deal } = await addLines(trx, user.id, sold, now);
        return { ...(await cartOf(trx, user.id, deal)), unavailable, ...(replaced.length > 0 ? { replaced } : {}) };
      });
    },

    /** The replaced numbers the customer's cart lines were added by, by part: the order placed from it keeps them. */
    orderedNumbers: orderedNumbersOf,

    /** The parts of an order placed from the cart leave it: the write, made in the order's own transaction. */
    removeOrdered(trx: Db, userId: string, partIds: readonly string[]): Write[] {
      return partIds.length === 0 ? [] : [cartLinesDeletion(trx, userId, partIds)];
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
