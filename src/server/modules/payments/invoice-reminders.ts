import { sellerDate } from '#shared/order-totals';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { EventBus } from '../../events';
import type { Log } from '../../log';
import { periodicTask } from '../../periodic-task';
import { shopSettings } from '../content';
import { claimReminder, invoicesToRemind, type ReminderKind } from './invoice-payments.repository';
import { addDays } from './invoice-payments.service';

export interface InvoiceRemindersDeps {
  clock: Clock;
  log: Log;
  /** Where each reminder is announced (`invoiceReminderDue`); the company admins' mail is written with it. */
  events: EventBus;
}

/** How many invoices one query picks up; a pass goes on until none is left. */
export const REMINDER_BATCH = 100;

/**
 * The days, relative to today in the shop's time zone, whose due invoices get each reminder: 3 days
 * before the due date, and the day after it. The windows run a few days so that a reminder a stopped
 * shop missed still goes when it is back, and never twice (invoice_reminders' primary key).
 */
const WINDOWS: Record<ReminderKind, { from: number; to: number }> = {
  before_due: { from: 1, to: 3 },
  after_due: { from: -3, to: -1 },
};

/**
 * Mails the company admins about their unpaid invoices on account: 3 days before the due date and on
 * the day after (docs/shop-rules.md, "Trade accounts"). Safe on several nodes at once: each reminder
 * is claimed by inserting its (invoice, kind) row in the transaction that writes its mail to the
 * outbox, so of two nodes only the one whose row went in mails, once.
 */
export function createInvoiceReminders(db: Db, { clock, log, events }: InvoiceRemindersDeps) {
  async function remindOne(order: Awaited<ReturnType<typeof invoicesToRemind>>[number], kind: ReminderKind, at: string) {
    return events.transaction(db, async ({ trx, announce }) => {
      if (!(await claimReminder(trx, order.invoice_number!, kind, at))) return false;
      await announce('invoiceReminderDue', { order, kind, at });
      return true;
    });
  }

  /** One pass; answers how many reminders it sent. */
  async function sweep(): Promise<number> {
    const now = clock.now();
    const today = sellerDate(now, (await shopSettings(db)).timeZone);
    let sent = 0;
    for (const kind of ['before_due', 'after_due'] as const) {
      const window = { from: addDays(today, WINDOWS[kind].from), to: addDays(today, WINDOWS[kind].to) };
      for (;;) {
        // Claimed ones drop out of the query, so each batch is the next.
        const due = await invoicesToRemind(db, kind, window, REMINDER_BATCH);
        for (const order of due) if (await remindOne(order, kind, now.toISOString())) sent += 1;
        if (due.length < REMINDER_BATCH) break;
      }
    }
    return sent;
  }

  return {
    sweep,
    ...periodicTask(sweep, {
      log,
      done: (count) => `sent ${count} invoice reminder(s)`,
      failed: 'the sweep of invoice reminders failed',
    }),
  };
}

export type InvoiceReminders = ReturnType<typeof createInvoiceReminders>;
