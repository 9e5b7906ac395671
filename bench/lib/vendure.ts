// Vendure for the bench: set up in bench/peers/vendure (a project of its own, which the shop's install
// leaves alone), started on a copy of its sample catalogue, and driven as its storefronts drive it.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { TEST_ADDRESS, TEST_PHONE } from '../../src/server/testing/booking';
import { freePort } from '../../src/server/testing/test-env';
import { LOAD_HEADERS } from './load';

const PEER_DIR = path.join(import.meta.dirname, '..', 'peers', 'vendure');
const POPULATED = path.join(PEER_DIR, 'data', 'vendure.sqlite');
const INSTALLED = path.join(PEER_DIR, 'node_modules', '.package-lock.json');

/** Why the peer could not be measured: not installed (a whole run skips it), or it failed to install or start. */
export class PeerUnavailable extends Error {}

const mtime = (file: string) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const newest = (dir: string) =>
  Math.max(0, ...readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((name) => mtime(path.join(dir, name))));
const lastLines = (text: string) => text.trim().split('\n').slice(-15).join('\n');

/** Whether the peer is installed and its catalogue populated: what a whole run needs to measure it. */
export function peerInstalled(): boolean {
  return existsSync(INSTALLED) && existsSync(POPULATED);
}

/** One set-up step in the peer's folder, with the time it took; its output is shown only when it fails. */
function step(label: string, command: string, args: string[], env: Record<string, string> = {}): void {
  const started = performance.now();
  process.stdout.write(`  ${label}… `);
  try {
    execFileSync(command, args, { cwd: PEER_DIR, env: { ...process.env, ...env }, stdio: 'pipe', maxBuffer: 64 << 20 });
  } catch (error) {
    const failed = error as { stdout?: Buffer; stderr?: Buffer; message: string };
    console.log('failed');
    const output = `${failed.stdout?.toString() ?? ''}${failed.stderr?.toString() ?? ''}`;
    throw new PeerUnavailable(`${label} failed: ${failed.message.split('\n')[0]}\n${lastLines(output)}`);
  }
  console.log(`${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * Does what is missing or stale: `npm ci` when the peer's lock is newer than its install, `tsc` when
 * its sources are newer than its build, the sample catalogue when there is none.
 */
export function setUpPeer(): void {
  const install = mtime(INSTALLED) < mtime(path.join(PEER_DIR, 'package-lock.json'));
  const build = install || mtime(path.join(PEER_DIR, 'dist', 'server.js')) < newest(path.join(PEER_DIR, 'src'));
  const populate = install || !existsSync(POPULATED);
  if (!install && !build && !populate) return;
  const started = performance.now();
  console.log(
    `\nSetting up Vendure in bench/peers/vendure${install ? ' (first use: about 5 minutes, mostly npm downloading)' : ''}:`,
  );
  if (install) step('npm ci', 'npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
  if (build) step('build (tsc)', 'npm', ['run', '--silent', 'build']);
  if (populate) {
    step('its sample catalogue (54 products) and search index', process.execPath, ['dist/populate.js'], {
      NODE_ENV: 'production',
      VENDURE_DISABLE_TELEMETRY: 'true',
      PORT: '0',
    });
  }
  console.log(`  ready in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

export interface RunningPeer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts Vendure on a copy of the populated database, so that every run begins with the same catalogue and stock. */
export async function startPeer(): Promise<RunningPeer> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gearhouse-bench-vendure-'));
  const database = path.join(dir, 'vendure.sqlite');
  copyFileSync(POPULATED, database);
  const log = path.join(dir, 'vendure.log');
  const child: ChildProcess = spawn(process.execPath, ['dist/server.js'], {
    cwd: PEER_DIR,
    env: { ...process.env, NODE_ENV: 'production', VENDURE_DISABLE_TELEMETRY: 'true', PORT: String(port), VENDURE_DB: database },
    stdio: ['ignore', openSync(log, 'a'), openSync(log, 'a')],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(kill);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    const failed =
      child.exitCode !== null ? `exited with ${child.exitCode}` : Date.now() > deadline ? 'did not answer within 120 s' : '';
    if (failed) {
      const output = readFileSync(log, 'utf8');
      await stop();
      throw new PeerUnavailable(`Vendure ${failed}:\n${lastLines(output)}`);
    }
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, pid: child.pid ?? 0, stop };
}

/** One GraphQL call; a GraphQL error or an ErrorResult (a result with an errorCode) throws. */
export async function vendure<T>(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<{ data: T; token: string | null }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (!res.ok || body.errors || !body.data) throw new Error(`Vendure answered ${res.status}: ${JSON.stringify(body)}`);
  for (const value of Object.values(body.data)) {
    const result = value as { errorCode?: string; message?: string } | null;
    if (result?.errorCode) throw new Error(`Vendure: ${result.errorCode} ${result.message ?? ''}`);
  }
  return { data: body.data, token: res.headers.get('vendure-auth-token') };
}

/** What its storefronts ask for a product list: the search listing, with its facet counts. */
const LISTING =
  'query Listing($input: SearchInput!) { search(input: $input) { totalItems' +
  ' items { productId productName slug description currencyCode productAsset { id preview }' +
  ' priceWithTax { ... on SinglePrice { value } ... on PriceRange { min max } } }' +
  ' facetValues { count facetValue { id name facet { id name } } } } }';

/** What its storefronts ask for a product page. */
const PRODUCT =
  'query Product($slug: String!) { product(slug: $slug) { id name slug description' +
  ' featuredAsset { id preview } assets { id preview } facetValues { id code name facet { id code name } }' +
  ' collections { id slug name breadcrumbs { id name slug } }' +
  ' variants { id name sku priceWithTax currencyCode stockLevel featuredAsset { id preview } } } }';

const request = (url: string, query: string, variables: Record<string, unknown>): autocannon.Options => ({
  url: `${url}/shop-api`,
  method: 'POST',
  headers: { 'content-type': 'application/json', ...LOAD_HEADERS },
  body: JSON.stringify({ query, variables }),
});

/** The search listing of `take` products, for `term` when given (the storefront's list and search page). */
export const listingRequest = (url: string, term?: string) =>
  request(url, LISTING, { input: { take: 24, groupByProduct: true, ...(term ? { term } : {}) } });
/** A product page's query, for the sample catalogue's first product. */
export const productRequest = (url: string) => request(url, PRODUCT, { slug: 'laptop' });

const OR_ERROR = '... on ErrorResult { errorCode message }';
/** The checkout its storefronts run for a signed-in customer, one line: five mutations. */
const CHECKOUT = [
  `mutation($variant: ID!) { addItemToOrder(productVariantId: $variant, quantity: 1) { ... on Order { id } ${OR_ERROR} } }`,
  `mutation($input: CreateAddressInput!) { setOrderShippingAddress(input: $input) { ... on Order { id } ${OR_ERROR} } }`,
  `mutation { setOrderShippingMethod(shippingMethodId: ["1"]) { ... on Order { id } ${OR_ERROR} } }`,
  `mutation { transitionOrderToState(state: "ArrangingPayment") { ... on Order { id } ${OR_ERROR} } }`,
  `mutation { addPaymentToOrder(input: { method: "standard-payment", metadata: {} }) { ... on Order { id } ${OR_ERROR} } }`,
];
const ADDRESS = {
  fullName: 'Bench Customer',
  streetLine1: TEST_ADDRESS,
  city: 'Gearville',
  postalCode: '12345',
  countryCode: 'GB',
  phoneNumber: TEST_PHONE,
};

/**
 * `count` customers made by the admin API and signed in to the shop API, and how one of them places
 * an order (paid by the dummy payment handler); each order takes the next of the catalogue's variants.
 */
export async function vendureCustomers(url: string, count: number) {
  const admin = await vendure(
    `${url}/admin-api`,
    `mutation { login(username: "superadmin", password: "bench-superadmin-password") { ... on CurrentUser { id } ${OR_ERROR} } }`,
  );
  const tokens: string[] = [];
  for (let i = 1; i <= count; i++) {
    const email = `bench-${i}-${Date.now()}@example.com`;
    await vendure(
      `${url}/admin-api`,
      `mutation($input: CreateCustomerInput!) { createCustomer(input: $input, password: "bench-password-0123") { ... on Customer { id } ${OR_ERROR} } }`,
      { input: { firstName: 'Bench', lastName: `Customer ${i}`, emailAddress: email } },
      admin.token ?? undefined,
    );
    const signedIn = await vendure(
      `${url}/shop-api`,
      `mutation($email: String!) { login(username: $email, password: "bench-password-0123") { ... on CurrentUser { id } ${OR_ERROR} } }`,
      { email },
    );
    if (!signedIn.token) throw new Error('Vendure signed a customer in without a token');
    tokens.push(signedIn.token);
  }
  const listed = await vendure<{ search: { items: { productVariantId: string }[] } }>(
    `${url}/shop-api`,
    '{ search(input: { take: 100, groupByProduct: false }) { items { productVariantId } } }',
  );
  const variants = listed.data.search.items.map((item) => item.productVariantId);
  return {
    async placeOrder(customer: number, turn: number): Promise<void> {
      const variables = [{ variant: variants[turn % variants.length] }, { input: ADDRESS }, {}, {}, {}];
      for (const [i, query] of CHECKOUT.entries()) await vendure(`${url}/shop-api`, query, variables[i], tokens[customer]);
    },
    /** Waits until its job queue is idle (an order's stock change queues an update of the search index). */
    async jobsDone(): Promise<void> {
      for (;;) {
        const jobs = await vendure<{ jobs: { totalItems: number } }>(
          `${url}/admin-api`,
          '{ jobs(options: { filter: { isSettled: { eq: false } }, take: 1 }) { totalItems } }',
          {},
          admin.token ?? undefined,
        );
        if (jobs.data.jobs.totalItems === 0) return;
        // Each look costs Vendure an admin query: not too often.
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
  };
}
