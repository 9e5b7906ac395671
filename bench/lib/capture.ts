import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** One answer of the shop as it went over the wire: what the bare servers replay. */
export interface CapturedAnswer {
  path: string;
  status: number;
  /** Name and value pairs in the order sent, without those node:http writes itself (Date, Connection, Keep-Alive). */
  headers: [string, string][];
  bodyBase64: string;
}

/** Written by node:http on every answer, the bare servers' too; replaying them would send them twice. */
const SET_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** Asks the shop once with the load's request headers and keeps the answer byte for byte. */
export function captureAnswer(baseUrl: string, requestPath: string, headers: Record<string, string>): Promise<CapturedAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(requestPath, baseUrl), { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          const name = response.rawHeaders[i] ?? '';
          if (!SET_BY_NODE.has(name.toLowerCase())) pairs.push([name, response.rawHeaders[i + 1] ?? '']);
        }
        const body = Buffer.concat(chunks);
        // A streamed answer came chunked; replayed whole, it says its length as a cached one does.
        if (!pairs.some(([name]) => name.toLowerCase() === 'content-length')) pairs.push(['content-length', String(body.length)]);
        resolve({ path: requestPath, status: response.statusCode ?? 0, headers: pairs, bodyBase64: body.toString('base64') });
      });
    });
    request.on('error', reject);
  });
}

export interface BareServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts a bare replay server (a Fastify app with one route, or node:http alone) in a process of its own, as the shop runs in one. */
export async function startBareServer(kind: 'fastify' | 'http', answers: CapturedAnswer[]): Promise<BareServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gearhouse-bare-'));
  const file = path.join(dir, 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/bare-server.ts', kind, file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the bare ${kind} server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
