import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { createTestDatabase, type Engine, type TestDatabase } from './test-database';
import { freePort } from './test-env';

/**
 * A fresh migrated database of the kit where a server process finds it: SQLite as DATA_DIR's
 * gearhouse.sqlite, PostgreSQL as a database of its own. The test writes its rows through `open()`
 * and reads them back the same way, on its own connections, while the server runs or after it died.
 */
export interface ServerData {
  engine: Engine;
  dataDir: string;
  location: Config['database'];
  open(): DatabaseHandle;
  drop(): Promise<void>;
}

export async function serverData(engine: Engine): Promise<ServerData> {
  const database: TestDatabase = await createTestDatabase(engine);
  // The server opens the database itself.
  await database.destroy();
  const dataDir = path.join(database.dir, 'data');
  mkdirSync(dataDir, { recursive: true });
  let location = database.location;
  if (location.kind === 'sqlite') {
    const file = path.join(dataDir, 'gearhouse.sqlite');
    copyFileSync(location.file, file);
    location = { kind: 'sqlite', file };
  }
  const where = location;
  return { engine, dataDir, location: where, open: () => openDatabase(where), drop: () => database.drop() };
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** The shop's server as a process of its own (`node --import tsx src/server/main.ts`), on the data of `serverData`. */
export interface ServerProcess {
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
  /** What the process wrote on stdout and stderr (the last 2 MB). */
  output(): string;
  readonly exited: Promise<Exit>;
  running(): boolean;
  /** Polls `/api/ready` until it answers 200; throws with the output when the process exits first or the deadline passes. */
  ready(timeoutMs?: number): Promise<void>;
  kill(signal?: NodeJS.Signals): void;
}

/**
 * Starts the server from the sources on `data`, with the kit's settings (sandbox payments, limits
 * no test trips, warnings and worse logged) and `env` over them. The same `port` again restarts a
 * shop where it was, so the client's origin and session cookies still hold.
 */
export async function startServer(
  data: ServerData,
  { port, env = {} }: { port?: number; env?: Record<string, string> } = {},
): Promise<ServerProcess> {
  const listenOn = port ?? (await freePort());
  const url = `http://127.0.0.1:${listenOn}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(listenOn),
      PUBLIC_URL: url,
      DATA_DIR: data.dataDir,
      // Empty rather than absent: a developer's .env must not send this shop to another database.
      DATABASE_URL: data.location.kind === 'postgres' ? data.location.url : '',
      SMTP_URL: '',
      REDIS_URL: '',
      DEMO_MODE: 'false',
      PAYMENT_PROVIDER: 'sandbox',
      AUTH_SECRET: 'server-process-test-secret-0123456789-abcdef',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
      MAX_UNPAID_ORDERS: '1000000',
      MAX_UNPAID_VALUE: '1000000000',
      SHUTDOWN_GRACE_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2_000_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    url,
    port: listenOn,
    child,
    output: () => output,
    exited,
    running,
    // However long the start takes on a busy machine: only the deadline, never the speed, is asserted.
    async ready(timeoutMs = 150_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (!running()) throw new Error(`the server exited at start:\n${output.slice(-4000)}`);
        const status = await fetch(`${url}/api/ready`).then(
          async (res) => {
            await res.arrayBuffer();
            return res.status;
          },
          () => 0,
        );
        if (status === 200) return;
        if (Date.now() > deadline)
          throw new Error(`the server was not ready within ${timeoutMs / 1000} s:\n${output.slice(-4000)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    kill(signal = 'SIGTERM') {
      if (running()) child.kill(signal);
    },
  };
}
