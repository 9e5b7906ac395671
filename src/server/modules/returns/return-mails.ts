import { orderNumberOf } from '#shared/order-number';
import type { Db } from '../../db/database';
import type { OrderRow, ReturnRow } from '../../db/schema';
import type { Write } from '../../db/write-together';
import { shopSettings } from '../content';
import { outboxMail, returnChangedMail } from '../mail';
import { isAddressConfirmed, recipientsByIds } from '../users';

/**
 * The mail of each step of a return, written into the outbox with the step (subscribed to
 * `returnChanged` in consequences.ts): to whoever asked for it, or to the order's customer when that
 * account is gone. The approval carries the shop's return instructions and the admin's note; the credit its note and amount.
 */
export function createReturnMails({ publicUrl }: { publicUrl: string }) {
  const returnsLink = `${publicUrl}/dashboard/returns`;
  return {
    changed: async (
      trx: Db,
      ret: ReturnRow,
      order: OrderRow,
      creditNote: { number: string; totalCents: number } | undefined,
      now: string,
    ): Promise<Write[]> => {
      const requester = ret.requested_by ? (await recipientsByIds(trx, [ret.requested_by])).get(ret.requested_by) : undefined;
      const to = requester ?? {
        email: order.customer_email,
        name: order.customer_name,
        addressConfirmed: await isAddressConfirmed(trx, order.user_id),
      };
      const instructions = ret.status === 'approved' ? (await shopSettings(trx)).returnInstructions : undefined;
      const mail = returnChangedMail(
        to,
        {
          number: ret.number,
          orderNumber: orderNumberOf(order.id),
          status: ret.status,
          ...(instructions !== undefined ? { instructions } : {}),
          approvalNote: ret.status === 'approved' ? ret.admin_notes : null,
          refusalReason: ret.refusal_reason,
          ...(creditNote ? { creditNote } : {}),
          currency: order.currency,
          onAccount: ret.refund_method === 'account',
        },
        returnsLink,
      );
      return [outboxMail(trx, mail, now)];
    },
  };
}

export type ReturnMails = ReturnType<typeof createReturnMails>;
