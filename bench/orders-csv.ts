// The admins' orders export at scale (docs/shop-rules.md, "Orders"): for each engine, a fresh database
// with 1,000,000 orders made by the scale bench's generator, the app listening on a real port (inject
// would buffer the body), and the whole of GET /api/orders.csv downloaded over HTTP while the process's
// RSS is sampled every 50 ms. The export streams in batches, so its peak RSS growth stays flat however
// many orders there are.
//   npx tsx bench/orders-csv.ts
import { type ScaleShop, withScaleShop } from './lib/scale-shop';
import { generateScaleData, SCALE } from './scale';

/** The most the process's RSS may grow over its start while one export is downloaded. */
export const EXPORT_RSS_BUDGET_MB = 100;

export interface OrdersCsvFigure {
  engine: string;
  rows: number;
  megabytes: number;
  seconds: number;
  peakRssGrowthMb: number;
}

const MB = 1024 * 1024;

/** Downloads the export, counting its bytes and records without keeping them, and samples RSS meanwhile. */
async function download(url: string, cookie: string): Promise<Omit<OrdersCsvFigure, 'engine'>> {
  global.gc?.();
  const start = process.memoryUsage.rss();
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  const started = performance.now();
  try {
    const res = await fetch(url, { headers: { cookie } });
    if (res.status !== 200 || !res.body) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
    let bytes = 0;
    let newlines = 0;
    for await (const chunk of res.body) {
      bytes += chunk.byteLength;
      for (let i = 0; i < chunk.byteLength; i++) if (chunk[i] === 10) newlines++;
    }
    peak = Math.max(peak, process.memoryUsage.rss());
    // The generated orders hold no line breaks: every newline ends a record, the first the header.
    return {
      rows: newlines - 1,
      megabytes: bytes / MB,
      seconds: (performance.now() - started) / 1000,
      peakRssGrowthMb: (peak - start) / MB,
    };
  } finally {
    clearInterval(sampler);
  }
}

async function measureEngine(engine: 'sqlite' | 'postgres', log: (line: string) => void): Promise<OrdersCsvFigure[]> {
  const generate = async ({ handle, customer }: ScaleShop) => {
    const generated = performance.now();
    await generateScaleData(handle, customer.id);
    log(
      `  ${engine}: ${SCALE.orders.toLocaleString('en')} orders generated in ${((performance.now() - generated) / 1000).toFixed(1)} s`,
    );
  };
  return withScaleShop(engine, log, generate, async ({ app, admin }) => {
    // A real port: inject would buffer the whole body.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const figure = { engine, ...(await download(`${address}/api/orders.csv`, admin.cookie)) };
    const verdict = figure.peakRssGrowthMb <= EXPORT_RSS_BUDGET_MB && figure.rows === SCALE.orders ? 'ok' : 'over';
    log(
      `  ${engine.padEnd(9)} ${figure.rows.toLocaleString('en')} rows, ${figure.megabytes.toFixed(1)} MB in ${figure.seconds.toFixed(1)} s, peak RSS growth ${figure.peakRssGrowthMb.toFixed(1)} MB   ${verdict}`,
    );
    return [figure];
  });
}

/** Both engines, one after the other; a few minutes each on a 2-core machine. */
export async function measureOrdersCsv(log: (line: string) => void = console.log): Promise<OrdersCsvFigure[]> {
  log(`\nOrders CSV export: ${SCALE.orders.toLocaleString('en')} orders downloaded over HTTP, process RSS sampled every 50 ms:`);
  return [...(await measureEngine('sqlite', log)), ...(await measureEngine('postgres', log))];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const engines = process.argv.includes('--sqlite-only') ? ['sqlite'] : undefined;
  const figures = engines ? await measureEngine('sqlite', console.log) : await measureOrdersCsv();
  const over = figures.filter((f) => f.peakRssGrowthMb > EXPORT_RSS_BUDGET_MB || f.rows !== SCALE.orders);
  process.exit(over.length > 0 ? 1 : 0);
}
