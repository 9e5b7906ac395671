// The catalogue and the order tables at scale (docs/decisions/0011-scale.md, 0019 for search). For each engine, a
// fresh database with 100,000 parts in 20 categories, 2,000 vehicles, 1,000,000 fitments and 1,000,000 orders
// (generated in SQL: a recursive CTE on SQLite, generate_series on PostgreSQL), the app built in-process with its response cache off, and p95 latency of sequential
// requests through `app.inject` (the whole request: hooks, session lookup, validation, queries,
// serialisation).
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from '../src/server/db/database';
import type { Database } from '../src/server/db/schema';
import { optimizeSearchIndex } from '../src/server/modules/parts';
import { type ScaleShop, withScaleShop } from './lib/scale-shop';

export const SCALE = { parts: 100_000, orders: 1_000_000, vehicles: 2_000, fitmentsPerPart: 10 } as const;
/** One customer in twenty orders is the bench customer's: 50,000 orders for My Orders. */
const CUSTOMER_SHARE = 20;
export const SCALE_BUDGET_MS = 25;

export interface ScaleFigure {
  engine: string;
  label: string;
  p95Ms: number;
  /** False for a case shown only to tell how the cost grows (a word in a quarter of the catalogue, or in all of it). */
  budgeted: boolean;
}

const CATEGORIES = [
  'Brake pad',
  'Oil filter',
  'Spark plug',
  'Timing belt',
  'Radiator',
  'Alternator',
  'Clutch kit',
  'Wiper blade',
  'Headlight',
  'Fuel pump',
  'Water pump',
  'Shock absorber',
  'Air filter',
  'Battery',
  'Starter motor',
  'Thermostat',
  'Exhaust pipe',
  'Gasket set',
  'Wheel bearing',
  'Turbocharger',
];
/** Vehicles: 20 makes of 100 vehicles each, built over nine years from 2000 to 2022. */
const MAKES = [
  'Ford',
  'Volkswagen',
  'Toyota',
  'BMW',
  'Renault',
  'Opel',
  'Peugeot',
  'Skoda',
  'Mercedes-Benz',
  'Audi',
  'Fiat',
  'Honda',
  'Hyundai',
  'Kia',
  'Mazda',
  'Nissan',
  'Seat',
  'Citroen',
  'Volvo',
  'Dacia',
];
/** The categories of the generated parts: the first word of their names, slugged. */
const categoryOf = (index: number) => ({
  id: `bench-category-${String(index).padStart(2, '0')}`,
  slug: (CATEGORIES[index] ?? '').toLowerCase().replaceAll(' ', '-'),
  name: `${CATEGORIES[index] ?? ''}s`,
});

const STATUSES = [
  'cancelled',
  'pending_payment',
  'pending_payment',
  'paid',
  'paid',
  'paid',
  'shipped',
  'shipped',
  'delivered',
  'delivered',
];

/**
 * The data's clock starts 70 days before the run, on a whole day: the parts are added over the next
 * 69 days and the orders booked and paid over the 35 days after the start, so the overview's last 90
 * days hold every sale.
 */
const START = Math.floor(Date.now() / 86_400_000 - 70) * 86_400;

const caseOf = (expr: string, values: readonly string[]) =>
  `case ${expr} ${values.map((v, i) => `when ${i} then '${v}'`).join(' ')} end`;

/** The SQL that differs between the engines: a series of n, zero padding, an ISO time n seconds after a fixed start. */
const dialects = {
  sqlite: {
    series: (count: number) => `with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${count})`,
    from: 'seq',
    pad: (expr: string, width: number) => `printf('%0${width}d', ${expr})`,
    iso: (seconds: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${START} + ${seconds}, 'unixepoch')`,
  },
  postgres: {
    series: () => '',
    from: (count: number) => `generate_series(1, ${count}) as seq(n)`,
    pad: (expr: string, width: number) => `lpad((${expr})::text, ${width}, '0')`,
    iso: (seconds: string) => `to_char(to_timestamp(${START} + ${seconds}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  },
};

/** The statement that writes `count` generated parts, spread over the 20 categories (one in 50 archived). */
function partsSql(dialect: DatabaseHandle['dialect'], count: number): string {
  const d = dialects[dialect];
  const from = typeof d.from === 'string' ? d.from : d.from(count);
  return `${d.series(count)}
    insert into parts (id, name, description, price_cents, min_order_quantity, image_url, created_at, updated_at, archived_at,
      sku, category_id, cross_references, pack_size, price_tiers)
    select 'p' || ${d.pad('n', 6)},
      ${caseOf(`n % ${CATEGORIES.length}`, CATEGORIES)} || ' ' || n,
      'Fits series ' || (n % 997) || ' engines. ' || ${caseOf('n % 4', ['Steel', 'Ceramic', 'Aluminium', 'Rubber'])} || ', tested for 100,000 km.',
      100 + (n * 7919) % 250000, 1, '/images/part.webp',
      ${d.iso('n * 60')}, ${d.iso('n * 60')},
      case when n % 50 = 0 then ${d.iso('n * 60 + 30')} else null end,
      'GH-' || ${d.pad('n', 6)}, 'bench-category-' || ${d.pad(`n % ${CATEGORIES.length}`, 2)},
      '[{"brand":"Bosch","number":"0 986 ' || ${d.pad('n', 6)} || '"},{"brand":"Febi","number":"' ||
        ${d.pad('(n * 7) % 1000000', 6)} || '.45"}]', 1, '[]'
    from ${from}`;
}

/** The stock of the same parts: one in a hundred has a single unit left, the others 1,000. */
function partStockSql(dialect: DatabaseHandle['dialect'], count: number): string {
  const d = dialects[dialect];
  const from = typeof d.from === 'string' ? d.from : d.from(count);
  return `${d.series(count)}
    insert into part_stock (part_id, stock)
    select 'p' || ${d.pad('n', 6)}, case when n % 100 = 7 then 1 else 1000 end
    from ${from}`;
}

async function insertCategories(db: Kysely<Database>): Promise<void> {
  for (const category of CATEGORIES.map((_, index) => categoryOf(index))) {
    await sql`insert into categories (id, slug, name, created_at, updated_at)
      values (${category.id}, ${category.slug}, ${category.name}, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')
      on conflict do nothing`.execute(db);
  }
}

/**
 * The scale bench's catalogue alone: `count` generated parts in its 20 categories, then statistics
 * as autovacuum would take them (the catalogue-growth bench measures the parts list over it).
 */
export async function generateParts(handle: DatabaseHandle, count: number): Promise<void> {
  await handle.db.transaction().execute(async (trx) => {
    await insertCategories(trx);
    await sql.raw(partsSql(handle.dialect, count)).execute(trx);
    await sql.raw(partStockSql(handle.dialect, count)).execute(trx);
  });
  if (handle.dialect === 'sqlite') await sql`analyze`.execute(handle.db);
  else for (const table of ['parts', 'part_stock']) await sql.raw(`vacuum analyze ${table}`).execute(handle.db);
  await optimizeSearchIndex(handle.db);
}

export async function generateScaleData(handle: DatabaseHandle, customerId: string): Promise<void> {
  const d = dialects[handle.dialect];
  const from = (count: number) => (typeof d.from === 'string' ? d.from : d.from(count));
  const partId = (expr: string) => `'p' || ${d.pad(expr, 6)}`;
  const vehiclesSql = `${d.series(SCALE.vehicles)}
    insert into vehicles (id, make, model, engine, year_from, year_to, created_at, updated_at)
    select 'v' || ${d.pad('n', 4)}, ${caseOf(`n % ${MAKES.length}`, MAKES)}, 'Model ' || (n / ${MAKES.length}),
      '1.' || (n % 9) || ' ' || (60 + n % 90) || ' kW', 2000 + n % 14, 2000 + n % 14 + 8,
      '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'
    from ${from(SCALE.vehicles)}`;
  // Every live or archived part fits ten vehicles, spread over all of them, for the vehicles' years.
  const fitmentsSql = `${d.series(SCALE.parts)}
    insert into part_fitments (part_id, vehicle_id, position, year_from, year_to, note)
    select ${partId('seq.n')}, 'v' || ${d.pad(`1 + (seq.n * 7 + j.k * ${SCALE.vehicles / SCALE.fitmentsPerPart}) % ${SCALE.vehicles}`, 4)}, j.k,
      vehicles.year_from, vehicles.year_to, ''
    from ${from(SCALE.parts)}
    cross join (${Array.from({ length: SCALE.fitmentsPerPart }, (_, k) => `select ${k} as k`).join(' union all ')}) as j
    join vehicles on vehicles.id = 'v' || ${d.pad(`1 + (seq.n * 7 + j.k * ${SCALE.vehicles / SCALE.fitmentsPerPart}) % ${SCALE.vehicles}`, 4)}`;
  const ordersSql = `${d.series(SCALE.orders)}
    insert into orders (id, user_id, total_cents, customer_name, customer_email, phone, address, status, cancel_reason,
      transaction_id, paid_at, idempotency_key, created_at, updated_at)
    select 'o' || ${d.pad('n', 7)},
      case when n % ${CUSTOMER_SHARE} = 0 then '${customerId}' else 'u' || (n % 997) end,
      1000 * (1 + n % 12),
      'Customer ' || (n % 997), 'c' || (n % 997) || '@example.com', '+1 555-010-2030', '12 Piston Road',
      ${caseOf('n % 10', STATUSES)},
      case when n % 10 = 0 then 'customer' else null end,
      case when n % 10 >= 3 then 't' || n else null end,
      case when n % 10 >= 3 then ${d.iso('n * 3')} else null end,
      null, ${d.iso('n * 3')}, ${d.iso('n * 3')}
    from ${from(SCALE.orders)}`;
  // Each order is one line, of the same series.
  const linesSql = `${d.series(SCALE.orders)}
    insert into order_lines (order_id, position, part_id, sku, part_name, image_url, unit_price_cents, quantity, line_total_cents)
    select 'o' || ${d.pad('n', 7)}, 0, parts.id, parts.sku, 'Part ' || n, '/images/part.webp', 1000, 1 + n % 12, 1000 * (1 + n % 12)
    from ${from(SCALE.orders)}
    join parts on parts.id = ${partId(`1 + (n * 31) % ${SCALE.parts}`)}`;
  await handle.db.transaction().execute(async (trx) => {
    await insertCategories(trx);
    await sql.raw(partsSql(handle.dialect, SCALE.parts)).execute(trx);
    await sql.raw(partStockSql(handle.dialect, SCALE.parts)).execute(trx);
    await sql.raw(vehiclesSql).execute(trx);
    await sql.raw(fitmentsSql).execute(trx);
    if (handle.dialect === 'sqlite') {
      // Orders are written paid before their lines: the lines' trigger counts the units sold.
      await sql.raw(ordersSql).execute(trx);
      await sql.raw(linesSql).execute(trx);
      return;
    }
    // PostgreSQL runs row triggers one by one: a bulk load turns them off and then sets what they keep
    // (the per-status counts, the sales per day and units sold) in set-based statements, as migrations 0006 and 0015 do.
    await sql`alter table orders disable trigger user`.execute(trx);
    await sql`alter table order_lines disable trigger user`.execute(trx);
    await sql.raw(ordersSql).execute(trx);
    await sql.raw(linesSql).execute(trx);
    await sql`alter table orders enable trigger user`.execute(trx);
    await sql`alter table order_lines enable trigger user`.execute(trx);
    await sql`delete from order_counts`.execute(trx);
    await sql`insert into order_counts (status, shard, n) select status, 0, count(*) from orders group by status`.execute(trx);
    await sql`delete from daily_sales`.execute(trx);
    await sql`insert into daily_sales (day, shard, orders, cents)
      select substr(paid_at, 1, 10), 0, count(*), sum(total_cents) from orders
      where status in ('paid', 'shipped', 'delivered') group by 1`.execute(trx);
    await sql`update parts set units_sold = sold.units from (
        select order_lines.part_id, sum(order_lines.quantity) as units from order_lines
        join orders on orders.id = order_lines.order_id
        where orders.status in ('paid', 'shipped', 'delivered') group by order_lines.part_id
      ) as sold where parts.id = sold.part_id`.execute(trx);
  });
  // As autovacuum would soon after such a load: statistics, and (PostgreSQL) the visibility map index-only scans rely on.
  await sql
    .raw(
      handle.dialect === 'sqlite' ? 'analyze' : 'vacuum analyze parts, part_stock, orders, order_lines, vehicles, part_fitments',
    )
    .execute(handle.db);
  // As the app's hourly search upkeep would: SQLite's search index merged into one segment.
  await optimizeSearchIndex(handle.db);
}

async function p95(
  app: FastifyInstance,
  url: string,
  cookie: string | undefined,
  { warmup = 20, runs = 200 } = {},
): Promise<number> {
  const once = async () => {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    return ms;
  };
  for (let i = 0; i < warmup; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await once());
  times.sort((a, b) => a - b);
  return times[Math.ceil(runs * 0.95) - 1] ?? Number.NaN;
}

async function measureEngine(engine: 'sqlite' | 'postgres', log: (line: string) => void): Promise<ScaleFigure[]> {
  const generate = async ({ handle, customer }: ScaleShop) => {
    const started = performance.now();
    await generateScaleData(handle, customer.id);
    log(
      `  ${engine}: ${SCALE.parts.toLocaleString('en')} parts, ${(SCALE.parts * SCALE.fitmentsPerPart).toLocaleString('en')} fitments and ${SCALE.orders.toLocaleString('en')} orders generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  };
  const measure = async ({ app, customer, admin }: ScaleShop) => {
    // [label, url, cookie, budgeted]
    const cases: [string, string, string | undefined, boolean][] = [
      ['search: a word ?q=brake (5,000 hits)', '/api/parts?q=brake', undefined, true],
      ['search: a number ?q=47119 (1 hit)', '/api/parts?q=47119', undefined, true],
      ['search: two words ?q=ceramic alternator', '/api/parts?q=ceramic%20alternator', undefined, true],
      ['search: a typo ?q=radaitor (5,000 hits)', '/api/parts?q=radaitor', undefined, true],
      ['search: a SKU typed loosely ?q=gh 047 119', '/api/parts?q=gh%20047%20119', undefined, true],
      ['search: an OEM number ?q=0986.047119', '/api/parts?q=0986.047119', undefined, true],
      ['filter: vehicle + year + category', '/api/parts?vehicle=v0042&year=2008&category=brake-pad', undefined, true],
      ['facets: vehicle + year', '/api/parts?vehicle=v0042&year=2008', undefined, true],
      ['facets: search + vehicle', '/api/parts?q=turbo&vehicle=v1234', undefined, true],
      ['facets: make + year, in stock', '/api/parts?make=Ford&year=2010&inStock=true', undefined, true],
      ['growth: a word in 25,000 parts ?q=steel', '/api/parts?q=steel', undefined, false],
      ['growth: a word in every part ?q=engines', '/api/parts?q=engines', undefined, false],
      ['parts: unfiltered (total and facets)', '/api/parts', undefined, true],
      ['parts: sort=price_asc', '/api/parts?sort=price_asc', undefined, true],
      ['parts: sort=price_desc', '/api/parts?sort=price_desc', undefined, true],
      ['parts: sort=name', '/api/parts?sort=name', undefined, true],
      ['parts: deep page=4000', '/api/parts?page=4000&limit=12', undefined, true],
      ['parts: best sellers', '/api/parts/best-sellers', undefined, true],
      ['categories with their part counts', '/api/categories', undefined, true],
      ['My Orders (50,000 orders), page 1', '/api/me/orders', customer.cookie, true],
      ['My Orders, deep page=2000', '/api/me/orders?page=2000', customer.cookie, true],
      ['admin orders, page 1', '/api/orders', admin.cookie, true],
      ['admin orders ?status=paid', '/api/orders?status=paid', admin.cookie, true],
      ['admin orders, deep page=4000', '/api/orders?page=4000', admin.cookie, true],
      ['admin overview, 90 days', '/api/admin/overview?days=90', admin.cookie, true],
    ];
    const figures: ScaleFigure[] = [];
    // SCALE_CASES=<text>,<text>: only the cases whose label contains one of them.
    const only = process.env.SCALE_CASES?.split(',');
    for (const [label, url, cookie, budgeted] of cases) {
      if (only && !only.some((text) => label.includes(text))) continue;
      const ms = await p95(app, url, cookie);
      figures.push({ engine, label, p95Ms: ms, budgeted });
      const verdict = !budgeted ? 'no budget' : ms <= SCALE_BUDGET_MS ? 'ok' : 'over';
      log(`  ${engine.padEnd(9)} ${label.padEnd(44)} p95 ${ms.toFixed(1).padStart(7)} ms   ${verdict}`);
    }
    return figures;
  };
  // SCALE_KEEP=<folder>: the generated databases are kept there (and in PostgreSQL's gh_bench_scale_kept) for the next run.
  const keep = process.env.SCALE_KEEP ? { dir: process.env.SCALE_KEEP, postgresName: 'gh_bench_scale_kept' } : undefined;
  return withScaleShop(engine, log, generate, measure, keep);
}

/** Both engines, one after the other (`SCALE_ENGINES=sqlite` for one); a few minutes each on a 2-core machine. */
export async function measureScale(log: (line: string) => void = console.log): Promise<ScaleFigure[]> {
  log(
    `\nScale: ${SCALE.parts.toLocaleString('en')} parts, ${(SCALE.parts * SCALE.fitmentsPerPart).toLocaleString('en')} fitments over ${SCALE.vehicles.toLocaleString('en')} vehicles, ${SCALE.orders.toLocaleString('en')} orders; p95 of 200 sequential requests (app.inject, response cache off) after 20 warm-up:`,
  );
  const engines = (process.env.SCALE_ENGINES ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[];
  const figures: ScaleFigure[] = [];
  for (const engine of engines) figures.push(...(await measureEngine(engine, log)));
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await measureScale();
  const over = figures.filter((f) => f.budgeted && f.p95Ms > SCALE_BUDGET_MS);
  process.exit(over.length > 0 ? 1 : 0);
}
