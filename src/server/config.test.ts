import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const S3_ENV = {
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_BUCKET: 'pictures',
  S3_ACCESS_KEY_ID: 'minio',
  S3_SECRET_ACCESS_KEY: 'minio-secret',
};

const dir = mkdtempSync(path.join(os.tmpdir(), 'gearhouse-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('defaults to the embedded shop: SQLite in DATA_DIR, demo mode, port 3000', () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ kind: 'sqlite', file: path.join(dir, 'gearhouse.sqlite') });
    expect(config.demoMode).toBe(true);
    expect(config.orderPaymentWindowHours).toBe(48);
    expect(config.google).toBeUndefined();
    expect(config.stripe).toBeUndefined();
    expect(config.s3).toBeUndefined();
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('keeps public answers a second unless RESPONSE_CACHE_SECONDS says otherwise; 0 keeps none', () => {
    expect(loadConfig({ DATA_DIR: dir }).responseCacheTtlMs).toBe(1000);
    expect(loadConfig({ DATA_DIR: dir, RESPONSE_CACHE_SECONDS: '30' }).responseCacheTtlMs).toBe(30_000);
    expect(loadConfig({ DATA_DIR: dir, RESPONSE_CACHE_SECONDS: '0' }).responseCacheTtlMs).toBe(0);
  });

  it('generates an auth secret once outside production and keeps it', () => {
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
  });

  it('switches to PostgreSQL with DATABASE_URL and turns demo mode off in production', () => {
    const config = loadConfig({
      DATA_DIR: dir,
      NODE_ENV: 'production',
      AUTH_SECRET: 'a'.repeat(40),
      PAYMENT_PROVIDER: 'sandbox',
      DATABASE_URL: 'postgres://shop@db/shop',
      PUBLIC_URL: 'https://parts.example/',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://shop@db/shop' });
    expect(config.demoMode).toBe(false);
    expect(config.publicUrl).toBe('https://parts.example');
  });

  it('bounds the waits on PostgreSQL: 5 s for a connection and 10 s for a statement unless told', () => {
    expect(loadConfig({ DATA_DIR: dir }).databaseTimeouts).toEqual({ connectMs: 5000, statementMs: 10_000 });
    const told = loadConfig({ DATA_DIR: dir, DATABASE_CONNECT_TIMEOUT_SECONDS: '2', DATABASE_STATEMENT_TIMEOUT_SECONDS: '0.5' });
    expect(told.databaseTimeouts).toEqual({ connectMs: 2000, statementMs: 500 });
  });

  it('stores uploads in an S3-compatible bucket when its address, name and keys are all set', () => {
    expect(loadConfig({ DATA_DIR: dir, ...S3_ENV }).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'pictures',
      region: 'us-east-1',
      accessKeyId: 'minio',
      secretAccessKey: 'minio-secret',
      forcePathStyle: true,
      publicUrl: undefined,
    });
    const aws = loadConfig({
      DATA_DIR: dir,
      ...S3_ENV,
      S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com',
      S3_REGION: 'eu-central-1',
      S3_FORCE_PATH_STYLE: 'false',
      S3_PUBLIC_URL: 'https://cdn.example/pictures/',
    }).s3;
    expect(aws).toMatchObject({ region: 'eu-central-1', forcePathStyle: false, publicUrl: 'https://cdn.example/pictures' });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_CONNECT_TIMEOUT_SECONDS: '0' }, 'DATABASE_CONNECT_TIMEOUT_SECONDS'],
    [{ DATABASE_STATEMENT_TIMEOUT_SECONDS: 'soon' }, 'DATABASE_STATEMENT_TIMEOUT_SECONDS'],
    [{ DEMO_MODE: 'maybe' }, 'DEMO_MODE'],
    [{ PUBLIC_URL: 'shop.example' }, 'PUBLIC_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ AUTH_RATE_LIMIT_PER_MINUTE: '0' }, 'AUTH_RATE_LIMIT_PER_MINUTE'],
    [{ RENDERS_PER_CLIENT_PER_MINUTE: '0' }, 'RENDERS_PER_CLIENT_PER_MINUTE'],
    [{ RESPONSE_CACHE_SECONDS: '-1' }, 'RESPONSE_CACHE_SECONDS'],
    [{ RESPONSE_CACHE_SECONDS: 'off' }, 'RESPONSE_CACHE_SECONDS'],
    [{ ORDER_PAYMENT_WINDOW_HOURS: '-1' }, 'ORDER_PAYMENT_WINDOW_HOURS'],
    [{ MAX_UNPAID_ORDERS: '0' }, 'MAX_UNPAID_ORDERS'],
    [{ MAX_UNPAID_ORDERS: '2.5' }, 'MAX_UNPAID_ORDERS'],
    [{ MAX_UNPAID_ORDERS: 'many' }, 'MAX_UNPAID_ORDERS'],
    [{ MAX_UNPAID_VALUE: '0' }, 'MAX_UNPAID_VALUE'],
    [{ MAX_UNPAID_VALUE: '9999.50' }, 'MAX_UNPAID_VALUE'],
    [{ MAX_UNPAID_VALUE: '$10,000' }, 'MAX_UNPAID_VALUE'],
    [{ MAX_UNPAID_VALUE: '1000000001' }, 'MAX_UNPAID_VALUE'],
    [{ REQUIRE_VERIFIED_EMAIL: 'sometimes' }, 'REQUIRE_VERIFIED_EMAIL'],
    [{ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' }, 'AUTH_SECRET'],
    [{ PAYMENT_PROVIDER: 'paypal' }, 'PAYMENT_PROVIDER'],
    [{ PAYMENT_PROVIDER: 'stripe' }, 'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ GOOGLE_CLIENT_ID: 'id-only' }, 'GOOGLE_CLIENT_SECRET'],
    [{ STRIPE_SECRET_KEY: 'sk_test_x' }, 'STRIPE_PUBLISHABLE_KEY'],
    [{ S3_BUCKET: 'pictures' }, 'S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY'],
    [{ ...S3_ENV, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ ...S3_ENV, S3_BUCKET: 'Pictures_2026' }, 'S3_BUCKET'],
    [{ ...S3_ENV, S3_PUBLIC_URL: 'cdn.example' }, 'S3_PUBLIC_URL'],
    [{ ...S3_ENV, S3_FORCE_PATH_STYLE: 'sometimes' }, 'S3_FORCE_PATH_STYLE'],
    [{ S3_PUBLIC_URL: 'https://cdn.example' }, 'S3_PUBLIC_URL'],
  ])('stops on %j with a message naming %s', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(name);
  });
});

describe('loadConfig: what holds stock', () => {
  const production = { DATA_DIR: dir, NODE_ENV: 'production', AUTH_SECRET: 'a'.repeat(40), PAYMENT_PROVIDER: 'sandbox' };

  it('lets a customer hold 3 unpaid orders by default, or MAX_UNPAID_ORDERS', () => {
    expect(loadConfig({ DATA_DIR: dir }).maxUnpaidOrders).toBe(3);
    expect(loadConfig({ DATA_DIR: dir, MAX_UNPAID_ORDERS: '10' }).maxUnpaidOrders).toBe(10);
  });

  it('lets unpaid orders come to $10,000 together by default, or MAX_UNPAID_VALUE whole dollars, held in cents', () => {
    expect(loadConfig({ DATA_DIR: dir }).maxUnpaidValueCents).toBe(1_000_000);
    expect(loadConfig({ DATA_DIR: dir, MAX_UNPAID_VALUE: '25000' }).maxUnpaidValueCents).toBe(2_500_000);
  });

  it('asks for a verified address in production, not in demo mode or outside production, unless told', () => {
    expect(loadConfig(production).requireVerifiedEmail).toBe(true);
    expect(loadConfig({ ...production, DEMO_MODE: 'true' }).requireVerifiedEmail).toBe(false);
    expect(loadConfig({ DATA_DIR: dir }).requireVerifiedEmail).toBe(false);
    expect(loadConfig({ ...production, REQUIRE_VERIFIED_EMAIL: 'false' }).requireVerifiedEmail).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, REQUIRE_VERIFIED_EMAIL: 'true' }).requireVerifiedEmail).toBe(true);
  });
});

describe('loadConfig: who takes the payments', () => {
  const production = { DATA_DIR: dir, NODE_ENV: 'production', AUTH_SECRET: 'a'.repeat(40) };
  const stripeKeys = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

  it('refuses to start in production without Stripe, naming the variables, instead of falling back to the sandbox', () => {
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(
      /PAYMENT_PROVIDER: in production set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET.*PAYMENT_PROVIDER=sandbox/,
    );
  });

  it('takes real payments with Stripe in production, and says nothing of test mode', () => {
    const config = loadConfig({ ...production, ...stripeKeys });
    expect(config.paymentProvider).toBe('stripe');
    expect(config.stripe?.secretKey).toBe('sk_live_x');
    expect(config.paymentsTestMode).toBe(false);
  });

  it('runs the sandbox in production only when asked, and then every page says so', () => {
    const config = loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox' });
    expect(config.paymentProvider).toBe('sandbox');
    expect(config.stripe).toBeUndefined();
    expect(config.paymentsTestMode).toBe(true);
    // Chosen on purpose, it wins over keys that happen to be set.
    expect(loadConfig({ ...production, ...stripeKeys, PAYMENT_PROVIDER: 'sandbox' }).stripe).toBeUndefined();
  });

  it('uses the sandbox quietly in a demo, and says so in a shop that is not one', () => {
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({ paymentProvider: 'sandbox', paymentsTestMode: false });
    expect(loadConfig({ DATA_DIR: dir, DEMO_MODE: 'false' })).toMatchObject({
      paymentProvider: 'sandbox',
      paymentsTestMode: true,
    });
    expect(loadConfig({ DATA_DIR: dir, ...stripeKeys }).paymentProvider).toBe('stripe');
  });
});

describe('loadConfig: shared services', () => {
  it('takes REDIS_URL (redis:// or rediss://) with a key prefix, and leaves Redis off without it', () => {
    expect(loadConfig({ DATA_DIR: dir }).redis).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, REDIS_URL: 'rediss://cache.internal:6380/2' }).redis).toEqual({
      url: 'rediss://cache.internal:6380/2',
      prefix: 'gearhouse-',
    });
    expect(loadConfig({ DATA_DIR: dir, REDIS_URL: 'redis://r', REDIS_PREFIX: 'shop-a:' }).redis?.prefix).toBe('shop-a:');
    expect(() => loadConfig({ DATA_DIR: dir, REDIS_URL: 'http://cache.internal' })).toThrow(
      /REDIS_URL: must start with redis:\/\/ or rediss:\/\//,
    );
    expect(() => loadConfig({ DATA_DIR: dir, REDIS_URL: 'redis://r', REDIS_PREFIX: 'has space' })).toThrow(/REDIS_PREFIX/);
  });

  it('bounds the wait on Redis: a command timeout, and a breaker of so many failures in a row and a cool-down', () => {
    expect(loadConfig({ DATA_DIR: dir }).redisBreaker).toEqual({ commandTimeoutMs: 150, failuresToOpen: 5, coolDownMs: 15_000 });
    expect(
      loadConfig({
        DATA_DIR: dir,
        REDIS_COMMAND_TIMEOUT_MS: '200',
        REDIS_BREAKER_FAILURES: '3',
        REDIS_BREAKER_COOLDOWN_SECONDS: '30',
      }).redisBreaker,
    ).toEqual({ commandTimeoutMs: 200, failuresToOpen: 3, coolDownMs: 30_000 });
    expect(() => loadConfig({ DATA_DIR: dir, REDIS_COMMAND_TIMEOUT_MS: '0.5' })).toThrow(
      /REDIS_COMMAND_TIMEOUT_MS: must be a whole number of milliseconds/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, REDIS_BREAKER_FAILURES: '0' })).toThrow(/REDIS_BREAKER_FAILURES: must be 1 or more/);
    expect(() => loadConfig({ DATA_DIR: dir, REDIS_BREAKER_COOLDOWN_SECONDS: 'soon' })).toThrow(
      /REDIS_BREAKER_COOLDOWN_SECONDS: must be a number of seconds/,
    );
  });

  it('reads TRUST_PROXY as off, on, a number of proxy hops, or a list of proxy addresses and CIDR ranges', () => {
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      '::1',
      'loopback',
    ]);
  });

  it('names TRUST_PROXY and the bad entry when it is not one of those', () => {
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.0/8,proxy.internal' })).toThrow(
      /TRUST_PROXY: .*not one: proxy\.internal/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: '11' })).toThrow(/TRUST_PROXY: a hop count must be 1 to 10/);
  });
});

describe('loadConfig: stopping a node', () => {
  const production = { DATA_DIR: dir, NODE_ENV: 'production', AUTH_SECRET: 'a'.repeat(40), PAYMENT_PROVIDER: 'sandbox' };

  it('serves 5 s past SIGTERM in production and none elsewhere, then gives requests 10 s, unless told', () => {
    expect(loadConfig(production).shutdown).toEqual({ graceMs: 5000, timeoutMs: 10_000 });
    expect(loadConfig({ DATA_DIR: dir }).shutdown).toEqual({ graceMs: 0, timeoutMs: 10_000 });
    expect(loadConfig({ ...production, SHUTDOWN_GRACE_SECONDS: '0', SHUTDOWN_TIMEOUT_SECONDS: '2.5' }).shutdown).toEqual({
      graceMs: 0,
      timeoutMs: 2500,
    });
    expect(() => loadConfig({ DATA_DIR: dir, SHUTDOWN_GRACE_SECONDS: 'soon' })).toThrow(
      /SHUTDOWN_GRACE_SECONDS: must be a number of seconds/,
    );
  });
});
