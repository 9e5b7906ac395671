import type { FastifyInstance } from 'fastify';
import { generateParts } from '../scale';
import { withScaleShop } from './scale-shop';

/** Catalogue sizes the parts list is measured at, so a change in how its cost grows shows. */
export const CATALOGUE_SIZES = [1_000, 10_000, 100_000] as const;
/** The list at the largest catalogue keeps at least this share of its rate at the smallest. */
export const GROWTH_BUDGET = 0.5;
const IN_FLIGHT = 10;
const ROUND_MS = 500;

export interface GrowthFigure {
  parts: number;
  label: string;
  requestsPerSecond: number;
}

const LISTS = [
  { label: 'GET /api/parts?limit=24', url: '/api/parts?limit=24' },
  { label: 'GET /api/parts?limit=24&sort=price_asc', url: '/api/parts?limit=24&sort=price_asc' },
];

/** Requests a second through `app.inject`, `IN_FLIGHT` at a time, over `ms`. */
async function rate(app: FastifyInstance, url: string, ms: number): Promise<number> {
  const started = performance.now();
  const until = started + ms;
  let done = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (performance.now() < until) {
        const res = await app.inject({ method: 'GET', url });
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
        done += 1;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Opens a shop with `count` generated parts for each size, one inside the other, and runs `use` with all of them. */
async function withCatalogues<T>(
  sizes: readonly number[],
  log: (line: string) => void,
  use: (apps: FastifyInstance[]) => Promise<T[]>,
  opened: FastifyInstance[] = [],
): Promise<T[]> {
  const [size, ...rest] = sizes;
  if (size === undefined) return use(opened);
  return withScaleShop(
    'sqlite',
    log,
    async ({ handle }) => generateParts(handle, size),
    async ({ app }) => withCatalogues(rest, log, use, [...opened, app]),
  );
}

/**
 * The parts list's rate at 1,000, 10,000 and 100,000 parts (SQLite; the scale bench's generated
 * catalogue), each app built in-process with its response cache off so every request runs its
 * queries. The sizes take turns in half-second rounds and each rate is the median of its rounds, so a
 * neighbour's load on a shared machine weighs on every size alike.
 */
export async function measureCatalogueGrowth(
  seconds: number,
  log: (line: string) => void = console.log,
): Promise<GrowthFigure[]> {
  log(
    `\nHow the parts list's cost grows (SQLite, app.inject, response cache off, ${IN_FLIGHT} in flight, median of ${ROUND_MS} ms rounds over ${seconds} s a size):`,
  );
  const figures = await withCatalogues(CATALOGUE_SIZES, log, async (apps) => {
    const measured: GrowthFigure[] = [];
    for (const list of LISTS) {
      for (const app of apps) await rate(app, list.url, 1000);
      const rounds = apps.map((): number[] => []);
      for (let round = 0; round < (seconds * 1000) / ROUND_MS; round++) {
        for (const [index, app] of apps.entries()) rounds[index]!.push(await rate(app, list.url, ROUND_MS));
      }
      CATALOGUE_SIZES.forEach((parts, index) =>
        measured.push({ parts, label: list.label, requestsPerSecond: median(rounds[index]!) }),
      );
    }
    return measured;
  });
  log(`  ${'route'.padEnd(40)} ${CATALOGUE_SIZES.map((n) => `${n.toLocaleString('en')} parts`.padStart(14)).join(' ')}`);
  for (const list of LISTS) {
    const rates = CATALOGUE_SIZES.map(
      (n) => figures.find((f) => f.parts === n && f.label === list.label)?.requestsPerSecond ?? 0,
    );
    log(`  ${list.label.padEnd(40)} ${rates.map((r) => `${r.toFixed(0)} req/s`.padStart(14)).join(' ')}`);
  }
  return figures;
}
