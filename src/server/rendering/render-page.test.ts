import { beforeAll, expect, it } from 'vitest';
import { renderPage, type ApiTransport, type RenderedPage } from '../../web/entry-server';
import * as copy from '#shared/copy';
import { pageRoutes } from '#shared/routes';
import { insertBlogPost, insertPart } from '../testing/factories';
import { describeOnEachEngine } from '../testing/test-app';

/**
 * One render of a page (src/web/entry-server.tsx): the matched routes' loaders fetch what the page
 * draws, once each, through the transport given to that render and no other; then the page is drawn.
 */

const APP_HEADER = { accept: 'application/json' };

describeOnEachEngine('rendering a page once, from its loaders', (ctx) => {
  /** A transport answering through the app's own routes, writing down every path it is asked for. */
  const countingTransport = (asked: string[]): ApiTransport => {
    return async (apiPath) => {
      asked.push(apiPath);
      const response = await ctx.app.inject({ method: 'GET', url: apiPath, headers: APP_HEADER });
      return new Response(response.body, {
        status: response.statusCode,
        headers: { 'content-type': String(response.headers['content-type'] ?? '') },
      });
    };
  };

  let alphaId = '';
  beforeAll(async () => {
    alphaId = (await insertPart(ctx.database.db, { name: 'Alpha brake disc' })).id;
    await insertPart(ctx.database.db, { name: 'Beta timing belt' });
    await insertBlogPost(ctx.database.db, { slug: 'winter-tyres', title: 'When to fit winter tyres' });
  });

  it('fetches each query a page draws exactly once, and draws the page from them', async () => {
    const examples: Record<string, string> = { '/blogs/:slug': '/blogs/winter-tyres', '/part/:partId': `/part/${alphaId}` };
    for (const route of pageRoutes.filter((page) => page.serverRendered)) {
      const url = examples[route.path] ?? route.path;
      const asked: string[] = [];
      const page = await renderPage(new URL(url, 'http://shop.invalid'), { transport: countingTransport(asked) });
      expect(page && 'html' in page, url).toBe(true);
      const { state } = page as RenderedPage;
      expect(new Set(asked).size, `${url} asked twice for one of ${asked.join(', ')}`).toBe(asked.length);
      // Every query in the page's data was fetched for it, but the session, which is known to be none.
      const fetched = state.queries.filter((query) => JSON.stringify(query.queryKey) !== '["session"]');
      expect(asked.length, url).toBe(fetched.length);
    }
  });

  it('loads the landing page’s sections and the shell’s shop info, nothing else', async () => {
    const asked: string[] = [];
    const page = await renderPage(new URL('http://shop.invalid/'), { transport: countingTransport(asked) });
    expect(page && 'html' in page && page.html).toContain('Alpha brake disc');
    expect(asked.map((apiPath) => apiPath.split('?')[0]).sort()).toEqual(
      ['/api/blogs', '/api/parts', '/api/parts/best-sellers', '/api/reviews', '/api/settings', '/api/shop'].sort(),
    );
  });

  it('draws a part’s page for a visitor, with the way to sign in that comes back to it', async () => {
    const asked: string[] = [];
    const page = await renderPage(new URL(`http://shop.invalid/part/${alphaId}`), { transport: countingTransport(asked) });
    const html = (page as RenderedPage).html;
    expect(html).toContain('Alpha brake disc');
    expect(html).toContain(copy.booking.signInToBook);
    expect(html).toContain(`href="/login?next=%2Fpart%2F${alphaId}"`);
    // The settings are the shell's: every price is written in the shop's currency.
    expect(asked.map((apiPath) => apiPath.split('?')[0]).sort()).toEqual(
      [`/api/parts/${alphaId}`, '/api/settings', '/api/shop'].sort(),
    );
  });

  it('writes a part’s price in the shop’s currency, and sends the settings it wrote it from to the browser', async () => {
    const counting = countingTransport([]);
    // The shop prices in euros: the settings' answer says so.
    const inEuros: ApiTransport = async (apiPath, init) => {
      const response = await counting(apiPath, init);
      if (apiPath !== '/api/settings') return response;
      const settings = (await response.json()) as Record<string, unknown>;
      return new Response(JSON.stringify({ ...settings, currency: 'EUR' }), { headers: { 'content-type': 'application/json' } });
    };
    const page = (await renderPage(new URL(`http://shop.invalid/part/${alphaId}`), { transport: inEuros })) as RenderedPage;
    expect(page.html).toMatch(/€\d/);
    expect(page.html).not.toMatch(/\$\d/);
    const settings = page.state.queries.find((query) => JSON.stringify(query.queryKey) === '["settings"]');
    expect(settings?.state.data).toMatchObject({ currency: 'EUR' });
  });

  it('gives two renders at once each its own transport', async () => {
    const alpha: string[] = [];
    const beta: string[] = [];
    const [alphaPage, betaPage] = await Promise.all([
      renderPage(new URL('http://shop.invalid/part?q=alpha'), { transport: countingTransport(alpha) }),
      renderPage(new URL('http://shop.invalid/part?q=beta'), { transport: countingTransport(beta) }),
    ]);
    expect(alpha.filter((apiPath) => apiPath.startsWith('/api/parts?'))).toEqual([expect.stringContaining('q=alpha')]);
    expect(beta.filter((apiPath) => apiPath.startsWith('/api/parts?'))).toEqual([expect.stringContaining('q=beta')]);
    const html = (page: unknown) => (page as RenderedPage).html;
    expect(html(alphaPage)).toContain('Alpha brake disc');
    expect(html(alphaPage)).not.toContain('Beta timing belt');
    expect(html(betaPage)).toContain('Beta timing belt');
    expect(html(betaPage)).not.toContain('Alpha brake disc');
  });

  it('leaves the page to the browser when its data cannot be fetched', async () => {
    const failing: ApiTransport = async () =>
      new Response(JSON.stringify({ title: 'Internal', detail: 'down' }), {
        status: 500,
        headers: { 'content-type': 'application/problem+json' },
      });
    expect(await renderPage(new URL('http://shop.invalid/part'), { transport: failing })).toBeUndefined();
  });

  it('answers a page past the last with where it sends the browser', async () => {
    const page = await renderPage(new URL('http://shop.invalid/part?q=alpha&page=9'), { transport: countingTransport([]) });
    expect(page).toEqual({ redirect: '/part?q=alpha' });
  });
});
