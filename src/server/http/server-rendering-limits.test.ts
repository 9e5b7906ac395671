import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPart } from '../testing/factories';
import { describeOnEachEngine, TEST_NOW } from '../testing/test-app';
import { RenderGate } from '../rendering/render-gate';
import { ResponseCache } from './cache';
import { pathsReadingQuery } from '#shared/page-search';
import { pageModuleOf, serverRenderedModules } from '#shared/routes';

/**
 * What a flood of page requests can cost (docs/decisions/0013-server-rendering.md): pages are cached
 * under their canonical address, renders are bounded at once and per client, and the cache by bytes.
 * Renders are counted by the app's own counter (`page_renders_total`), never by timing.
 */

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>Gearhouse</title><script type="module" src="/assets/index-abc123.js"></script></head>' +
  '<body><div id="root"><!--page--><div role="status">Loading…</div><!--/page--></div></body></html>';
const SHELL_MARK = '<!--page--><div role="status">Loading…</div><!--/page-->';

const dist = mkdtempSync(path.join(tmpdir(), 'gearhouse-ssr-limits-dist-'));
writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

async function rendersSoFar(app: FastifyInstance): Promise<number> {
  return (await app.pageRendering.renders.get()).values.reduce((sum, value) => sum + value.value, 0);
}

async function refusals(app: FastifyInstance, reason: 'busy' | 'client_budget'): Promise<number> {
  return (await app.pageRendering.refused.get()).values.find((value) => value.labels.reason === reason)?.value ?? 0;
}

const isRendered = (html: string) => html.includes('id="page-state"') && !html.includes(SHELL_MARK);
const isShell = (html: string) => html.includes(SHELL_MARK) && !html.includes('id="page-state"');
const random = () => Math.random().toString(36).slice(2);

describeOnEachEngine(
  'server rendering under a flood of page requests',
  (ctx) => {
    // Each test sends from addresses of its own, so that one test's renders use no other's budget.
    let nextAddress = 1;
    const address = () => `203.0.113.${nextAddress++}`;

    beforeAll(async () => {
      for (let i = 0; i < 3; i += 1) await insertPart(ctx.database.db, { name: `Brake disc ${i}` });
    });

    it('renders a page once whatever unknown parameters follow it', async () => {
      const from = address();
      const before = await rendersSoFar(ctx.app);
      const page = await ctx.app.inject({ url: '/', remoteAddress: from });
      expect(isRendered(page.body)).toBe(true);
      for (let i = 0; i < 20; i += 1) {
        const res = await ctx.app.inject({ url: `/?x=${random()}&utm_source=${random()}`, remoteAddress: from });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(page.body);
      }
      for (const url of [`/blogs?x=${random()}`, `/blogs?y=${random()}`, `/login?next=${random()}`, `/login?z=1`]) {
        expect(isRendered((await ctx.app.inject({ url, remoteAddress: from })).body), url).toBe(true);
      }
      // "/", "/blogs" and "/login": one render each.
      expect((await rendersSoFar(ctx.app)) - before).toBe(3);
    });

    it('keys /part by its search, order and page: order, defaults and invalid values share one entry', async () => {
      const from = address();
      const before = await rendersSoFar(ctx.app);
      const first = await ctx.app.inject({ url: '/part?q=brake&sort=price_asc', remoteAddress: from });
      expect(isRendered(first.body)).toBe(true);
      for (const url of [
        '/part?sort=price_asc&q=brake',
        '/part?q=brake&sort=price_asc&page=1',
        '/part?page=1&sort=price_asc&q=%20brake%20&utm_campaign=spring',
        '/part?q=brake&sort=price_asc&page=abc',
        '/part?q=brake&sort=price_asc&page=0',
        '/part?q=brake&sort=price_asc&page=-3',
        '/part/?q=brake&sort=price_asc',
      ]) {
        const res = await ctx.app.inject({ url, remoteAddress: from });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe(first.body);
      }
      expect((await rendersSoFar(ctx.app)) - before).toBe(1);

      // An unknown order is the default one: /part and /part?sort=bogus are one page.
      const plain = await ctx.app.inject({ url: '/part', remoteAddress: from });
      for (const url of ['/part?sort=bogus', '/part?sort=newest', `/part?sort=${'x'.repeat(5000)}&page=1`]) {
        expect((await ctx.app.inject({ url, remoteAddress: from })).body, url).toBe(plain.body);
      }
      expect((await rendersSoFar(ctx.app)) - before).toBe(2);
    });

    it('keys /part by its filters too: their order, a make beside a vehicle and a year the list drops share one entry', async () => {
      const from = address();
      const before = await rendersSoFar(ctx.app);
      const first = await ctx.app.inject({
        url: '/part?category=brakes&vehicle=v-none&year=2015&inStock=true',
        remoteAddress: from,
      });
      expect(isRendered(first.body)).toBe(true);
      for (const url of [
        '/part?inStock=1&year=2015&vehicle=v-none&category=brakes',
        '/part?vehicle=v-none&make=Ford&year=2015&category=brakes&inStock=true&utm_source=mail',
        '/part?category=%20brakes%20&vehicle=v-none&year=%202015&inStock=yes&page=1',
      ]) {
        const res = await ctx.app.inject({ url, remoteAddress: from });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe(first.body);
      }
      expect((await rendersSoFar(ctx.app)) - before).toBe(1);

      // A year outside 1950 to next year is no year: the list without it.
      const vehicleOnly = await ctx.app.inject({ url: '/part?vehicle=v-none', remoteAddress: from });
      expect(isRendered(vehicleOnly.body)).toBe(true);
      for (const url of [
        '/part?vehicle=v-none&year=1800',
        '/part?vehicle=v-none&year=abc',
        `/part?vehicle=v-none&year=${new Date().getUTCFullYear() + 2}`,
      ]) {
        const res = await ctx.app.inject({ url, remoteAddress: from });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe(vehicleOnly.body);
      }
      expect((await rendersSoFar(ctx.app)) - before).toBe(2);
    });

    it('cuts a search longer than the list takes to the length it searches for: one entry, and a rendered page', async () => {
      const from = address();
      const before = await rendersSoFar(ctx.app);
      const long = await ctx.app.inject({ url: `/part?q=${'a'.repeat(10_000)}`, remoteAddress: from });
      expect(long.statusCode).toBe(200);
      expect(isRendered(long.body)).toBe(true);
      for (const tail of ['b', 'cc', 'x'.repeat(5000)]) {
        const res = await ctx.app.inject({ url: `/part?q=${'a'.repeat(10_000)}${tail}`, remoteAddress: from });
        expect(res.body).toBe(long.body);
      }
      expect(await ctx.app.inject({ url: `/part?q=${'a'.repeat(100)}`, remoteAddress: from })).toMatchObject({ body: long.body });
      expect((await rendersSoFar(ctx.app)) - before).toBe(1);
    });

    it('renders a page past the last once, then answers its redirect from the cache', async () => {
      const from = address();
      const before = await rendersSoFar(ctx.app);
      for (const url of ['/part?q=brake&page=99', '/part?page=99&q=brake&x=1', '/part?q=brake&page=99abc']) {
        const res = await ctx.app.inject({ url, remoteAddress: from });
        expect(res.statusCode, url).toBe(302);
        expect(res.headers.location, url).toBe('/part?q=brake');
      }
      // Past the largest page the list answers: the same page as the largest.
      for (const url of ['/part?page=100000', '/part?page=100001', '/part?page=99999999999']) {
        expect((await ctx.app.inject({ url, remoteAddress: from })).statusCode, url).toBe(302);
      }
      expect((await rendersSoFar(ctx.app)) - before).toBe(2);
    });

    it('keys the reset page by whether a token is there, never by the token', async () => {
      const from = address();
      const before = await rendersSoFar(ctx.app);
      const first = await ctx.app.inject({ url: `/reset-password?token=${random()}`, remoteAddress: from });
      expect(isRendered(first.body)).toBe(true);
      for (let i = 0; i < 5; i += 1) {
        const res = await ctx.app.inject({ url: `/reset-password?token=${random()}`, remoteAddress: from });
        expect(res.body).toBe(first.body);
      }
      expect((await rendersSoFar(ctx.app)) - before).toBe(1);
    });

    it('gives one client past its budget of renders the app shell, and other clients their renders', async () => {
      const flooder = address();
      const before = await rendersSoFar(ctx.app);
      const refusedBefore = await refusals(ctx.app, 'client_budget');
      const answers: string[] = [];
      for (let i = 0; i < 34; i += 1) {
        const res = await ctx.app.inject({ url: `/part?q=flood${i}`, remoteAddress: flooder });
        expect(res.statusCode).toBe(200);
        answers.push(res.body);
      }
      expect(answers.slice(0, 30).every(isRendered)).toBe(true);
      expect(answers.slice(30).every(isShell)).toBe(true);
      expect((await rendersSoFar(ctx.app)) - before).toBe(30);
      expect((await refusals(ctx.app, 'client_budget')) - refusedBefore).toBe(4);

      // A page already in the cache is still served rendered: it costs nothing.
      expect(isRendered((await ctx.app.inject({ url: '/part?q=flood3', remoteAddress: flooder })).body)).toBe(true);
      // Someone else is not affected.
      expect(isRendered((await ctx.app.inject({ url: '/part?q=flood40', remoteAddress: address() })).body)).toBe(true);

      // The budget refills over the minute: 10 s later, 5 more renders.
      ctx.clock.advance(10_000);
      const later: string[] = [];
      for (let i = 50; i < 57; i += 1)
        later.push((await ctx.app.inject({ url: `/part?q=flood${i}`, remoteAddress: flooder })).body);
      expect(later.filter(isRendered)).toHaveLength(5);
      expect(later.slice(5).every(isShell)).toBe(true);
    });

    it('counts the addresses of one IPv6 /64 as one client, as the rate limits do', async () => {
      const before = await rendersSoFar(ctx.app);
      const answers: string[] = [];
      for (let i = 0; i < 34; i += 1) {
        const res = await ctx.app.inject({ url: `/part?q=network${i}`, remoteAddress: `2001:db8:7:7:${i.toString(16)}::1` });
        answers.push(res.body);
      }
      expect(answers.slice(0, 30).every(isRendered)).toBe(true);
      expect(answers.slice(30).every(isShell)).toBe(true);
      expect((await rendersSoFar(ctx.app)) - before).toBe(30);
      // The next /64 is someone else.
      expect(isRendered((await ctx.app.inject({ url: '/part?q=network40', remoteAddress: '2001:db8:7:8::1' })).body)).toBe(true);
    });

    it('counts an IPv4 address written as IPv6 (::ffff:a.b.c.d) as that IPv4 address', async () => {
      const before = await rendersSoFar(ctx.app);
      const answers: string[] = [];
      for (let i = 0; i < 34; i += 1) {
        const remoteAddress = i % 2 === 0 ? '198.51.100.77' : '::ffff:198.51.100.77';
        answers.push((await ctx.app.inject({ url: `/part?q=mapped${i}`, remoteAddress })).body);
      }
      expect(answers.slice(0, 30).every(isRendered)).toBe(true);
      expect(answers.slice(30).every(isShell)).toBe(true);
      expect((await rendersSoFar(ctx.app)) - before).toBe(30);
    });

    it('runs at most two renders at once; the others get the app shell', async () => {
      const before = await rendersSoFar(ctx.app);
      const busyBefore = await refusals(ctx.app, 'busy');
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => ctx.app.inject({ url: `/part?q=together${i}`, remoteAddress: address() })),
      );
      expect(answers.every((res) => res.statusCode === 200)).toBe(true);
      expect(ctx.app.pageRendering.gate.peak).toBeLessThanOrEqual(2);
      expect(ctx.app.pageRendering.gate.inFlight).toBe(0);
      const rendered = answers.filter((res) => isRendered(res.body)).length;
      const busy = (await refusals(ctx.app, 'busy')) - busyBefore;
      expect(busy).toBeGreaterThan(0);
      expect(rendered + busy).toBe(8);
      expect(answers.filter((res) => isShell(res.body))).toHaveLength(busy);
      expect((await rendersSoFar(ctx.app)) - before).toBe(rendered);
    });

    it('renders a page asked for by many at once only once, and gives each of them the page', async () => {
      const before = await rendersSoFar(ctx.app);
      const url = `/part?q=${random()}`;
      const answers = await Promise.all(Array.from({ length: 6 }, () => ctx.app.inject({ url, remoteAddress: address() })));
      expect(answers.every((res) => isRendered(res.body))).toBe(true);
      expect((await rendersSoFar(ctx.app)) - before).toBe(1);
    });
  },
  { config: { webDistDir: dist }, responseCacheTtlMs: 60_000 },
);

const TTL_MS = 1000;
const pastItsTime = () => new Promise((resolve) => setTimeout(resolve, TTL_MS + 50));

describeOnEachEngine(
  'a page kept for its time',
  (ctx) => {
    let nextAddress = 1;
    const address = () => `198.51.100.${nextAddress++}`;

    it('answers the kept page within its time, and renders it again once past it', async () => {
      const from = address();
      const first = await ctx.app.inject({ url: '/part?q=zephyr', remoteAddress: from });
      expect(isRendered(first.body)).toBe(true);
      // Written straight to the database, as another node or a script would: nothing here is dropped.
      await insertPart(ctx.database.db, { name: 'Zephyr brake hose' });
      const before = await rendersSoFar(ctx.app);
      expect((await ctx.app.inject({ url: '/part?q=zephyr', remoteAddress: from })).body).toBe(first.body);
      expect(await rendersSoFar(ctx.app)).toBe(before);
      await pastItsTime();
      expect((await ctx.app.inject({ url: '/part?q=zephyr', remoteAddress: from })).body).toContain('Zephyr brake hose');
      expect((await rendersSoFar(ctx.app)) - before).toBe(1);
    });

    it('never answers a page a write through this node has dropped: it renders the new one first', async () => {
      const from = address();
      const first = await ctx.app.inject({ url: '/part?q=quasar', remoteAddress: from });
      expect(first.body).not.toContain('Quasar hose clamp');
      await insertPart(ctx.database.db, { name: 'Quasar hose clamp' });
      ctx.app.responseCache.invalidate();
      expect((await ctx.app.inject({ url: '/part?q=quasar', remoteAddress: from })).body).toContain('Quasar hose clamp');
    });

    it('renders the flash deal as ended once the page kept while it ran is past its time', async () => {
      const from = address();
      const start = Date.now();
      const endsAt = start + 2500;
      // Written as another node would: the page learns of it once its copy passes its time.
      await ctx.database.db
        .insertInto('settings')
        .values({
          id: 1,
          flash_deal_ends_at: new Date(endsAt).toISOString(),
          flash_deal_discount_text: '30% OFF',
          flash_deal_percent: 30,
          updated_at: new Date().toISOString(),
        })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({ flash_deal_ends_at: new Date(endsAt).toISOString(), flash_deal_percent: 30 }),
        )
        .execute();
      await pastItsTime();
      const running = (await ctx.app.inject({ url: '/', remoteAddress: from })).body;
      expect(running).toContain('30% OFF');
      expect(running).toContain('data-testid="countdown"');
      // The moment the page was rendered for, which the browser hydrates it for.
      const renderedAt = Number(/data-rendered-at="(\d+)"/.exec(running)?.[1]);
      expect(renderedAt).toBeGreaterThanOrEqual(start);
      expect(renderedAt).toBeLessThan(endsAt);

      await new Promise((resolve) => setTimeout(resolve, Math.max(0, endsAt - Date.now()) + TTL_MS + 50));
      const ended = (await ctx.app.inject({ url: '/', remoteAddress: from })).body;
      expect(ended).toContain('data-testid="deal-ended"');
      // The settings still say 30% OFF (in the page's data), but the page no longer offers it.
      expect(ended.split('id="page-state"')[0]).not.toContain('30% OFF');
    });

    it("renders a deal part's card without the deal price once past the deal's end, though the data still names the deal", async () => {
      const from = address();
      const endsAt = Date.now() + 2500;
      // The API prices by the app's clock, which stands at TEST_NOW, before the real moment the deal ends:
      // the answers keep naming the deal, so only the render's own time can take the price off the page.
      await insertPart(ctx.database.db, { name: 'Pulsar brake pads', price_cents: 4000, flash_deal_since: TEST_NOW });
      const deal = { flash_deal_ends_at: new Date(endsAt).toISOString(), flash_deal_percent: 25 };
      await ctx.database.db
        .insertInto('settings')
        .values({ id: 1, ...deal, flash_deal_discount_text: '25% OFF', updated_at: new Date().toISOString() })
        .onConflict((oc) => oc.column('id').doUpdateSet(deal))
        .execute();
      await pastItsTime();
      const url = '/part?q=pulsar';
      const rendered = async () => (await ctx.app.inject({ url, remoteAddress: from })).body.split('id="page-state"')[0]!;
      const running = await rendered();
      expect(running).toContain('data-testid="was-price"');
      expect(running).toContain('$30.00');

      await new Promise((resolve) => setTimeout(resolve, Math.max(0, endsAt - Date.now()) + TTL_MS + 50));
      const ended = await rendered();
      expect(ended).toContain('Pulsar brake pads');
      expect(ended).not.toContain('data-testid="was-price"');
      expect(ended).not.toContain('$30.00');
      expect(ended).toContain('$40.00');
    });
  },
  { config: { webDistDir: dist }, responseCacheTtlMs: TTL_MS },
);

describeOnEachEngine(
  'pages with the response cache off',
  (ctx) => {
    it('renders every request: nothing is kept', async () => {
      const before = await rendersSoFar(ctx.app);
      for (let i = 0; i < 2; i += 1) {
        expect(isRendered((await ctx.app.inject({ url: '/part?q=off', remoteAddress: '192.0.2.1' })).body)).toBe(true);
      }
      expect((await rendersSoFar(ctx.app)) - before).toBe(2);
      expect(ctx.app.responseCache.size).toBe(0);
    });
  },
  { config: { webDistDir: dist }, responseCacheTtlMs: 0 },
);

describe('the page renders admitted', () => {
  it('counts each client separately and refills its budget evenly over a minute', () => {
    let now = 0;
    const gate = new RenderGate({ concurrent: 10, perClientPerMinute: 3, trackedClients: 100 }, () => now);
    const run = (client: string) => {
      const admission = gate.admit(client);
      if (admission === 'admitted') gate.finish();
      return admission;
    };
    expect([run('a'), run('a'), run('a'), run('a')]).toEqual(['admitted', 'admitted', 'admitted', 'client_budget']);
    expect(run('b')).toBe('admitted');
    now += 20_000; // a third of a minute: one render back
    expect([run('a'), run('a')]).toEqual(['admitted', 'client_budget']);
  });

  it('refuses past the renders at once without taking from the client', () => {
    const gate = new RenderGate({ concurrent: 1, perClientPerMinute: 1, trackedClients: 100 }, () => 0);
    expect(gate.admit('a')).toBe('admitted');
    expect(gate.admit('b')).toBe('busy');
    gate.finish();
    expect(gate.admit('b')).toBe('admitted');
    expect(gate.peak).toBe(1);
  });

  it('remembers a bounded number of clients', () => {
    const gate = new RenderGate({ concurrent: 10, perClientPerMinute: 1, trackedClients: 2 }, () => 0);
    for (const client of ['a', 'b', 'c']) {
      gate.admit(client);
      gate.finish();
    }
    // "a" was forgotten: a fresh budget. "c" was not.
    expect(gate.admit('a')).toBe('admitted');
    gate.finish();
    expect(gate.admit('c')).toBe('client_budget');
  });
});

describe('the response cache’s memory', () => {
  it('drops the oldest answers to stay within its bytes, compressed forms counted', () => {
    const cache = new ResponseCache({ ttlMs: 60_000, maxEntries: 100, maxBytes: 10_000 });
    const generation = cache.currentGeneration();
    for (let i = 0; i < 10; i += 1) cache.store(`page:/part?q=${i}`, Buffer.alloc(3000, 'a'), 'text/html', '', generation);
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBe(3);
    expect(cache.lookup('page:/part?q=9')).toBeDefined();
    expect(cache.lookup('page:/part?q=0')).toBeUndefined();

    cache.lookup('page:/part?q=9')?.encoded.set('br', Buffer.alloc(2000));
    cache.store('page:/part?q=10', Buffer.alloc(3000, 'a'), 'text/html', '', generation);
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.lookup('page:/part?q=10')).toBeDefined();
  });

  it('forgets an answer past its time, and keeps none while it is off', () => {
    const cache = new ResponseCache({ ttlMs: 1000 });
    cache.store('page:/', Buffer.from('page'), 'text/html', '', cache.currentGeneration());
    // The entry's own time: a clock read before store() lags it by as long as a busy machine takes.
    const storedAt = cache.lookup('page:/')?.storedAt ?? Number.NaN;
    expect(cache.lookup('page:/', storedAt + 999)?.body.toString()).toBe('page');
    expect(cache.lookup('page:/', storedAt + 1001)).toBeUndefined();
    expect(cache.size).toBe(0);

    const off = new ResponseCache({ ttlMs: 0 });
    off.store('page:/', Buffer.from('page'), 'text/html', '', off.currentGeneration());
    expect(off.size).toBe(0);
  });

  it('keeps no answer larger than its bytes', () => {
    const cache = new ResponseCache({ ttlMs: 60_000, maxBytes: 1000 });
    cache.store('page:/', Buffer.alloc(2000), 'text/html', '', cache.currentGeneration());
    expect(cache.size).toBe(0);
  });
});

describe('the pages’ query parameters', () => {
  it('every server-rendered page that reads its query string reads it through #shared/page-search', () => {
    const routes = path.resolve(import.meta.dirname, '../../web/app/routes');
    const modulesInTable = new Set(pathsReadingQuery.map((p) => pageModuleOf(p)));
    for (const name of serverRenderedModules) {
      const source = readFileSync(path.join(routes, `${name}.tsx`), 'utf8');
      const readsQuery = /useSearchParams|location\.search|searchParams/.test(source);
      if (!readsQuery) continue;
      expect(modulesInTable.has(name), `${name}.tsx reads its query string: add it to #shared/page-search`).toBe(true);
      expect(source, name).toMatch(/PageSearch\.read\(/);
      // Only through the shared reading: no parameter read directly.
      expect(source, name).not.toMatch(/params\.(get|has|getAll)\(/);
    }
  });
});
