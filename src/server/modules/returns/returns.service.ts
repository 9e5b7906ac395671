import * as copy from '#shared/copy';
import { orderNumberOf } from '#shared/order-number';
import {
  type ApproveReturnInput,
  type CreateReturnInput,
  orderLineIdOf,
  parseOrderLineId,
  type ReceiveReturnInput,
  type RefuseReturnInput,
  type Return,
  type ReturnList,
  type ReturnListQuery,
  type ReturnReason,
} from '#shared/schemas/returns';
import { AppError } from '../../app-error';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { OrderLineRow, OrderRow, ReturnLineRow, ReturnRow, ReturnStatus } from '../../db/schema';
import type { EventBus } from '../../events';
import { newId } from '../../ids';
import type { Log } from '../../log';
import type { SessionUser } from '../../session-user';
import { buyingMemberOf } from '../companies';
import { shopSettings } from '../content';
import { findForPayment as findOrder, issueReturnCreditNote, linesOfOrders } from '../orders';
import { releaseStocks } from '../parts';
import { isOwnUpload, type ObjectStorage } from '../uploads';
import {
  creditedReturnsNotRefunded,
  findReturn,
  heldByReturns,
  insertReturn,
  linesOfReturns,
  listReturns,
  lockReturn,
  markReturnRefunded,
  moveReturn,
  nextReturnNumber,
  type ReturnScope,
  returnedLinesOfOrder,
  setLineConditions,
} from './returns.repository';

const r = copy.returns;
const DAY_MS = 86_400_000;

/** The reasons whose received, resalable units go back on sale: the part was fine, only not wanted. */
const RESTOCKED_REASONS: readonly ReturnReason[] = ['not_needed', 'wrong_part'];
/** The reasons that are the shop's fault: when every line of an order comes back for them, delivery is refunded. */
const SHOPS_FAULT: readonly ReturnReason[] = ['wrong_part', 'damaged'];

export interface ReturnsServiceDeps {
  clock: Clock;
  storage: ObjectStorage;
  events: EventBus;
  log: Log;
  /** Gives back part of an order's card charge, once per key (payments.refundPartOfCharge); answers the refund's id. */
  refund: (orderId: string, amountCents: number, idempotencyKey: string) => Promise<string>;
}

/** How many credited returns one pass of the refund recovery refunds. */
export const RETURN_REFUND_BATCH = 100;

/** An order line's core deposit (`kind: 'core'`): returned only as a core, within the cores' window. */
function isCoreLine(line: Pick<OrderLineRow, 'kind'>): boolean {
  return line.kind === 'core';
}

/**
 * What a received return line credits, net of tax: its units at the price charged; a core that came
 * back damaged (not rebuildable) earns nothing of its deposit.
 */
function creditedCents(line: ReturnLineRow, ordered: OrderLineRow | undefined): number {
  if (!ordered || (isCoreLine(ordered) && line.condition !== 'resalable')) return 0;
  return Number(ordered.unit_price_cents) * line.quantity;
}

function toReturn(row: ReturnRow, lines: readonly ReturnLineRow[], orderLines: readonly OrderLineRow[]): Return {
  const byPosition = new Map(orderLines.map((line) => [line.position, line]));
  return {
    id: row.id,
    number: row.number,
    orderId: row.order_id,
    orderNumber: orderNumberOf(row.order_id),
    status: row.status,
    note: row.note,
    photos: JSON.parse(row.photos) as string[],
    refusalReason: row.refusal_reason,
    adminNotes: row.admin_notes,
    lines: lines.map((line) => {
      const ordered = byPosition.get(line.line_position);
      return {
        orderLineId: orderLineIdOf(line.order_id, line.line_position),
        partId: ordered?.part_id ?? '',
        sku: ordered?.sku ?? '',
        partName: ordered?.part_name ?? '',
        quantity: line.quantity,
        unitPriceCents: Number(ordered?.unit_price_cents ?? 0),
        reason: line.reason,
        condition: line.condition,
      };
    }),
    requestedAt: row.requested_at,
    approvedAt: row.approved_at,
    refusedAt: row.refused_at,
    receivedAt: row.received_at,
    creditedAt: row.credited_at,
    creditNoteNumber: row.credit_note_number,
    refundCents: row.refund_cents === null ? null : Number(row.refund_cents),
    refundMethod: row.refund_method,
    refundedAt: row.refunded_at,
  };
}

const notFound = () => new AppError('not_found', r.notFound);
const orderNotFound = () => new AppError('not_found', r.orderNotFound);
const invalid = (errors: Record<string, string>) =>
  new AppError('validation_failed', 'Please correct the highlighted body fields.', errors);

export function createReturnsService(db: Db, { clock, storage, events, log, refund }: ReturnsServiceDeps) {
  async function isCompanyAdminOf(userId: string, companyId: string): Promise<boolean> {
    const member = await buyingMemberOf(db, userId);
    return member?.role === 'company_admin' && member.company.id === companyId;
  }

  /** Who may return an order's lines: its buyer, or a company admin of its company. */
  async function mayReturn(order: OrderRow, user: SessionUser): Promise<boolean> {
    if (order.user_id === user.id) return true;
    return order.company_id !== null && (await isCompanyAdminOf(user.id, order.company_id));
  }

  /** Who sees a return: a shop admin, whoever asked for it, the order's buyer, a company admin of its company. */
  async function maySee(row: ReturnRow, order: OrderRow | undefined, user: SessionUser): Promise<boolean> {
    if (user.role === 'admin' || row.requested_by === user.id || order?.user_id === user.id) return true;
    return row.company_id !== null && (await isCompanyAdminOf(user.id, row.company_id));
  }

  async function presented(rows: readonly ReturnRow[]): Promise<Return[]> {
    const ids = rows.map((row) => row.id);
    const [lines, orderLines] = await Promise.all([
      linesOfReturns(db, ids),
      linesOfOrders(db, [...new Set(rows.map((row) => row.order_id))]),
    ]);
    return rows.map((row) => toReturn(row, lines.get(row.id) ?? [], orderLines.get(row.order_id) ?? []));
  }

  async function presentedOne(row: ReturnRow): Promise<Return> {
    const [one] = await presented([row]);
    return one!;
  }

  /** A return a shop admin moves on, or 404. */
  async function mustFind(id: string): Promise<ReturnRow> {
    const row = await findReturn(db, id);
    if (!row) throw notFound();
    return row;
  }

  /**
   * Moves a return from `from` in one transaction with its mail; answers it as it is after. A return in
   * another state is refused with `refusal` (409) and nothing changes.
   */
  async function move(
    id: string,
    from: ReturnStatus,
    refusal: (status: string) => string,
    changes: (now: string) => Parameters<typeof moveReturn>[3],
    alsoInside?: (trx: Db, row: ReturnRow) => Promise<void>,
  ): Promise<Return> {
    const now = clock.now().toISOString();
    const moved = await events.transaction(db, async ({ trx, announce }) => {
      const row = await lockReturn(trx, id);
      if (!row) throw notFound();
      if (row.status !== from) throw new AppError('conflict', refusal(r.statusNames[row.status]));
      await alsoInside?.(trx, row);
      const after = await moveReturn(trx, id, from, { ...changes(now), updated_at: now });
      if (!after) throw new AppError('conflict', refusal(r.statusNames[row.status]));
      const order = await findOrder(trx, after.order_id);
      if (!order) throw new Error(`return ${id} names no order`);
      await announce('returnChanged', { ret: after, order, at: now });
      return after;
    });
    return presentedOne(moved);
  }

  /** Gives a credited card return's amount back, once: the key is the return's id. */
  async function refundCredited(row: ReturnRow): Promise<void> {
    const amount = Number(row.refund_cents ?? 0);
    if (row.refund_method !== 'card' || amount <= 0 || row.refunded_at) return;
    const refundId = await refund(row.order_id, amount, `return:${row.id}`);
    await markReturnRefunded(db, row.id, refundId, clock.now().toISOString());
  }

  return {
    /**
     * Asks to return lines of a delivered order (its buyer, or a company admin of its company): each
     * line at most once, within its window from delivery, for at most what was bought less what earlier
     * returns that were not refused hold. Numbered `RMA-<year>-<6 digits>` in the same transaction.
     */
    async create(user: SessionUser, input: CreateReturnInput): Promise<{ id: string; number: string; status: 'requested' }> {
      const order = await findOrder(db, input.orderId);
      if (!order || !(await mayReturn(order, user))) throw orderNotFound();

      const errors: Record<string, string> = {};
      for (const [i, url] of input.photos.entries()) {
        if (!(await isOwnUpload(storage, url))) errors[`photos.${i}`] = r.photoNotUploaded;
      }
      const orderLines = (await linesOfOrders(db, [order.id])).get(order.id) ?? [];
      const byPosition = new Map(orderLines.map((line) => [line.position, line]));
      const seen = new Set<number>();
      const wanted: { index: number; line: OrderLineRow; quantity: number; reason: ReturnReason }[] = [];
      for (const [i, asked] of input.lines.entries()) {
        const named = parseOrderLineId(asked.orderLineId);
        const line = named?.orderId === order.id ? byPosition.get(named.position) : undefined;
        if (!line) {
          errors[`lines.${i}.orderLineId`] = r.lineUnknown;
          continue;
        }
        if (seen.has(line.position)) {
          errors[`lines.${i}.orderLineId`] = r.lineTwice;
          continue;
        }
        seen.add(line.position);
        if ((asked.reason === 'core') !== isCoreLine(line)) {
          errors[`lines.${i}.reason`] = r.reasonInvalid;
          continue;
        }
        wanted.push({ index: i, line, quantity: asked.quantity, reason: asked.reason });
      }
      if (Object.keys(errors).length > 0) throw invalid(errors);
      if (order.status !== 'delivered') throw new AppError('conflict', r.orderNotDelivered, { orderId: r.orderNotDelivered });

      const settings = await shopSettings(db);
      const at = clock.now();
      // The windows count from the delivery (every delivered order has its time since migration 0048).
      const deliveredAt = new Date(order.delivered_at ?? order.created_at).getTime();
      for (const { index, reason } of wanted) {
        const days = reason === 'core' ? settings.coreReturnWindowDays : settings.returnWindowDays;
        if (at.getTime() > deliveredAt + days * DAY_MS) errors[`lines.${index}.orderLineId`] = r.windowClosed(days);
      }
      if (Object.keys(errors).length > 0) throw new AppError('business_rule', Object.values(errors)[0]!, errors);

      const now = at.toISOString();
      return events.transaction(db, async ({ trx, announce }) => {
        // The year's counter row is taken first: two returns of one order asked at once take turns
        // from here, so the second reads what the first holds.
        const number = await nextReturnNumber(trx, at.getUTCFullYear());
        const held = await heldByReturns(trx, order.id);
        const tooMany: Record<string, string> = {};
        for (const { index, line, quantity } of wanted) {
          const left = line.quantity - (held.get(line.position) ?? 0);
          if (quantity > left) tooMany[`lines.${index}.quantity`] = r.quantityTooMany(Math.max(0, left));
        }
        if (Object.keys(tooMany).length > 0) {
          throw new AppError('business_rule', Object.values(tooMany)[0], tooMany);
        }
        const id = newId();
        const row = {
          id,
          number,
          order_id: order.id,
          requested_by: user.id,
          company_id: order.company_id,
          status: 'requested' as const,
          note: input.note,
          photos: JSON.stringify(input.photos),
          refusal_reason: null,
          admin_notes: null,
          requested_at: now,
          approved_at: null,
          refused_at: null,
          received_at: null,
          credited_at: null,
          credit_note_number: null,
          refund_cents: null,
          refund_method: null,
          refund_id: null,
          refunded_at: null,
          updated_at: now,
        };
        await insertReturn(
          trx,
          row,
          wanted.map(({ line, quantity, reason }) => ({
            return_id: id,
            order_id: order.id,
            line_position: line.position,
            quantity,
            reason,
            condition: null,
          })),
        );
        await announce('returnChanged', { ret: row, order, at: now });
        return { id, number, status: 'requested' as const };
      });
    },

    /** The caller's returns, newest first: a shop admin's every one, a company admin's their company's, anyone else's their own. */
    async list(user: SessionUser, { page, limit, status, orderId }: ReturnListQuery): Promise<ReturnList> {
      let scope: ReturnScope = { kind: 'user', userId: user.id };
      if (user.role === 'admin') scope = { kind: 'all' };
      else {
        const member = await buyingMemberOf(db, user.id);
        if (member?.role === 'company_admin') scope = { kind: 'company', companyId: member.company.id, userId: user.id };
      }
      const { rows, total } = await listReturns(db, scope, { page, limit, status, orderId });
      return { items: await presented(rows), total, page, limit };
    },

    /** One return; one the caller may not see answers 404, as one that does not exist. */
    async get(user: SessionUser, id: string): Promise<Return> {
      const row = await findReturn(db, id);
      if (!row || !(await maySee(row, await findOrder(db, row.order_id), user))) throw notFound();
      return presentedOne(row);
    },

    async approve(id: string, input: ApproveReturnInput): Promise<Return> {
      await mustFind(id);
      return move(id, 'requested', r.notRequested, (now) => ({
        status: 'approved',
        approved_at: now,
        admin_notes: input.note || null,
      }));
    },

    async refuse(id: string, input: RefuseReturnInput): Promise<Return> {
      await mustFind(id);
      return move(id, 'requested', r.notRequested, (now) => ({
        status: 'refused',
        refused_at: now,
        refusal_reason: input.reason,
      }));
    },

    /** Marks an approved return received, with every line's condition, each line named once. */
    async receive(id: string, input: ReceiveReturnInput): Promise<Return> {
      const row = await mustFind(id);
      if (row.status !== 'approved') throw new AppError('conflict', r.notApproved(r.statusNames[row.status]));
      const lines = (await linesOfReturns(db, [id])).get(id) ?? [];
      const positions = new Set(lines.map((line) => line.line_position));
      const errors: Record<string, string> = {};
      const conditions = new Map<number, 'resalable' | 'damaged'>();
      for (const [i, given] of input.lines.entries()) {
        const named = parseOrderLineId(given.orderLineId);
        if (!named || named.orderId !== row.order_id || !positions.has(named.position)) {
          errors[`lines.${i}.orderLineId`] = r.conditionLineUnknown;
        } else if (conditions.has(named.position)) {
          errors[`lines.${i}.orderLineId`] = r.lineTwice;
        } else conditions.set(named.position, given.condition);
      }
      if (Object.keys(errors).length === 0 && conditions.size < positions.size) errors.lines = r.conditionMissing;
      if (Object.keys(errors).length > 0) throw invalid(errors);
      return move(
        id,
        'approved',
        r.notApproved,
        (now) => ({ status: 'received', received_at: now }),
        (trx) =>
          setLineConditions(
            trx,
            id,
            [...conditions].map(([position, condition]) => ({ position, condition })),
          ),
      );
    },

    /**
     * Credits a received return in one transaction with its mail: the credit note of its lines' goods
     * and tax (delivery too when every line of the order came back as the wrong part or damaged), the
     * resalable units of unwanted or wrong parts back in stock, and what is owed recorded as going back
     * to the card or off the company's account. A card's refund follows the commit, keyed by the
     * return, so a retry (the recovery pass) refunds once (decision 0046).
     */
    async credit(id: string): Promise<Return> {
      const now = clock.now().toISOString();
      const credited = await events.transaction(db, async ({ trx, announce }) => {
        const row = await lockReturn(trx, id);
        if (!row) throw notFound();
        if (row.status !== 'received') throw new AppError('conflict', r.notReceived(r.statusNames[row.status]));
        const order = await findOrder(trx, row.order_id);
        if (!order) throw new Error(`return ${id} names no order`);
        const orderLines = (await linesOfOrders(trx, [order.id])).get(order.id) ?? [];
        const byPosition = new Map(orderLines.map((line) => [line.position, line]));
        const lines = (await linesOfReturns(trx, [id])).get(id) ?? [];
        const goodsCents = lines.reduce((sum, line) => sum + creditedCents(line, byPosition.get(line.line_position)), 0);
        // Every unit of every part line credited (by this return or earlier ones), and each for the
        // shop's fault; core deposits come back on their own terms and weigh in neither.
        const returned = (await returnedLinesOfOrder(trx, order.id, id)).filter((line) => line.reason !== 'core');
        const units = new Map<number, number>();
        for (const line of returned) units.set(line.line_position, (units.get(line.line_position) ?? 0) + line.quantity);
        const withDelivery =
          returned.length > 0 &&
          orderLines.filter((line) => !isCoreLine(line)).every((line) => (units.get(line.position) ?? 0) >= line.quantity) &&
          returned.every((line) => SHOPS_FAULT.includes(line.reason));
        const creditNote = await issueReturnCreditNote(trx, { orderId: order.id, goodsCents, withDelivery, now });
        if (!creditNote) throw new AppError('conflict', r.orderNotInvoiced);

        const restocked = lines
          .filter((line) => line.condition === 'resalable' && RESTOCKED_REASONS.includes(line.reason))
          .map((line) => ({ partId: byPosition.get(line.line_position)!.part_id, quantity: line.quantity }));
        if (restocked.length > 0) await releaseStocks(trx, restocked);

        const after = await moveReturn(trx, id, 'received', {
          status: 'credited',
          credited_at: now,
          credit_note_number: creditNote.number,
          refund_cents: Number(creditNote.total_cents),
          refund_method: order.payment_method === 'account' ? 'account' : 'card',
          updated_at: now,
        });
        if (!after) throw new Error(`return ${id} changed while its row was locked`);
        await announce('returnChanged', {
          ret: after,
          order,
          at: now,
          creditNote: { number: creditNote.number, totalCents: Number(creditNote.total_cents) },
        });
        for (const partId of new Set(restocked.map((line) => line.partId))) {
          await announce('partStockSet', { partId, at: now });
          await announce('catalogueChanged', { partId });
        }
        return after;
      });
      try {
        await refundCredited(credited);
      } catch (error) {
        // The credit stands; the recovery pass refunds it with the same key.
        log.warn({ err: error, returnId: id }, 'could not refund a credited return; it waits for the next pass');
      }
      return presentedOne((await findReturn(db, id)) ?? credited);
    },

    /**
     * The recovery of refunds owed for credited card returns: one the node did not get to record (it
     * stopped after the commit, or after the provider's answer; the provider failed) is asked again with
     * the same key, so the provider refunds it at most once. Answers how many it recorded.
     */
    async refundOwed(): Promise<number> {
      let refunded = 0;
      for (const id of await creditedReturnsNotRefunded(db, RETURN_REFUND_BATCH)) {
        const row = await findReturn(db, id);
        if (!row) continue;
        try {
          await refundCredited(row);
          refunded += 1;
        } catch (error) {
          log.warn({ err: error, returnId: id }, 'could not refund a credited return; it waits for the next pass');
        }
      }
      return refunded;
    },
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
