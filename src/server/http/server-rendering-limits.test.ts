import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertBlogPost, insertPart } from '../testing/factories';
import { describeOnEachEngine, TEST_NOW } from '../testing/test-app';
import { REDRAW_AFTER_MS } from '../rendering';
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

async function rendersEndingIn(app: FastifyInstance, result: 'page' | 'unchanged'): Promise<number> {
  return (await app.pageRendering.renders.get()).values.find((value) => value.labels.result === result)?.value ?? 0;
}

/** Waits (up to two seconds) until `count` renders have ended in `result`: renders run after the answer. */
async function rendersReach(app: FastifyInstance, result: 'page' | 'unchanged', count: number): Promise<void> {
  await vi.waitFor(async () => expect(await rendersEndingIn(app, result)).toBe(count), { timeout: 2000, interval: 10 });
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
  'a page past its time while it is rendered again',
  (ctx) => {
    let nextAddress = 1;
    const address = () => `198.51.100.${nextAddress++}`;

    it('answers the page as it was at once, renders it again meanwhile, and answers the new one after', async () => {
      const from = address();
      const first = await ctx.app.inject({ url: '/part?q=zephyr', remoteAddress: from });
      expect(isRendered(first.body)).toBe(true);
      expect(first.body).not.toContain('Zephyr brake hose');
      // Written straight to the database, as another node or a script would: nothing here is dropped.
      await insertPart(ctx.database.db, { name: 'Zephyr brake hose' });
      await pastItsTime();
      const before = await rendersSoFar(ctx.app);
      const meanwhile = await ctx.app.inject({ url: '/part?q=zephyr', remoteAddress: from });
      expect(meanwhile.statusCode).toBe(200);
      expect(meanwhile.body).toBe(first.body);
      await vi.waitFor(async () => expect(await rendersSoFar(ctx.app)).toBeGreaterThan(before), { timeout: 2000, interval: 10 });
      const after = await ctx.app.inject({ url: '/part?q=zephyr', remoteAddress: from });
      expect(after.body).toContain('Zephyr brake hose');
      expect((await rendersSoFar(ctx.app)) - before).toBe(1);
    });

    it('keeps its drawing, compressed forms and all, while its data stays as it was drawn from, for up to ten seconds', async () => {
      const from = address();
      const url = '/part?q=orbit';
      const entryKey = 'page:/part?q=orbit';
      const first = await ctx.app.inject({ url, remoteAddress: from, headers: { 'accept-encoding': 'br' } });
      expect(first.headers['content-encoding']).toBe('br');
      const drawn = ctx.app.responseCache.lookup(entryKey);
      expect(drawn?.encoded.get('br')).toBeDefined();
      const [pagesBefore, unchangedBefore] = [
        await rendersEndingIn(ctx.app, 'page'),
        await rendersEndingIn(ctx.app, 'unchanged'),
      ];

      // Past its second, nothing written: the data is loaded again, the page is not drawn again.
      await pastItsTime();
      expect((await ctx.app.inject({ url, remoteAddress: from })).statusCode).toBe(200);
      await rendersReach(ctx.app, 'unchanged', unchangedBefore + 1);
      const kept = ctx.app.responseCache.lookup(entryKey);
      expect(kept).not.toBe(drawn);
      expect(kept?.body).toBe(drawn?.body);
      expect(kept?.encoded.get('br')).toBe(drawn?.encoded.get('br'));
      expect(await rendersEndingIn(ctx.app, 'page')).toBe(pagesBefore);

      // Past twice its second the copy is no longer sent: the visitor waits for the data, not the drawing.
      await new Promise((resolve) => setTimeout(resolve, 2 * TTL_MS + 50));
      expect(ctx.app.responseCache.lookupPastItsTime(entryKey)).toBeUndefined();
      expect((await ctx.app.inject({ url, remoteAddress: from })).body).toBe(drawn?.body.toString());
      expect(await rendersEndingIn(ctx.app, 'unchanged')).toBe(unchangedBefore + 2);
      expect(ctx.app.responseCache.lookup(entryKey)?.body).toBe(drawn?.body);

      // Ten seconds after it was drawn, what it shows from the clock is drawn afresh, data or not.
      ctx.clock.advance(REDRAW_AFTER_MS);
      await pastItsTime();
      expect((await ctx.app.inject({ url, remoteAddress: from })).statusCode).toBe(200);
      await rendersReach(ctx.app, 'page', pagesBefore + 1);
      const redrawn = ctx.app.responseCache.lookup(entryKey);
      expect(redrawn?.body).not.toBe(drawn?.body);
      // The same page, but for when its data was fetched (the page state's times).
      const withoutTimes = (body: Buffer | undefined) => body?.toString().replace(/"(dehydratedAt|dataUpdatedAt)":\d+/g, '');
      expect(withoutTimes(redrawn?.body)).toBe(withoutTimes(drawn?.body));
      expect(await rendersEndingIn(ctx.app, 'unchanged')).toBe(unchangedBefore + 2);
    });

    it('draws the page again as soon as any of its data changed, though drawn a second before', async () => {
      const from = address();
      const first = await ctx.app.inject({ url: '/', remoteAddress: from });
      expect(isRendered(first.body)).toBe(true);
      expect(first.body).not.toContain('Comet tail lights, fitted');
      const pagesBefore = await rendersEndingIn(ctx.app, 'page');
      // One answer of the landing page's six (its latest posts), written as another node would.
      await insertBlogPost(ctx.database.db, { title: 'Comet tail lights, fitted', published_at: '2026-12-01T00:00:00.000Z' });
      await pastItsTime();
      await ctx.app.inject({ url: '/', remoteAddress: from });
      await rendersReach(ctx.app, 'page', pagesBefore + 1);
      expect((await ctx.app.inject({ url: '/', remoteAddress: from })).body).toContain('Comet tail lights, fitted');

      // The new drawing is what is remembered: with nothing written since, it is kept, not drawn again.
      const unchangedBefore = await rendersEndingIn(ctx.app, 'unchanged');
      await pastItsTime();
      await ctx.app.inject({ url: '/', remoteAddress: from });
      await rendersReach(ctx.app, 'unchanged', unchangedBefore + 1);
      expect(await rendersEndingIn(ctx.app, 'page')).toBe(pagesBefore + 1);
    });

    it('draws the page again once what it drew from the clock stops being right: a deal that ended', async () => {
      const from = address();
      const endsAt = Date.now() + 1500;
      // Written as another node would: the page learns of it once its copy passes its second.
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
      await ctx.app.inject({ url: '/', remoteAddress: from });
      const running = async () => (await ctx.app.inject({ url: '/', remoteAddress: from })).body;
      await vi.waitFor(async () => expect(await running()).toContain('30% OFF'), { timeout: 2000, interval: 10 });
      expect(await running()).not.toContain('data-testid="deal-ended"');

      // Nothing written since: the same data, but the deal is over.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, endsAt - Date.now()) + TTL_MS + 50));
      const pagesBefore = await rendersEndingIn(ctx.app, 'page');
      await ctx.app.inject({ url: '/', remoteAddress: from });
      await rendersReach(ctx.app, 'page', pagesBefore + 1);
      const ended = (await ctx.app.inject({ url: '/', remoteAddress: from })).body;
      expect(ended).toContain('data-testid="deal-ended"');
      // The settings still say 30% OFF (in the page's data), but the page no longer offers it.
      expect(ended.split('id="page-state"')[0]).not.toContain('30% OFF');
    });

    it("draws a deal part's card again at the deal's end: no deal price past it, though the data still names the deal", async () => {
      const from = address();
      const endsAt = Date.now() + 1500;
      // The API prices by the app's clock, which stands at TEST_NOW, before the real moment the deal ends:
      // the answers keep naming the deal, so only the drawing's own end can take the price off the page.
      await insertPart(ctx.database.db, { name: 'Pulsar brake pads', price_cents: 4000, flash_deal_since: TEST_NOW });
      const deal = { flash_deal_ends_at: new Date(endsAt).toISOString(), flash_deal_percent: 25 };
      await ctx.database.db
        .insertInto('settings')
        .values({ id: 1, ...deal, flash_deal_discount_text: '25% OFF', updated_at: new Date().toISOString() })
        .onConflict((oc) => oc.column('id').doUpdateSet(deal))
        .execute();
      await pastItsTime();
      const url = '/part?q=pulsar';
      const drawn = async () => (await ctx.app.inject({ url, remoteAddress: from })).body.split('id="page-state"')[0]!;
      await vi.waitFor(async () => expect(await drawn()).toContain('data-testid="was-price"'), { timeout: 2000, interval: 10 });
      expect(await drawn()).toContain('$30.00');

      await new Promise((resolve) => setTimeout(resolve, Math.max(0, endsAt - Date.now()) + TTL_MS + 50));
      const pagesBefore = await rendersEndingIn(ctx.app, 'page');
      await ctx.app.inject({ url, remoteAddress: from });
      await rendersReach(ctx.app, 'page', pagesBefore + 1);
      const ended = await drawn();
      expect(ended).toContain('Pulsar brake pads');
      expect(ended).not.toContain('data-testid="was-price"');
      expect(ended).not.toContain('$30.00');
      expect(ended).toContain('$40.00');
    });

    it('never answers a page a write through this node has dropped: it renders the new one first', async () => {
      const from = address();
      const first = await ctx.app.inject({ url: '/part?q=quasar', remoteAddress: from });
      expect(first.body).not.toContain('Quasar hose clamp');
      await insertPart(ctx.database.db, { name: 'Quasar hose clamp' });
      ctx.app.responseCache.invalidate();
      expect((await ctx.app.inject({ url: '/part?q=quasar', remoteAddress: from })).body).toContain('Quasar hose clamp');
      await pastItsTime();
      await insertPart(ctx.database.db, { name: 'Quasar fuel clamp' });
      ctx.app.responseCache.invalidate();
      expect((await ctx.app.inject({ url: '/part?q=quasar', remoteAddress: from })).body).toContain('Quasar fuel clamp');
    });

    it('never answers a page past twice its time: it renders the new one first', async () => {
      const from = address();
      const first = await ctx.app.inject({ url: '/part?q=nebula', remoteAddress: from });
      expect(first.body).not.toContain('Nebula exhaust gasket');
      await insertPart(ctx.database.db, { name: 'Nebula exhaust gasket' });
      await new Promise((resolve) => setTimeout(resolve, 2 * TTL_MS + 50));
      expect((await ctx.app.inject({ url: '/part?q=nebula', remoteAddress: from })).body).toContain('Nebula exhaust gasket');
    });
  },
  { config: { webDistDir: dist }, responseCacheTtlMs: TTL_MS },
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

  it('keeps an answer past its time for as long again, for a page rendered anew, unless a write drops it', () => {
    const cache = new ResponseCache({ ttlMs: 1000 });
    const storedAt = performance.now();
    cache.store('page:/', Buffer.from('page'), 'text/html', '', cache.currentGeneration());
    expect(cache.lookup('page:/', storedAt + 999)).toBeDefined();
    expect(cache.lookupPastItsTime('page:/', storedAt + 999)).toBeUndefined();
    expect(cache.lookup('page:/', storedAt + 1500)).toBeUndefined();
    expect(cache.lookupPastItsTime('page:/', storedAt + 1500)?.body.toString()).toBe('page');
    cache.invalidate();
    expect(cache.lookupPastItsTime('page:/', storedAt + 1500)).toBeUndefined();

    cache.store('page:/', Buffer.from('page'), 'text/html', '', cache.currentGeneration());
    const again = performance.now();
    expect(cache.lookupPastItsTime('page:/', again + 2000)).toBeUndefined();
    expect(cache.size).toBe(0);
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
