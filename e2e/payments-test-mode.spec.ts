// Who takes the payments in production: Stripe, or the sandbox only when the operator chose it, and
// then every page says that no real payments are taken. Runs the built server as production runs it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../src/server/testing/test-env';
import { ShopProcess, missingFor } from './support/reliability';

const BANNER = 'Test mode: no real payments are taken';

test('a production start without Stripe keys is refused, naming the variables to set', async () => {
  const missing = await missingFor('sqlite');
  test.skip(missing !== undefined, missing);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gearhouse-payments-'));
  try {
    const inherited = { ...process.env };
    for (const name of [
      'DATABASE_URL',
      'PAYMENT_PROVIDER',
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ])
      delete inherited[name];
    const child = spawn(process.execPath, ['dist/server/main.js'], {
      env: {
        ...inherited,
        NODE_ENV: 'production',
        AUTH_SECRET: 'payments-test-secret-0123456789-abcdefghij',
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('PAYMENT_PROVIDER');
    expect(output).toContain('STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET');
    expect(output).not.toContain('Gearhouse is open');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test.describe('the sandbox chosen on purpose in production', () => {
  let shop: ShopProcess;

  test.beforeAll(async () => {
    const missing = await missingFor('sqlite');
    test.skip(missing !== undefined, missing);
    test.setTimeout(180_000);
    // ShopProcess runs NODE_ENV=production with PAYMENT_PROVIDER=sandbox.
    shop = await ShopProcess.create('sqlite');
    await shop.start();
  });

  test.afterAll(async () => {
    await shop?.destroy();
  });

  for (const width of [390, 1280]) {
    test(`every page says so, at ${width} px`, async ({ browser }) => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      for (const pagePath of ['/', '/part', '/reviews', '/blogs', '/login', '/signup', '/no-such-page']) {
        await page.goto(`${shop.url}${pagePath}`);
        await expect(page.getByRole('status').filter({ hasText: BANNER }), pagePath).toBeVisible();
      }
      await page.close();
    });
  }
});
