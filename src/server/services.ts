import type { Clock } from './clock';
import type { Config } from './config';
import { subscribeConsequences } from './consequences';
import type { DatabaseHandle } from './db/database';
import { createEventBus } from './events';
import type { Log } from './log';
import { createCartService } from './modules/cart';
import { createCompaniesService, createCompanyMails } from './modules/companies';
import { createContentService } from './modules/content';
import { createMailDispatcher, createMailer, type Mailer, outboxMailer } from './modules/mail';
import type { Metrics } from './modules/metrics';
import { createCreditRefunds, createOrderExpiry, createOrderMails, createOrdersService, ordersOfPart } from './modules/orders';
import {
  createCategoriesService,
  createLowStockMails,
  createPartsService,
  createSearchUpkeep,
  flashDealParts,
  replaceFlashDealParts,
} from './modules/parts';
import { createPaymentsService, type PaymentProvider, SandboxProvider, StripeProvider } from './modules/payments';
import { createReviewsService } from './modules/reviews';
import { createUploadsService, type ObjectStorage } from './modules/uploads';
import { createOverviewService } from './modules/overview';
import { createVehiclesService } from './modules/vehicles';
import { createAuth, createUsersService } from './modules/users';

export interface ServiceDeps {
  database: DatabaseHandle;
  clock: Clock;
  storage: ObjectStorage;
  log: Log;
  metrics: Metrics;
  /** Forgets the public answers the HTTP layer holds in memory; called after a change they may show. */
  clearCachedAnswers: () => void;
  /** The transport the mail outbox is sent through: SMTP or the outbox folder by default. */
  mailer?: Mailer | undefined;
  /** The sandbox, or Stripe when `config.stripe` is set, by default. */
  paymentProvider?: PaymentProvider | undefined;
  /** Told once per order, by the request or Stripe event that made it paid. */
  onOrderPaid?: ((orderId: string) => Promise<void> | void) | undefined;
}

/**
 * The shop's business side, without HTTP: every service, the event bus they announce on, what follows
 * from their announcements (consequences.ts), and the background workers (the mail outbox's sender,
 * the sweep of unpaid orders, the prune of old search misses), not yet started. app.ts puts routes in front of it.
 */
export function createServices(config: Config, deps: ServiceDeps) {
  const { database, clock, storage, log, metrics } = deps;
  const { db } = database;
  const events = createEventBus(log);
  const paymentWindowHours = config.orderPaymentWindowHours;

  // Every mail is written to the outbox first and sent from there (docs/decisions/0014-mail-outbox.md).
  const mailOutbox = createMailDispatcher({
    db,
    transport: deps.mailer ?? createMailer(config, log),
    clock,
    log,
    onSent: (count) => metrics.mailsSent.inc(count),
    onFailedAttempt: () => metrics.mailSendFailures.inc(),
    // The "paid" mail's invoice, made when it is sent (the services exist by then).
    invoicePdf: (orderId) => services.orders.invoiceAttachment(orderId),
  });
  const auth = createAuth(config, { database, mailer: outboxMailer({ db, clock, wake: mailOutbox.wake, log }), log });
  // Stripe when PAYMENT_PROVIDER (or its keys) chose it, which is when `config.stripe` is set; else the sandbox.
  const paymentProvider: PaymentProvider =
    deps.paymentProvider ??
    (config.stripe
      ? new StripeProvider(db, clock, { secretKey: config.stripe.secretKey, publishableKey: config.stripe.publishableKey })
      : new SandboxProvider(db, clock));

  const payments = createPaymentsService(db, { clock, provider: paymentProvider, paymentWindowHours, events, log });
  const services = {
    events,
    auth,
    mailOutbox,
    paymentProvider,
    parts: createPartsService(db, { clock, storage, ordersOfPart, events, log }),
    searchUpkeep: createSearchUpkeep(db, { clock, log }),
    categories: createCategoriesService(db, { clock, events }),
    vehicles: createVehiclesService(db, { clock, events }),
    overview: createOverviewService(db, { clock }),
    cart: createCartService(db, { clock }),
    reviews: createReviewsService(db, { clock, storage, events }),
    orders: createOrdersService(db, {
      clock,
      paymentWindowHours,
      maxUnpaidOrders: config.maxUnpaidOrders,
      maxUnpaidValueCents: config.maxUnpaidValueCents,
      requireVerifiedEmail: config.requireVerifiedEmail,
      events,
      copyOutText: database.copyOutText,
    }),
    payments,
    orderExpiry: createOrderExpiry(db, { clock, log, paymentWindowHours, events, paidMeanwhile: payments.settleTakenPayment }),
    // Refunds a credit note's payment that the refund after its cancellation did not make (a crash, the provider down).
    creditRefunds: createCreditRefunds(db, { log, refund: payments.refundTakenPayment }),
    content: createContentService(db, {
      clock,
      events,
      flashDealParts: { list: flashDealParts, replace: replaceFlashDealParts },
    }),
    users: createUsersService({ db, auth, storage }),
    companies: createCompaniesService(db, { clock, events }),
    uploads: createUploadsService(storage),
  };

  subscribeConsequences(events, {
    orderMails: createOrderMails({ publicUrl: config.publicUrl, paymentWindowHours }),
    lowStockMails: createLowStockMails({ publicUrl: config.publicUrl }),
    companyMails: createCompanyMails({ publicUrl: config.publicUrl }),
    mailOutbox,
    metrics,
    clearCachedAnswers: deps.clearCachedAnswers,
    onOrderPaid: deps.onOrderPaid,
    cart: services.cart,
    payments,
  });
  return services;
}

export type Services = ReturnType<typeof createServices>;
