import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import { type CapturedAnswer, captureAnswer, startBareServer } from './capture';
import { cpuMsOf, LOAD_HEADERS, type LoadResult, runKeepingLatencies } from './load';

/** What the public GETs must reach against a bare node:http server sending the same bytes, in the same run. */
export const PUBLIC_GET_GOAL = { connections: 50, throughputRatio: 0.7, p99Ratio: 1.5 } as const;

export interface PublicGetFigure {
  label: string;
  shop: LoadResult;
  bare: LoadResult;
  /** Shop's requests per second over the bare server's. */
  throughputRatio: number;
  /** Shop's p99 over the bare server's, both to the microsecond (runKeepingLatencies). */
  p99Ratio: number;
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
function pin(pid: number, cpus: string): boolean {
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
 * Drives one path on the shop and on the bare server taking turns, one-second rounds each, so that
 * both sides meet the machine's slow and fast moments alike (its speed moves by a third from one
 * second to the next); each side's rate is its requests over its time, its p99 the median of its
 * rounds' p99.
 */
async function alternate(
  label: string,
  shop: { url: string; pid: number },
  bare: { url: string; pid: number },
  connections: number,
  seconds: number,
): Promise<{ shop: LoadResult; bare: LoadResult }> {
  for (const side of [shop, bare]) await autocannon({ url: side.url, connections, duration: 2, headers: LOAD_HEADERS });
  const empty = (): Rounds => ({ requests: 0, seconds: 0, cpuMs: 0, p99s: [], non2xx: 0, errors: 0 });
  const shopRounds = empty();
  const bareRounds = empty();
  for (let i = 0; i < seconds; i++) {
    // Who goes first alternates too, so neither always follows the other's connections closing.
    const order: [typeof shop, Rounds][] =
      i % 2 === 0
        ? [
            [shop, shopRounds],
            [bare, bareRounds],
          ]
        : [
            [bare, bareRounds],
            [shop, shopRounds],
          ];
    for (const [side, rounds] of order) await round(side.url, connections, 1, side.pid, rounds);
  }
  return { shop: loadResult(label, shopRounds), bare: loadResult(label, bareRounds) };
}

/**
 * The public GETs against the runtime's limit. Each answer is captured from the shop once (status,
 * headers, body, as sent to the load's request headers) and a bare node:http server in a process of
 * its own replays exactly those bytes; then each route is driven on the shop and on the bare server
 * in turns (`alternate`), 50 connections each, so both sides of a ratio share the machine's moments.
 * Where the machine has two cores or more, both servers run on the last core and the load generator
 * (this process) on the others. Each side's CPU time per request (from /proc) is printed too. The
 * in-app `/api/ping` is a second line: it pays every global hook and no route, so it shows what the
 * pipeline alone costs.
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
  const bareServer = await startBareServer(answers);
  const figures: PublicGetFigure[] = [];
  const { connections } = PUBLIC_GET_GOAL;
  const cores = availableParallelism();
  const serverCore = String(cores - 1);
  const pinned = cores >= 2 && pin(shopPid, serverCore) && pin(bareServer.pid, serverCore) && pin(process.pid, `0-${cores - 2}`);
  try {
    console.log(
      pinned
        ? `Both servers on core ${serverCore}, the load generator on the others; each route in ${seconds} one-second rounds a side, taking turns.`
        : `Servers and load generator not pinned to cores (taskset unavailable); ${seconds} one-second rounds a side, taking turns.`,
    );
    console.log(
      `Public GETs against a bare node:http server replaying the same answer (status, headers, body), ${connections} connections:`,
    );
    console.log(
      `${'route'.padEnd(40)} ${'shop'.padStart(38)}   ${'bare node:http'.padStart(38)}   ${'ratio'.padStart(5)}  ${'p99 ratio'.padStart(9)}`,
    );
    for (const route of routes) {
      const { shop, bare } = await alternate(
        route.label,
        { url: `${shopUrl}${route.path}`, pid: shopPid },
        { url: `${bareServer.url}${route.path}`, pid: bareServer.pid },
        connections,
        seconds,
      );
      const figure: PublicGetFigure = {
        label: route.label,
        shop,
        bare,
        throughputRatio: shop.requestsPerSecond / bare.requestsPerSecond,
        p99Ratio: shop.p99Ms / Math.max(0.001, bare.p99Ms),
        budgeted: route.budgeted,
      };
      figures.push(figure);
      // CPU per request is steadier than req/s while other work shares the machine; it says what each side costs.
      const side = (r: LoadResult) =>
        `${r.requestsPerSecond.toFixed(0).padStart(6)} req/s p99 ${r.p99Ms.toFixed(1).padStart(4)} ms ${(r.cpuMicrosPerRequest ?? 0).toFixed(0).padStart(4)} µs CPU`.padStart(
          38,
        );
      const failed = shop.non2xx + shop.errors + bare.non2xx + bare.errors;
      console.log(
        `${route.label.padEnd(40)} ${side(shop)}   ${side(bare)}   ${figure.throughputRatio.toFixed(2).padStart(5)}  ${figure.p99Ratio.toFixed(2).padStart(9)}${failed > 0 ? `   (${failed} non-2xx or errors)` : ''}`,
      );
    }
  } finally {
    await bareServer.stop();
    // The other sections share the machine as the shop is run in production: not pinned.
    const all = `0-${cores - 1}`;
    if (pinned) {
      pin(shopPid, all);
      pin(process.pid, all);
    }
  }
  const budgets: PublicGetBudget[] = [];
  for (const f of figures.filter((figure) => figure.budgeted)) {
    budgets.push({
      name: `${f.label} ≥ ${PUBLIC_GET_GOAL.throughputRatio} × bare, p99 ≤ ${PUBLIC_GET_GOAL.p99Ratio} × bare`,
      figure: `${f.throughputRatio.toFixed(2)} × (${f.shop.requestsPerSecond.toFixed(0)} vs ${f.bare.requestsPerSecond.toFixed(0)} req/s), p99 ${f.p99Ratio.toFixed(2)} × (${f.shop.p99Ms.toFixed(1)} vs ${f.bare.p99Ms.toFixed(1)} ms)`,
      holds: f.throughputRatio >= PUBLIC_GET_GOAL.throughputRatio && f.p99Ratio <= PUBLIC_GET_GOAL.p99Ratio,
    });
  }
  const failures = figures.reduce((sum, f) => sum + f.shop.non2xx + f.shop.errors, 0);
  budgets.push({ name: 'every public GET answered 2xx', figure: `${failures} failures`, holds: failures === 0 });
  return budgets;
}
