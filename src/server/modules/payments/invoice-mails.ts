import { formatMoney } from '#shared/money';
import type { Db } from '../../db/database';
import type { OrderRow } from '../../db/schema';
import type { Write } from '../../db/write-together';
import { membersOf } from '../companies';
import { invoiceReminderMail, outboxMail } from '../mail';
import type { ReminderKind } from './invoice-payments.repository';

/**
 * The company admins' reminder about an unpaid invoice on account, written into the outbox with the
 * reminder's claim (subscribed to `invoiceReminderDue` in consequences.ts). A name goes into the mail
 * only at a confirmed address.
 */
export function createInvoiceMails({ publicUrl }: { publicUrl: string }) {
  const statementLink = `${publicUrl}/dashboard/statement`;
  return {
    reminder: async (trx: Db, order: OrderRow, kind: ReminderKind, at: string): Promise<Write[]> => {
      if (!order.company_id || !order.invoice_number || !order.due_date) return [];
      const admins = (await membersOf(trx, order.company_id)).filter((member) => member.role === 'company_admin');
      const facts = {
        kind,
        invoiceNumber: order.invoice_number,
        dueDate: order.due_date,
        left: formatMoney(Number(order.total_cents) - Number(order.paid_cents), order.currency),
      };
      return admins.map((admin) =>
        outboxMail(
          trx,
          invoiceReminderMail(
            { email: admin.email, name: admin.name, addressConfirmed: Boolean(admin.email_verified) },
            facts,
            statementLink,
          ),
          at,
        ),
      );
    },
  };
}

export type InvoiceMails = ReturnType<typeof createInvoiceMails>;
