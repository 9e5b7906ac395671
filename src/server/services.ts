import type { Clock } from './clock';
import type { Config } from './config';
import { subscribeConsequences } from './consequences';
import type { DatabaseHandle } from './db/database';
import { createEventBus } from './events';
import type { Log } from './log';
import { createCartService } from './modules/cart';
import { createCompaniesService, createCompanyMails, createCompanyMembersService } from './modules/companies';
import { createContentService, shopSettings } from './modules/content';
import { createMailDispatcher, createMailer, type Mailer, outboxMailer } from './modules/mail';
import type { Metrics } from './modules/metrics';
import {
  companyBalance,
  createCreditRefunds,
  createOrderExpiry,
  createOrderMails,
  createOrdersService,
  ordersOfPart,
} from './modules/orders';
import { sellerDate } from '#shared/order-totals';
import {
  createCategoriesService,
  createLowStockMails,
  createPartsService,
  createStockAlertMails,
  createStockAlertsService,
  createSearchUpkeep,
  findLivePartsBySku,
  flashDealParts,
  replaceFlashDealParts,
  createPartsCsv,
  createSupersessionsService,
} from './modules/parts';
import {
  createInvoiceMails,
  createInvoicePaymentsService,
  createInvoiceReminders,
  createPaymentsService,
  type PaymentProvider,
  SandboxProvider,
  StripeProvider,
} from './modules/payments';
import { createReviewsService } from './modules/reviews';
import { createSavedListsService } from './modules/saved-lists';
import { createApiKeysService } from './modules/api-keys';
import { createWebhookEvents, createWebhookSender, createWebhooksService } from './modules/webhooks';
import type { SessionUser } from './session-user';
import type { Order } from '#shared/schemas/orders';
import { createUploadsService, type ObjectStorage } from './modules/uploads';
import { createReturnMails, createReturnsService } from './modules/returns';
import { createOverviewService } from './modules/overview';
import { createCatalogueImportService, createFitmentsCsv, createVehiclesService } from './modules/vehicles';
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
  // Webhooks leave through an outbox of their own, as mail does (docs/decisions/0049-webhooks-from-the-outbox.md).
  const allowPrivate = config.env !== 'production';
  const webhookSender = createWebhookSender({ db, clock, log, allowPrivate, policy: { timeoutMs: config.webhookTimeoutMs } });
  const auth = createAuth(config, { database, mailer: outboxMailer({ db, clock, wake: mailOutbox.wake, log }), log });
  // Stripe when PAYMENT_PROVIDER (or its keys) chose it, which is when `config.stripe` is set; else the sandbox.
  const paymentProvider: PaymentProvider =
    deps.paymentProvider ??
    (config.stripe
      ? new StripeProvider(db, clock, { secretKey: config.stripe.secretKey, publishableKey: config.stripe.publishableKey })
      : new SandboxProvider(db, clock));

  const cart = createCartService(db, { clock });
  const companies = createCompaniesService(db, {
    clock,
    events,
    // The balance as the credit check reckons it, on the shop's calendar day.
    balanceOf: async (companyId, creditLimitCents) => {
      const { timeZone } = await shopSettings(db);
      return companyBalance(db, companyId, sellerDate(clock.now(), timeZone), creditLimitCents);
    },
  });
  const invoicePayments = createInvoicePaymentsService(db, { clock, provider: paymentProvider });
  const payments = createPaymentsService(db, {
    clock,
    provider: paymentProvider,
    paymentWindowHours,
    events,
    log,
    // A provider's webhook for a card payment of an invoice on account records it against the invoice.
    accountCharge: invoicePayments.settleAccountCharge,
  });
  const returns = createReturnsService(db, { clock, storage, events, log, refund: payments.refundPartOfCharge });
  const services = {
    events,
    auth,
    mailOutbox,
    webhookSender,
    paymentProvider,
    parts: createPartsService(db, { clock, storage, ordersOfPart, events, log }),
    supersessions: createSupersessionsService(db, { clock, events }),
    stockAlerts: createStockAlertsService(db, { clock, events }),
    searchUpkeep: createSearchUpkeep(db, { clock, log }),
    categories: createCategoriesService(db, { clock, events }),
    vehicles: createVehiclesService(db, { clock, events }),
    // ACES files name parts by number: the parts module finds them (it imports vehicles, not the reverse).
    catalogueImport: createCatalogueImportService(db, { events, livePartsByNumber: findLivePartsBySku }),
    // The catalogue as CSV files: the parts module's parts, the vehicles module's fitments.
    partsCsv: createPartsCsv(db, { clock, storage, events }),
    fitmentsCsv: createFitmentsCsv(db, { events }),
    overview: createOverviewService(db, { clock }),
    cart,
    // Orders are made below; a list from an order reads one through them when asked.
    savedLists: createSavedListsService(db, {
      clock,
      cart,
      orders: { getOrder: (id: string, user: SessionUser): Promise<Order> => services.orders.getOrder(id, user) },
    }),
    reviews: createReviewsService(db, { clock, storage, events }),
    orders: createOrdersService(db, {
      clock,
      paymentWindowHours,
      maxUnpaidOrders: config.maxUnpaidOrders,
      maxUnpaidValueCents: config.maxUnpaidValueCents,
      requireVerifiedEmail: config.requireVerifiedEmail,
      events,
      copyOutText: database.copyOutText,
      orderedNumbers: cart.orderedNumbers,
    }),
    payments,
    invoicePayments,
    invoiceReminders: createInvoiceReminders(db, { clock, log, events }),
    orderExpiry: createOrderExpiry(db, { clock, log, paymentWindowHours, events, paidMeanwhile: payments.settleTakenPayment }),
    // Refunds a credit note's payment that the refund after its cancellation did not make (a crash, the provider down),
    // and a credited return's refund lost the same way.
    creditRefunds: createCreditRefunds(db, { log, refund: payments.refundTakenPayment, refundReturns: returns.refundOwed }),
    returns,
    content: createContentService(db, {
      clock,
      events,
      flashDealParts: { list: flashDealParts, replace: replaceFlashDealParts },
    }),
    users: createUsersService({ db, auth, storage }),
    companies,
    apiKeys: createApiKeysService(db, { clock }),
    webhooks: createWebhooksService(db, { clock, allowPrivate, wake: webhookSender.wake }),
    companyMembers: createCompanyMembersService(db, { clock, events, myCompany: companies.myCompany }),
    uploads: createUploadsService(storage),
  };

  subscribeConsequences(events, {
    orderMails: createOrderMails({ publicUrl: config.publicUrl, paymentWindowHours }),
    lowStockMails: createLowStockMails({ publicUrl: config.publicUrl }),
    stockAlertMails: createStockAlertMails({ publicUrl: config.publicUrl }),
    companyMails: createCompanyMails({ publicUrl: config.publicUrl }),
    invoiceMails: createInvoiceMails({ publicUrl: config.publicUrl }),
    returnMails: createReturnMails({ publicUrl: config.publicUrl }),
    mailOutbox,
    webhookEvents: createWebhookEvents(),
    webhookSender,
    metrics,
    clearCachedAnswers: deps.clearCachedAnswers,
    onOrderPaid: deps.onOrderPaid,
    cart: services.cart,
    payments,
  });
  return services;
}

export type Services = ReturnType<typeof createServices>;
