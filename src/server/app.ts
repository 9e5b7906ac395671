import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { copy } from '#shared/copy';
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { registerCaching } from './http/cache';
import { problem, registerErrorHandling } from './http/errors';
import { registerSessions } from './http/guards';
import { registerOpenApi } from './http/openapi';
import { registerWebApp } from './http/web-app';
import { contentRoutes, createContentService } from './modules/content';
import { healthRoutes } from './modules/health/health.routes';
import { createMailer, type Mailer } from './modules/mail';
import { createOrdersService, ordersRoutes } from './modules/orders';
import { createPartsService, partsRoutes } from './modules/parts';
import { createPaymentsService, type PaymentProvider, paymentsRoutes, SandboxProvider } from './modules/payments';
import { createReviewsService, reviewsRoutes } from './modules/reviews';
import {
  createStorage,
  createUploadsService,
  imageUploadRoutes,
  type ObjectStorage,
  uploadsServingRoutes,
} from './modules/uploads';
import {
  type AbuseLimits,
  authRoutesPlugin,
  createAuth,
  createSessionResolver,
  createUsersService,
  DEFAULT_ABUSE_LIMITS,
  demoAccounts,
  usersRoutes,
} from './modules/users';

export interface AppDeps {
  database: DatabaseHandle;
  clock?: Clock;
  storage?: ObjectStorage;
  /** How long public answers are served from memory (ms); 0 turns the response cache off. */
  responseCacheTtlMs?: number;
  /** Pino options or false; tests pass false to keep output quiet. */
  logger?: boolean | object;
  /** SMTP or the outbox by default; tests pass one that captures messages. */
  mailer?: Mailer;
  /** Requests a minute per client on sign-in, sign-up, reset and uploads; most tests raise them. */
  abuseLimits?: Partial<AbuseLimits>;
}

// Google serves profile pictures from its own hosts; allowed only when Google sign-in is on.
const GOOGLE_PICTURE_HOSTS = ['https://*.googleusercontent.com'];

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Builds the whole server as a value; main.ts listens on it, tests call `inject` on it. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const clock = deps.clock ?? systemClock;
  const storage = deps.storage ?? createStorage(config);
  const { db } = deps.database;

  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    // Accept a caller's request id (from a proxy) when it looks like one; otherwise make our own.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(config.google ? GOOGLE_PICTURE_HOSTS : [])],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: config.publicUrl.startsWith('https://'),
  });
  await registerCaching(app, { ttlMs: deps.responseCacheTtlMs ?? 1000 });
  // On-the-fly compression of API answers: brotli at a low quality costs little CPU and still beats gzip.
  // Static assets are pre-compressed at build time at the highest quality instead.
  await app.register(compress, {
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // One page view pulls dozens of hashed assets and pictures; they are immutable and cheap to
    // serve, so only API calls and pages count against a client's limit.
    allowList: (request) => request.url.startsWith('/assets/') || request.url.startsWith('/uploads/'),
    errorResponseBuilder: (_request, context) => {
      const body = problem('rate_limited', copy.common.tooManyRequests(Math.ceil(context.ttl / 1000)));
      return { ...body, statusCode: 429 };
    },
  });
  await registerOpenApi(app);

  const perClient = config.authRateLimitPerMinute;
  const limits = { ...DEFAULT_ABUSE_LIMITS, signIn: perClient, signUp: perClient, passwordReset: perClient, ...deps.abuseLimits };
  const mailer = deps.mailer ?? createMailer(config, app.log);
  const auth = createAuth(config, { database: deps.database, mailer, log: app.log });
  registerSessions(app, createSessionResolver(auth));

  const parts = createPartsService(db, { clock, storage });
  const reviews = createReviewsService(db, { clock, storage });
  const orders = createOrdersService(db, { clock });
  // The sandbox unless Stripe's keys are set (`config.stripe`): the Stripe provider plugs in here.
  // Until it exists the sandbox is used always.
  const paymentProvider: PaymentProvider = new SandboxProvider(db, clock);
  const payments = createPaymentsService(db, { clock, provider: paymentProvider });
  const content = createContentService(db, clock);
  const users = createUsersService({ db, auth, storage });
  const uploads = createUploadsService(storage);

  await app.register(healthRoutes, { db });
  await app.register(authRoutesPlugin, { auth, baseUrl: config.publicUrl, limits });
  await app.register(usersRoutes, { users });
  await app.register(partsRoutes, { parts });
  await app.register(reviewsRoutes, { reviews });
  await app.register(ordersRoutes, { orders });
  await app.register(paymentsRoutes, { payments });
  await app.register(contentRoutes, {
    content,
    shopInfo: {
      demoMode: config.demoMode,
      googleSignIn: config.google !== undefined,
      demoAccounts: config.demoMode ? demoAccounts.map(({ role, email, password }) => ({ role, email, password })) : [],
    },
  });
  await app.register(imageUploadRoutes, { uploads, perMinute: limits.uploads });
  await app.register(uploadsServingRoutes, { storage });
  await registerWebApp(app, config.webDistDir);
  return app;
}
