import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/chromium';

/**
 * e2e runs the production build (`npm run build` first) on a free port with a fresh data folder,
 * in Debian's Chromium. The port and folder are chosen once and handed to workers through the env.
 */
if (!existsSync(CHROMIUM_PATH)) {
  throw new Error(`Chromium not found at ${CHROMIUM_PATH}. Install it with: apt-get install -y chromium`);
}

/** Free ports, found by a child process because the config is loaded synchronously. */
function freePorts(count: number): number[] {
  const script = `const net=require('net');const s=[];let n=${count};for(let i=0;i<${count};i++){const x=net.createServer().listen(0,'127.0.0.1',()=>{s.push(x);if(--n===0){console.log(s.map(y=>y.address().port).join(','));s.forEach(y=>y.close())}})}`;
  return spawnSync(process.execPath, ['-e', script]).stdout.toString().trim().split(',').map(Number);
}

if (!process.env.E2E_PORT) {
  const [shop, oidc, smtp] = freePorts(3);
  process.env.E2E_PORT = String(shop);
  process.env.E2E_OIDC_PORT = String(oidc);
  process.env.E2E_SMTP_PORT = String(smtp);
  process.env.E2E_DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'gearhouse-e2e-'));
}
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

/**
 * One shop serves both workers, so the specs run in rounds.
 *
 * First, on both workers and test by test, the specs that use the shop without changing what others
 * see: accounts, orders, carts and vehicles of their own, the demo data only read. (The shop's sign-in
 * limit, AUTH_RATE_LIMIT_PER_MINUTE in e2e/support/start-shop.ts, leaves room for both workers.)
 *
 * Then ALONE, one spec at a time: those that change what every spec sees, or assert on what others
 * would change beside them.
 * - the flash deal's settings (catalogue, keyboard's admin walk, walkthrough-deal);
 * - parts added and deleted: other specs book "the newest part with stock", and the landing page shows
 *   the newest six (cart, catalogue, categories, keyboard, overview, security, vehicles,
 *   walkthrough-not-found, walkthrough-orders, walkthrough-stock);
 * - reviews added: the landing page and /reviews show the newest first (catalogue, keyboard, security);
 * - a demo part's stock to the unit (orders, manage-orders), the newest reviews and parts (landing),
 *   shop-wide totals and best sellers (overview, walkthrough-stock), the first page of the admin's
 *   orders and inbox (keyboard, security, walkthrough-orders);
 * - the tax table and the countries delivered to (tax-and-delivery);
 * - a part added and deleted, and the first page of the admin's orders and companies (trade-accounts);
 * - the demo brake parts' fitments, widened by the sample ACES file (catalogue-import).
 * - parts added, one archived by replacing its number (supersessions).
 * - a demo part's stock, a credit note and the first page of the admin's orders and returns (returns).
 * Beside them, on the second worker, OWN_SHOPS: specs that start shops of their own and never use the
 * shared one, so nothing they do reaches the other specs.
 *
 * Last, on its own, two-nodes: it also starts its own shops, but its rush of bookings is split across
 * its two nodes and it expects each to take some, which a browser test beside it can starve.
 */
const ALONE = [
  'cart',
  'catalogue',
  'catalogue-import',
  'categories',
  'keyboard',
  'landing',
  'manage-orders',
  'orders',
  'overview',
  'returns',
  'security',
  'supersessions',
  'tax-and-delivery',
  'trade-accounts',
  'vehicles',
  'walkthrough-deal',
  'walkthrough-not-found',
  'walkthrough-orders',
  'walkthrough-stock',
].map((name) => `${name}.spec.ts`);
const OWN_SHOPS = ['payments-test-mode', 'reliability'].map((name) => `${name}.spec.ts`);
const LAST = ['two-nodes.spec.ts'];
const desktopChrome = { ...devices['Desktop Chrome'], channel: undefined };

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  workers: 2,
  retries: 0,
  forbidOnly: process.env.CI === 'true',
  // Bounds for a hung test or a check that never holds, not for how long a test should take: on a
  // shared 2-core machine running at half its usual speed, walkthroughs that take 12 s on a quiet day
  // take over 30. Tests that set their own bound double it too.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  // A project that depends on another runs after it, and is skipped when one of its tests failed.
  projects: [
    { name: 'shared', use: desktopChrome, testIgnore: [...ALONE, ...OWN_SHOPS, ...LAST], fullyParallel: true, workers: 2 },
    { name: 'alone', use: desktopChrome, testMatch: ALONE, dependencies: ['shared'], workers: 1 },
    { name: 'own-shops', use: desktopChrome, testMatch: OWN_SHOPS, dependencies: ['shared'], workers: 1 },
    { name: 'last', use: desktopChrome, testMatch: LAST, dependencies: ['alone', 'own-shops'], workers: 1 },
  ],
  webServer: {
    // The shop plus a local OpenID provider (as Google) and SMTP server: e2e/support/start-shop.ts.
    command: 'node --import tsx e2e/support/start-shop.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
  },
});
