import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import { type CapturedAnswer, captureAnswer, startBareServer } from './capture';
import { cpuMsOf, LOAD_HEADERS, type LoadResult, runKeepingLatencies } from './load';

/** What the public GETs must reach against a bare Fastify app sending the same bytes, in the same run. */
export const PUBLIC_GET_GOAL = { connections: 50, throughputRatio: 0.8, p99Ratio: 1.5 } as const;

export interface PublicGetFigure {
  label: string;
  shop: LoadResult;
  /** A Fastify app with no plugins and one route, replaying the shop's answer. */
  fastify: LoadResult;
  /** node:http alone, replaying the same answer: shown, no goal. */
  http: LoadResult;
  budgeted: boolean;
}

export interface PublicGetBudget {
  name: string;
  figure: string;
  holds: boolean;
}

/**
 * Pins every thread of a process to the given CPUs (`taskset`); false where that cannot be done. On a
 * 2-core machine the load generator and the server otherwise share cores at random moments, and a
 * server that happens to share one answers a third fewer requests that second.
 */
export function pin(pid: number, cpus: string): boolean {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** One side's figures over all its rounds. */
interface Rounds {
  requests: number;
  seconds: number;
  cpuMs: number;
  p99s: number[];
  non2xx: number;
  errors: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function round(url: string, connections: number, seconds: number, pid: number, into: Rounds): Promise<void> {
  const cpuBefore = cpuMsOf(pid);
  const { result, p99Ms } = await runKeepingLatencies({ url, connections, duration: seconds, headers: LOAD_HEADERS });
  into.cpuMs += cpuMsOf(pid) - cpuBefore;
  into.requests += result.requests.total;
  into.seconds += result.duration;
  into.p99s.push(p99Ms);
  into.non2xx += result.non2xx;
  into.errors += result.errors + result.timeouts;
}

function loadResult(label: string, rounds: Rounds): LoadResult {
  return {
    label,
    requestsPerSecond: rounds.requests / Math.max(rounds.seconds, 1e-9),
    p99Ms: median(rounds.p99s),
    non2xx: rounds.non2xx,
    errors: rounds.errors,
    cpuMicrosPerRequest: (rounds.cpuMs * 1000) / Math.max(1, rounds.requests),
  };
}

/**
 * Drives one path on each side taking turns, one-second rounds each, so that every side meets the
 * machine's slow and fast moments alike (its speed moves by a third from one second to the next);
 * each side's rate is its requests over its time, its p99 the median of its rounds' p99.
 */
export async function takeTurns(
  label: string,
  sides: { url: string; pid: number }[],
  connections: number,
  seconds: number,
): Promise<LoadResult[]> {
  for (const side of sides) await autocannon({ url: side.url, connections, duration: 2, headers: LOAD_HEADERS });
  const rounds = sides.map((): Rounds => ({ requests: 0, seconds: 0, cpuMs: 0, p99s: [], non2xx: 0, errors: 0 }));
  for (let i = 0; i < seconds; i++) {
    // Who goes first moves round by round too, so no side always follows another's connections closing.
    for (let k = 0; k < sides.length; k++) {
      const s = (i + k) % sides.length;
      await round(sides[s]!.url, connections, 1, sides[s]!.pid, rounds[s]!);
    }
  }
  return rounds.map((r) => loadResult(label, r));
}

const throughputRatio = (a: LoadResult, b: LoadResult) => a.requestsPerSecond / Math.max(b.requestsPerSecond, 1e-9);
/** Both p99s are to the microsecond (runKeepingLatencies). */
const p99Ratio = (a: LoadResult, b: LoadResult) => a.p99Ms / Math.max(0.001, b.p99Ms);

/**
 * The public GETs against the framework's own cost. Each answer is captured from the shop once
 * (status, headers, body, as sent to the load's request headers); a bare Fastify app (no plugins, one
 * catch-all route) and a bare node:http server, each in a process of its own, replay exactly those
 * bytes. Each route is then driven on the three taking turns (`takeTurns`), 50 connections each. Where
 * the machine has two cores or more, the servers run on the last core and the load generator (this
 * process) on the others. Each side's CPU time per request (from /proc) is printed too. The in-app
 * `/api/ping` is a line without a goal: it pays every global hook and no route.
 */
export async function measurePublicGets(
  shopUrl: string,
  shopPid: number,
  partId: string,
  seconds: number,
): Promise<PublicGetBudget[]> {
  // The style sheet every page links: one of the build's hashed, pre-compressed files.
  const page = await (await fetch(`${shopUrl}/`)).text();
  const styleSheet = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/.exec(page)?.[1];
  if (!styleSheet) throw new Error('/ links no style sheet of the build');
  const routes: { label: string; path: string; budgeted: boolean }[] = [
    { label: 'GET /api/parts?limit=6', path: '/api/parts?limit=6', budgeted: true },
    { label: 'GET /api/parts?limit=24&sort=price_asc', path: '/api/parts?limit=24&sort=price_asc', budgeted: true },
    { label: 'GET / (server-rendered)', path: '/', budgeted: true },
    {
      label: 'GET search + filters',
      path: '/api/parts?q=brake&category=brakes&inStock=true',
      budgeted: true,
    },
    { label: 'GET /api/parts/:id', path: `/api/parts/${partId}`, budgeted: true },
    { label: 'GET /api/reviews', path: '/api/reviews', budgeted: true },
    { label: 'GET /api/settings', path: '/api/settings', budgeted: true },
    { label: 'GET the style sheet (a build file)', path: styleSheet, budgeted: true },
    { label: 'GET /api/ping (in-app bare route)', path: '/api/ping', budgeted: false },
  ];
  const answers: CapturedAnswer[] = [];
  for (const route of routes) {
    // The first answer of a cacheable route is made and streamed; the one captured is what the load gets.
    await captureAnswer(shopUrl, route.path, LOAD_HEADERS);
    const answer = await captureAnswer(shopUrl, route.path, LOAD_HEADERS);
    if (answer.status !== 200) throw new Error(`${route.path} answered ${answer.status}`);
    answers.push(answer);
  }
  const bareFastify = await startBareServer('fastify', answers);
  const bareHttp = await startBareServer('http', answers);
  const figures: PublicGetFigure[] = [];
  const { connections } = PUBLIC_GET_GOAL;
  const cores = availableParallelism();
  const serverCore = String(cores - 1);
  const pinned =
    cores >= 2 &&
    [shopPid, bareFastify.pid, bareHttp.pid].every((pid) => pin(pid, serverCore)) &&
    pin(process.pid, `0-${cores - 2}`);
  try {
    console.log(
      pinned
        ? `The servers on core ${serverCore}, the load generator on the others; each route in ${seconds} one-second rounds a side, taking turns.`
        : `Servers and load generator not pinned to cores (taskset unavailable); ${seconds} one-second rounds a side, taking turns.`,
    );
    console.log(
      `Public GETs against a bare Fastify app (no plugins, one route) and bare node:http, each replaying the shop's answer (status, headers, body), ${connections} connections:`,
    );
    console.log(
      `${'route'.padEnd(40)} ${'shop'.padStart(36)}   ${'bare Fastify'.padStart(36)}   ${'ratio'.padStart(5)}  ${'p99 ratio'.padStart(9)}   ${'bare node:http (no goal)'.padStart(36)}  ${'ratio'.padStart(5)}`,
    );
    for (const route of routes) {
      const [shop, fastify, http] = await takeTurns(
        route.label,
        [
          { url: `${shopUrl}${route.path}`, pid: shopPid },
          { url: `${bareFastify.url}${route.path}`, pid: bareFastify.pid },
          { url: `${bareHttp.url}${route.path}`, pid: bareHttp.pid },
        ],
        connections,
        seconds,
      );
      const figure: PublicGetFigure = {
        label: route.label,
        shop: shop!,
        fastify: fastify!,
        http: http!,
        budgeted: route.budgeted,
      };
      figures.push(figure);
      // CPU per request is steadier than req/s while other work shares the machine; it says what each side costs.
      const side = (r: LoadResult) =>
        `${r.requestsPerSecond.toFixed(0).padStart(6)} req/s p99 ${r.p99Ms.toFixed(1).padStart(4)} ms ${(r.cpuMicrosPerRequest ?? 0).toFixed(0).padStart(4)} µs CPU`.padStart(
          36,
        );
      const failed = [figure.shop, figure.fastify, figure.http].reduce((sum, r) => sum + r.non2xx + r.errors, 0);
      console.log(
        `${route.label.padEnd(40)} ${side(figure.shop)}   ${side(figure.fastify)}   ${throughputRatio(figure.shop, figure.fastify).toFixed(2).padStart(5)}  ${p99Ratio(figure.shop, figure.fastify).toFixed(2).padStart(9)}   ${side(figure.http)}  ${throughputRatio(figure.shop, figure.http).toFixed(2).padStart(5)}${failed > 0 ? `   (${failed} non-2xx or errors)` : ''}`,
      );
    }
  } finally {
    await bareFastify.stop();
    await bareHttp.stop();
    // The other sections share the machine as the shop is run in production: not pinned.
    const all = `0-${cores - 1}`;
    if (pinned) {
      pin(shopPid, all);
      pin(process.pid, all);
    }
  }
  const budgets: PublicGetBudget[] = [];
  for (const f of figures.filter((figure) => figure.budgeted)) {
    const rate = throughputRatio(f.shop, f.fastify);
    const p99 = p99Ratio(f.shop, f.fastify);
    budgets.push({
      name: `${f.label} ≥ ${PUBLIC_GET_GOAL.throughputRatio} × bare Fastify, p99 ≤ ${PUBLIC_GET_GOAL.p99Ratio} ×`,
      figure: `${rate.toFixed(2)} × (${f.shop.requestsPerSecond.toFixed(0)} vs ${f.fastify.requestsPerSecond.toFixed(0)} req/s), p99 ${p99.toFixed(2)} × (${f.shop.p99Ms.toFixed(1)} vs ${f.fastify.p99Ms.toFixed(1)} ms)`,
      holds: rate >= PUBLIC_GET_GOAL.throughputRatio && p99 <= PUBLIC_GET_GOAL.p99Ratio,
    });
  }
  const failures = figures.reduce((sum, f) => sum + f.shop.non2xx + f.shop.errors, 0);
  budgets.push({ name: 'every public GET answered 2xx', figure: `${failures} failures`, holds: failures === 0 });
  return budgets;
}
