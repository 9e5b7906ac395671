// The admin's catalogue import at size (docs/shop-rules.md, "The catalogue as CSV files"): for each
// engine, the built server started on a fresh demo database of its own (PostgreSQL: a database made
// for the run), a parts file of 10,000 new parts and a fitments file of 100,000 fitments of them
// generated here, each checked (apply=false) and then imported (apply=true) over HTTP, while the
// server process's RSS is read from /proc every 50 ms. The files are this process's: only what the
// server holds counts.
//   npm run build && npx tsx bench/catalogue-import.ts [--sqlite-only | --postgres-only]
//   npm run bench -- --only=catalogue-import
import { existsSync } from 'node:fs';
import { DEMO_ADMIN, signIn } from './lib/orders';
import { createBenchPostgres } from './lib/postgres';
import { type RunningServer, startBuiltServer } from './lib/server';

export const CATALOGUE_IMPORT_SIZE = { parts: 10_000, fitments: 100_000 };
/** Parts and fitments imported (check and apply of both files) within this. */
export const CATALOGUE_IMPORT_BUDGET_S = 60;
/** The server's RSS stays under this while it imports. */
export const CATALOGUE_IMPORT_RSS_BUDGET_MB = 250;
/** Vehicles the bench adds for the fitments to name. */
const VEHICLES = 60;
const SAMPLE_EVERY_MS = 50;

export interface CatalogueImportFigure {
  engine: string;
  /** Seconds per step: check and apply of each file. */
  partsCheckS: number;
  partsApplyS: number;
  fitmentsCheckS: number;
  fitmentsApplyS: number;
  /** Check and apply of both files. */
  totalS: number;
  idleRssMb: number;
  peakRssMb: number;
  partsMb: number;
  fitmentsMb: number;
}

interface Report {
  ok: boolean;
  added: number;
  changed: number;
  unchanged: number;
  errors: { line: number; message: string }[];
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
  return (await res.json()) as T;
}

/**
 * A picture the shop serves, for the new parts: a demo part's (an upload of the seed). Uploading one
 * here would load the image library into the server and charge its memory to the import.
 */
async function servedImage(url: string): Promise<string> {
  const listed = await json<{ items: { imageUrl: string }[] }>(await fetch(`${url}/api/parts?limit=1`));
  const imageUrl = listed.items[0]?.imageUrl;
  if (!imageUrl?.startsWith('/uploads/')) throw new Error('the demo catalogue has no uploaded picture');
  return imageUrl;
}

/** The vehicles the fitments name: the demo's and VEHICLES more, added through the API. */
async function vehicles(url: string, cookie: string) {
  for (let i = 0; i < VEHICLES; i++) {
    const res = await fetch(`${url}/api/vehicles`, {
      method: 'POST',
      headers: { cookie, origin: url, 'content-type': 'application/json' },
      body: JSON.stringify({
        make: 'Benchmake',
        model: `Model ${i}`,
        engine: `${1 + (i % 3)}.${i % 10} TDI`,
        yearFrom: 2005,
        yearTo: 2024,
      }),
    });
    if (!res.ok) throw new Error(`adding a vehicle answered ${res.status}: ${await res.text()}`);
  }
  const listed = await json<{ items: { make: string; model: string; engine: string; yearFrom: number; yearTo: number }[] }>(
    await fetch(`${url}/api/vehicles?make=Benchmake`),
  );
  const items = listed.items;
  return items.filter((vehicle) => vehicle.make === 'Benchmake');
}

const sku = (i: number) => `BN-${String(i).padStart(6, '0')}`;

function partsFile(category: string, imageUrl: string): string {
  const rows = [
    'sku,name,description,category,price,core_charge,stock,min_order,pack_size,low_stock_threshold,image_url,archived,price_tiers,cross_references,supersessions',
  ];
  for (let i = 0; i < CATALOGUE_IMPORT_SIZE.parts; i++) {
    const price = 1000 + (i % 9000);
    const tiers = i % 3 === 0 ? `10|${((price - 50) / 100).toFixed(2)}; 50|${((price - 100) / 100).toFixed(2)}` : '';
    const replaced = i % 10 === 0 ? `BN-OLD-${i}|1|2025-01-0${1 + (i % 9)}|Old number, "quoted"` : '';
    rows.push(
      [
        sku(i),
        `"Bench part ${i}, ${['brake pads', 'oil filter', 'spark plug', 'wiper blade'][i % 4]}"`,
        `"A generated part for the import bench. It fits several vehicles; ""see fitments"". Row ${i}."`,
        category,
        (price / 100).toFixed(2),
        '',
        String(i % 500),
        String(1 + (i % 4)),
        '1',
        i % 5 === 0 ? String(i % 40) : '',
        imageUrl,
        '',
        tiers,
        i % 4 === 0 ? `Bosch|0 986 ${String(i).padStart(6, '0')}; OEM|A ${i}` : '',
        replaced.includes(',') ? `"${replaced.replaceAll('"', '""')}"` : replaced,
      ].join(','),
    );
  }
  return rows.join('\r\n') + '\r\n';
}

function fitmentsFile(list: { make: string; model: string; engine: string; yearFrom: number; yearTo: number }[]): string {
  const perPart = CATALOGUE_IMPORT_SIZE.fitments / CATALOGUE_IMPORT_SIZE.parts;
  const rows = ['sku,make,model,engine,vehicle_from,year_from,year_to,note'];
  for (let i = 0; i < CATALOGUE_IMPORT_SIZE.parts; i++) {
    for (let k = 0; k < perPart; k++) {
      const vehicle = list[(i * 7 + k) % list.length]!;
      rows.push(
        [
          sku(i),
          vehicle.make,
          vehicle.model,
          vehicle.engine,
          vehicle.yearFrom,
          vehicle.yearFrom + (k % 3),
          vehicle.yearTo,
          k % 2 ? 'front axle' : '',
        ].join(','),
      );
    }
  }
  return rows.join('\r\n') + '\r\n';
}

async function timedImport(
  server: RunningServer,
  cookie: string,
  kind: 'parts' | 'fitments',
  body: string,
  apply: boolean,
  peak: { mb: number },
): Promise<{ seconds: number; report: Report }> {
  const sampler = setInterval(() => (peak.mb = Math.max(peak.mb, server.rssMb())), SAMPLE_EVERY_MS);
  const started = performance.now();
  try {
    const report = await json<Report>(
      await fetch(`${server.url}/api/admin/catalogue/import?kind=${kind}&apply=${apply}`, {
        method: 'POST',
        headers: { cookie, origin: server.url, 'content-type': 'text/csv' },
        body,
      }),
    );
    peak.mb = Math.max(peak.mb, server.rssMb());
    if (!report.ok) throw new Error(`the ${kind} file was refused: ${JSON.stringify(report.errors.slice(0, 5))}`);
    return { seconds: (performance.now() - started) / 1000, report };
  } finally {
    clearInterval(sampler);
  }
}

async function measureEngine(engine: 'sqlite' | 'postgres', log: (line: string) => void): Promise<CatalogueImportFigure[]> {
  const postgres = engine === 'postgres' ? await createBenchPostgres() : undefined;
  if (engine === 'postgres' && !postgres) {
    log('  postgres: not reachable, not measured');
    return [];
  }
  const server = await startBuiltServer({ ...(postgres ? { DATABASE_URL: postgres.url } : {}) });
  try {
    const cookie = await signIn(server.url, DEMO_ADMIN);
    const imageUrl = await servedImage(server.url);
    const categories = await json<{ slug: string }[] | { items: { slug: string }[] }>(
      await fetch(`${server.url}/api/categories`),
    );
    const category = (Array.isArray(categories) ? categories : categories.items)[0]!.slug;
    const fleet = await vehicles(server.url, cookie);
    const parts = partsFile(category, imageUrl);
    const fitments = fitmentsFile(fleet);
    const idle: number[] = [];
    for (let i = 0; i < 20; i++) {
      idle.push(server.rssMb());
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
    }
    const idleRssMb = idle.sort((a, b) => a - b)[10]!;
    const peak = { mb: idleRssMb };
    const step = async (kind: 'parts' | 'fitments', body: string, apply: boolean) => {
      const result = await timedImport(server, cookie, kind, body, apply, peak);
      log(
        `  ${engine.padEnd(9)} ${kind} ${apply ? 'apply' : 'check'}: ${result.seconds.toFixed(1)} s, server RSS peak so far ${peak.mb.toFixed(0)} MB`,
      );
      return result;
    };
    const partsCheck = await step('parts', parts, false);
    const partsApply = await step('parts', parts, true);
    const fitmentsCheck = await step('fitments', fitments, false);
    const fitmentsApply = await step('fitments', fitments, true);
    if (
      partsApply.report.added !== CATALOGUE_IMPORT_SIZE.parts ||
      fitmentsApply.report.added !== CATALOGUE_IMPORT_SIZE.fitments
    ) {
      throw new Error(`imported ${partsApply.report.added} parts and ${fitmentsApply.report.added} fitments`);
    }
    const figure: CatalogueImportFigure = {
      engine,
      partsCheckS: partsCheck.seconds,
      partsApplyS: partsApply.seconds,
      fitmentsCheckS: fitmentsCheck.seconds,
      fitmentsApplyS: fitmentsApply.seconds,
      totalS: partsCheck.seconds + partsApply.seconds + fitmentsCheck.seconds + fitmentsApply.seconds,
      idleRssMb,
      peakRssMb: peak.mb,
      partsMb: Buffer.byteLength(parts) / 1024 / 1024,
      fitmentsMb: Buffer.byteLength(fitments) / 1024 / 1024,
    };
    return [figure];
  } finally {
    await server.stop();
    await postgres?.drop();
  }
}

/** The table of figures beside the targets. */
export function printCatalogueImport(figures: readonly CatalogueImportFigure[], log: (line: string) => void = console.log): void {
  const s = (seconds: number) => `${seconds.toFixed(1)} s`;
  log(
    `  ${'engine'.padEnd(9)} ${'parts check'.padStart(12)} ${'parts apply'.padStart(12)} ${'fit. check'.padStart(11)} ${'fit. apply'.padStart(11)} ` +
      `${'total'.padStart(8)} ${'÷ 60 s'.padStart(7)} ${'RSS idle'.padStart(9)} ${'RSS peak'.padStart(9)} ${'÷ 250 MB'.padStart(9)}`,
  );
  for (const f of figures) {
    log(
      `  ${f.engine.padEnd(9)} ${s(f.partsCheckS).padStart(12)} ${s(f.partsApplyS).padStart(12)} ${s(f.fitmentsCheckS).padStart(11)} ${s(f.fitmentsApplyS).padStart(11)} ` +
        `${s(f.totalS).padStart(8)} ${(f.totalS / CATALOGUE_IMPORT_BUDGET_S).toFixed(2).padStart(7)} ${`${f.idleRssMb.toFixed(0)} MB`.padStart(9)} ` +
        `${`${f.peakRssMb.toFixed(0)} MB`.padStart(9)} ${(f.peakRssMb / CATALOGUE_IMPORT_RSS_BUDGET_MB).toFixed(2).padStart(9)}`,
    );
  }
}

/** Both engines, one after the other. */
export async function measureCatalogueImport(
  log: (line: string) => void = console.log,
  engines: readonly ('sqlite' | 'postgres')[] = ['sqlite', 'postgres'],
): Promise<CatalogueImportFigure[]> {
  if (!existsSync('dist/server/main.js'))
    throw new Error('the catalogue import bench runs the built server: npm run build first');
  const figures: CatalogueImportFigure[] = [];
  for (const engine of engines) figures.push(...(await measureEngine(engine, log)));
  log(
    `\nCatalogue import: ${CATALOGUE_IMPORT_SIZE.parts.toLocaleString('en')} new parts and ${CATALOGUE_IMPORT_SIZE.fitments.toLocaleString('en')} ` +
      `fitments (${figures[0]?.partsMb.toFixed(1) ?? '?'} MB and ${figures[0]?.fitmentsMb.toFixed(1) ?? '?'} MB of CSV), each file checked then applied over HTTP; ` +
      `targets: all within ${CATALOGUE_IMPORT_BUDGET_S} s, server RSS under ${CATALOGUE_IMPORT_RSS_BUDGET_MB} MB`,
  );
  printCatalogueImport(figures, log);
  return figures;
}

export const catalogueImportHolds = (f: CatalogueImportFigure) =>
  f.totalS < CATALOGUE_IMPORT_BUDGET_S && f.peakRssMb < CATALOGUE_IMPORT_RSS_BUDGET_MB;

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = (['sqlite', 'postgres'] as const).find((engine) => process.argv.includes(`--${engine}-only`));
  const figures = await measureCatalogueImport(console.log, only ? [only] : ['sqlite', 'postgres']);
  process.exit(figures.length > 0 && figures.every(catalogueImportHolds) ? 0 : 1);
}
