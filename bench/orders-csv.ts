// The admins' orders export at scale (docs/shop-rules.md, "Orders"): for each engine, a fresh database
// with 1,000,000 orders made by the scale bench's generator, the built server started on it in a process
// of its own (as `npm start` runs it), and the whole of GET /api/orders.csv downloaded over HTTP by this
// process while the server process's RSS is read from /proc every 50 ms. The download's own buffers and
// garbage are this process's, so they do not count. The export streams in batches, so the server's peak
// RSS growth stays flat however many orders there are.
//   npm run build && npx tsx bench/orders-csv.ts [--sqlite-only | --postgres-only]
import { existsSync } from 'node:fs';
import { type ScaleShop, withScaleShop } from './lib/scale-shop';
import { type RunningServer, startBuiltServer } from './lib/server';
import { generateScaleData, SCALE } from './scale';

/** The most the server process's RSS may grow over its idle RSS while one export is downloaded. */
export const EXPORT_RSS_BUDGET_MB = 100;

/** What a browser asks for on the shop's HTTPS address: the server answers with brotli, compressed as it streams. */
const ACCEPT_ENCODING = 'gzip, deflate, br';

const SAMPLE_EVERY_MS = 50;

export interface OrdersCsvFigure {
  engine: string;
  /** How the server encoded the download. */
  encoding: string;
  rows: number;
  megabytes: number;
  seconds: number;
  /** The server process's RSS before the export, settled after its start (median of a second of samples). */
  idleRssMb: number;
  /** The server process's highest RSS during the export, over its idle RSS: the budgeted figure. */
  peakRssGrowthMb: number;
  /**
   * The median of the samples of the download's second half, over the idle RSS: what the export keeps
   * while it runs. A peak well above it is garbage the collector had not yet taken back, not the export held.
   */
  steadyRssGrowthMb: number;
}

const MB = 1024 * 1024;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function rssSamples(server: RunningServer, durationMs: number): Promise<number[]> {
  const samples: number[] = [];
  for (const end = Date.now() + durationMs; Date.now() < end;) {
    samples.push(server.rssMb());
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
  }
  return samples;
}

/**
 * Downloads the export from the server, counting its bytes and records without keeping them, and
 * samples the server process's RSS meanwhile.
 */
export async function downloadExport(
  server: RunningServer,
  cookie: string,
  acceptEncoding = ACCEPT_ENCODING,
  query = '',
): Promise<Omit<OrdersCsvFigure, 'engine'>> {
  // The server's start (migrations checked, the sweep's first pass) is over once its RSS stops moving.
  await rssSamples(server, 2000);
  const idleRssMb = median(await rssSamples(server, 1000));
  const samples: { atMs: number; mb: number }[] = [];
  const started = performance.now();
  const sample = () => samples.push({ atMs: performance.now() - started, mb: server.rssMb() });
  const sampler = setInterval(sample, SAMPLE_EVERY_MS);
  try {
    const res = await fetch(`${server.url}/api/orders.csv${query}`, {
      headers: { cookie, 'accept-encoding': acceptEncoding },
    });
    if (res.status !== 200 || !res.body) throw new Error(`the export answered ${res.status}: ${await res.text()}`);
    let bytes = 0;
    let newlines = 0;
    for await (const chunk of res.body) {
      bytes += chunk.byteLength;
      for (let i = 0; i < chunk.byteLength; i++) if (chunk[i] === 10) newlines++;
    }
    sample();
    const elapsedMs = performance.now() - started;
    const secondHalf = samples.filter((s) => s.atMs >= elapsedMs / 2).map((s) => s.mb);
    // The generated orders hold no line breaks: every newline ends a record, the first the header.
    return {
      encoding: res.headers.get('content-encoding') ?? 'identity',
      rows: newlines - 1,
      megabytes: bytes / MB,
      seconds: elapsedMs / 1000,
      idleRssMb,
      peakRssGrowthMb: Math.max(...samples.map((s) => s.mb)) - idleRssMb,
      steadyRssGrowthMb: median(secondHalf) - idleRssMb,
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
  if (!existsSync('dist/server/main.js')) throw new Error('the export bench runs the built server: npm run build first');
  return withScaleShop(engine, log, generate, async ({ serverEnv, admin, handle }) => {
    // The last tenth of the booking days: a smaller export on the same server, so the two peaks show
    // whether the memory an export takes grows with its length.
    const { first, last } = await handle.db
      .selectFrom('orders')
      .select((eb) => [eb.fn.min('created_at').as('first'), eb.fn.max('created_at').as('last')])
      .executeTakeFirstOrThrow();
    const lastDay = Date.parse(String(last).slice(0, 10));
    const days = Math.round((lastDay - Date.parse(String(first).slice(0, 10))) / 86_400_000);
    const tenthFrom = new Date(lastDay - Math.floor(days / 10) * 86_400_000).toISOString().slice(0, 10);
    const tenthQuery = `?from=${tenthFrom}&to=${String(last).slice(0, 10)}`;
    const server = await startBuiltServer({
      ...serverEnv,
      DEMO_MODE: 'false',
      // The generated orders were booked weeks ago: with the default window, the sweep would spend the
      // export expiring a fifth of them.
      ORDER_PAYMENT_WINDOW_HOURS: String(24 * 365),
    });
    try {
      const tenth = await downloadExport(server, admin.cookie, ACCEPT_ENCODING, tenthQuery);
      log(
        `  ${engine.padEnd(9)} the last tenth of the days (${tenth.rows.toLocaleString('en')} rows, ${tenth.seconds.toFixed(1)} s): ` +
          `peak growth ${tenth.peakRssGrowthMb.toFixed(1)} MB, steady ${tenth.steadyRssGrowthMb.toFixed(1)} MB (no budget: the whole export's beside it)`,
      );
      const figure = { engine, ...(await downloadExport(server, admin.cookie)) };
      const verdict = figure.peakRssGrowthMb <= EXPORT_RSS_BUDGET_MB && figure.rows === SCALE.orders ? 'PASS' : 'FAIL';
      log(
        `  ${engine.padEnd(9)} ${figure.rows.toLocaleString('en')} rows, ${figure.megabytes.toFixed(1)} MB of CSV (${figure.encoding}) in ${figure.seconds.toFixed(1)} s; ` +
          `server RSS ${figure.idleRssMb.toFixed(0)} MB idle, peak growth ${figure.peakRssGrowthMb.toFixed(1)} MB ` +
          `(budget ${EXPORT_RSS_BUDGET_MB} MB) ${verdict}, steady growth ${figure.steadyRssGrowthMb.toFixed(1)} MB`,
      );
      return [figure];
    } finally {
      await server.stop();
    }
  });
}

/** Both engines, one after the other; a few minutes each on a 2-core machine. */
export async function measureOrdersCsv(log: (line: string) => void = console.log): Promise<OrdersCsvFigure[]> {
  log(
    `\nOrders CSV export: ${SCALE.orders.toLocaleString('en')} orders downloaded over HTTP (${ACCEPT_ENCODING}) from the built server in a process of its own, its RSS sampled every ${SAMPLE_EVERY_MS} ms:`,
  );
  return [...(await measureEngine('sqlite', log)), ...(await measureEngine('postgres', log))];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = (['sqlite', 'postgres'] as const).find((engine) => process.argv.includes(`--${engine}-only`));
  const figures = only ? await measureEngine(only, console.log) : await measureOrdersCsv();
  const over = figures.filter((f) => f.peakRssGrowthMb > EXPORT_RSS_BUDGET_MB || f.rows !== SCALE.orders);
  process.exit(over.length > 0 ? 1 : 0);
}
