// The shop behind the shipped nginx (deploy/nginx.conf): nginx run as a child of the bench with a
// prefix of its own, its configuration derived from the shipped one, against a static file of the
// same size served by the same nginx.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os, { availableParallelism } from 'node:os';
import path from 'node:path';
import { freePort } from '../../src/server/testing/test-env';
import { type CapturedAnswer, captureAnswer } from './capture';
import { LOAD_HEADERS } from './load';
import { pin, takeTurns } from './public-gets';

const REPO = path.join(import.meta.dirname, '..', '..');
const SHIPPED_CONF = path.join(REPO, 'deploy', 'nginx.conf');
const WEB_ROOT = path.join(REPO, 'dist', 'web');

/** The answers nginx keeps must come at the rate it serves a static file of the same size, within this share. */
export const NGINX_GOAL = { connections: 50, within: 0.2 } as const;

/** Why nginx could not be measured: not installed, and not installable here. */
export class NginxUnavailable extends Error {}

export interface NginxBudget {
  name: string;
  figure: string;
  holds: boolean;
}

function findNginx(): string | undefined {
  try {
    return execFileSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], { encoding: 'utf8' }).trim().split('\n')[0];
  } catch {
    return undefined;
  }
}

/** nginx's binary; installed from Debian's packages when missing and running as root, as .ci/run installs what it needs. */
export function nginxBinary(): string {
  const found = findNginx();
  if (found) return found;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get'))
    throw new NginxUnavailable('nginx is not installed, and only root with apt-get installs it here');
  console.log("\nInstalling nginx from Debian's packages…");
  try {
    execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx'], {
      stdio: 'pipe',
    });
  } catch (error) {
    throw new NginxUnavailable(`installing nginx failed: ${(error as Error).message.split('\n')[0]}`);
  }
  const installed = findNginx();
  if (!installed) throw new NginxUnavailable('nginx was installed but is not on the PATH');
  return installed;
}

/** Replaces `pattern` in the shipped configuration, which must hold it exactly once. */
function replaceOnce(conf: string, pattern: RegExp, by: string): string {
  const found = conf.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))?.length ?? 0;
  if (found !== 1) throw new Error(`deploy/nginx.conf: expected ${pattern} once, found it ${found} times`);
  return conf.replace(pattern, by);
}

/**
 * The shipped server block with its addresses and paths replaced: one node (the bench's shop) upstream,
 * its own port, cache, log and build folder, and the bench's static files' locations added.
 */
export function benchNginxConf(
  shipped: string,
  { shopPort, port, prefix, staticLocations }: { shopPort: number; port: number; prefix: string; staticLocations: string },
): string {
  let conf = shipped;
  conf = replaceOnce(conf, /(\n\s*server 127\.0\.0\.1:\d+[^\n]*;)+/, `\n    server 127.0.0.1:${shopPort};`);
  conf = replaceOnce(conf, /listen 80;/, `listen 127.0.0.1:${port};`);
  conf = replaceOnce(conf, /access_log \/var\/log\/nginx\/\S+/, `access_log ${prefix}/access.log`);
  conf = replaceOnce(conf, /proxy_cache_path \/var\/lib\/nginx\/\S+/, `proxy_cache_path ${prefix}/cache`);
  conf = replaceOnce(conf, /root \/srv\/gearhouse\/dist\/web;/, `root ${WEB_ROOT};`);
  return replaceOnce(conf, /\n {4}location \/ \{/, `\n${staticLocations}$&`);
}

interface RunningNginx {
  url: string;
  /** The worker process, whose CPU time per request is counted. */
  workerPid: number;
  /** Every process of this nginx, to pin them to a core. */
  pids(): number[];
  stop(): Promise<void>;
}

function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Starts nginx in the foreground with a prefix of its own, one worker, the bench's configuration. */
async function startNginx(binary: string, shopPort: number, prefix: string, staticLocations: string): Promise<RunningNginx> {
  const port = await freePort();
  for (const dir of ['logs', 'temp']) mkdirSync(path.join(prefix, dir), { recursive: true });
  writeFileSync(
    path.join(prefix, 'gearhouse.conf'),
    benchNginxConf(readFileSync(SHIPPED_CONF, 'utf8'), { shopPort, port, prefix, staticLocations }),
  );
  const mimeTypes = existsSync('/etc/nginx/mime.types') ? 'include /etc/nginx/mime.types;' : '';
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `worker_processes 1;
pid ${prefix}/nginx.pid;
events { worker_connections 1024; }
http {
    ${mimeTypes}
    default_type application/octet-stream;
    sendfile on;
    tcp_nopush on;
    client_body_temp_path ${prefix}/temp/body;
    proxy_temp_path ${prefix}/temp/proxy;
    fastcgi_temp_path ${prefix}/temp/fastcgi;
    uwsgi_temp_path ${prefix}/temp/uwsgi;
    scgi_temp_path ${prefix}/temp/scgi;
    include ${prefix}/gearhouse.conf;
}
`,
  );
  const errorLog = path.join(prefix, 'logs', 'error.log');
  const child: ChildProcess = spawn(
    binary,
    ['-p', prefix, '-e', errorLog, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      const log = existsSync(errorLog) ? readFileSync(errorLog, 'utf8').trim().split('\n').slice(-5).join('\n') : '';
      throw new NginxUnavailable(`nginx exited with ${child.exitCode}:\n${log}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('nginx did not answer within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const master = child.pid ?? 0;
  const worker = childPids(master).find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('worker process'));
  if (!worker) throw new Error('nginx started no worker process');
  return {
    url,
    workerPid: worker,
    pids: () => [master, ...childPids(master)],
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Headers nginx writes itself for a static file. */
const SET_BY_NGINX = new Set(['content-type', 'content-length', 'date', 'server', 'connection', 'keep-alive']);

/**
 * A location answering a static file with `answer`'s body and headers, and the header nginx's cache
 * adds, so that it sends the bytes a kept answer sends; nginx's own ETag is off (the answer has one).
 */
function staticLocation(requestPath: string, bodyFile: string, answer: CapturedAnswer): string {
  const quote = (value: string) => {
    if (value.includes('$')) throw new Error(`a header value nginx would read as a variable: ${value}`);
    return `"${value.replace(/["\\]/g, '\\$&')}"`;
  };
  const type = answer.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? 'application/octet-stream';
  const lines = [
    `location = ${requestPath} {`,
    `    alias ${bodyFile};`,
    `    default_type ${quote(type)};`,
    '    etag off;',
    ...answer.headers
      .filter(([name]) => !SET_BY_NGINX.has(name.toLowerCase()))
      .map(([name, value]) => `    add_header ${name} ${quote(value)};`),
    '    add_header X-Cache-Status HIT;',
    '}',
  ];
  return lines.map((line) => `    ${line}\n`).join('');
}

/**
 * How many GETs of `requestPath` in the access log past `from` (bytes) made nginx ask the shop, of how
 * many: a miss, or a stale answer sent while one request refreshes it in the background.
 */
function passedToShop(accessLog: string, from: number, requestPath: string): { passed: number; total: number } {
  const lines = readFileSync(accessLog).subarray(from).toString('utf8').split('\n');
  const mine = lines.filter((line) => line.includes(`"GET ${requestPath} HTTP/`));
  return { passed: mine.filter((line) => /cache=(MISS|EXPIRED|BYPASS|STALE)\b/.test(line)).length, total: mine.length };
}

/** The status, the header nginx's cache sets, and the body as sent, for one GET. */
function fetchRaw(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; cache: string; encoding: string; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            cache: String(res.headers['x-cache-status'] ?? ''),
            encoding: String(res.headers['content-encoding'] ?? ''),
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * The shop's page and list answers through the shipped nginx, whose one-second cache answers nearly
 * all of them, against a static file served by the same nginx with the same body and headers; both in
 * one-second rounds taking turns, nginx on the last core and the load generator on the others. Also
 * checks that a build file comes from disk as the build's .gz (gzip_static).
 */
export async function measureBehindNginx(shopUrl: string, seconds: number): Promise<NginxBudget[]> {
  const binary = nginxBinary();
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'gearhouse-nginx-'));
  // nginx's workers run as nobody when the bench runs as root: they read the static files and write the cache here.
  chmodSync(prefix, 0o755);
  const staticDir = path.join(prefix, 'static');
  mkdirSync(staticDir);
  const shopPort = Number(new URL(shopUrl).port);
  const routes = [
    { label: 'GET / (server-rendered)', path: '/' },
    { label: 'GET /part (the catalogue page)', path: '/part' },
    { label: 'GET /api/parts?limit=24&sort=price_asc', path: '/api/parts?limit=24&sort=price_asc' },
    { label: 'GET search + filters', path: '/api/parts?q=brake&category=brakes&inStock=true' },
  ];
  // Each answer as the shop sends it once cached (the first is made and streamed), kept as a static file.
  let staticLocations = '';
  for (const [index, route] of routes.entries()) {
    await captureAnswer(shopUrl, route.path, LOAD_HEADERS);
    const answer = await captureAnswer(shopUrl, route.path, LOAD_HEADERS);
    if (answer.status !== 200) throw new Error(`${route.path} answered ${answer.status}`);
    const bodyFile = path.join(staticDir, `${index}.bin`);
    writeFileSync(bodyFile, Buffer.from(answer.bodyBase64, 'base64'));
    staticLocations += staticLocation(`/bench-static/${index}`, bodyFile, answer);
  }
  const nginx = await startNginx(binary, shopPort, prefix, staticLocations);
  const cores = availableParallelism();
  const pinned = cores >= 2 && nginx.pids().every((pid) => pin(pid, String(cores - 1))) && pin(process.pid, `0-${cores - 2}`);
  const budgets: NginxBudget[] = [];
  try {
    console.log(
      `\nBehind the shipped nginx (deploy/nginx.conf: one worker, its one-second cache in front of the shop), against a static file with the same body and headers from the same nginx; ${NGINX_GOAL.connections} connections, ${seconds} one-second rounds a side, taking turns${pinned ? `, nginx on core ${cores - 1}` : ''}:`,
    );
    console.log(
      `  ${'route'.padEnd(40)} ${'bytes'.padStart(6)}  ${'through the cache'.padStart(36)}   ${'static file'.padStart(36)}   ratio   shop asked`,
    );
    const side = (r: { requestsPerSecond: number; p99Ms: number; cpuMicrosPerRequest?: number }) =>
      `${r.requestsPerSecond.toFixed(0).padStart(6)} req/s p99 ${r.p99Ms.toFixed(1).padStart(4)} ms ${(r.cpuMicrosPerRequest ?? 0).toFixed(0).padStart(4)} µs CPU`.padStart(
        36,
      );
    for (const [index, route] of routes.entries()) {
      // The first request fills nginx's cache; the second must be answered from it.
      await fetchRaw(`${nginx.url}${route.path}`, LOAD_HEADERS);
      const answer = await fetchRaw(`${nginx.url}${route.path}`, LOAD_HEADERS);
      if (answer.status !== 200) throw new Error(`${route.path} through nginx answered ${answer.status}`);
      if (answer.cache !== 'HIT') throw new Error(`${route.path}: nginx's cache answered ${answer.cache || 'nothing'}, not HIT`);
      // The kept answer's own bytes (a page carries the time it was rendered), headers as the shop's.
      writeFileSync(path.join(staticDir, `${index}.bin`), answer.body);
      const copy = await fetchRaw(`${nginx.url}/bench-static/${index}`, LOAD_HEADERS);
      if (!copy.body.equals(answer.body)) throw new Error(`${route.path}: the static copy's body differs from the kept answer's`);
      const accessLog = path.join(prefix, 'access.log');
      const logFrom = statSync(accessLog).size;
      const [cached, file] = await takeTurns(
        route.label,
        [
          { url: `${nginx.url}${route.path}`, pid: nginx.workerPid },
          { url: `${nginx.url}/bench-static/${index}`, pid: nginx.workerPid },
        ],
        NGINX_GOAL.connections,
        seconds,
      );
      const ratio = cached!.requestsPerSecond / Math.max(file!.requestsPerSecond, 1e-9);
      const failures = cached!.non2xx + cached!.errors + file!.non2xx + file!.errors;
      const toShop = passedToShop(accessLog, logFrom, route.path);
      console.log(
        `  ${route.label.padEnd(40)} ${String(answer.body.length).padStart(6)}  ${side(cached!)}   ${side(file!)}   ${ratio.toFixed(2).padStart(5)}   ${toShop.passed} of ${toShop.total}${failures ? `   (${failures} non-2xx or errors)` : ''}`,
      );
      budgets.push({
        name: `behind nginx: ${route.label} = static file's rate ± ${NGINX_GOAL.within * 100}%`,
        figure: `${ratio.toFixed(2)} × (${cached!.requestsPerSecond.toFixed(0)} vs ${file!.requestsPerSecond.toFixed(0)} req/s, ${answer.body.length} bytes)`,
        holds: Math.abs(ratio - 1) <= NGINX_GOAL.within && failures === 0,
      });
    }
    // A build file: the .gz the build wrote, from disk, without the shop.
    const page = await (await fetch(`${nginx.url}/`)).text();
    const styleSheet = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/.exec(page)?.[1];
    const gz = styleSheet ? readFileSync(path.join(WEB_ROOT, `${styleSheet}.gz`)) : undefined;
    const built = styleSheet ? await fetchRaw(`${nginx.url}${styleSheet}`, LOAD_HEADERS) : undefined;
    const fromDisk = !!gz && built?.encoding === 'gzip' && built.body.equals(gz);
    budgets.push({
      name: 'behind nginx: a build file answered as the build’s .gz (gzip_static)',
      figure: fromDisk
        ? `${styleSheet}, ${gz.length} bytes`
        : `${styleSheet ?? 'no style sheet'}: ${built?.encoding || 'no encoding'}`,
      holds: fromDisk,
    });
  } finally {
    await nginx.stop();
    if (pinned) pin(process.pid, `0-${cores - 1}`);
    rmSync(prefix, { recursive: true, force: true });
  }
  return budgets;
}
