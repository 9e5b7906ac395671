import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
    expect(Object.isFrozen(config)).toBe(true);
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
      DATABASE_URL: 'postgres://shop@db/shop',
      PUBLIC_URL: 'https://parts.example/',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://shop@db/shop' });
    expect(config.demoMode).toBe(false);
    expect(config.publicUrl).toBe('https://parts.example');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DEMO_MODE: 'maybe' }, 'DEMO_MODE'],
    [{ PUBLIC_URL: 'shop.example' }, 'PUBLIC_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ AUTH_RATE_LIMIT_PER_MINUTE: '0' }, 'AUTH_RATE_LIMIT_PER_MINUTE'],
    [{ ORDER_PAYMENT_WINDOW_HOURS: '-1' }, 'ORDER_PAYMENT_WINDOW_HOURS'],
    [{ NODE_ENV: 'production' }, 'AUTH_SECRET'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ GOOGLE_CLIENT_ID: 'id-only' }, 'GOOGLE_CLIENT_SECRET'],
    [{ STRIPE_SECRET_KEY: 'sk_test_x' }, 'STRIPE_PUBLISHABLE_KEY'],
  ])('stops on %j with a message naming %s', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(name);
  });
});
