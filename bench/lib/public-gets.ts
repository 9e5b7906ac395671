import { type CapturedAnswer, captureAnswer, startBareServer } from './capture';
import { LOAD_HEADERS, type LoadResult, measure } from './load';

/** What the public GETs must reach against a bare node:http server sending the same bytes, in the same run. */
export const PUBLIC_GET_GOAL = { connections: 50, throughputRatio: 0.7, p99Ratio: 1.5 } as const;

export interface PublicGetFigure {
  label: string;
  shop: LoadResult;
  bare: LoadResult;
  /** Shop's requests per second over the bare server's. */
  throughputRatio: number;
  /** Shop's p99 over the bare server's (a bare p99 under 1 ms counts as 1 ms: autocannon reports whole ms). */
  p99Ratio: number;
  budgeted: boolean;
}

export interface PublicGetBudget {
  name: string;
  figure: string;
  holds: boolean;
}

/**
 * The public GETs against the runtime's limit. Each answer is captured from the shop once (status,
 * headers, body, as sent to the load's request headers) and a bare node:http server in a process of
 * its own replays exactly those bytes; then each route is driven on the shop and at once on the bare
 * server, 50 connections each, so both sides of a ratio share the machine's moment; each side's CPU
 * time per request (from /proc) is printed beside it, steadier than req/s on a shared machine. The
 * in-app `/api/ping` is a second line: it pays every global hook and no route, so it shows what the
 * pipeline alone costs.
 */
export async function measurePublicGets(
  shopUrl: string,
  shopPid: number,
  partId: string,
  seconds: number,
): Promise<PublicGetBudget[]> {
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
  try {
    console.log(
      `Public GETs against a bare node:http server replaying the same answer (status, headers, body), ${connections} connections:`,
    );
    console.log(
      `${'route'.padEnd(40)} ${'shop'.padStart(35)}   ${'bare node:http'.padStart(35)}   ${'ratio'.padStart(5)}  ${'p99 ratio'.padStart(9)}`,
    );
    for (const route of routes) {
      const shop = await measure(route.label, `${shopUrl}${route.path}`, { seconds, connections, cpuPid: shopPid });
      const bare = await measure(route.label, `${bareServer.url}${route.path}`, {
        seconds,
        connections,
        cpuPid: bareServer.pid,
      });
      const figure: PublicGetFigure = {
        label: route.label,
        shop,
        bare,
        throughputRatio: shop.requestsPerSecond / bare.requestsPerSecond,
        p99Ratio: shop.p99Ms / Math.max(1, bare.p99Ms),
        budgeted: route.budgeted,
      };
      figures.push(figure);
      // CPU per request is steadier than req/s while other work shares the machine; it says what each side costs.
      const side = (r: LoadResult) =>
        `${r.requestsPerSecond.toFixed(0).padStart(6)} req/s p99 ${String(r.p99Ms).padStart(3)} ms ${(r.cpuMicrosPerRequest ?? 0).toFixed(0).padStart(4)} µs CPU`.padStart(
          35,
        );
      const failed = shop.non2xx + shop.errors + bare.non2xx + bare.errors;
      console.log(
        `${route.label.padEnd(40)} ${side(shop)}   ${side(bare)}   ${figure.throughputRatio.toFixed(2).padStart(5)}  ${figure.p99Ratio.toFixed(2).padStart(9)}${failed > 0 ? `   (${failed} non-2xx or errors)` : ''}`,
      );
    }
  } finally {
    await bareServer.stop();
  }
  const budgets: PublicGetBudget[] = [];
  for (const f of figures.filter((figure) => figure.budgeted)) {
    budgets.push({
      name: `${f.label} ≥ ${PUBLIC_GET_GOAL.throughputRatio} × bare, p99 ≤ ${PUBLIC_GET_GOAL.p99Ratio} × bare`,
      figure: `${f.throughputRatio.toFixed(2)} × (${f.shop.requestsPerSecond.toFixed(0)} vs ${f.bare.requestsPerSecond.toFixed(0)} req/s), p99 ${f.p99Ratio.toFixed(2)} × (${f.shop.p99Ms} vs ${f.bare.p99Ms} ms)`,
      holds: f.throughputRatio >= PUBLIC_GET_GOAL.throughputRatio && f.p99Ratio <= PUBLIC_GET_GOAL.p99Ratio,
    });
  }
  const failures = figures.reduce((sum, f) => sum + f.shop.non2xx + f.shop.errors, 0);
  budgets.push({ name: 'every public GET answered 2xx', figure: `${failures} failures`, holds: failures === 0 });
  return budgets;
}
