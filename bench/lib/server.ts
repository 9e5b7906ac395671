import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from '../../src/server/testing/test-env';
import os from 'node:os';
import path from 'node:path';

/** The METRICS_TOKEN of a server the bench starts: the bench reads its metrics (the outbox's pending mails). */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789';

export interface RunningServer {
  url: string;
  pid: number;
  /** Resident memory of the server process, in MB. */
  rssMb(): number;
  stop(): Promise<void>;
}

/**
 * The data folders of the servers this run started, removed when the run ends rather than when each
 * server stops: a server's mails are files in its folder (the outbox's folder transport), thousands
 * of them after the orders section, and on a filesystem without a journal (this machine's ext4) every
 * file made for minutes after so many are deleted costs its maker a search past the deleted inodes:
 * measured, ~0.9-1.5 ms of CPU a file instead of ~0.2, which charged one engine's cleanup to the next
 * engine's orders.
 */
const dataDirs: string[] = [];
process.once('exit', () => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** Starts the built server (`dist/server/main.js`) on a fresh demo database and waits until it is healthy. */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gearhouse-bench-'));
  dataDirs.push(dataDir);
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'sandbox',
      // Stopped between benchmarks, with no load balancer to move away first.
      SHUTDOWN_GRACE_SECONDS: '0',
      // As `npm start` runs it: fewer glibc malloc arenas keep sharp's native memory from fragmenting.
      MALLOC_ARENA_MAX: '2',
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      DEMO_MODE: 'true',
      PORT: String(port),
      // Sign-in checks the request's origin against the shop's address.
      PUBLIC_URL: url,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The shop's defaults otherwise: request logs at info, metrics counted (and served), rate limits
      // counted for every request, at a limit the load never reaches.
      LOG_LEVEL: 'info',
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
      RATE_LIMIT_PER_MINUTE: '100000000',
      // The orders benchmark books thousands of orders as the demo customer.
      MAX_UNPAID_ORDERS: '1000000',
      MAX_UNPAID_VALUE: '1000000000',
      // The orders benchmark signs up customers of its own through the API.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid ?? 0,
    rssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kb / 1024;
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
