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

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: process.env.CI === 'true',
  timeout: 30_000,
  expect: { timeout: 7_000 },
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
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
