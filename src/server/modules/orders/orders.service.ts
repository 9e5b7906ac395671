import { chargedOf } from './charged';
import * as copy from '#shared/copy';
import { type FlashDealTerms, memberUnitPriceCents, quantityProblem, smallestAllowedQuantity } from '#shared/pricing';
import { type OrderSearch, orderNumberOf } from '#shared/order-number';
import { orderLineIdOf } from '#shared/schemas/returns';
import {
  type ExportOrdersQuery,
  type DeclineOrderInput,
  type ListOrdersQuery,
  type MyOrdersQuery,
  type Order,
  type OrderList,
  type OrderStatusUpdate,
  type PlaceOrderInput,
  type PlacedOrder,
  linesOf,
} from '#shared/schemas/orders';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { CreditNoteRow, OrderLineRow, OrderRow, OrderStatus, PartRow } from '../../db/schema';
import { AppError } from '../../app-error';
import type { SessionUser } from '../../session-user';
import { newTimeOrderedId } from '../../ids';
import { isUniqueViolation } from '../../db/errors';
import type { EventBus, StockTaken } from '../../events';
import { sellerOf, shopSettings } from '../content';
import { buyingMemberOf, companyNamesOf } from '../companies';
import { companyPricingFor, memberPricingOf } from '../companies';
import { taxStatusOfBuyer } from '../users';
import { type Address, addressLines, countryName } from '#shared/schemas/address';
import {
  type BuyerTaxStatus,
  deliversTo,
  orderTotals,
  type PricingLine,
  sellerDate,
  type TaxExemption,
} from '#shared/order-totals';
import { findLivePartsAndDeal, pricedPartOf, reserveStocks } from '../parts';
import { cancelPaidOrderWithCreditNote, creditNotesOfOrders, findCreditNote } from './credit-notes.repository';
import { checkCredit, type CompanyBuying, companyBuyingOf, dueDateOf, isCompanyAdminOf } from './member-orders';
import { renderCreditNotePdf, renderInvoicePdf } from './invoice-pdf';
import { nextInvoiceNumber } from './invoices.repository';
import { cancelReleasingStock } from './order-stock';
import { requestFingerprint } from './idempotency';
import { orderCsvLine, ordersCsvHeader, ordersCsvSelectSql, UTF8_BOM } from './orders-csv';
import {
  exportBatch,
  findOrder,
  findOrderByIdempotencyKey,
  linesOfOrders,
  listAllOrders,
  listUserOrders,
  lockUnpaidOrders,
  lockUnpaidOrdersOf,
  lockUnpaidOrdersRows,
  moveOrderStatus,
  orderInserts,
  type OrderListFilter,
  type UnpaidHeld,
} from './orders.repository';

/**
 * How many orders the export reads at a time, in one query. A batch's text (about 150 bytes an order)
 * stays under V8's large-object size (128 KB): a larger string is promoted whenever a minor collection
 * meets it, and then waits for a major one, so at 1,000 a batch the server's memory crept up all export.
 */
export const EXPORT_BATCH_SIZE = 250;

/** When an unpaid order booked at `createdAt` expires. */
export function payByOf(createdAt: string, paymentWindowHours: number): string {
  return new Date(Date.parse(createdAt) + paymentWindowHours * 3_600_000).toISOString();
}

/** An order as the API shows it: its part, name, picture and unit price are its first line's, its quantity their units. */
export function toOrderAt(
  row: OrderRow,
  lines: readonly OrderLineRow[],
  paymentWindowHours: number,
  creditNotes: readonly CreditNoteRow[] = [],
  companyName: string | null = null,
): Order {
  const first = lines[0];
  if (!first) throw new Error(`order ${row.id} has no lines`);
  // An order awaiting approval holds its stock for the same window as an unpaid one.
  const timeToPay =
    row.status === 'pending_payment' ||
    row.status === 'awaiting_approval' ||
    (row.status === 'cancelled' && row.cancel_reason === 'expired');
  return {
    id: row.id,
    number: orderNumberOf(row.id),
    lines: lines.map((line) => ({
      id: orderLineIdOf(row.id, line.position),
      partId: line.part_id,
      sku: line.sku,
      partName: line.part_name,
      imageUrl: line.image_url,
      quantity: line.quantity,
      unitPriceCents: line.unit_price_cents,
      lineTotalCents: Number(line.line_total_cents),
      ...(line.ordered_number ? { orderedNumber: line.ordered_number } : {}),
      kind: line.kind ?? 'part',
    })),
    partId: first.part_id,
    partName: first.part_name,
    imageUrl: first.image_url,
    // Units of parts: a core deposit is no more of its part.
    quantity: lines.reduce((sum, line) => sum + ((line.kind ?? 'part') === 'part' ? line.quantity : 0), 0),
    unitPriceCents: first.unit_price_cents,
    status: row.status,
    cancelReason: row.cancel_reason,
    // An expired order's, too: when its time ran out.
    payBy: timeToPay ? payByOf(row.created_at, paymentWindowHours) : null,
    transactionId: row.transaction_id,
    paidAt: row.paid_at,
    invoiceNumber: row.invoice_number,
    createdAt: row.created_at,
    customer: { name: row.customer_name, email: row.customer_email, phone: row.phone, address: row.address },
    ...chargedOf(row),
    ...(row.tax_exemption ? { exemption: JSON.parse(row.tax_exemption) as TaxExemption } : {}),
    currency: row.currency,
    deliveryAddress: row.delivery_address ? (JSON.parse(row.delivery_address) as Address) : null,
    expectedDelivery: row.expected_delivery,
    // Nothing changes a delivered order afterwards: its last change is its delivery.
    deliveredAt: row.status === 'delivered' ? row.delivered_at : null,
    buyerVatId: row.buyer_vat_id,
    creditNotes: creditNotes.map((note) => ({
      number: note.number,
      totalCents: Number(note.total_cents),
      issuedAt: note.issued_at,
    })),
    companyId: row.company_id,
    companyName: row.company_id === null ? null : companyName,
    poNumber: row.po_number,
    payment: row.payment_method,
    dueDate: row.due_date,
    paidCents: Number(row.paid_cents),
    placedBy: row.user_id === null ? null : { id: row.user_id, name: row.customer_name },
    declineReason: row.decline_reason,
  };
}

/**
 * The core deposits of an order's part lines, each a line of its own after every part line, in their
 * order: the part's deposit (as it is when its stock is taken) for each of its units. The member's
 * price never touches a deposit (docs/shop-rules.md, "Returns").
 */
export function coreLinesOf(partLines: readonly OrderLineRow[], deposits: ReadonlyMap<string, number>): OrderLineRow[] {
  const cores: OrderLineRow[] = [];
  // Rows to keep (part, SKU, name, position); withCoreDeposits' lines name no part, so these rows cannot come from them.
  for (const line of partLines) {
    const deposit = deposits.get(line.part_id);
    if (!deposit) continue;
    cores.push({
      ...line,
      position: partLines.length + cores.length,
      unit_price_cents: deposit,
      line_total_cents: deposit * line.quantity,
      ordered_number: null,
      kind: 'core',
    });
  }
  return cores;
}

/**
 * An order's lines as the pricing reads them: a deposit is taxed with its part, and counts not toward
 * free delivery, as `withCoreDeposits` prices a cart's lines.
 */
export function pricingLinesOf(lines: readonly Pick<OrderLineRow, 'unit_price_cents' | 'quantity' | 'kind'>[]): PricingLine[] {
  return lines.map((line) => ({
    unitPriceCents: line.unit_price_cents,
    quantity: line.quantity,
    ...(line.kind === 'core' ? { countsTowardFreeDelivery: false } : {}),
  }));
}

/** Booking days (`YYYY-MM-DD`, UTC, inclusive) as the times they bound: booking times are ISO texts to the millisecond. */
const bookedFromOf = (day: string | undefined) => (day ? `${day}T00:00:00.000Z` : undefined);
const bookedUntilOf = (day: string | undefined) => (day ? `${day}T23:59:59.999Z` : undefined);

/** What a list's query asks to narrow it by. */
function listFilterOf(search: OrderSearch | undefined, from: string | undefined, to: string | undefined): OrderListFilter {
  return { search, bookedFrom: bookedFromOf(from), bookedUntil: bookedUntilOf(to) };
}

const orderNotFound = () => new AppError('not_found', copy.orders.notFound);

/** What POST /api/orders answers: the order's status says where the checkout goes next. */
const placedOf = (row: OrderRow): PlacedOrder => ({
  id: row.id,
  number: orderNumberOf(row.id),
  status: row.status,
  invoiceNumber: row.invoice_number,
  dueDate: row.due_date,
});
const partNotFound = () => new AppError('not_found', copy.part.notFound);

/** A booking as asked: who, what (its lines, in order), and the key that makes a retry answer the first order. */
interface Booking {
  user: SessionUser;
  input: PlaceOrderInput;
  scopedKey: string | null;
  /** The body's fingerprint, kept with the key: a retry must send the same body. */
  fingerprint: string | null;
  /** Booked with one part (the part page's "Book Now"), not with lines. */
  single: boolean;
  wanted: ReturnType<typeof linesOf>;
}

/** Where a line's refusal is answered: the field itself for one part, `lines.N.…` for lines. */
const fieldOf = (single: boolean, index: number, name: 'partId' | 'quantity') => (single ? name : `lines.${index}.${name}`);

/** The booking's live parts, the flash deal's terms read with them, and what prices the order. */
interface OrderableParts {
  parts: Map<string, PartRow>;
  deal: FlashDealTerms;
  settings: Awaited<ReturnType<typeof shopSettings>>;
  buyer: BuyerTaxStatus;
  /** Where it goes: the address sent, or the old address text read as in the seller's country. */
  deliveryAddress: Address;
  /** A company member's order: for the company, to its site, by card or on account; null for a person's. */
  company: CompanyBuying | null;
}

/** The order's address as a structured one: sent so, or its text as a street in the seller's country. */
function deliveryAddressOf(input: PlaceOrderInput, seller: Address): Address {
  if (input.deliveryAddress) return input.deliveryAddress;
  return { line1: input.address ?? '', city: '', postalCode: '', country: seller.country };
}

/**
 * Whether the order is one line of its part's smallest quantity: the value cap never refuses that to a
 * customer who holds nothing else, so that no part is out of reach because its minimum order alone
 * comes to more than the cap (docs/shop-rules.md, "Holding stock").
 */
function isSmallestSingleLine(wanted: Booking['wanted'], parts: ReadonlyMap<string, PartRow>): boolean {
  if (wanted.length !== 1) return false;
  const { partId, quantity } = wanted[0]!;
  const part = parts.get(partId)!;
  return (
    quantity <=
    smallestAllowedQuantity({ minOrderQuantity: part.min_order_quantity, stock: part.stock, packSize: part.pack_size })
  );
}

/**
 * Refuses an order that would take the customer's unpaid orders past `cap` cents together (409), saying
 * what they hold, what the order comes to, the cap, and what to do, in the shop's currency.
 */
function checkUnpaidValue(held: UnpaidHeld, orderCents: number, cap: number, exemptAlone: boolean, currency: string): void {
  if (held.cents + orderCents <= cap || (exemptAlone && held.n === 0)) return;
  throw new AppError(
    'unpaid_value_exceeded',
    held.n === 0
      ? copy.booking.orderOverUnpaidCap(orderCents, cap, currency)
      : copy.booking.tooMuchUnpaid(held.cents, orderCents, cap, currency),
  );
}

/** The one step an admin may take from each status. */
const previousStatus: Record<OrderStatusUpdate['status'], OrderStatus> = { shipped: 'paid', delivered: 'shipped' };

/** Why an order cannot be cancelled: a customer only cancels an unpaid one; an admin no sent or cancelled one. */
function cannotCancel(row: OrderRow, user: Pick<SessionUser, 'role'>): string {
  if (user.role !== 'admin') return copy.orders.onlyUnpaidCancellable;
  return row.status === 'shipped' || row.status === 'delivered' ? copy.orders.sentNotCancellable : copy.orders.alreadyCancelled;
}

/** Owner or admin sees an order; anyone else is told it does not exist. */
function visibleTo(row: OrderRow | undefined, user: SessionUser): row is OrderRow {
  return row !== undefined && (row.user_id === user.id || user.role === 'admin');
}

export interface OrdersServiceDeps {
  clock: Clock;
  /** ORDER_PAYMENT_WINDOW_HOURS: how long an unpaid order holds its stock. */
  paymentWindowHours: number;
  /** MAX_UNPAID_ORDERS: how many unpaid orders (and the stock they hold) one customer may have at once. */
  maxUnpaidOrders: number;
  /** MAX_UNPAID_VALUE, in cents: what one customer's unpaid orders may come to together, the new one included. */
  maxUnpaidValueCents: number;
  /** REQUIRE_VERIFIED_EMAIL: only a customer whose address is verified may book. */
  requireVerifiedEmail: boolean;
  /** Where the service announces what it did (orderPlaced, orderCancelled, orderShipped, …). */
  events: EventBus;
  /** PostgreSQL's byte stream of a select's text column (the database handle's), for the orders export. */
  copyOutText?: ((select: string) => AsyncGenerator<Buffer>) | undefined;
  /**
   * The replaced numbers the customer's cart lines were added by, by part (the cart module's): an order
   * from the cart keeps them on its lines, as ordered. Absent, no line keeps one.
   */
  orderedNumbers?: ((db: Db, userId: string, partIds: readonly string[]) => Promise<Map<string, string>>) | undefined;
}

export function createOrdersService(
  db: Db,
  {
    clock,
    paymentWindowHours,
    maxUnpaidOrders,
    maxUnpaidValueCents,
    requireVerifiedEmail,
    events,
    copyOutText,
    orderedNumbers,
  }: OrdersServiceDeps,
) {
  /**
   * What this user's unpaid orders may come to together, in cents; null for no cap. Every customer has
   * MAX_UNPAID_VALUE. An admin is not a customer: they set the stock themselves, so a cap would guard
   * nothing. (Companies buying on account are to get a cap of their own here.)
   */
  function unpaidValueCapOf(user: SessionUser): number | null {
    return user.role === 'admin' ? null : maxUnpaidValueCents;
  }

  /** Orders as the API shows them, their lines read in one query and their credit notes in another. */
  async function presented(rows: readonly OrderRow[]): Promise<Order[]> {
    const ids = rows.map((row) => row.id);
    // Only a cancelled order, or a delivered one with a credited return, has credit notes: a page without one asks nothing more.
    const credited = rows
      .filter((row) => (row.status === 'cancelled' || row.status === 'delivered') && row.invoice_number !== null)
      .map((row) => row.id);
    const companies = [...new Set(rows.flatMap((row) => (row.company_id ? [row.company_id] : [])))];
    const [lines, creditNotes, names] = await Promise.all([
      linesOfOrders(db, ids),
      creditNotesOfOrders(db, credited),
      companyNamesOf(db, companies),
    ]);
    return rows.map((row) =>
      toOrderAt(
        row,
        lines.get(row.id) ?? [],
        paymentWindowHours,
        creditNotes.get(row.id),
        row.company_id ? (names.get(row.company_id) ?? null) : null,
      ),
    );
  }
  const toOrder = async (row: OrderRow): Promise<Order> => (await presented([row]))[0]!;

  /** The order when the user may see it: its owner, an admin, or a company admin of its company; else 404. */
  async function mustSee(id: string, user: SessionUser): Promise<OrderRow> {
    const row = await findOrder(db, id);
    if (!row) throw orderNotFound();
    if (row.user_id === user.id || user.role === 'admin') return row;
    if (row.company_id && (await isCompanyAdminOf(db, user.id, row.company_id))) return row;
    throw orderNotFound();
  }

  /** The company whose every order the user lists: theirs when they are its company admin. */
  async function companyAdminScope(user: SessionUser): Promise<string | undefined> {
    if (user.role === 'admin') return undefined;
    const member = await buyingMemberOf(db, user.id);
    return member?.role === 'company_admin' ? member.company.id : undefined;
  }

  /** An order a company admin decides on: one of their company's; any other answers 404, as one that does not exist. */
  async function mustDecide(id: string, user: SessionUser): Promise<OrderRow> {
    const row = await findOrder(db, id);
    if (!row?.company_id || !(await isCompanyAdminOf(db, user.id, row.company_id))) throw orderNotFound();
    if (row.status !== 'awaiting_approval') throw new AppError('conflict', copy.companyOrders.notAwaiting);
    return row;
  }

  /**
   * Gives an order confirmed on account its invoice number, of the year of `at`; answers the order with
   * it. The year's counter is taken last in the transaction, as a payment takes it
   * (docs/decisions/0029-one-lock-order.md).
   */
  async function numberInvoice(trx: Db, order: OrderRow, at: Date): Promise<OrderRow> {
    const invoiceNumber = await nextInvoiceNumber(trx, at.getUTCFullYear());
    await trx.updateTable('orders').set({ invoice_number: invoiceNumber }).where('id', '=', order.id).execute();
    return { ...order, invoice_number: invoiceNumber };
  }

  /** Moves an order awaiting approval on, in one conditional statement; answers it as it is after. */
  async function decideRow(trx: Db, id: string, changes: Partial<OrderRow>): Promise<OrderRow> {
    const order = await trx
      .updateTable('orders')
      .set(changes)
      .where('id', '=', id)
      .where('status', '=', 'awaiting_approval')
      .returningAll()
      .executeTakeFirst();
    // The row is ours since it was found awaiting approval under its lock.
    if (!order) throw new Error(`order ${id} changed while its row was locked`);
    return order;
  }

  /**
   * The order first placed with this key, answered again for the same body; another body is refused
   * (422). An order placed before fingerprints were kept (null) is answered for any body, as it was.
   */
  async function replayed(scopedKey: string | null, fingerprint: string | null): Promise<PlacedOrder | undefined> {
    if (!scopedKey) return undefined;
    const first = await findOrderByIdempotencyKey(db, scopedKey);
    if (!first) return undefined;
    if (first.idempotency_fingerprint !== null && first.idempotency_fingerprint !== fingerprint) {
      throw new AppError('idempotency_key_reused', copy.orders.idempotencyKeyReused);
    }
    return placedOf(first);
  }

  /**
   * The live parts of a booking's lines, each line's quantity checked against its part. One
   * part (the part page's "Book Now") answers as it always has: 404 for a part not on sale, its rule's
   * message under `quantity`. Lines answer each refused line under `lines.N.…`.
   */
  async function orderableParts({ user, input, single, wanted }: Booking): Promise<OrderableParts> {
    // The flash deal's terms come in the same statement; the settings, and the buyer's company then
    // their tax status, are read beside it (on PostgreSQL over other connections). A member is taxed as
    // their company is, which that read already holds: only someone ordering as a person reads their own.
    const [{ parts, deal }, settings, { membership, buyer }] = await Promise.all([
      findLivePartsAndDeal(
        db,
        wanted.map((line) => line.partId),
      ),
      shopSettings(db),
      (user.role === 'admin' ? Promise.resolve(undefined) : buyingMemberOf(db, user.id)).then(async (membership) => ({
        membership,
        buyer: await taxStatusOfBuyer(db, user.id, membership),
      })),
    ]);
    const company = await companyBuyingOf(db, input, membership);
    // A member's order goes to the company's site.
    const deliveryAddress = company ? company.site.address : deliveryAddressOf(input, settings.sellerAddress);
    // Refused before any stock is taken: nothing was held for an order that cannot be delivered.
    if (!deliversTo(settings.deliverTo, deliveryAddress.country)) {
      const message = copy.address.notDeliveredTo(countryName(deliveryAddress.country));
      throw new AppError('validation_failed', message, {
        [company ? 'deliveryAddressId' : input.deliveryAddress ? 'deliveryAddress.country' : 'address']: message,
      });
    }
    const refused: Record<string, string> = {};
    wanted.forEach((line, index) => {
      const part = parts.get(line.partId);
      if (!part) {
        if (single) throw partNotFound();
        refused[fieldOf(single, index, 'partId')] = copy.part.notFound;
        return;
      }
      const problem = quantityProblem(
        { minOrderQuantity: part.min_order_quantity, stock: part.stock, packSize: part.pack_size },
        line.quantity,
      );
      if (problem) refused[fieldOf(single, index, 'quantity')] = problem;
    });
    const firstRefused = Object.entries(refused)[0];
    if (firstRefused) {
      const [key, message] = firstRefused;
      const row = Number(key.split('.')[1]) + 1;
      throw new AppError('validation_failed', single ? message : copy.booking.lineRefused(row, message), refused);
    }
    return { parts, deal, settings, buyer, deliveryAddress, company };
  }

  /**
   * Writes the order in one transaction and announces it: the customer's row of unpaid orders and the
   * parts' stock are locked (in the order of docs/decisions/0029-one-lock-order.md), and each line is
   * priced from its part read once its stock is taken. Answers the order's id.
   */
  async function book(
    { user, input, scopedKey, fingerprint, single, wanted }: Booking,
    { parts, deal: terms, settings, buyer, deliveryAddress, company }: OrderableParts,
  ): Promise<PlacedOrder> {
    const id = newTimeOrderedId();
    const placedAt = clock.now();
    const now = placedAt.toISOString();
    // Priced at the moment it is placed: an order placed once the deal has ended pays full price.
    const deal = { terms, now: placedAt.getTime() };
    const cap = unpaidValueCapOf(user);
    const exemptAlone = isSmallestSingleLine(wanted, parts);
    // A member of an active company pays "Your price": its discount came with the company, its contract
    // prices are read before the stock is locked, to keep that short. Anyone else pays list prices.
    const member = await memberPricingOf(
      db,
      company?.member,
      wanted.map((line) => line.partId),
    );
    return events.transaction(db, async ({ trx, announce }) => {
      // Checked and added in one step, on the customer's locked row: two bookings at once cannot both be
      // the customer's last allowed one, in number or in value.
      const held = await lockUnpaidOrdersOf(trx, user.id);
      // An order on account is not unpaid (it is invoiced at once), unless it waits for approval: that
      // is checked once its total is known.
      const onAccount = company?.payment === 'account';
      const tooMany = () => new AppError('too_many_unpaid_orders', copy.booking.tooManyUnpaid(maxUnpaidOrders));
      if (!onAccount && held.n >= maxUnpaidOrders) throw tooMany();
      // Each line's stock is taken with the price it was taken at; all lines or none (a line that
      // cannot be taken rolls the others back). Parts are locked in id order, so two orders of the
      // same parts on PostgreSQL wait for each other instead of deadlocking.
      const order = wanted.map((line, position) => ({ ...line, position })).sort((a, b) => (a.partId < b.partId ? -1 : 1));
      const lines: OrderLineRow[] = new Array<OrderLineRow>(wanted.length);
      // An order from the cart keeps the replaced numbers its lines were added by.
      const asOrdered =
        !single && orderedNumbers
          ? await orderedNumbers(
              trx,
              user.id,
              wanted.map((line) => line.partId),
            )
          : new Map<string, string>();
      const stockTaken: StockTaken[] = [];
      const deposits = new Map<string, number>();
      const reserved = await reserveStocks(trx, order);
      for (const [index, line] of order.entries()) {
        const taken = reserved[index];
        if (!taken) {
          throw single
            ? new AppError('insufficient_stock', copy.booking.outOfStock)
            : new AppError('insufficient_stock', copy.booking.lineRefused(line.position + 1, copy.booking.lineOutOfStock), {
                [fieldOf(single, line.position, 'quantity')]: copy.validation.quantityTooHigh,
              });
        }
        stockTaken.push({
          partId: taken.id,
          name: taken.name,
          sku: taken.sku,
          quantity: line.quantity,
          stock: taken.stock,
          minOrderQuantity: taken.min_order_quantity,
          lowStockThreshold: taken.low_stock_threshold,
        });
        const unitPrice = memberUnitPriceCents(
          pricedPartOf(taken, deal.terms, deal.now),
          line.quantity,
          companyPricingFor(member, taken.id),
        );
        lines[line.position] = {
          order_id: id,
          position: line.position,
          part_id: taken.id,
          sku: taken.sku,
          part_name: taken.name,
          image_url: taken.image_url,
          unit_price_cents: unitPrice,
          quantity: line.quantity,
          line_total_cents: unitPrice * line.quantity,
          ordered_number: asOrdered.get(taken.id) ?? null,
          kind: 'part',
        };
        if (taken.core_charge_cents > 0) deposits.set(taken.id, taken.core_charge_cents);
      }
      lines.push(...coreLinesOf(lines, deposits));
      // Goods, delivery and tax at the prices the stock was taken at, stored as charged: a later change
      // of the tax table or the fee never changes a placed order.
      const totals = orderTotals(pricingLinesOf(lines), deliveryAddress, buyer, settings, placedAt);
      const totalCents = totals.totalCents;
      // Above the member's order limit (tax and delivery included), a company admin approves it first;
      // it holds its stock meanwhile, as an unpaid order does.
      const limit = company?.member.orderLimitCents ?? null;
      const status: OrderStatus =
        limit !== null && totalCents > limit ? 'awaiting_approval' : onAccount ? 'confirmed' : 'pending_payment';
      // Refused, the transaction gives the stock back.
      if (status !== 'confirmed') {
        if (onAccount && held.n >= maxUnpaidOrders) throw tooMany();
        if (cap !== null) checkUnpaidValue(held, totalCents, cap, exemptAlone, settings.currency);
      }
      // On account, the credit check runs now under the company's lock (and again when approved).
      const terms =
        company && onAccount
          ? await checkCredit(trx, company.member.company.id, {
              totalCents,
              today: sellerDate(placedAt, settings.timeZone),
              currency: settings.currency,
            })
          : null;
      const row: OrderRow = {
        id,
        user_id: user.id,
        total_cents: totalCents,
        customer_name: user.name,
        customer_email: user.email,
        phone: input.phone ?? company?.site.phone ?? '',
        address: company ? addressLines(deliveryAddress).join(', ') : (input.address ?? addressLines(deliveryAddress).join(', ')),
        status,
        cancel_reason: null,
        transaction_id: null,
        paid_at: null,
        invoice_number: null,
        idempotency_key: scopedKey,
        idempotency_fingerprint: fingerprint,
        created_at: now,
        updated_at: now,
        goods_cents: totals.goodsCents,
        delivery_cents: totals.deliveryCents,
        tax_cents: totals.taxes.reduce((sum, tax) => sum + tax.amountCents, 0),
        taxes: JSON.stringify(totals.taxes),
        tax_exemption: totals.exemption ? JSON.stringify(totals.exemption) : null,
        delivery_address: JSON.stringify(deliveryAddress),
        expected_delivery: totals.expectedDelivery,
        buyer_vat_id: buyer.vatId ?? null,
        currency: settings.currency,
        company_id: company?.member.company.id ?? null,
        po_number: input.poNumber ?? null,
        payment_method: company?.payment ?? 'card',
        delivery_address_id: company?.site.id ?? null,
        // Confirmed on account: invoiced at once (its number is taken below, after the order's writes).
        invoiced_at: status === 'confirmed' ? now : null,
        due_date: status === 'confirmed' && terms ? dueDateOf(now, terms) : null,
        paid_cents: 0,
        decline_reason: null,
        decided_by: null,
        delivered_at: null,
      };
      // The order and its lines are written with what follows from them (its mail, the cart): on
      // PostgreSQL in one round trip while the customer's row and the stock are locked.
      await announce(
        'orderPlaced',
        { order: row, lines, stockTaken, fromCart: !single, customerAddressConfirmed: user.emailVerified, at: now },
        orderInserts(trx, row, lines),
      );
      if (status === 'awaiting_approval') await announce('orderAwaitingApproval', { order: row, at: now });
      if (status === 'confirmed') {
        const invoiced = await numberInvoice(trx, row, placedAt);
        await announce('orderInvoicedOnAccount', { order: invoiced, at: now });
        return placedOf(invoiced);
      }
      return placedOf(row);
    });
  }

  /**
   * An admin cancels a paid order before it ships: in one transaction it becomes cancelled, its units go
   * back to stock and its credit note is numbered; the customer's mail is written with them, and the
   * refund follows the commit (consequences.ts; credit-refunds.ts retries one a crash lost).
   */
  async function cancelPaidOrder(row: OrderRow, now: string): Promise<Order> {
    const done = await events.transaction(db, async ({ trx, announce }) => {
      const credited = await cancelPaidOrderWithCreditNote(trx, row.id, now);
      if (!credited) return false;
      const { order, creditNote } = credited;
      await announce('orderCancelled', {
        order,
        at: now,
        by: 'admin',
        creditNote: { number: creditNote.number, totalCents: Number(creditNote.total_cents) },
      });
      return true;
    });
    const current = (await findOrder(db, row.id)) ?? row;
    if (!done) throw new AppError('conflict', cannotCancel(current, { role: 'admin' }));
    return toOrder(current);
  }

  return {
    /**
     * Books a part: the total comes from the part's current price, the stock goes down only if enough
     * is left, and the order is written in the same transaction. A retry with the same Idempotency-Key
     * and body answers the first order; the key with another body is refused (422).
     */
    async placeOrder(user: SessionUser, input: PlaceOrderInput, idempotencyKey?: string): Promise<PlacedOrder> {
      // A fresh account cannot hold the catalogue: it must first show it owns its address.
      if (requireVerifiedEmail && !user.emailVerified) {
        throw new AppError('email_not_verified', copy.booking.emailNotVerified(user.email));
      }
      // Per acting user: a key's requests act as its maker, so their keys and sessions share one key space.
      const scopedKey = idempotencyKey ? `${user.id}:${idempotencyKey}` : null;
      const fingerprint = scopedKey ? requestFingerprint(input) : null;
      const earlier = await replayed(scopedKey, fingerprint);
      if (earlier) return earlier;

      const booking: Booking = { user, input, scopedKey, fingerprint, single: input.lines === undefined, wanted: linesOf(input) };
      try {
        return await book(booking, await orderableParts(booking));
      } catch (error) {
        // The same key raced itself: the other request's order stands (or refuses this body), and this one rolled back.
        if (isUniqueViolation(error)) {
          const first = await replayed(scopedKey, fingerprint);
          if (first) return first;
        }
        throw error;
      }
    },

    /**
     * The invoice of a paid (shipped, delivered) order as a PDF, made when asked from the order, its
     * lines and the seller in the settings now. Its owner or an admin; any other order, and one
     * without an invoice, answers 404.
     */
    async invoicePdf(id: string, user: SessionUser): Promise<{ filename: string; pdf: Buffer }> {
      const row = await mustSee(id, user);
      // A card order is invoiced when paid, one on account when confirmed.
      if (!row.invoice_number || !(row.paid_at ?? row.invoiced_at)) throw new AppError('not_found', copy.invoice.notFound);
      const lines = (await linesOfOrders(db, [row.id])).get(row.id) ?? [];
      const pdf = await renderInvoicePdf(row, lines, await sellerOf(db));
      return { filename: copy.invoice.filename(row.invoice_number), pdf };
    },

    /** The invoice of a paid order as a mail's attachment: the "paid" mail's, made when the mail is sent. */
    async invoiceAttachment(id: string): Promise<{ filename: string; content: Buffer; contentType: string }> {
      const row = await findOrder(db, id);
      if (!row?.invoice_number || !(row.paid_at ?? row.invoiced_at)) throw new Error(`order ${id} has no invoice yet`);
      const lines = (await linesOfOrders(db, [row.id])).get(row.id) ?? [];
      const content = await renderInvoicePdf(row, lines, await sellerOf(db));
      return { filename: copy.invoice.filename(row.invoice_number), content, contentType: 'application/pdf' };
    },

    async getOrder(id: string, user: SessionUser): Promise<Order> {
      const row = await mustSee(id, user);
      return { ...(await toOrder(row)), yours: row.user_id === user.id };
    },

    /** The user's own orders of a view, newest first, narrowed by a number and booking days. */
    async listMyOrders(user: SessionUser, { view, q, from, to, page, limit }: MyOrdersQuery): Promise<OrderList> {
      const filter = listFilterOf(q, from, to);
      const companyId = await companyAdminScope(user);
      const { rows, total } = await listUserOrders(db, user.id, { view, companyId, filter, page, limit });
      return { items: await presented(rows), total, page, limit };
    },

    /**
     * A company admin approves a colleague's order awaiting approval: on account, the credit check runs
     * again under the company's lock and the order is confirmed and invoiced at once; by card it becomes
     * unpaid, to be paid by its buyer. The buyer is mailed. 404 for anyone else; 409 once decided.
     */
    async approveOrder(id: string, user: SessionUser): Promise<Order> {
      const row = await mustDecide(id, user);
      const settings = await shopSettings(db);
      const at = clock.now();
      const now = at.toISOString();
      const by = { id: user.id, name: user.name };
      const approved = await events.transaction(db, async ({ trx, announce }) => {
        // The one lock order: the buyer's row of unpaid orders, the order's row, the company's row.
        await lockUnpaidOrdersRows(trx, row.user_id ? [row.user_id] : []);
        const [held] = await lockUnpaidOrders(trx, [id]);
        const current = held ? await findOrder(trx, id) : undefined;
        if (current?.status !== 'awaiting_approval') return null;
        if (current.payment_method === 'card') {
          const order = await decideRow(trx, id, { status: 'pending_payment', decided_by: user.id, updated_at: now });
          await announce('orderDecided', { order, decision: 'approved', by, at: now });
          return order;
        }
        const terms = await checkCredit(trx, current.company_id!, {
          totalCents: Number(current.total_cents),
          today: sellerDate(at, settings.timeZone),
          currency: current.currency,
        });
        const confirmed = await decideRow(trx, id, {
          status: 'confirmed',
          decided_by: user.id,
          invoiced_at: now,
          due_date: dueDateOf(now, terms),
          updated_at: now,
        });
        const order = await numberInvoice(trx, confirmed, at);
        await announce('orderDecided', { order, decision: 'approved', by, at: now });
        await announce('orderInvoicedOnAccount', { order, at: now });
        return order;
      });
      if (!approved) throw new AppError('conflict', copy.companyOrders.notAwaiting);
      return toOrder(approved);
    },

    /** 404 unless the user is a company admin of the order's company, 409 unless it waits for approval: the decline route's guard. */
    async mustDecide(id: string, user: SessionUser): Promise<void> {
      await mustDecide(id, user);
    },

    /** A company admin declines a colleague's order awaiting approval, with a reason: its stock goes back, the buyer is mailed. */
    async declineOrder(id: string, user: SessionUser, { reason }: DeclineOrderInput): Promise<Order> {
      const row = await mustDecide(id, user);
      const now = clock.now().toISOString();
      const declined = await events.transaction(db, async ({ trx, announce }) => {
        const [order] = await cancelReleasingStock(trx, [row], 'customer', now, undefined, { reason, by: user.id });
        if (!order) return null;
        await announce('orderDecided', { order, decision: 'declined', by: { id: user.id, name: user.name }, at: now });
        return order;
      });
      if (!declined) throw new AppError('conflict', copy.companyOrders.notAwaiting);
      return toOrder(declined);
    },

    /** Every order (admin), newest first, of a status, narrowed by a number and booking days. */
    async listOrders({ status, q, from, to, page, limit }: ListOrdersQuery): Promise<OrderList> {
      const filter = listFilterOf(q, from, to);
      const { rows, total } = await listAllOrders(db, { status, filter, page, limit });
      return { items: await presented(rows), total, page, limit };
    },

    /**
     * Every order of the status and booking days asked for (inclusive, UTC), newest first, as CSV that
     * is read as the caller consumes it: the export is never held in memory whatever the number of
     * orders (docs/shop-rules.md, "Orders and payment"). PostgreSQL writes the records itself and
     * streams them as bytes (one statement, so one snapshot); SQLite's are read batch by batch.
     */
    exportOrdersCsv({ status, from, to }: ExportOrdersQuery): {
      filename: string;
      chunks: AsyncGenerator<string | Buffer>;
    } {
      const filename = `orders-${clock.now().toISOString().slice(0, 10)}.csv`;
      const filter = { status, bookedFrom: bookedFromOf(from), bookedUntil: bookedUntilOf(to) };
      // One batch's rows live only in this function: what the generator keeps while the client takes
      // a batch is its text and where the next batch starts, so no row outlives its batch.
      async function batchAfter(after: { createdAt: string; id: string } | undefined) {
        const rows = await exportBatch(db, { ...filter, after, limit: EXPORT_BATCH_SIZE });
        const last = rows.length === EXPORT_BATCH_SIZE ? rows[rows.length - 1] : undefined;
        return {
          text: rows.map(orderCsvLine).join(''),
          next: last && { createdAt: last.created_at, id: last.id },
        };
      }
      async function* chunks(): AsyncGenerator<string | Buffer> {
        yield UTF8_BOM + ordersCsvHeader;
        if (copyOutText) {
          yield* copyOutText(ordersCsvSelectSql(filter));
          return;
        }
        let after: { createdAt: string; id: string } | undefined;
        do {
          const batch = await batchAfter(after);
          if (batch.text) yield batch.text;
          after = batch.next;
        } while (after);
      }
      return { filename, chunks: chunks() };
    },

    /**
     * Cancels an unpaid order (its owner or an admin) and gives its quantity back to stock. When an
     * admin cancels it, the customer is mailed, in the same transaction: their order does not just
     * vanish. An admin may cancel a paid order that has not shipped: its stock comes back, a credit
     * note is issued with it, the customer is mailed its number, and the payment is refunded once the
     * cancellation has committed (docs/decisions/0037-credit-notes-and-refunds.md).
     */
    async cancelOrder(id: string, user: SessionUser): Promise<Order> {
      const row = await mustSee(id, user);
      // A company admin decides on a colleague's order (approve, decline); cancelling is its buyer's.
      if (row.user_id !== user.id && user.role !== 'admin') throw orderNotFound();
      const reason = row.user_id === user.id ? 'customer' : 'admin';
      const now = clock.now().toISOString();
      // A confirmed order on account is cancelled as a paid one, but leaves the company's balance instead of a refund.
      if (user.role === 'admin' && (row.status === 'paid' || row.status === 'confirmed')) return cancelPaidOrder(row, now);
      const cancelled = await events.transaction(db, async ({ trx, announce }) => {
        const [order] = await cancelReleasingStock(trx, [row], reason, now);
        if (!order) return false;
        await announce('orderCancelled', { order, at: now, by: reason });
        return true;
      });
      if (!cancelled) {
        const current = (await findOrder(db, row.id)) ?? row;
        throw new AppError('conflict', cannotCancel(current, user));
      }
      return toOrder((await findOrder(db, row.id)) ?? row);
    },

    /**
     * A credit note as a PDF, laid out as the invoice it refers to: its order's owner or an admin; any
     * other number answers 404, as one that does not exist.
     */
    async creditNotePdf(number: string, user: SessionUser): Promise<{ filename: string; pdf: Buffer }> {
      const creditNote = await findCreditNote(db, number);
      const row = creditNote && (await findOrder(db, creditNote.order_id));
      if (!creditNote || !visibleTo(row, user)) throw new AppError('not_found', copy.invoice.creditNoteNotFound);
      const lines = (await linesOfOrders(db, [row.id])).get(row.id) ?? [];
      const pdf = await renderCreditNotePdf(creditNote, row, lines, await sellerOf(db));
      return { filename: copy.invoice.filename(creditNote.number), pdf };
    },

    /** Admin: paid → shipped → delivered, one step at a time. */
    async updateStatus(id: string, { status }: OrderStatusUpdate): Promise<Order> {
      const row = await findOrder(db, id);
      if (!row) throw orderNotFound();
      // An order on account ships from confirmed, as a card order from paid.
      const from = status === 'shipped' && row.status === 'confirmed' ? 'confirmed' : previousStatus[status];
      const now = clock.now().toISOString();
      // Announced with the move, so the customer's mail is written exactly when it happened.
      const moved = await events.transaction(db, async ({ trx, announce }) => {
        if (!(await moveOrderStatus(trx, id, from, status, now))) return false;
        const order: OrderRow = { ...row, status, updated_at: now };
        await announce(status === 'shipped' ? 'orderShipped' : 'orderDelivered', { order, at: now });
        return true;
      });
      if (!moved) {
        throw new AppError(
          'conflict',
          copy.orders.statusStepRefused(from.replace('_', ' '), status, row.status.replace('_', ' ')),
        );
      }
      return toOrder((await findOrder(db, id)) ?? row);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
