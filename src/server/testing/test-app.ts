import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp } from '../app';
import { type Clock, fixedClock } from '../clock';
import { type Config, loadConfig } from '../config';
import { LocalDiskStorage, type ObjectStorage } from '../modules/uploads';
import type { AbuseLimits } from '../modules/users';
import type { LogTarget } from '../log';
import { type CapturingMailer, capturingMailer } from './mail';
import { type Engine, type TestDatabase, availableEngines, createTestDatabase } from './test-database';

export const TEST_NOW = '2026-06-15T12:00:00.000Z';

/**
 * Unpaid orders a test customer may hold: high enough that no test trips the cap by accident (most
 * book many orders and pay few); the cap's own tests pass the real default (`maxUnpaidOrders`).
 */
export const RELAXED_MAX_UNPAID_ORDERS = 1_000_000;

/**
 * What a test customer's unpaid orders may come to, in whole dollars (MAX_UNPAID_VALUE): as high as the
 * setting goes, for the same reason; the cap's own tests pass the real one (`maxUnpaidValueCents`).
 */
export const RELAXED_MAX_UNPAID_VALUE = 1_000_000_000;

export function testConfig(dir: string, overrides: Partial<Config> = {}): Config {
  return loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dir,
      AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
      LOG_LEVEL: 'silent',
      MAX_UNPAID_ORDERS: String(RELAXED_MAX_UNPAID_ORDERS),
      MAX_UNPAID_VALUE: String(RELAXED_MAX_UNPAID_VALUE),
    },
    { webDistDir: undefined, ...overrides },
  );
}

export interface TestContext {
  engine: Engine;
  app: FastifyInstance;
  database: TestDatabase;
  clock: ReturnType<typeof fixedClock>;
  storage: ObjectStorage;
  config: Config;
  mailer: CapturingMailer;
}

/** High enough that no test trips them by accident; the abuse tests pass the real ones. */
export const RELAXED_ABUSE_LIMITS: AbuseLimits = {
  signIn: 10_000,
  signUp: 10_000,
  passwordReset: 10_000,
  uploads: 10_000,
  messages: 10_000,
};

/**
 * Runs a block of API tests once per engine, each against a fresh database and app of its own.
 * The context is filled in `beforeAll`; read it inside tests, not at describe time.
 */
export function describeOnEachEngine(
  title: string,
  body: (ctx: TestContext) => void,
  options: {
    /** Read when the app is built (in `beforeAll`), so it may use values a file's own `beforeAll` set up. */
    config?: Partial<Config> | (() => Partial<Config>);
    /** Send mail the way the config says (SMTP or outbox) instead of capturing it in `ctx.mailer`. */
    configuredMailer?: boolean;
    /** Off by default, so a test's direct database writes show at once; cache tests turn it on. */
    responseCacheTtlMs?: number;
    /** Relaxed by default; rate-limit tests pass the real ones. */
    abuseLimits?: Partial<AbuseLimits>;
    /** Off by default: tests run a sweep of unpaid orders with `ctx.app.orderExpiry.sweep()`. */
    orderSweepIntervalMs?: number;
    /**
     * Off by default: the mail outbox is sent on the wake after each commit that wrote mail, and when a
     * test calls `ctx.app.mailOutbox.drain()`, never behind a test's back.
     */
    mailDispatchIntervalMs?: number;
    /** Local disk in the database's folder by default; S3 tests pass a bucket (`startS3Server`). */
    storage?: (ctx: TestContext) => ObjectStorage;
    /** Pino options (a `level` and a `stream` to read the lines back); no logging by default. */
    logger?: LogTarget;
    /** The engines a behaviour exists on (PostgreSQL's deadlocks); every available one by default. */
    engines?: Engine[];
  } = {},
): void {
  for (const engine of availableEngines().filter((e) => options.engines?.includes(e) ?? true)) {
    describe(`${title} [${engine}]`, () => {
      const ctx = { engine } as TestContext;
      beforeAll(async () => {
        ctx.database = await createTestDatabase(engine);
        ctx.clock = fixedClock(TEST_NOW);
        ctx.config = testConfig(ctx.database.dir, typeof options.config === 'function' ? options.config() : options.config);
        ctx.storage = options.storage?.(ctx) ?? new LocalDiskStorage(path.join(ctx.database.dir, 'uploads'));
        ctx.mailer = capturingMailer();
        ctx.app = await buildApp(ctx.config, {
          database: ctx.database,
          clock: ctx.clock as Clock,
          storage: ctx.storage,
          logger: options.logger ?? false,
          responseCacheTtlMs: options.responseCacheTtlMs ?? 0,
          mailer: options.configuredMailer ? undefined : ctx.mailer,
          abuseLimits: { ...RELAXED_ABUSE_LIMITS, ...options.abuseLimits },
          orderSweepIntervalMs: options.orderSweepIntervalMs ?? 0,
          mailDispatchIntervalMs: options.mailDispatchIntervalMs ?? 0,
        });
        await ctx.app.ready();
      });
      afterAll(async () => {
        await ctx.app?.close();
        await ctx.database?.drop();
      });
      body(ctx);
    });
  }
}
