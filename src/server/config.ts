import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env (ARCHITECTURE.md). Validated once, frozen, passed down as a value.
 * The names are part of the product (PRODUCT.md section 9).
 */
const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((text) => ['true', '1', 'yes'].includes(text));

const optionalText = z
  .string()
  .optional()
  .transform((text) => (text === undefined || text.trim() === '' ? undefined : text.trim()));

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
  ORDER_PAYMENT_WINDOW_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .positive()
    .max(24 * 365)
    .default(48),
  RATE_LIMIT_PER_MINUTE: z.coerce.number({ error: 'must be a whole number' }).int().positive().default(600),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number({ error: 'must be a whole number' }).int().positive().default(5),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  readonly env: 'development' | 'production' | 'test';
  readonly port: number;
  readonly host: string;
  readonly publicUrl: string;
  readonly dataDir: string;
  readonly database: { readonly kind: 'sqlite'; readonly file: string } | { readonly kind: 'postgres'; readonly url: string };
  readonly demoMode: boolean;
  readonly authSecret: string;
  readonly mail: { readonly smtpUrl: string | undefined; readonly from: string; readonly outboxDir: string };
  readonly google: { readonly clientId: string; readonly clientSecret: string; readonly discoveryUrl: string } | undefined;
  readonly stripe: { readonly secretKey: string; readonly publishableKey: string; readonly webhookSecret: string } | undefined;
  readonly orderPaymentWindowHours: number;
  readonly logLevel: string;
  /** Requests a minute per client on ordinary routes (sign-in and uploads have their own, tighter limits). */
  readonly rateLimitPerMinute: number;
  /** Sign-in, sign-up and password-reset attempts a minute per client. */
  readonly authRateLimitPerMinute: number;
  readonly uploadsDir: string;
  /** Where the built web app lives; absent in API-only tests. */
  readonly webDistDir: string | undefined;
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

  const config: Config = {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'gearhouse.sqlite') },
    demoMode: e.DEMO_MODE ?? e.NODE_ENV !== 'production',
    authSecret: authSecretFor(e.NODE_ENV, e.AUTH_SECRET, dataDir),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    google: hasGoogle
      ? { clientId: e.GOOGLE_CLIENT_ID!, clientSecret: e.GOOGLE_CLIENT_SECRET!, discoveryUrl: e.GOOGLE_DISCOVERY_URL }
      : undefined,
    stripe: hasStripe
      ? { secretKey: e.STRIPE_SECRET_KEY!, publishableKey: e.STRIPE_PUBLISHABLE_KEY!, webhookSecret: e.STRIPE_WEBHOOK_SECRET! }
      : undefined,
    orderPaymentWindowHours: e.ORDER_PAYMENT_WINDOW_HOURS,
    logLevel: e.LOG_LEVEL,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    uploadsDir: path.join(dataDir, 'uploads'),
    webDistDir: path.resolve('dist/web'),
    ...overrides,
  };
  return Object.freeze(config);
}
