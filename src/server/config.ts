import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env (docs/conventions.md). Validated once, frozen, passed down as a value.
 * The names are part of the product (docs/shop-rules.md, "Running it").
 */
const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((text) => ['true', '1', 'yes'].includes(text));

const optionalText = z
  .string()
  .optional()
  .transform((text) => (text === undefined || text.trim() === '' ? undefined : text.trim()));

/** The shop's page on a social network, linked from the footer's icon (hidden while unset). */
const socialUrl = optionalText.pipe(
  z.url({ protocol: /^https$/, error: 'must be an https:// address like https://www.facebook.com/yourshop' }).optional(),
);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalText.pipe(z.url({ error: 'must be an absolute URL like https://shop.example' }).optional()),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// (unset it to use the embedded SQLite)')
      .optional(),
  ),
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).positive().max(300).default(5),
  DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).positive().max(3600).default(10),
  DEMO_MODE: booleanText.optional(),
  AUTH_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Gearhouse <shop@gearhouse.example>'),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_DISCOVERY_URL: z.url().default('https://accounts.google.com/.well-known/openid-configuration'),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  PAYMENT_PROVIDER: optionalText.pipe(z.enum(['stripe', 'sandbox'], { error: 'must be stripe or sandbox' }).optional()),
  ORDER_PAYMENT_WINDOW_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .positive()
    .max(24 * 365)
    .default(48),
  MAX_UNPAID_ORDERS: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .positive('must be 1 or more')
    .default(3),
  // Whole dollars, as an operator writes an amount; the config holds it in cents, as all money is.
  MAX_UNPAID_VALUE: z.coerce
    .number({ error: 'must be a whole number of dollars' })
    .int('must be a whole number of dollars')
    .positive('must be 1 or more')
    .max(1_000_000_000, 'must be at most 1000000000 dollars')
    .default(10_000),
  REQUIRE_VERIFIED_EMAIL: booleanText.optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number({ error: 'must be a whole number' }).int().positive().default(600),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number({ error: 'must be a whole number' }).int().positive().default(5),
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number({ error: 'must be a whole number' }).int().positive().default(600),
  WEBHOOK_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(100, 'must be at least 100 ms')
    .max(60_000, 'must be at most 60000 ms')
    .default(10_000),
  RENDERS_PER_CLIENT_PER_MINUTE: z.coerce.number({ error: 'must be a whole number' }).int().positive().default(30),
  RESPONSE_CACHE_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).min(0).max(3600).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHUTDOWN_GRACE_SECONDS: optionalText.pipe(
    z.coerce.number<string | undefined>({ error: 'must be a number of seconds' }).min(0).max(300).optional(),
  ),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).min(0).max(600).default(10),
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\/\S+$/, 'must start with redis:// or rediss:// (unset it to count rate limits in memory)')
      .optional(),
  ),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'must be 1 to 64 letters, digits or : _ . -')
    .default('gearhouse-'),
  REDIS_COMMAND_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(10, 'must be 10 or more')
    .max(10_000, 'must be at most 10000')
    .default(150),
  REDIS_BREAKER_FAILURES: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .positive('must be 1 or more')
    .max(1000, 'must be at most 1000')
    .default(5),
  REDIS_BREAKER_COOLDOWN_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).positive().max(3600).default(15),
  TRUST_PROXY: optionalText.transform((text, ctx) => {
    const parsed = parseTrustProxy(text);
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    }
    return parsed;
  }),
  S3_ENDPOINT: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL like https://s3.eu-central-1.amazonaws.com' }).optional(),
  ),
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3–63 lowercase letters, digits, dots, hyphens)')
      .optional(),
  ),
  S3_REGION: optionalText.pipe(z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_PUBLIC_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL like https://cdn.example.com/uploads' }).optional(),
  ),
  S3_FORCE_PATH_STYLE: booleanText.optional(),
  SOCIAL_FACEBOOK_URL: socialUrl,
  SOCIAL_INSTAGRAM_URL: socialUrl,
  SOCIAL_X_URL: socialUrl,
  SOCIAL_YOUTUBE_URL: socialUrl,
  SOCIAL_LINKEDIN_URL: socialUrl,
});

/** TRUST_PROXY parsed: see parseTrustProxy. */
export type TrustProxy = boolean | readonly string[] | { readonly hops: number };

/** Proxy-addr's names for address ranges, which Fastify's `trustProxy` also accepts. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off, the proxies' addresses (CIDR ranges allowed), a number of proxy hops, or every
 * address. Which X-Forwarded-For entry is the client's is read from the right: each trusted proxy
 * appended the address it saw, and whatever is left of the first untrusted entry was written by the
 * client itself. `true` trusts the whole header, so it is only safe behind a proxy that overwrites it.
 * Answers the message for a bad value as a string.
 */
function parseTrustProxy(text: string | undefined): TrustProxy | string {
  if (text === undefined || ['false', '0', 'no'].includes(text)) return false;
  if (['true', 'yes'].includes(text)) return true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 10 ? { hops } : 'a hop count must be 1 to 10 (the proxies in front of the shop)';
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrCidr(entry));
  if (bad.length > 0) {
    return `must be false, true, or comma-separated proxy addresses or CIDR ranges (not one: ${bad.join(', ')})`;
  }
  return entries;
}

export interface SocialLinks {
  readonly facebook?: string;
  readonly instagram?: string;
  readonly x?: string;
  readonly youtube?: string;
  readonly linkedin?: string;
}

export interface Config {
  readonly env: 'development' | 'production' | 'test';
  readonly port: number;
  readonly host: string;
  readonly publicUrl: string;
  /**
   * The origins that are this shop, for the cross-site checks: PUBLIC_URL's, and, in demo mode or
   * without PUBLIC_URL, every loopback name (localhost, 127.0.0.1, [::1]) on the shop's port, since
   * people type either one for a shop on their own machine.
   */
  readonly shopOrigins: readonly string[];
  readonly dataDir: string;
  readonly database: { readonly kind: 'sqlite'; readonly file: string } | { readonly kind: 'postgres'; readonly url: string };
  /**
   * Bounded waits on PostgreSQL, so that a database that is down or holds the bytes answers requests
   * 503 in seconds instead of holding them: `connectMs` (DATABASE_CONNECT_TIMEOUT_SECONDS) for a new
   * connection or a free one of the pool; `statementMs` (DATABASE_STATEMENT_TIMEOUT_SECONDS) for a
   * statement, PostgreSQL's statement_timeout, its answer awaited a second longer.
   */
  readonly databaseTimeouts: { readonly connectMs: number; readonly statementMs: number };
  readonly demoMode: boolean;
  readonly authSecret: string;
  readonly mail: { readonly smtpUrl: string | undefined; readonly from: string; readonly outboxDir: string };
  readonly google: { readonly clientId: string; readonly clientSecret: string; readonly discoveryUrl: string } | undefined;
  /** Stripe's keys, set exactly when `paymentProvider` is `stripe`. */
  readonly stripe: { readonly secretKey: string; readonly publishableKey: string; readonly webhookSecret: string } | undefined;
  /** PAYMENT_PROVIDER: who takes the payments; `sandbox` takes none (test cards only). */
  readonly paymentProvider: 'stripe' | 'sandbox';
  /**
   * The sandbox runs where real payments are expected (production, or any shop that is not a demo):
   * every page says so, so that nobody mistakes a test card's "payment" for money received.
   */
  readonly paymentsTestMode: boolean;
  readonly orderPaymentWindowHours: number;
  /** MAX_UNPAID_ORDERS: orders one customer may hold in `pending_payment` at once. */
  readonly maxUnpaidOrders: number;
  /**
   * MAX_UNPAID_VALUE (whole dollars), in cents: what one customer's unpaid orders may come to together,
   * the one being booked included (docs/shop-rules.md, "Holding stock").
   */
  readonly maxUnpaidValueCents: number;
  /** REQUIRE_VERIFIED_EMAIL: booking needs an email address verified through the link in the sign-up mail. */
  readonly requireVerifiedEmail: boolean;
  readonly logLevel: string;
  /**
   * How a node stops on SIGTERM (src/server/shutdown.ts): `graceMs` (SHUTDOWN_GRACE_SECONDS) not ready
   * but still serving, so a load balancer moves away; then up to `timeoutMs` (SHUTDOWN_TIMEOUT_SECONDS)
   * for the requests under way.
   */
  readonly shutdown: { readonly graceMs: number; readonly timeoutMs: number };
  /** Bearer token for `GET /metrics`; without one the endpoint answers 404. */
  readonly metricsToken: string | undefined;
  /** Requests a minute per client on ordinary routes (sign-in and uploads have their own, tighter limits). */
  readonly rateLimitPerMinute: number;
  /** Sign-in, sign-up and password-reset attempts a minute per client. */
  readonly authRateLimitPerMinute: number;
  /** Requests a minute per API key, counted apart from its address's (docs/decisions/0048-api-keys.md). */
  readonly apiKeyRateLimitPerMinute: number;
  /** How long one webhook delivery may take, from connecting to the end of the answer, before it counts as failed. */
  readonly webhookTimeoutMs: number;
  /** Server renders of pages not in the page cache one client may cause a minute; past it, the app's shell. */
  readonly rendersPerClientPerMinute: number;
  /**
   * RESPONSE_CACHE_SECONDS, in ms: how long a public answer, or a page rendered for visitors, is kept in
   * memory and answered again; 0 keeps nothing, so every request reaches its handler.
   */
  readonly responseCacheTtlMs: number;
  /**
   * REDIS_URL: shared rate-limit counters and cross-node cache invalidation; without it, each node
   * counts in memory. `prefix` (REDIS_PREFIX) starts every key and channel, so shops can share a Redis.
   */
  readonly redis: { readonly url: string; readonly prefix: string } | undefined;
  /**
   * How a node stops waiting on a Redis that fails or hangs (docs/decisions/0027-per-node-limits-when-redis-fails.md):
   * each command gives up after `commandTimeoutMs` (REDIS_COMMAND_TIMEOUT_MS); after `failuresToOpen`
   * (REDIS_BREAKER_FAILURES) failures in a row the node counts in its own memory without asking Redis for
   * `coolDownMs` (REDIS_BREAKER_COOLDOWN_SECONDS), then tries Redis again.
   */
  readonly redisBreaker: { readonly commandTimeoutMs: number; readonly failuresToOpen: number; readonly coolDownMs: number };
  /** TRUST_PROXY: which proxies' X-Forwarded-For Fastify believes (the client address rate limits count by). */
  readonly trustProxy: TrustProxy;
  readonly uploadsDir: string;
  /** Uploads go to this S3-compatible bucket instead of `uploadsDir` when set. */
  readonly s3: S3Config | undefined;
  /** Where the built web app lives; absent in API-only tests. */
  readonly webDistDir: string | undefined;
  /** The shop's pages on social networks (SOCIAL_*_URL), for the footer's icons; unset ones are left out. */
  readonly social: SocialLinks;
}

export interface S3Config {
  readonly endpoint: string;
  readonly bucket: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** `bucket` in the path, not the host name: what MinIO, s3rver and most self-hosted servers need. */
  readonly forcePathStyle: boolean;
  /** A CDN or public bucket address without a trailing slash; `/uploads/<key>` then redirects to `<publicUrl>/<key>`. */
  readonly publicUrl: string | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`).join('\n');
}

/** Reads `.env` (if present) without overriding what the environment already says. */
export function loadDotEnv(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** PUBLIC_URL's origin, plus the loopback names on the shop's port (and on PUBLIC_URL's, when that is a loopback one). */
export function shopOriginsFor(publicUrl: string, port: number, loopbackAliases: boolean): string[] {
  const url = new URL(publicUrl);
  const origins = new Set([url.origin]);
  if (loopbackAliases) {
    const ports = new Set([String(port)]);
    if (LOOPBACK_HOSTS.includes(url.hostname)) ports.add(url.port || (url.protocol === 'https:' ? '443' : '80'));
    for (const host of LOOPBACK_HOSTS) {
      for (const p of ports)
        origins.add(new URL(`${LOOPBACK_HOSTS.includes(url.hostname) ? url.protocol : 'http:'}//${host}:${p}`).origin);
    }
  }
  return [...origins];
}

function authSecretFor(env: string, given: string | undefined, dataDir: string): string {
  if (given) return given;
  if (env === 'production')
    throw new ConfigError('Invalid configuration:\n  AUTH_SECRET: required in production (32+ characters)');
  // Outside production a secret is generated once and kept, so sessions survive restarts.
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const STRIPE_KEYS = 'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET';

/**
 * Stripe when asked for or when its keys are set; the sandbox outside production. In production the
 * sandbox is never a fallback: a missing key would otherwise let a test card "pay" real orders, so the
 * start stops unless the sandbox was chosen on purpose.
 */
function paymentProviderFor(env: string, chosen: 'stripe' | 'sandbox' | undefined, hasStripe: boolean): 'stripe' | 'sandbox' {
  if (chosen === 'stripe' && !hasStripe) {
    throw new ConfigError(`Invalid configuration:\n  PAYMENT_PROVIDER: stripe needs ${STRIPE_KEYS}`);
  }
  if (chosen) return chosen;
  if (hasStripe) return 'stripe';
  if (env === 'production') {
    throw new ConfigError(
      `Invalid configuration:\n  PAYMENT_PROVIDER: in production set ${STRIPE_KEYS} to take real payments, ` +
        'or PAYMENT_PROVIDER=sandbox to run on purpose without them (every page then says that no real payments are taken)',
    );
  }
  return 'sandbox';
}

export function loadConfig(source: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) throw new ConfigError(`Invalid configuration:\n${describeIssues(parsed.error)}`);
  const e = parsed.data;

  const dataDir = path.resolve(e.DATA_DIR);
  const bothOrNone = (names: string[]) => {
    const set = names.filter((n) => source[n]?.trim());
    if (set.length > 0 && set.length < names.length) {
      const missing = names.filter((n) => !set.includes(n));
      throw new ConfigError(`Invalid configuration:\n  ${missing.join(', ')}: required when ${set.join(', ')} is set`);
    }
    return set.length === names.length;
  };
  const hasGoogle = bothOrNone(['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET']);
  const hasStripe = bothOrNone(['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']);
  const paymentProvider = paymentProviderFor(e.NODE_ENV, e.PAYMENT_PROVIDER, hasStripe);
  const hasS3 = bothOrNone(['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']);
  if (!hasS3 && e.S3_PUBLIC_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_PUBLIC_URL: needs S3_ENDPOINT, S3_BUCKET and the S3 keys (uploads on disk are served by the shop)',
    );
  }

  const demoMode = e.DEMO_MODE ?? e.NODE_ENV !== 'production';
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const config: Config = {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    shopOrigins: shopOriginsFor(publicUrl, e.PORT, demoMode || e.PUBLIC_URL === undefined),
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'gearhouse.sqlite') },
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
    },
    demoMode,
    authSecret: authSecretFor(e.NODE_ENV, e.AUTH_SECRET, dataDir),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    google: hasGoogle
      ? { clientId: e.GOOGLE_CLIENT_ID!, clientSecret: e.GOOGLE_CLIENT_SECRET!, discoveryUrl: e.GOOGLE_DISCOVERY_URL }
      : undefined,
    stripe:
      paymentProvider === 'stripe'
        ? { secretKey: e.STRIPE_SECRET_KEY!, publishableKey: e.STRIPE_PUBLISHABLE_KEY!, webhookSecret: e.STRIPE_WEBHOOK_SECRET! }
        : undefined,
    paymentProvider,
    paymentsTestMode: paymentProvider === 'sandbox' && (e.NODE_ENV === 'production' || !demoMode),
    orderPaymentWindowHours: e.ORDER_PAYMENT_WINDOW_HOURS,
    maxUnpaidOrders: e.MAX_UNPAID_ORDERS,
    maxUnpaidValueCents: e.MAX_UNPAID_VALUE * 100,
    // On in production, where anyone on the internet can sign up; off in demo mode, whose accounts are shared.
    requireVerifiedEmail: e.REQUIRE_VERIFIED_EMAIL ?? (e.NODE_ENV === 'production' && !demoMode),
    logLevel: e.LOG_LEVEL,
    // Outside production no load balancer waits on readiness, and a reload should not wait 5 s.
    shutdown: {
      graceMs: (e.SHUTDOWN_GRACE_SECONDS ?? (e.NODE_ENV === 'production' ? 5 : 0)) * 1000,
      timeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    },
    metricsToken: e.METRICS_TOKEN,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    apiKeyRateLimitPerMinute: e.API_KEY_RATE_LIMIT_PER_MINUTE,
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    rendersPerClientPerMinute: e.RENDERS_PER_CLIENT_PER_MINUTE,
    responseCacheTtlMs: e.RESPONSE_CACHE_SECONDS * 1000,
    social: Object.fromEntries(
      Object.entries({
        facebook: e.SOCIAL_FACEBOOK_URL,
        instagram: e.SOCIAL_INSTAGRAM_URL,
        x: e.SOCIAL_X_URL,
        youtube: e.SOCIAL_YOUTUBE_URL,
        linkedin: e.SOCIAL_LINKEDIN_URL,
      }).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : undefined,
    redisBreaker: {
      commandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS,
      failuresToOpen: e.REDIS_BREAKER_FAILURES,
      coolDownMs: e.REDIS_BREAKER_COOLDOWN_SECONDS * 1000,
    },
    trustProxy: e.TRUST_PROXY,
    uploadsDir: path.join(dataDir, 'uploads'),
    s3: hasS3
      ? {
          endpoint: e.S3_ENDPOINT!,
          bucket: e.S3_BUCKET!,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? true,
          publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
        }
      : undefined,
    webDistDir: path.resolve('dist/web'),
    ...overrides,
  };
  return Object.freeze(config);
}
