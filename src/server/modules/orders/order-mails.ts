import { chargedOf } from './charged';
import * as copy from '#shared/copy';
import { orderNumberOf } from '#shared/order-number';
import type { TaxExemption } from '#shared/order-totals';
import type { Db } from '../../db/database';
import type { Write } from '../../db/write-together';
import type { OrderLineRow, OrderRow } from '../../db/schema';
import {
  orderApprovalRequestMail,
  orderApprovedMail,
  orderAwaitingApprovalMail,
  orderCancelledByShopMail,
  orderCreditedMail,
  orderDeclinedMail,
  orderOnAccountMail,
  orderExpiredMail,
  type OrderMailFacts,
  orderPaidMail,
  orderPlacedMail,
  orderShippedMail,
  outboxMail,
} from '../mail';
import { isAddressConfirmed } from '../users';
import { buyingMemberOf, companyAdminsOf } from '../companies';
import { linesOfOrders } from './orders.repository';
import { payByOf } from './orders.service';

/** The sentence an invoice prints for an order without tax. */
export function exemptionText(exemption: TaxExemption): string {
  return exemption.kind === 'exempt' ? copy.totals.exempt(exemption.reason) : copy.totals.reverseCharge;
}

export interface OrderMailsDeps {
  publicUrl: string;
  paymentWindowHours: number;
}

/**
 * The customer's mail when their order is placed, paid, shipped, cancelled by the shop (an admin, or
 * the deletion of its part) or expired. Each answers its write into the mail outbox, made with the
 * change in its transaction (`trx`), from the order as it is after the change, so the mail exists
 * exactly when the change does and says what happened (subscribed to the order events in
 * consequences.ts, whose bus makes the writes).
 */
export function createOrderMails({ publicUrl, paymentWindowHours }: OrderMailsDeps) {
  const ordersLink = `${publicUrl}/dashboard`;

  /**
   * The order as its mail tells it. Its lines are the ones given (a placed order's, just written), or
   * read inside the transaction that changes the order; so is whether the customer's address is
   * confirmed, unless the booking said (the name and address typed go only to a confirmed one).
   */
  async function facts(
    trx: Db,
    row: OrderRow,
    given?: { lines: readonly OrderLineRow[]; addressConfirmed: boolean },
  ): Promise<OrderMailFacts & { firstPartId: string }> {
    const lines = given?.lines ?? (await linesOfOrders(trx, [row.id])).get(row.id) ?? [];
    const first = lines[0];
    if (!first) throw new Error(`order ${row.id} has no lines`);
    const addressConfirmed = given?.addressConfirmed ?? (await isAddressConfirmed(trx, row.user_id));
    return {
      lines: lines.map((line) => ({
        partName: line.kind === 'core' ? copy.orders.coreDepositLine(line.part_name) : line.part_name,
        quantity: line.quantity,
        lineTotalCents: Number(line.line_total_cents),
      })),
      customer: { email: row.customer_email, name: row.customer_name, addressConfirmed },
      number: orderNumberOf(row.id),
      partName: first.part_name,
      quantity: lines.reduce((sum, line) => sum + (line.kind === 'core' ? 0 : line.quantity), 0),
      firstPartId: first.part_id,
      ...chargedOf(row),
      exemption: row.tax_exemption ? exemptionText(JSON.parse(row.tax_exemption) as TaxExemption) : undefined,
      expectedDelivery: row.expected_delivery,
      currency: row.currency,
      address: row.address,
      transactionId: row.transaction_id,
      payBy: payByOf(row.created_at, paymentWindowHours),
      poNumber: row.po_number,
      onAccount: row.payment_method === 'account',
    };
  }

  return {
    placed: async (
      trx: Db,
      row: OrderRow,
      lines: readonly OrderLineRow[],
      addressConfirmed: boolean,
      now: string,
    ): Promise<Write[]> => {
      // On account, the invoice's mail says it (`invoicedOnAccount`); above the limit, `awaitingApproval`.
      if (row.status !== 'pending_payment') return [];
      return [outboxMail(trx, orderPlacedMail(await facts(trx, row, { lines, addressConfirmed }), ordersLink), now)];
    },
    /** A member's order above their limit: the buyer hears it waits, and each company admin is asked to decide. */
    awaitingApproval: async (trx: Db, row: OrderRow, now: string): Promise<Write[]> => {
      const order = await facts(trx, row);
      const buyer = row.user_id ? await buyingMemberOf(trx, row.user_id) : undefined;
      const admins = row.company_id ? await companyAdminsOf(trx, row.company_id) : [];
      const details = {
        buyer: row.customer_name,
        company: buyer?.company.name ?? '',
        limitCents: buyer?.orderLimitCents ?? null,
      };
      return [
        outboxMail(trx, orderAwaitingApprovalMail(order, ordersLink), now),
        ...admins
          .filter((admin) => admin.userId !== row.user_id)
          .map((admin) =>
            outboxMail(
              trx,
              orderApprovalRequestMail(
                { email: admin.email, name: admin.name, addressConfirmed: admin.addressConfirmed },
                order,
                details,
                ordersLink,
              ),
              now,
            ),
          ),
      ];
    },
    /** A company admin's decision, told to the buyer. */
    decided: async (trx: Db, row: OrderRow, decision: 'approved' | 'declined', by: string, now: string): Promise<Write[]> => {
      const order = await facts(trx, row);
      const mail =
        decision === 'declined'
          ? orderDeclinedMail(order, by, row.decline_reason ?? '', ordersLink)
          : orderApprovedMail(order, by, row.status === 'pending_payment', ordersLink);
      return [outboxMail(trx, mail, now)];
    },
    // Confirmed on account: the invoice goes with it (made when the mail is sent), with its due date.
    invoicedOnAccount: async (trx: Db, row: OrderRow, now: string): Promise<Write[]> => {
      if (!row.invoice_number || !row.due_date) throw new Error(`order ${row.id} on account has no invoice`);
      const mail = orderOnAccountMail(await facts(trx, row), { number: row.invoice_number, dueDate: row.due_date }, ordersLink);
      return [outboxMail(trx, { ...mail, invoiceOf: row.id }, now)];
    },
    // With its invoice: the outbox keeps the order's id, and the PDF is made when the mail is sent.
    paid: async (trx: Db, row: OrderRow, now: string): Promise<Write[]> => [
      outboxMail(trx, { ...orderPaidMail(await facts(trx, row), ordersLink), invoiceOf: row.id }, now),
    ],
    shipped: async (trx: Db, row: OrderRow, now: string): Promise<Write[]> => [
      outboxMail(trx, orderShippedMail(await facts(trx, row), ordersLink), now),
    ],
    cancelledByShop: async (trx: Db, row: OrderRow, now: string): Promise<Write[]> => [
      outboxMail(trx, orderCancelledByShopMail(await facts(trx, row), 'admin', ordersLink), now),
    ],
    // A paid order an admin cancelled: the mail names its credit note.
    credited: async (
      trx: Db,
      row: OrderRow,
      creditNote: { number: string; totalCents: number },
      now: string,
    ): Promise<Write[]> => [outboxMail(trx, orderCreditedMail(await facts(trx, row), creditNote, ordersLink), now)],
    partWithdrawn: async (trx: Db, row: OrderRow, now: string): Promise<Write[]> => [
      outboxMail(trx, orderCancelledByShopMail(await facts(trx, row), 'partWithdrawn', ordersLink), now),
    ],
    // The link offers the first line's part again.
    expired: async (trx: Db, row: OrderRow, now: string): Promise<Write[]> => {
      const order = await facts(trx, row);
      const partLink = `${publicUrl}/part/${encodeURIComponent(order.firstPartId)}`;
      return [outboxMail(trx, orderExpiredMail(order, paymentWindowHours, partLink), now)];
    },
  };
}

export type OrderMails = ReturnType<typeof createOrderMails>;
