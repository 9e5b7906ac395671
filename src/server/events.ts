import { type ConflictRetry, retryingConflicts, TRANSACTION_RETRY } from './db/conflict-retry';
import type { Db } from './db/database';
import { type Write, writeTogether } from './db/write-together';
import type { CompanyInvitationRow, CompanyRow, OrderLineRow, OrderRow, PaymentProviderName, ReturnRow } from './db/schema';
import type { Log } from './log';

/**
 * What the shop's services announce once it has happened, and what each announcement carries. A
 * service says what it did; what follows from it (the customer's mail, a metric, clearing cached
 * answers) is subscribed in one place, src/server/consequences.ts (docs/decisions/0017-modules-and-events.md).
 */
/**
 * A part's stock an order took, and what it left: whether it crossed its low-stock line. `stock` is
 * the row's as the booking left it; a booking sent in one write on PostgreSQL reads nothing back and
 * gives the stock it read less the quantity, having made sure in SQL that the order crossed no line.
 */
export interface StockTaken {
  partId: string;
  name: string;
  sku: string;
  quantity: number;
  /** The stock left once `quantity` was taken. */
  stock: number;
  minOrderQuantity: number;
  lowStockThreshold: number | null;
}

export interface ShopEvents {
  /**
   * A customer placed an order: it is unpaid and holds the stock of its `lines` (as written, in order).
   * `fromCart`: it was placed
   * with lines (from the cart, a quick order or an order again), not with the part page's "Book Now".
   */
  orderPlaced: {
    order: OrderRow;
    lines: OrderLineRow[];
    stockTaken: StockTaken[];
    fromCart: boolean;
    /** Whether the customer's account has proven its address its own (what its mail may carry). */
    customerAddressConfirmed: boolean;
    at: string;
  };
  /** A company member's order above their order limit waits for a company admin's approval (mailed to them). */
  orderAwaitingApproval: { order: OrderRow; at: string };
  /** An order on account was confirmed (placed, or approved) and invoiced: `order` carries its invoice number and due date. */
  orderInvoicedOnAccount: { order: OrderRow; at: string };
  /** A company admin approved or declined a member's order; `order` is as it is after. */
  orderDecided: { order: OrderRow; decision: 'approved' | 'declined'; by: { id: string; name: string }; at: string };
  /** The provider confirmed the full amount and the order became paid (once per order). */
  orderPaid: { order: OrderRow; at: string; provider: PaymentProviderName };
  /** An admin marked a paid order shipped. */
  orderShipped: { order: OrderRow; at: string };
  /** An admin marked a shipped order delivered. */
  orderDelivered: { order: OrderRow; at: string };
  /**
   * An order was cancelled: an unpaid one by its customer, by an admin, by the sweep when its time to
   * pay ran out, or with its part when an admin removed the part; a paid one that has not shipped by an
   * admin, with a credit note. `order` is as it is after the cancel.
   */
  orderCancelled: {
    order: OrderRow;
    at: string;
    by: 'customer' | 'admin' | 'expiry' | 'partRemoved';
    /** A paid order an admin cancelled: the credit note issued for it, whose amount goes back to the card. */
    creditNote?: { number: string; totalCents: number };
  };
  /**
   * An admin set a part's stock or its minimum order (besides `catalogueChanged`): it may be orderable
   * again, and whoever waits for it is mailed in the change's transaction.
   */
  partStockSet: { partId: string; at: string };
  /**
   * A return moved to `ret.status` (requested, approved, refused, received, credited); `order` is its
   * order. A credited one names its credit note and what it gave back (to the card or off the account).
   */
  returnChanged: {
    ret: ReturnRow;
    order: OrderRow;
    at: string;
    creditNote?: { number: string; totalCents: number };
  };
  /** A part, a category or a vehicle was added, changed or removed. */
  catalogueChanged: { partId?: string; categoryId?: string; vehicleId?: string };
  /** A customer's review was saved (new, or replacing their earlier one). */
  reviewSaved: { reviewId: string };
  /** The shop's settings (the flash deal) changed. */
  settingsChanged: Record<string, never>;
  /** A shop admin approved or declined a company's application; `company` is as it is after. */
  companyDecided: { company: CompanyRow; decision: 'approved' | 'declined'; at: string };
  /** An unpaid invoice on account is due in 3 days, or was due yesterday: its reminder was claimed (once ever). */
  invoiceReminderDue: { order: OrderRow; kind: 'before_due' | 'after_due'; at: string };
  /**
   * A company admin invited a colleague; `token` is the link's secret, which exists only here and in
   * the mail (the table keeps its hash).
   */
  colleagueInvited: { invitation: CompanyInvitationRow; token: string; companyName: string; at: string };
}

/**
 * Runs inside the announcing transaction: what must exist exactly when the change does (a mail in the
 * outbox). It writes through `trx`, or answers the writes it wants made: those go with the announcer's
 * own (`announce`'s third argument), in one statement where the engine allows (db/write-together.ts).
 */
export type DuringHandler<E> = (trx: Db, event: E) => Promise<void | readonly Write[]>;
/** Runs once the change has committed: wake a sender, count, clear caches. Its failure never undoes the change. */
export type AfterHandler<E> = (event: E) => void | Promise<void>;

/**
 * Announces what happened. `writes`: the change's own writes still to make, made together with those
 * the `during` subscribers answer, after the subscribers have run.
 */
export type Announce<Events> = <K extends keyof Events>(name: K, event: Events[K], writes?: readonly Write[]) => Promise<void>;

/** A transaction that can announce: what services pass to another module's functions when the change spans both. */
export interface Tx<Events = ShopEvents> {
  trx: Db;
  announce: Announce<Events>;
}

export interface EventBus<Events = ShopEvents> {
  on<K extends keyof Events>(name: K, handlers: { during?: DuringHandler<Events[K]>; after?: AfterHandler<Events[K]> }): void;
  /**
   * Runs `work` in one transaction on `db`. What it announces reaches the `during` subscribers at once,
   * inside the transaction (their writes commit or roll back with it), and the `after` subscribers once
   * it has committed, in the order announced. A rolled-back transaction announced nothing.
   *
   * A transaction the database ended to break a deadlock (or a serialization failure) is run again,
   * `work` and all, a few times (db/conflict-retry.ts): `work` must do nothing but through `trx` and
   * `announce`, and only the attempt that committed is announced after.
   */
  transaction<T>(db: Db, work: (tx: Tx<Events>) => Promise<T>): Promise<T>;
  /**
   * A change that committed on its own (one statement): only `after` subscribers run. An event with
   * `during` subscribers must be announced inside `transaction`, or its mail would not be written.
   */
  committed<K extends keyof Events>(name: K, event: Events[K]): void;
}

/**
 * A small typed, in-process bus. `after` handlers' errors are logged and go no further: the change
 * stands. `retry`: how a transaction ended by a conflict runs again (tests shorten the wait).
 */
export function createEventBus<Events = ShopEvents>(
  log: Pick<Log, 'error' | 'warn'>,
  retry: ConflictRetry = TRANSACTION_RETRY,
): EventBus<Events> {
  const during = new Map<keyof Events, DuringHandler<never>[]>();
  const after = new Map<keyof Events, AfterHandler<never>[]>();

  function runAfter<K extends keyof Events>(name: K, event: Events[K]): void {
    for (const handler of (after.get(name) ?? []) as AfterHandler<Events[K]>[]) {
      const failed = (error: unknown) =>
        log.error({ err: error, event: String(name) }, `a consequence of ${String(name)} failed`);
      try {
        const result = handler(event);
        if (result instanceof Promise) result.catch(failed);
      } catch (error) {
        failed(error);
      }
    }
  }

  return {
    on(name, handlers) {
      if (handlers.during) during.set(name, [...(during.get(name) ?? []), handlers.during as DuringHandler<never>]);
      if (handlers.after) after.set(name, [...(after.get(name) ?? []), handlers.after as AfterHandler<never>]);
    },

    async transaction(db, work) {
      let announced: [keyof Events, unknown][] = [];
      const result = await retryingConflicts(
        () => {
          // Each attempt announces afresh: what a rolled-back attempt announced never happened.
          const attempt: [keyof Events, unknown][] = [];
          announced = attempt;
          return db.transaction().execute((trx) =>
            work({
              trx,
              announce: async (name, event, writes = []) => {
                const together = [...writes];
                for (const handler of (during.get(name) ?? []) as DuringHandler<typeof event>[]) {
                  const answered = await handler(trx, event);
                  if (answered) together.push(...answered);
                }
                await writeTogether(trx, together);
                attempt.push([name, event]);
              },
            }),
          );
        },
        log,
        retry,
      );
      for (const [name, event] of announced) runAfter(name, event as Events[typeof name]);
      return result;
    },

    committed(name, event) {
      if ((during.get(name) ?? []).length > 0) {
        throw new Error(`${String(name)} has subscribers that write with the change: announce it inside a transaction`);
      }
      runAfter(name, event);
    },
  };
}
