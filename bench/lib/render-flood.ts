import { Worker } from 'node:worker_threads';
import { percentile } from './load';

/**
 * The render flood: does a stream of page requests that the page cache cannot answer (random query
 * strings, random searches) slow the rest of the server down? `/api/health` is probed at a steady pace
 * with nothing else running, then again while a second client (in a worker thread, so that its own work
 * does not delay the probe) asks for `/?x=<random>`, `/part?q=<random>` and the like at a steady rate,
 * each request from one of several addresses (X-Forwarded-For; the server trusts 127.0.0.1 as its proxy).
 */

export interface LatencyFigures {
  count: number;
  avgMs: number;
  p99Ms: number;
  maxMs: number;
}

export interface FloodFigures {
  sent: number;
  /** Answers that were a page rendered on the server (fresh or from the cache). */
  rendered: number;
  /** Answers that were the app's shell (renders at their limit, or the client's budget used). */
  shell: number;
  redirects: number;
  /** Any other status (429 included) or a failed request. */
  other: number;
}

export interface RenderFloodResult {
  quiet: LatencyFigures;
  flooded: LatencyFigures;
  flood: FloodFigures;
  perSecond: number;
  addresses: number;
  /** From the server's /metrics, over the flood: renders run, and requests given the shell instead. */
  renders: number;
  refused: { busy: number; clientBudget: number };
  /** Seconds from the first flood to the end of the last (the flood runs in `rounds`, with pauses). */
  elapsedSeconds: number;
}

function figures(samples: number[]): LatencyFigures {
  return {
    count: samples.length,
    avgMs: samples.reduce((sum, ms) => sum + ms, 0) / Math.max(1, samples.length),
    p99Ms: percentile(samples, 0.99),
    maxMs: samples.reduce((max, ms) => Math.max(max, ms), 0),
  };
}

/** GET /api/health every `everyMs`, one at a time, for `seconds`: each request's time to its full answer. */
async function probeHealth(url: string, seconds: number, everyMs = 20): Promise<number[]> {
  const samples: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const started = performance.now();
    const res = await fetch(`${url}/api/health`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`/api/health answered ${res.status}`);
    const took = performance.now() - started;
    samples.push(took);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, everyMs - took)));
  }
  return samples;
}

/** The flooding client, as plain JavaScript for a worker thread. */
const FLOOD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, perSecond, addresses, searchesOnly } = workerData;
const random = () => Math.random().toString(36).slice(2, 10);
const paths = searchesOnly ? [() => '/part?q=' + random()] : [
  () => '/?x=' + random(),
  () => '/part?q=' + random(),
  () => '/part?x=' + random() + '&page=1',
  () => '/reviews?utm_source=' + random(),
  () => '/blogs?x=' + random(),
  () => '/login?next=' + random(),
  () => '/part?q=' + 'a'.repeat(5000) + random(),
];
const stats = { sent: 0, rendered: 0, shell: 0, redirects: 0, other: 0 };
let stopped = false;
let pending = 0;
parentPort.on('message', (message) => { if (message === 'stop') stopped = true; });
async function one(i) {
  pending += 1;
  try {
    const res = await fetch(url + paths[i % paths.length](), {
      redirect: 'manual',
      headers: { 'x-forwarded-for': '10.9.0.' + (1 + (i % addresses)), 'accept-encoding': 'gzip, br' },
    });
    const body = await res.text();
    if (res.status === 302) stats.redirects += 1;
    else if (res.status !== 200) stats.other += 1;
    else if (body.includes('id="page-state"')) stats.rendered += 1;
    else stats.shell += 1;
  } catch {
    stats.other += 1;
  } finally {
    pending -= 1;
  }
}
(async () => {
  const start = performance.now();
  for (let i = 0; !stopped; i += 1) {
    const due = start + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (stopped) break;
    stats.sent += 1;
    void one(i);
  }
  while (pending > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  parentPort.postMessage(stats);
})();
`;

async function floodFor(
  url: string,
  flood: { perSecond: number; addresses: number; searchesOnly: boolean },
  during: () => Promise<void>,
): Promise<FloodFigures> {
  const worker = new Worker(FLOOD_WORKER, { eval: true, workerData: { url, ...flood } });
  const done = new Promise<FloodFigures>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await new Promise((resolve) => setTimeout(resolve, 1000)); // the flood under way
  await during();
  worker.postMessage('stop');
  const figures = await done;
  await worker.terminate();
  return figures;
}

/** The server's page_renders_total and page_renders_refused_total (`metricsToken`: its METRICS_TOKEN). */
async function renderCounts(url: string, metricsToken: string) {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
  const sum = (pattern: RegExp) =>
    text
      .split('\n')
      .filter((line) => pattern.test(line))
      .reduce((total, line) => total + Number(line.split(' ').at(-1)), 0);
  return {
    renders: sum(/^page_renders_total\{/),
    busy: sum(/^page_renders_refused_total\{reason="busy"/),
    clientBudget: sum(/^page_renders_refused_total\{reason="client_budget"/),
  };
}

/**
 * Quiet and flooded probes alternate (`rounds` of each, `seconds` in all for each side), so that a
 * neighbour's load on a shared machine weighs on both sides alike.
 */
export async function measureRenderFlood(
  url: string,
  {
    seconds = 8,
    perSecond = 20,
    addresses = 8,
    rounds = 4,
    searchesOnly = false,
    metricsToken,
  }: {
    seconds?: number;
    perSecond?: number;
    addresses?: number;
    rounds?: number;
    /** Only `/part?q=<random>`, every one a new page: what the per-client budget is for. */
    searchesOnly?: boolean;
    metricsToken: string;
  },
): Promise<RenderFloodResult> {
  // Warm-up: each page once, and the probe itself, so that neither side pays for first compilations.
  for (const path of ['/', '/part', '/reviews', '/blogs', '/login']) await (await fetch(`${url}${path}`)).arrayBuffer();
  await probeHealth(url, 1);

  const quiet: number[] = [];
  const flooded: number[] = [];
  const flood: FloodFigures = { sent: 0, rendered: 0, shell: 0, redirects: 0, other: 0 };
  const before = await renderCounts(url, metricsToken);
  const startedAt = performance.now();
  for (let round = 0; round < rounds; round += 1) {
    quiet.push(...(await probeHealth(url, seconds / rounds)));
    const figures = await floodFor(url, { perSecond, addresses, searchesOnly }, async () => {
      flooded.push(...(await probeHealth(url, seconds / rounds)));
    });
    for (const key of Object.keys(flood) as (keyof FloodFigures)[]) flood[key] += figures[key];
  }
  const after = await renderCounts(url, metricsToken);
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  return {
    quiet: figures(quiet),
    flooded: figures(flooded),
    flood,
    perSecond,
    addresses,
    renders: after.renders - before.renders,
    refused: { busy: after.busy - before.busy, clientBudget: after.clientBudget - before.clientBudget },
    elapsedSeconds,
  };
}
