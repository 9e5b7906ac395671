import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { refuseBodiesWhereNoneIsDeclared, registerJsonBodyParser } from './http/body-shape';
import { fastifyTrustProxy } from './http/client-address';
import { answerKnownUrlsEarly, BROTLI_QUALITY_SENT_ONCE, type InvalidationBus, registerCaching } from './http/cache';
import { dropRequestsOfGoneClients } from './http/client-gone';
import { createCrossSiteCheck } from './http/cross-site';
import { answerError, registerErrorHandling } from './http/errors';
import { apiKeyUserOf, checkApiKey, registerSessions } from './http/guards';
import { refuseNulCharacters } from './http/nul-characters';
import { OneLinePerRequest } from './http/request-logging';
import { countsWithFallback, memoryCounts, redisCounts, registerRateLimits } from './http/rate-limit';
import { registerOpenApi } from './http/openapi';
import { redisInvalidationBus } from './http/redis-invalidation-bus';
import { securityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { apiKeysRoutes } from './modules/api-keys';
import { type WebhookSender, webhooksRoutes } from './modules/webhooks';
import { companiesRoutes, companyMembersRoutes } from './modules/companies';
import { contentRoutes } from './modules/content';
import { savedListsRoutes } from './modules/saved-lists';
import { createReadiness, dataFolderCheck, healthRoutes, type Readiness, schemaCheck } from './modules/health';
import { countOutboxMails, type MailDispatcher, type Mailer } from './modules/mail';
import { createMetrics, type Metrics, registerMetrics } from './modules/metrics';
import { type CreditRefunds, type OrderExpiry, ordersRoutes } from './modules/orders';
import {
  categoriesRoutes,
  partsRoutes,
  SEARCH_UPKEEP_INTERVAL_MS,
  stockAlertsRoutes,
  supersessionsRoutes,
} from './modules/parts';
import { cartRoutes } from './modules/cart';
import {
  invoicePaymentsRoutes,
  type InvoiceReminders,
  type PaymentProvider,
  paymentsRoutes,
  stripeWebhookRoutes,
} from './modules/payments';
import { reviewsRoutes } from './modules/reviews';
import { createStorage, imageUploadRoutes, type ObjectStorage, uploadsServingRoutes } from './modules/uploads';
import { overviewRoutes } from './modules/overview';
import { returnsRoutes } from './modules/returns';
import { catalogueExchangeRoutes, catalogueImportRoutes, vehiclesRoutes } from './modules/vehicles';
import {
  type AbuseLimits,
  authRoutesPlugin,
  createSessionResolver,
  DEFAULT_ABUSE_LIMITS,
  demoAccounts,
  demoTradeAccount,
  usersRoutes,
} from './modules/users';
import { connectRedis, createRedisBreaker, disconnectRedis, type RedisBreaker, redisDegradation } from './redis';
import { type LogTarget, standardOutput } from './log';
import { createServices } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sweep of unpaid orders past the payment window (tests run a pass with `sweep()`). */
    orderExpiry: OrderExpiry;
    /** The refunds owed for credit notes and not yet made (tests run a pass with `sweep()`). */
    creditRefunds: CreditRefunds;
    /** The reminder mails about invoices on account due soon or overdue (tests run a pass with `sweep()`). */
    invoiceReminders: InvoiceReminders;
    /**
     * Sends the mail outbox (every mail of the shop is written there first, with the change that
     * causes it); tests `drain()` it, or run one pass with `dispatch()`.
     */
    mailOutbox: MailDispatcher;
    /** Sends the webhook deliveries (written with the change that causes them); tests `drain()` it, or run one pass with `dispatch()`. */
    webhookSender: WebhookSender;
    /** What `GET /api/ready` checks; add a service's check while building the app (see readiness.ts). */
    readiness: Readiness;
    /** This app's Prometheus registry and counters, served at `/metrics`. */
    metrics: Metrics;
    /** Every route registered on this app, with its method (HEAD listed separately). */
    routeTable: readonly { method: string; url: string }[];
  }
}

export interface AppDeps {
  database: DatabaseHandle;
  clock?: Clock;
  storage?: ObjectStorage;
  /** How long public answers are served from memory (ms); 0 turns the response cache off. */
  responseCacheTtlMs?: number;
  /** Where the log goes (standard output at LOG_LEVEL by default), or false: tests keep output quiet. */
  logger?: LogTarget | false;
  /** The transport the mail outbox is sent through: SMTP or the outbox folder by default; tests pass one that captures messages. */
  mailer?: Mailer;
  /** How often the mail outbox is checked for due mail besides the wake after each commit (ms); 0: only then (tests). */
  mailDispatchIntervalMs?: number;
  /** The same for webhook deliveries (retries, other nodes' deliveries); as `mailDispatchIntervalMs` by default. */
  webhookDispatchIntervalMs?: number;
  /** Requests a minute per client on sign-in, sign-up, reset and uploads; most tests raise them. */
  abuseLimits?: Partial<AbuseLimits>;
  /** How often unpaid orders past the payment window are expired (ms); 0 leaves it to the caller (tests). */
  orderSweepIntervalMs?: number;
  /** The sandbox, or Stripe when `config.stripe` is set, by default; tests inject one (a Stripe client on a stand-in). */
  paymentProvider?: PaymentProvider;
  /** Told once per order, by the request or Stripe event that made it paid. */
  onOrderPaid?: (orderId: string) => Promise<void> | void;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Request ids tie an answer to its log lines; they must be unique, not secret (nothing is granted for
 * knowing one). A random prefix per app, so two nodes' ids never meet, and a counter: no randomness to
 * draw per request (docs/decisions/0021-per-request-work-done-once.md).
 */
function requestIds(): () => string {
  const prefix = randomBytes(9).toString('base64url');
  let count = 0;
  return () => `${prefix}-${(count += 1).toString(36)}`;
}

/** Builds the whole server as a value; main.ts listens on it, tests call `inject` on it. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const clock = deps.clock ?? systemClock;
  const storage = deps.storage ?? createStorage(config);
  const { db } = deps.database;
  const nextRequestId = requestIds();

  const logTarget = deps.logger ?? { level: config.logLevel, stream: standardOutput() };
  // Accept a caller's request id (from a proxy) when it looks like one; otherwise make our own.
  const requestId = (req: IncomingMessage) => {
    const given = req.headers['x-request-id'];
    return typeof given === 'string' && REQUEST_ID.test(given) ? given : nextRequestId();
  };
  const requestLines = new OneLinePerRequest();
  const app = Fastify({
    // Fastify's own pino logger: one line a request, when its answer is sent (the line of its coming
    // in at debug level).
    logger: logTarget ? { level: logTarget.level, stream: logTarget.stream } : false,
    logController: requestLines,
    genReqId: requestId,
    bodyLimit: 1024 * 1024,
    // Behind a load balancer the client's address is in X-Forwarded-For; rate limits count by it.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    return503OnClosing: true,
    // A path the router cannot decode, or a parameter over maxParamLength, is answered as problem+json too.
    // No route runs for it, so Fastify writes no line when it is answered: its line is written here.
    frameworkErrors: (error, request, reply) => {
      answerError(error, request, reply);
      requestLines.requestCompleted(null, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();

  if (config.trustProxy === true) {
    app.log.warn(
      'TRUST_PROXY=true believes the left-most X-Forwarded-For entry, which a client writes itself unless the proxy ' +
        "overwrites the header: give the proxies' addresses or their number instead",
    );
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every route as registered (plugins' too), for the authorization matrix test: a new route must be listed there.
  const routeTable: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
    refuseBodiesWhereNoneIsDeclared(route);
  });
  app.decorate('routeTable', routeTable);
  registerErrorHandling(app);
  dropRequestsOfGoneClients(app);
  registerJsonBodyParser(app);
  app.addHook('preValidation', refuseNulCharacters);
  // What every request starts with, in one hook (docs/decisions/0021-per-request-work-done-once.md): the
  // security headers, made once at start; the request id; and, before the body is read, the refusal of a
  // state-changing request another site's page sent (CSRF).
  const headers = securityHeaders(config);
  const refuseCrossSiteRequests = createCrossSiteCheck(config.publicUrl, config.shopOrigins);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers).header('x-request-id', request.id);
    try {
      refuseCrossSiteRequests(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
  // Both on the root instance, before any route, so every route is counted and any module can add a
  // readiness check (`app.readiness.add(name, check)`) while the app is built.
  const metrics = createMetrics({ mailOutbox: () => countOutboxMails(db) });
  app.decorate('metrics', metrics);
  registerMetrics(app, metrics, { token: config.metricsToken });
  // A connection the database drops is reported in the app's log from now on.
  deps.database.logTo(app.log);
  const readiness = createReadiness({ log: app.log });
  readiness.add('database', () => sql`select 1`.execute(db));
  // Not ready once a newer build has migrated the database under this node (decision 0028).
  readiness.add('schema', schemaCheck(db, { clock }));
  // The node's own disk, where it keeps SQLite, uploads not sent to a bucket, or mail not sent by SMTP.
  if (config.database.kind === 'sqlite' || !config.s3 || !config.mail.smtpUrl) {
    readiness.add('disk', dataFolderCheck(config.dataDir, { clock }));
  }
  app.decorate('readiness', readiness);

  // Several nodes share their rate-limit counters and cache invalidations through Redis when it is
  // configured (docs/decisions/0009-stateless-nodes.md); without it each node keeps both in memory.
  const [redis, redisSubscriber] = config.redis
    ? await Promise.all([
        connectRedis(config.redis.url, app.log, 'commands', config.redisBreaker.commandTimeoutMs),
        connectRedis(config.redis.url, app.log, 'subscriber'),
      ])
    : [undefined, undefined];
  app.addHook('onClose', async () => {
    await Promise.all([redis, redisSubscriber].map((client) => client && disconnectRedis(client)));
  });
  // A Redis that fails or hangs is not asked for a cool-down: the node counts on its own meanwhile
  // (docs/decisions/0027-per-node-limits-when-redis-fails.md).
  let redisBreaker: RedisBreaker | undefined;
  if (redis) {
    const breaker = createRedisBreaker(config.redisBreaker, app.log);
    redisBreaker = breaker;
    const showState = (state: RedisBreaker['state']) => {
      for (const each of ['closed', 'open', 'half-open'] as const)
        metrics.redisBreaker.set({ state: each }, each === state ? 1 : 0);
    };
    showState(breaker.state);
    breaker.onStateChange((state) => {
      showState(state);
      if (state === 'open') metrics.redisBreakerOpened.inc();
    });
    // Reported, never unready: a node without Redis still serves, with per-node limits.
    readiness.addDegradable('redis', () => redisDegradation(redis, breaker));
  }
  let cacheBus: InvalidationBus | undefined;
  // Readiness covers the object storage: a node that cannot reach it says so, and the operator's load
  // balancer decides what to do with that.
  readiness.add('storage', (signal) => storage.probe(signal));
  if (config.redis && redis && redisSubscriber && redisBreaker) {
    const channel = `${config.redis.prefix}cache-invalidate`;
    cacheBus = await redisInvalidationBus(
      { publisher: redis, subscriber: redisSubscriber, channel, breaker: redisBreaker },
      app.log,
    );
  }
  await registerCaching(app, { ttlMs: deps.responseCacheTtlMs ?? config.responseCacheTtlMs, bus: cacheBus });
  // On-the-fly compression of API answers: brotli at a low quality costs little CPU and still beats gzip
  // (a public answer the cache does not keep is compressed alike). Static assets are pre-compressed at
  // build time at the highest quality instead.
  await app.register(compress, {
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY_SENT_ONCE } },
    zlibOptions: { level: 6 },
  });
  const internalRequestHeader = { name: 'x-gearhouse-render', value: randomBytes(32).toString('base64url') };
  // One page view pulls dozens of hashed assets and pictures; they are immutable and cheap to
  // serve, so only API calls and pages count against a client's limit.
  // The API calls the server makes itself while rendering a page (web-app.ts) are not a client's.
  const uncounted = (request: FastifyRequest) =>
    request.url.startsWith('/assets/') ||
    request.url.startsWith('/uploads/') ||
    request.headers[internalRequestHeader.name] === internalRequestHeader.value;
  // In Redis, every node counts in the same buckets, per-route limits (sign-in, uploads) included.
  // While Redis fails or hangs, each node counts the same keys in its own memory: the limits hold per
  // node instead of letting every request through (decision 0027).
  await registerRateLimits(app, {
    perMinute: config.rateLimitPerMinute,
    counts:
      redis && config.redis && redisBreaker
        ? countsWithFallback(redisCounts(redis, `${config.redis.prefix}rl:`), memoryCounts(), redisBreaker, () =>
            metrics.rateLimitLocalCounts.inc(),
          )
        : memoryCounts(),
    skip: uncounted,
    // A request with an API key counts in the key's own bucket (docs/decisions/0048-api-keys.md).
    apiKeyIdOf: (request) => apiKeyUserOf(request)?.then((user) => user?.apiKey?.id),
    apiKeyPerMinute: config.apiKeyRateLimitPerMinute,
  });
  // Right after the rate limiter's count, before a kept answer is sent or any guard runs: a request
  // with an API key is refused (401, or 403 for a scope the route does not grant) or acts as the key.
  app.addHook('onRoute', (route) => {
    route.onRequest = [route.onRequest ?? []].flat().concat(checkApiKey);
  });
  // After the rate limiter: a public answer the cache keeps is sent as soon as the request is counted.
  answerKnownUrlsEarly(app);
  await registerOpenApi(app);

  const perClient = config.authRateLimitPerMinute;
  const limits = {
    ...DEFAULT_ABUSE_LIMITS,
    signIn: perClient,
    signUp: perClient,
    passwordReset: perClient,
    messages: perClient,
    ...deps.abuseLimits,
  };
  const {
    auth,
    mailOutbox,
    webhookSender,
    orderExpiry,
    creditRefunds,
    invoiceReminders,
    searchUpkeep,
    paymentProvider,
    ...services
  } = createServices(config, {
    database: deps.database,
    clock,
    storage,
    log: app.log,
    metrics,
    clearCachedAnswers: () => app.responseCache.invalidate(),
    mailer: deps.mailer,
    paymentProvider: deps.paymentProvider,
    onOrderPaid: deps.onOrderPaid,
  });
  registerSessions(app, createSessionResolver(auth, db), services.apiKeys.authenticate);
  const sweepIntervalMs = deps.orderSweepIntervalMs ?? 60_000;
  if (sweepIntervalMs > 0) app.addHook('onReady', async () => orderExpiry.start(sweepIntervalMs));
  if (sweepIntervalMs > 0) app.addHook('onReady', async () => creditRefunds.start(sweepIntervalMs));
  if (sweepIntervalMs > 0) app.addHook('onReady', async () => invoiceReminders.start(sweepIntervalMs));
  // The search's upkeep (old misses pruned, SQLite's index merged) runs hourly while the sweep runs
  // (tests turn both off).
  if (sweepIntervalMs > 0) {
    app.addHook('onReady', async () => searchUpkeep.start(Math.max(sweepIntervalMs, SEARCH_UPKEEP_INTERVAL_MS)));
  }
  app.decorate('orderExpiry', orderExpiry);
  app.decorate('creditRefunds', creditRefunds);
  app.decorate('invoiceReminders', invoiceReminders);
  const mailIntervalMs = deps.mailDispatchIntervalMs ?? 5000;
  if (mailIntervalMs > 0) app.addHook('onReady', async () => mailOutbox.start(mailIntervalMs));
  app.decorate('mailOutbox', mailOutbox);
  const webhookIntervalMs = deps.webhookDispatchIntervalMs ?? mailIntervalMs;
  if (webhookIntervalMs > 0) app.addHook('onReady', async () => webhookSender.start(webhookIntervalMs));
  app.decorate('webhookSender', webhookSender);
  app.addHook('onClose', async () => {
    await orderExpiry.stop();
    await creditRefunds.stop();
    await invoiceReminders.stop();
    await searchUpkeep.stop();
    await services.parts.searchMissesRecorded();
    // After the sweep, whose expiries write mail: what is due goes out before the node stops.
    await mailOutbox.stop();
    await webhookSender.stop();
  });

  // Zero from the start, so a dashboard's rate() has a series before the first payment.
  metrics.paymentsSucceeded.inc({ provider: paymentProvider.name }, 0);
  metrics.paymentsFailed.inc({ provider: paymentProvider.name }, 0);
  // 402 is only ever `payment_failed` (#shared/errors): a card the provider declined.
  app.addHook('onResponse', (_request, reply, done) => {
    if (reply.statusCode === 402) metrics.paymentsFailed.inc({ provider: paymentProvider.name });
    done();
  });
  await app.register(healthRoutes, { readiness });
  await app.register(authRoutesPlugin, { auth, baseUrl: config.publicUrl, limits });
  const { users, parts, categories, vehicles, overview, cart, reviews, orders, payments, content, uploads, companies } = services;
  await app.register(usersRoutes, { users });
  await app.register(companiesRoutes, { companies });
  await app.register(companyMembersRoutes, { companyMembers: services.companyMembers });
  await app.register(apiKeysRoutes, { apiKeys: services.apiKeys });
  await app.register(webhooksRoutes, { webhooks: services.webhooks });
  await app.register(partsRoutes, { parts });
  await app.register(supersessionsRoutes, { supersessions: services.supersessions });
  await app.register(stockAlertsRoutes, { stockAlerts: services.stockAlerts });
  await app.register(categoriesRoutes, { categories });
  await app.register(vehiclesRoutes, { vehicles });
  await app.register(catalogueImportRoutes, { catalogueImport: services.catalogueImport });
  await app.register(catalogueExchangeRoutes, { parts: services.partsCsv, fitments: services.fitmentsCsv });
  await app.register(overviewRoutes, { overview });
  await app.register(reviewsRoutes, { reviews });
  await app.register(ordersRoutes, { orders });
  await app.register(returnsRoutes, { returns: services.returns });
  await app.register(cartRoutes, { cart });
  await app.register(savedListsRoutes, { savedLists: services.savedLists });
  await app.register(paymentsRoutes, { payments });
  await app.register(invoicePaymentsRoutes, { invoicePayments: services.invoicePayments });
  if (config.stripe) {
    await app.register(stripeWebhookRoutes, { payments, webhookSecret: config.stripe.webhookSecret, clock });
  }
  await app.register(contentRoutes, {
    content,
    messagesPerMinute: limits.messages,
    shopInfo: {
      demoMode: config.demoMode,
      googleSignIn: config.google !== undefined,
      paymentsTestMode: config.paymentsTestMode,
      verifiedEmailRequired: config.requireVerifiedEmail,
      // The trade account is the demo company's admin: it shows what a customer in no company cannot.
      demoAccounts: config.demoMode
        ? [
            ...demoAccounts.map(({ role, email, password }) => ({ role, email, password })),
            { role: 'company_admin' as const, email: demoTradeAccount.email, password: demoTradeAccount.password },
          ]
        : [],
      social: config.social,
    },
  });
  await app.register(imageUploadRoutes, { uploads, perMinute: limits.uploads });
  await app.register(uploadsServingRoutes, { storage, publicUrl: config.s3?.publicUrl });
  await registerWebApp(app, config.webDistDir, {
    internalRequestHeader,
    now: () => clock.now().getTime(),
    renderLimits: { perClientPerMinute: config.rendersPerClientPerMinute },
    exists: { part: (id) => parts.partExists(id), blogPost: (slug) => content.blogPostExists(slug) },
  });
  return app;
}
