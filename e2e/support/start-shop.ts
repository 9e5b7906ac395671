// The e2e "world": a local OpenID provider (as Google), an SMTP server, and the built shop wired to
// both. Playwright starts this as its web server and stops it with SIGTERM.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { OIDC_CLIENT, startIdentityProvider } from './identity-provider';
import { startMailSink } from './mail-sink';

const required = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (playwright.config.ts sets it)`);
  return value;
};

const shopPort = Number(required('E2E_PORT'));
const dataDir = required('E2E_DATA_DIR');
const shopUrl = `http://127.0.0.1:${shopPort}`;
const identity = await startIdentityProvider(Number(required('E2E_OIDC_PORT')), shopUrl);
const mail = await startMailSink(Number(required('E2E_SMTP_PORT')), path.join(dataDir, 'smtp-inbox'));

const shop = spawn(process.execPath, ['dist/server/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(shopPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: shopUrl,
    DATA_DIR: dataDir,
    DEMO_MODE: 'true',
    LOG_LEVEL: 'warn',
    SMTP_URL: `smtp://127.0.0.1:${required('E2E_SMTP_PORT')}`,
    GOOGLE_CLIENT_ID: OIDC_CLIENT.id,
    GOOGLE_CLIENT_SECRET: OIDC_CLIENT.secret,
    GOOGLE_DISCOVERY_URL: `${identity.issuer}/.well-known/openid-configuration`,
    // The suite drives many requests from one address; the limits themselves are tested in the API suite.
    RATE_LIMIT_PER_MINUTE: '100000',
    RENDERS_PER_CLIENT_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    // The footer's social icons: four networks configured, LinkedIn left unset (its icon hidden).
    SOCIAL_FACEBOOK_URL: 'https://www.facebook.com/gearhouse',
    SOCIAL_INSTAGRAM_URL: 'https://www.instagram.com/gearhouse',
    SOCIAL_X_URL: 'https://x.com/gearhouse',
    SOCIAL_YOUTUBE_URL: 'https://www.youtube.com/@gearhouse',
    // Specs book many orders as the demo customer and leave most unpaid; the caps have their own API tests.
    MAX_UNPAID_ORDERS: '1000',
    MAX_UNPAID_VALUE: '1000000000',
  },
});

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(code), 3000).unref();
  shop.kill('SIGTERM');
  await Promise.all([identity.close(), mail.close()]);
  process.exit(code);
}
shop.once('exit', (code) => void stop(code ?? 1));
process.once('SIGTERM', () => void stop(0));
process.once('SIGINT', () => void stop(0));
