import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import { insertBlogPost, insertPart, insertReview } from '../testing/factories';
import { describeOnEachEngine } from '../testing/test-app';

/** index.html as the build writes it, reduced to what the server looks for: the page markers. */
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>Gearhouse</title><script type="module" src="/assets/index-abc123.js"></script></head>' +
  '<body><div id="root"><!--page--><div role="status">Loading…</div><!--/page--></div></body></html>';

// `$'` and `$&` would be replacement patterns if the page were spliced in with String.replace.
const MARKUP = "</script><script>alert(1)</script><b>bold</b> $' $&";

/** The JSON data block the browser takes the page over from. */
function pageState(html: string): { queries: { queryKey: unknown[]; state: { data: unknown } }[] } | undefined {
  const match = /<script type="application\/json" id="page-state"[^>]*>(.*?)<\/script>/s.exec(html);
  return match?.[1] ? JSON.parse(match[1]) : undefined;
}

/** One built-app folder for both engines: the server reads only its index.html. */
const dist = mkdtempSync(path.join(tmpdir(), 'gearhouse-ssr-dist-'));
writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describeOnEachEngine(
  'public pages rendered on the server for visitors',
  (ctx) => {
    let partName = '';
    let partId = '';
    beforeAll(async () => {
      const part = await insertPart(ctx.database.db, { name: 'Ceramic brake pad set' });
      partName = part.name;
      partId = part.id;
      await insertPart(ctx.database.db, { name: MARKUP });
      await insertReview(ctx.database.db, { text: 'Fitted in ten minutes, stops like new.' });
      await insertBlogPost(ctx.database.db, { slug: 'winter-tyres', title: 'When to fit winter tyres' });
    });

    it('draws /part with its parts, and sends the data the page was drawn from', async () => {
      const res = await ctx.app.inject({ url: '/part' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/cookie/i);
      expect(res.body).not.toContain('<!--page-->');
      expect(res.body).not.toContain('Loading…');
      expect(res.body).toContain(partName);
      const state = pageState(res.body);
      const list = state?.queries.find((query) => JSON.stringify(query.queryKey).startsWith('["parts","list"'));
      expect(JSON.stringify(list?.state.data)).toContain(partName);
      // One title, the page's, in the head; the first pictures are preloaded from there.
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      expect(head).toContain('<title>Our All Parts · Gearhouse</title>');
      expect(res.body.match(/<title>/g)).toHaveLength(1);
      expect(head).toMatch(/<link rel="preload" as="image"/);
    });

    it('sends the page compressed as the browser asks', async () => {
      const plain = await ctx.app.inject({ url: '/reviews' });
      for (const [encoding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const res = await ctx.app.inject({ url: '/reviews', headers: { 'accept-encoding': encoding } });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers.vary).toMatch(/accept-encoding/);
        // The same page; the data block carries when each query was fetched, so it differs per render.
        const withoutState = (html: string) =>
          html.replace(/<script type="application\/json" id="page-state"[^>]*>.*?<\/script>/s, '');
        expect(withoutState(decode(res.rawPayload).toString('utf8'))).toBe(withoutState(plain.body));
        expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      }
    });

    it('renders stored markup as text, and no text can close the data block', async () => {
      const res = await ctx.app.inject({ url: '/part' });
      expect(res.body).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;b&gt;bold&lt;/b&gt; $&#x27; $&amp;');
      expect(res.body).not.toContain('<script>alert(1)');
      expect(res.body).not.toContain('<b>bold</b>');
      // The name arrives in the browser's cache exactly as stored.
      expect(JSON.stringify(pageState(res.body))).toContain(JSON.stringify(MARKUP).slice(1, -1));
    });

    it('draws the landing page, the reviews, the posts and one post', async () => {
      expect((await ctx.app.inject({ url: '/' })).body).toContain(partName);
      expect((await ctx.app.inject({ url: '/reviews' })).body).toContain('Fitted in ten minutes, stops like new.');
      expect((await ctx.app.inject({ url: '/blogs' })).body).toContain('When to fit winter tyres');
      const post = await ctx.app.inject({ url: '/blogs/winter-tyres' });
      expect(post.statusCode).toBe(200);
      expect(post.body).toContain('When to fit winter tyres');
    });

    it('answers a page number past the last with a redirect to the last page', async () => {
      const res = await ctx.app.inject({ url: '/part?q=brake&page=99' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/part?q=brake');
    });

    it('draws the sign-in form on /login', async () => {
      const res = await ctx.app.inject({ url: '/login' });
      expect(res.body).toMatch(/<input[^>]*type="email"/);
      expect(res.body).toMatch(/<input[^>]*type="password"/);
      expect(pageState(res.body)).toBeDefined();
      // The page's own title, in the head, once.
      expect(res.body).toMatch(/<head>.*<title>Login · Gearhouse<\/title>.*<\/head>/s);
      expect(res.body.match(/<title>/g)).toHaveLength(1);
    });

    it('leaves a signed-in browser, private pages and missing content to the app', async () => {
      const signedIn = await ctx.app.inject({ url: '/part', headers: { cookie: 'better-auth.session_token=abc.def' } });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.body).toContain('<!--page--><div role="status">Loading…</div><!--/page-->');
      expect(pageState(signedIn.body)).toBeUndefined();

      for (const url of ['/dashboard']) {
        const res = await ctx.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(pageState(res.body), url).toBeUndefined();
      }
      const partSignedIn = await ctx.app.inject({
        url: `/part/${partId}`,
        headers: { cookie: 'better-auth.session_token=abc.def' },
      });
      expect(partSignedIn.statusCode).toBe(200);
      expect(pageState(partSignedIn.body)).toBeUndefined();
      const unknown = await ctx.app.inject({ url: '/no-such-page' });
      expect(unknown.statusCode).toBe(404);
      expect(pageState(unknown.body)).toBeUndefined();
    });

    it("draws a part's page for a visitor who opens a shared link: the part, and signing in to book it", async () => {
      const res = await ctx.app.inject({ url: `/part/${encodeURIComponent(partId)}?utm_source=chat` });
      expect(res.statusCode).toBe(200);
      expect(pageState(res.body)).toBeDefined();
      expect(res.body).toContain(`<title>${partName} · Gearhouse</title>`);
      expect(res.body).toContain(copy.booking.signInToBook);
      expect(res.body).toContain(`href="/login?next=${encodeURIComponent(`/part/${partId}`)}"`);
    });

    it('answers 404 for a post or a part that is not there, with the app to draw its not-found page', async () => {
      const archived = await insertPart(ctx.database.db, { name: 'Retired gasket', archived_at: new Date().toISOString() });
      const cookie = { cookie: 'better-auth.session_token=abc.def' };
      for (const [url, headers] of [
        ['/blogs/no-such-post', {}],
        ['/blogs/no-such-post', cookie],
        ['/part/no-such-part', {}],
        ['/part/no-such-part', cookie],
        [`/part/${archived.id}`, cookie],
      ] as const) {
        const res = await ctx.app.inject({ url, headers });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.body, url).toContain('<div id="root">');
        expect(pageState(res.body), url).toBeUndefined();
      }
      const head = await ctx.app.inject({ method: 'HEAD', url: '/blogs/no-such-post' });
      expect(head.statusCode).toBe(404);
      // What is there still answers 200: the post drawn for a visitor, the part's page for a signed-in user.
      const post = await ctx.app.inject({ url: '/blogs/winter-tyres' });
      expect(post.statusCode).toBe(200);
      expect(post.body).toContain('When to fit winter tyres');
      const part = await ctx.app.inject({ url: `/part/${encodeURIComponent(partId)}`, headers: cookie });
      expect(part.statusCode).toBe(200);
    });

    it('does not count its own API calls against the rate limit of the server’s address', async () => {
      // The limit is 40 a minute here; each landing page counts once and asks the API five times.
      for (let i = 0; i < 8; i += 1) {
        const res = await ctx.app.inject({ url: `/?visit=${i}`, remoteAddress: '203.0.113.70' });
        expect(res.statusCode).toBe(200);
        expect(pageState(res.body), `visit ${i}`).toBeDefined();
      }
    });

    it('records a search the page found nothing for as the visitor’s, not the server’s', async () => {
      for (const [visitor, q] of [
        ['203.0.113.77', 'zqdrawn'],
        ['2001:db8:77:77::5', 'zqdrawn6'],
      ] as const) {
        const res = await ctx.app.inject({ url: `/part?q=${q}`, remoteAddress: visitor });
        expect(pageState(res.body), q).toBeDefined();
      }
      // Written after the answer.
      await vi.waitFor(async () => {
        const rows = await ctx.database.db
          .selectFrom('search_misses')
          .select(['q', 'client'])
          .where('q', 'like', 'zqdrawn%')
          .execute();
        expect(rows.sort((a, b) => a.q.localeCompare(b.q))).toEqual([
          { q: 'zqdrawn', client: '203.0.113.77' },
          { q: 'zqdrawn6', client: '2001:db8:77:77::/64' },
        ]);
      });
    });
  },
  { config: { webDistDir: dist, rateLimitPerMinute: 40 } },
);
