// Two processes of the built shop (dist/server/main.js) sharing one PostgreSQL database, one Redis and
// one S3-compatible bucket, as two nodes behind a load balancer would. Used by e2e/two-nodes.spec.ts.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEST_REDIS_URL, deleteRedisKeys, testRedisAvailable, uniqueRedisPrefix } from '../../src/server/testing/redis';
import { type TestS3Server, startS3Server } from '../../src/server/testing/s3-server';
import { IS_CI, TEST_POSTGRES_ADMIN_URL, adminQuery, freePort, postgresUrlFor } from '../../src/server/testing/test-env';

/** The address of the load balancer both nodes sit behind: their shared PUBLIC_URL, and the Origin a browser sends. */
export const SHOP_URL = 'http://shop.gearhouse.test';
export const METRICS_TOKEN = 'two-nodes-metrics-token-0123456789';
export const AUTH_PER_MINUTE = 3;

export interface ShopNode {
  name: string;
  url: string;
  child: ChildProcess;
  /** What the process wrote to stderr, for the failure message. */
  stderr(): string;
}

export interface TwoNodes {
  a: ShopNode;
  b: ShopNode;
  s3: TestS3Server;
  /** The database both nodes use, for checks the API cannot make (counting rows). */
  databaseUrl: string;
  stop(): Promise<void>;
}

/** Why the two-node test cannot run here (no build, PostgreSQL or Redis), or undefined when it can. With CI=true it throws instead. */
export async function missingForTwoNodes(): Promise<string | undefined> {
  let missing: string | undefined;
  if (!existsSync('dist/server/main.js')) missing = 'dist/server/main.js is missing: run `npm run build` first';
  else if (
    !(await adminQuery('select 1').then(
      () => true,
      () => false,
    ))
  )
    missing = `PostgreSQL is not reachable at ${TEST_POSTGRES_ADMIN_URL}`;
  else if (!(await testRedisAvailable().catch(() => false))) missing = `Redis is not reachable at ${TEST_REDIS_URL}`;
  if (missing && IS_CI) throw new Error(`${missing}; with CI=true the two-node test must run.`);
  return missing;
}

export async function waitUntilHealthy(node: ShopNode, deadline: number): Promise<void> {
  for (;;) {
    if (node.child.exitCode !== null) {
      throw new Error(`node ${node.name} exited with ${node.child.exitCode}:\n${node.stderr()}`);
    }
    try {
      if ((await fetch(`${node.url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`node ${node.name} was not healthy within 60 s:\n${node.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function stopNode(node: ShopNode | undefined): Promise<void> {
  if (!node || node.child.exitCode !== null || node.child.signalCode !== null) return;
  const exited = new Promise((resolve) => node.child.once('exit', resolve));
  node.child.kill('SIGTERM');
  const timer = setTimeout(() => node.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts both nodes at the same moment on an empty database, so they also race each other through
 * migrations and the demo seed, as a fresh deployment of two nodes would.
 */
export async function startTwoNodes(): Promise<TwoNodes> {
  const database = `gh_test_${Date.now()}_twonodes_${randomBytes(3).toString('hex')}`;
  const redisPrefix = uniqueRedisPrefix('two-nodes');
  const dataDirs: string[] = [];
  const nodes: ShopNode[] = [];
  let s3: TestS3Server | undefined;

  const stop = async () => {
    await Promise.all(nodes.map(stopNode));
    await s3?.stop().catch(() => undefined);
    await adminQuery(`drop database if exists "${database}" with (force)`).catch(() => undefined);
    await deleteRedisKeys(redisPrefix).catch(() => undefined);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };

  try {
    await adminQuery(`create database "${database}"`);
    s3 = await startS3Server({ bucket: 'gearhouse-two-nodes' });
    const shared = {
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'sandbox',
      // Stopped only when the test is over, with no load balancer to move away first.
      SHUTDOWN_GRACE_SECONDS: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: SHOP_URL,
      AUTH_SECRET: `two-nodes-${randomBytes(24).toString('hex')}`,
      DATABASE_URL: postgresUrlFor(database),
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      // The test stands in for the load balancer: it sends X-Forwarded-For from this machine.
      TRUST_PROXY: 'loopback',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      METRICS_TOKEN,
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
      MALLOC_ARENA_MAX: '2',
      RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_PER_MINUTE),
      // One customer makes the 60 bookings of the rush; the caps on unpaid orders have their own API tests.
      MAX_UNPAID_ORDERS: '1000',
      MAX_UNPAID_VALUE: '1000000000',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    };
    for (const name of ['A', 'B'] as const) {
      const port = await freePort();
      // Each node has a folder of its own, as separate machines would; nothing may depend on sharing it.
      const dataDir = mkdtempSync(path.join(os.tmpdir(), `gearhouse-node-${name.toLowerCase()}-`));
      dataDirs.push(dataDir);
      const child = spawn(process.execPath, ['dist/server/main.js'], {
        env: { ...process.env, ...shared, PORT: String(port), DATA_DIR: dataDir },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString()).slice(-20_000);
      });
      nodes.push({ name, url: `http://127.0.0.1:${port}`, child, stderr: () => stderr });
    }
    const deadline = Date.now() + 60_000;
    await Promise.all(nodes.map((node) => waitUntilHealthy(node, deadline)));
  } catch (error) {
    await stop();
    throw error;
  }
  const [a, b] = nodes as [ShopNode, ShopNode];
  return { a, b, s3: s3!, databaseUrl: postgresUrlFor(database), stop };
}
