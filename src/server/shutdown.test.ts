// SIGTERM under load, against the server as a process of its own (the signal, the sockets and the exit
// are the process's): every request a client had sent before the signal gets its whole answer,
// keep-alive connections are closed rather than left to hold the stop open, the database is closed
// cleanly, and the process exits 0 within the grace period and the bound.
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database';
import { availableEngines, createTestDatabase, type TestDatabase } from './testing/test-database';
import { freePort } from './testing/test-env';

/** Production's default is 5 s; long enough here for the server to read what was sent before the signal. */
const GRACE_SECONDS = 2;
const TIMEOUT_SECONDS = 8;
const CLIENTS = 16;

interface Exchange {
  kind: 'contact' | 'read';
  /** When the whole request had been handed to the operating system (performance.now()). */
  flushedAt?: number;
  status?: number;
  connection?: string | undefined;
  body?: string;
  error?: string;
}

/**
 * One request over `agent`; `done` settles with the exchange as the client saw it and never rejects.
 * With `holdHalfUntil`, half the body goes now and the rest when that promise settles.
 */
function exchange(
  agent: http.Agent | false,
  url: string,
  kind: Exchange['kind'],
  body?: string,
  { holdHalfUntil, requestId }: { holdHalfUntil?: Promise<unknown>; requestId?: string } = {},
): { record: Exchange; done: Promise<Exchange> } {
  const record: Exchange = { kind };
  const done = new Promise<Exchange>((resolve) => {
    const payload = body === undefined ? undefined : Buffer.from(body);
    const request = http.request(
      url,
      {
        method: payload ? 'POST' : 'GET',
        agent,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
          ...(requestId ? { 'x-request-id': requestId } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if (response.complete) {
            record.status = response.statusCode;
            record.connection = response.headers.connection;
            record.body = Buffer.concat(chunks).toString();
          } else record.error = 'the answer was cut off';
          resolve(record);
        });
        response.on('error', (error) => {
          record.error = String(error);
          resolve(record);
        });
      },
    );
    request.on('finish', () => (record.flushedAt = performance.now()));
    request.on('error', (error) => {
      record.error ??= String(error);
      resolve(record);
    });
    if (payload && holdHalfUntil) {
      const half = Math.floor(payload.length / 2);
      request.write(payload.subarray(0, half));
      void holdHalfUntil.then(() => request.end(payload.subarray(half)));
    } else request.end(payload);
  });
  return { record, done };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(availableEngines())('SIGTERM under load [%s]', (engine) => {
  let database: TestDatabase;
  let child: ChildProcess | undefined;
  let output = '';

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    // The server opens the database itself.
    await database.destroy();
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await database.drop();
  });

  it('answers every request sent before the signal, closes keep-alive connections and the database, exits 0', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const dataDir = path.join(database.dir, 'data');
    const sqliteFile = path.join(dataDir, 'gearhouse.sqlite');
    if (database.location.kind === 'sqlite') {
      // The kit's migrated copy, where the server looks for its database.
      mkdirSync(dataDir, { recursive: true });
      copyFileSync(database.location.file, sqliteFile);
    }
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        // Empty rather than absent: a developer's .env must not send this shop to another database.
        DATABASE_URL: database.location.kind === 'postgres' ? database.location.url : '',
        DEMO_MODE: 'false',
        AUTH_SECRET: 'shutdown-test-secret-0123456789-abcdefghij',
        // debug: the server's "incoming request" lines (written at debug) say when it has a request.
        LOG_LEVEL: 'debug',
        RATE_LIMIT_PER_MINUTE: '100000000',
        AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
        SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
        SHUTDOWN_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = child;
    server.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2_000_000)));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let exitedAt: number | undefined;
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      server.once('exit', (code, signal) => {
        exitedAt = performance.now();
        resolve({ code, signal });
      }),
    );

    // However long the start takes on a busy machine: poll readiness until it answers.
    const startDeadline = Date.now() + 150_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited at start:\n${output}`);
      if ((await exchange(false, `${base}/api/ready`, 'read').done).status === 200) break;
      if (Date.now() > startDeadline) throw new Error(`the server was not ready:\n${output}`);
      await sleep(200);
    }

    let signalledAt = Number.POSITIVE_INFINITY;
    const exchanges: Exchange[] = [];
    // Keep-alive clients, as the shipped nginx keeps its upstream connections, sending without pause.
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    let sequence = 0;
    const client = async () => {
      while (exitedAt === undefined) {
        sequence += 1;
        // Pings and the settings (an answer the response cache keeps) between the messages.
        const call =
          sequence % 3 === 0
            ? exchange(agent, `${base}${sequence % 2 === 0 ? '/api/ping' : '/api/settings'}`, 'read')
            : exchange(
                agent,
                `${base}/api/contact`,
                'contact',
                JSON.stringify({ email: `c${sequence}@example.com`, subject: `Load ${sequence}`, message: 'Still open?' }),
              );
        exchanges.push(call.record);
        // Refused or reset after the signal: the port is closing; a proxy would try another node.
        if ((await call.done).error) await sleep(20);
      }
    };
    const clients = Promise.all(Array.from({ length: CLIENTS }, client));

    // Two requests whose bodies are still arriving at the signal, on connections that then stay open
    // and idle, as in a proxy's pool: one finishes within the grace period, one after it.
    let signalled!: () => void;
    const signal = new Promise<void>((resolve) => (signalled = resolve));
    const slowAgents = [new http.Agent({ keepAlive: true }), new http.Agent({ keepAlive: true })];
    const slow = [300, GRACE_SECONDS * 1000 + 300].map(
      (afterMs, i) =>
        exchange(
          slowAgents[i] ?? false,
          `${base}/api/contact`,
          'contact',
          JSON.stringify({ email: `slow${i}@example.com`, subject: `Slow ${i}`, message: 'Half now, half later.' }),
          { holdHalfUntil: signal.then(() => sleep(afterMs)), requestId: `slow-${i}` },
        ).done,
    );

    // The signal once the server has both slow requests and has answered many others, however slow the machine.
    const received = (id: string) => output.includes(`"reqId":"${id}","req":`);
    while (!received('slow-0') || !received('slow-1') || exchanges.filter((e) => e.status === 201).length < 60) {
      await sleep(20);
    }
    signalledAt = performance.now();
    server.kill('SIGTERM');
    signalled();

    // Readiness fails at once, while the node still serves.
    let notReadyAt: number | undefined;
    let readyAnswer: Exchange | undefined;
    while (exitedAt === undefined && notReadyAt === undefined) {
      readyAnswer = await exchange(false, `${base}/api/ready`, 'read').done;
      if (readyAnswer.status !== 200) notReadyAt = performance.now();
      else await sleep(50);
    }

    const exit = await exited;
    await clients;
    const slowAnswers = await Promise.all(slow);
    agent.destroy();
    for (const a of slowAgents) a.destroy();

    expect({ exit, output: exit.code === 0 ? '' : output.slice(-4000) }).toEqual({ exit: { code: 0, signal: null }, output: '' });
    const exitMs = (exitedAt ?? Number.POSITIVE_INFINITY) - signalledAt;
    expect(exitMs, 'the exit comes within the grace period and the bound').toBeLessThan((GRACE_SECONDS + TIMEOUT_SECONDS) * 1000);
    expect(readyAnswer?.status, 'readiness during the grace period').toBe(503);
    expect((notReadyAt ?? Number.POSITIVE_INFINITY) - signalledAt).toBeLessThan(GRACE_SECONDS * 1000);

    const before = exchanges.filter((e) => e.flushedAt !== undefined && e.flushedAt < signalledAt);
    expect(
      before.filter((e) => e.error !== undefined || (e.status !== 200 && e.status !== 201)),
      'requests sent before the signal without their whole answer',
    ).toEqual([]);
    expect(slowAnswers.map((a) => a.error ?? a.status)).toEqual([201, 201]);
    // Once readiness failed the signal had been seen: every answer after it asks the client to reconnect.
    const afterSeen = exchanges.filter((e) => e.flushedAt !== undefined && e.flushedAt > (notReadyAt ?? 0) && e.status);
    expect(afterSeen.filter((e) => e.connection !== 'close')).toEqual([]);
    expect(output.split('\n').filter((line) => /"level":(50|60)/.test(line))).toEqual([]);

    // The database was closed, and holds every message the shop answered 201 for.
    const answered = [...exchanges, ...slowAnswers]
      .filter((e) => e.kind === 'contact' && e.status === 201)
      .map((e) => (JSON.parse(e.body ?? '{}') as { id: string }).id);
    if (database.location.kind === 'sqlite') {
      expect(existsSync(`${sqliteFile}-wal`), 'a WAL left behind: the database was not closed').toBe(false);
    }
    const reopened = openDatabase(database.location.kind === 'sqlite' ? { kind: 'sqlite', file: sqliteFile } : database.location);
    try {
      const stored = new Set((await reopened.db.selectFrom('contact_messages').select('id').execute()).map((row) => row.id));
      expect(answered.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      await reopened.destroy();
    }
    console.log(
      `${engine}: ${before.length} requests sent before the signal, all answered; ` +
        `${exchanges.length - before.length} after it; not ready after ${Math.round((notReadyAt ?? 0) - signalledAt)} ms; ` +
        `exit 0 after ${Math.round(exitMs)} ms`,
    );
  }, 240_000);
});
