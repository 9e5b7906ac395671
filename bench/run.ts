// npm run bench — starts the built server on a fresh demo database and measures it.
// Prints each figure beside its budget; exits 1 when a budget does not hold.
import { type LoadResult, measure } from './lib/load';
import { javascriptGzipBytes, totalBytes } from './lib/page-weight';
import { startBuiltServer } from './lib/server';

interface Budget {
  name: string;
  figure: string;
  holds: boolean;
}

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const server = await startBuiltServer();
const budgets: Budget[] = [];
try {
  const firstPart = (await (await fetch(`${server.url}/api/parts?limit=1`)).json()) as { items: { id: string }[] };
  const partId = firstPart.items[0]?.id;
  if (!partId) throw new Error('the demo catalogue is empty');

  console.log(`Gearhouse benchmark — ${seconds} s a route after 2 s warm-up, 10 connections, server pid ${server.pid}\n`);
  // The bare route is measured before and after the others and averaged, so a noisy neighbour on a
  // shared machine weighs on both sides of each ratio alike.
  const bareBefore = await measure('GET /api/ping (bare route)', `${server.url}/api/ping`, { seconds });
  const routes: LoadResult[] = [
    await measure('GET /api/parts?limit=6', `${server.url}/api/parts?limit=6`, { seconds }),
    await measure('GET /api/parts/:id', `${server.url}/api/parts/${partId}`, { seconds }),
    await measure('GET /', `${server.url}/`, { seconds }),
  ];
  const bareAfter = await measure('GET /api/ping (bare route)', `${server.url}/api/ping`, { seconds });
  const bare: LoadResult = {
    label: 'GET /api/ping (bare route)',
    requestsPerSecond: (bareBefore.requestsPerSecond + bareAfter.requestsPerSecond) / 2,
    p99Ms: Math.max(bareBefore.p99Ms, bareAfter.p99Ms),
    non2xx: bareBefore.non2xx + bareAfter.non2xx,
    errors: bareBefore.errors + bareAfter.errors,
  };

  const row = (r: LoadResult, ratio: string) =>
    `${r.label.padEnd(30)} ${r.requestsPerSecond.toFixed(0).padStart(8)} req/s   p99 ${String(r.p99Ms).padStart(4)} ms   ${ratio.padStart(6)}   ${r.non2xx + r.errors > 0 ? `(${r.non2xx} non-2xx, ${r.errors} errors)` : ''}`;
  console.log(`${'route'.padEnd(30)} ${'throughput'.padStart(14)}   ${'latency'.padStart(12)}   ratio to bare`);
  console.log(row(bare, '1.00'));
  for (const r of routes) console.log(row(r, (r.requestsPerSecond / bare.requestsPerSecond).toFixed(2)));

  const parts = routes[0]!;
  const partsRatio = parts.requestsPerSecond / bare.requestsPerSecond;
  budgets.push({ name: 'GET /api/parts?limit=6 ≥ 0.5 × bare route', figure: partsRatio.toFixed(2), holds: partsRatio >= 0.5 });
  const failures = [bare, ...routes].reduce((sum, r) => sum + r.non2xx + r.errors, 0);
  budgets.push({ name: 'every answer 2xx', figure: `${failures} failures`, holds: failures === 0 });

  const js = await javascriptGzipBytes(`${server.url}/`);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`\nJavaScript loaded for / (gzipped), on opening the page:`);
  for (const file of js.onLoad) console.log(`  ${file.url.padEnd(50)} ${kb(file.gzip).padStart(9)}`);
  console.log(`  ${'total'.padEnd(50)} ${kb(totalBytes(js.onLoad)).padStart(9)}`);
  console.log(`then, scrolling to the end (carousel, forms):`);
  for (const file of js.onScroll) console.log(`  ${file.url.padEnd(50)} ${kb(file.gzip).padStart(9)}`);
  console.log(`  ${'total with scrolling'.padEnd(50)} ${kb(totalBytes(js.onLoad) + totalBytes(js.onScroll)).padStart(9)}`);
  const onLoad = totalBytes(js.onLoad);
  budgets.push({ name: 'JavaScript loaded by / ≤ 150 KB gzipped', figure: kb(onLoad), holds: onLoad <= 150 * 1024 });

  const rss = server.rssMb();
  budgets.push({ name: 'server memory after the run < 250 MB', figure: `${rss.toFixed(0)} MB`, holds: rss < 250 });
} finally {
  await server.stop();
}

console.log('\nBudgets:');
for (const b of budgets) console.log(`  ${b.holds ? 'PASS' : 'FAIL'}  ${b.name.padEnd(45)} ${b.figure}`);
process.exit(budgets.every((b) => b.holds) ? 0 : 1);
