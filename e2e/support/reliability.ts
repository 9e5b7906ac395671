// The built shop as one process that a test may kill (SIGKILL) or stop (SIGTERM) and start again on
// the same data, on SQLite or on PostgreSQL. Used by e2e/reliability.spec.ts and e2e/payments-test-mode.spec.ts.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { IS_CI, TEST_POSTGRES_ADMIN_URL, postgresUrlFor } from '../../src/server/testing/test-env';
import { adminQuery, freePort } from '../../src/server/testing/test-env';
import { type ShopNode, stopNode, waitUntilHealthy } from './two-nodes';

export type Engine = 'sqlite' | 'postgres';

export const DEMO_ADMIN = { email: 'admin@gearhouse.example', password: 'admin-demo-1' };
export const DEMO_CUSTOMER = { email: 'customer@gearhouse.example', password: 'customer-demo-1' };

/** Why `engine` cannot be tested here (no build, no PostgreSQL), or undefined. With CI=true it throws instead. */
export async function missingFor(engine: Engine): Promise<string | undefined> {
  let missing: string | undefined;
  if (!existsSync('dist/server/main.js')) missing = 'dist/server/main.js is missing: run `npm run build` first';
  else if (
    engine === 'postgres' &&
    !(await adminQuery('select 1').then(
      () => true,
      () => false,
    ))
  )
    missing = `PostgreSQL is not reachable at ${TEST_POSTGRES_ADMIN_URL}`;
  if (missing && IS_CI) throw new Error(`${missing}; with CI=true the reliability tests must run.`);
  return missing;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** When the process was seen to exit (Date.now()). */
  at: number;
}

/**
 * One shop on its own data (a temporary DATA_DIR; for PostgreSQL also a fresh gh_test_* database),
 * started with `start()` as many times as a test wants: every start runs the real boot (migrations,
 * the demo seed's check) on whatever the previous process left behind.
 */
export class ShopProcess {
  readonly url: string;
  node: ShopNode | undefined;
  /** Lines the current process logged at level error or above (pino JSON, or plain stderr). */
  errorLines: string[] = [];
  /** The request ids the current process logged as received ("incoming request"). */
  acceptedRequests = new Set<string>();
  /** Variables added to the shop's environment from the next start on (`SMTP_URL`, say). */
  readonly extraEnv: Record<string, string> = {};
  private log = '';
  private exit: Promise<Exit> | undefined;

  private constructor(
    readonly engine: Engine,
    readonly dataDir: string,
    private readonly port: number,
    private readonly database: string | undefined,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  static async create(engine: Engine): Promise<ShopProcess> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `gearhouse-reliability-${engine}-`));
    const database = engine === 'postgres' ? `gh_test_${Date.now()}_reliability_${randomBytes(3).toString('hex')}` : undefined;
    const shop = new ShopProcess(engine, dataDir, await freePort(), database);
    try {
      if (database) await adminQuery(`create database "${database}"`);
    } catch (error) {
      await shop.destroy();
      throw error;
    }
    return shop;
  }

  private env(): Record<string, string> {
    return {
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'sandbox',
      HOST: '127.0.0.1',
      PORT: String(this.port),
      PUBLIC_URL: this.url,
      AUTH_SECRET: 'reliability-test-secret-0123456789-abcdefghij',
      DATA_DIR: this.dataDir,
      ...(this.database ? { DATABASE_URL: postgresUrlFor(this.database) } : {}),
      DEMO_MODE: 'true',
      // debug: the shutdown's own log lines and each request's "incoming request" line (written at debug)
      // are part of what the graceful test reads.
      LOG_LEVEL: 'debug',
      // The stop without a grace period: the port closes at once (src/server/shutdown.test.ts has the grace period).
      SHUTDOWN_GRACE_SECONDS: '0',
      MALLOC_ARENA_MAX: '2',
      RATE_LIMIT_PER_MINUTE: '1000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // One customer books over and over; the caps on unpaid orders have their own API tests.
      MAX_UNPAID_ORDERS: '1000000',
      MAX_UNPAID_VALUE: '1000000000',
      ...this.extraEnv,
    };
  }

  /** Starts the built server on this shop's data and waits until it is healthy. */
  async start(): Promise<void> {
    if (this.node && this.node.child.exitCode === null && this.node.child.signalCode === null) {
      throw new Error('the shop is already running');
    }
    this.log = '';
    this.errorLines = [];
    this.acceptedRequests = new Set();
    // Whatever the environment says (a developer's DATABASE_URL, say), the shop gets exactly its own.
    const inherited = { ...process.env };
    delete inherited.DATABASE_URL;
    const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
      env: { ...inherited, ...this.env() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const reader = () => {
      let partial = '';
      return (chunk: Buffer) => {
        const text = chunk.toString();
        this.log = (this.log + text).slice(-200_000);
        const lines = (partial + text).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) this.read(line);
      };
    };
    child.stdout?.on('data', reader());
    child.stderr?.on('data', reader());
    this.exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })));
    this.node = { name: `${this.engine} shop`, url: this.url, child, stderr: () => this.log };
    await waitUntilHealthy(this.node, Date.now() + 60_000);
  }

  private read(line: string): void {
    if (!line.startsWith('{')) {
      if (/error/i.test(line)) this.errorLines.push(line);
      return;
    }
    const entry = JSON.parse(line) as { level?: number; msg?: string; reqId?: string };
    if ((entry.level ?? 0) >= 50) this.errorLines.push(line);
    if (entry.msg === 'incoming request' && entry.reqId) this.acceptedRequests.add(entry.reqId);
  }

  get pid(): number {
    const pid = this.node?.child.pid;
    if (pid === undefined) throw new Error('the shop is not running');
    return pid;
  }

  /** What the process logged (stdout and stderr, the last 200 kB). */
  output(): string {
    return this.log;
  }

  signal(signal: NodeJS.Signals): void {
    this.node?.child.kill(signal);
  }

  exited(): Promise<Exit> {
    if (!this.exit) throw new Error('the shop was never started');
    return this.exit;
  }

  /** Runs one read-only query on the shop's database (SQL with `?` placeholders, on either engine). */
  async query<T>(text: string, params: unknown[] = []): Promise<T[]> {
    if (this.engine === 'sqlite') {
      const sqlite = new SQLite(path.join(this.dataDir, 'gearhouse.sqlite'), { readonly: true, fileMustExist: true });
      try {
        return sqlite.prepare(text).all(...params) as T[];
      } finally {
        sqlite.close();
      }
    }
    let n = 0;
    const client = new pg.Client({ connectionString: postgresUrlFor(this.database ?? '') });
    await client.connect();
    try {
      return (
        await client.query(
          text.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows as T[];
    } finally {
      await client.end();
    }
  }

  /** How many mails the shop wrote to its outbox (no SMTP_URL: one .eml per mail). */
  outboxCount(): number {
    const dir = path.join(this.dataDir, 'outbox');
    return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.eml')).length : 0;
  }

  /** Stops the process (SIGTERM, then SIGKILL after 10 s), drops the database and removes the folder. */
  async destroy(): Promise<void> {
    await stopNode(this.node).catch(() => undefined);
    if (this.database) await adminQuery(`drop database if exists "${this.database}" with (force)`).catch(() => undefined);
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

export interface Answer {
  status: number;
  body: string;
}

/**
 * One HTTP request over `agent` that settles only when the whole answer has arrived; a reset or refused
 * connection rejects. node:http rather than fetch, so a test controls its connections exactly.
 */
export function send(
  agent: http.Agent | false,
  url: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (!response.complete) reject(new Error('the answer was cut off'));
        else resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** Signs a demo account in (better-auth wants the shop's Origin) and answers its session cookie. */
export async function signIn(shop: ShopProcess, account: { email: string; password: string }): Promise<string> {
  const answer = await new Promise<{ status: number; cookies: string[]; body: string }>((resolve, reject) => {
    const request = http.request(
      `${shop.url}/api/auth/sign-in/email`,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', origin: shop.url } },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, cookies: response.headers['set-cookie'] ?? [], body }),
        );
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(account));
  });
  if (answer.status !== 200) throw new Error(`sign-in of ${account.email} answered ${answer.status}: ${answer.body}`);
  return answer.cookies
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}
