import { beforeAll, expect, it } from 'vitest';
import { copy } from '#shared/copy';
import { describeOnEachEngine } from '../../testing/test-app';
import { upsertSettings } from './content.repository';

describeOnEachEngine('content API', (ctx) => {
  beforeAll(async () => {
    const { db } = ctx.database;
    await db
      .insertInto('blog_posts')
      .values([
        {
          id: 'b1',
          slug: 'choosing-brake-pads',
          title: 'Choosing brake pads',
          excerpt: 'Which pad for which car',
          body: JSON.stringify(['First paragraph.', 'Second paragraph.']),
          image_url: '/uploads/a.webp',
          author: 'Ada',
          published_at: '2026-05-01T00:00:00.000Z',
        },
        {
          id: 'b2',
          slug: 'factory-tour',
          title: 'Factory tour',
          excerpt: 'Inside the plant',
          body: JSON.stringify(['Only paragraph.']),
          image_url: '/uploads/b.webp',
          author: 'Bo',
          published_at: '2026-06-01T00:00:00.000Z',
        },
      ])
      .execute();
  });

  it('lists blog posts newest first, without their bodies', async () => {
    const res = await ctx.app.inject({ url: '/api/blogs' });
    expect(res.statusCode).toBe(200);
    const items = res.json().items;
    expect(items.map((p: { slug: string }) => p.slug)).toEqual(['factory-tour', 'choosing-brake-pads']);
    expect(items[0]).not.toHaveProperty('body');
  });

  it('answers one post by slug with its paragraphs, and 404 for an unknown slug', async () => {
    const res = await ctx.app.inject({ url: '/api/blogs/choosing-brake-pads' });
    expect(res.json()).toMatchObject({ title: 'Choosing brake pads', body: ['First paragraph.', 'Second paragraph.'] });
    const missing = await ctx.app.inject({ url: '/api/blogs/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
  });

  it('answers settings: an unconfigured deal has ended, a configured one follows the row', async () => {
    const before = (await ctx.app.inject({ url: '/api/settings' })).json();
    expect(before).toEqual({ flashDealEndsAt: new Date(0).toISOString(), flashDealDiscountText: '25% OFF' });
    await upsertSettings(ctx.database.db, {
      flashDealEndsAt: '2026-07-01T00:00:00.000Z',
      flashDealDiscountText: '30% OFF',
      now: '2026-06-15T00:00:00.000Z',
    });
    expect((await ctx.app.inject({ url: '/api/settings' })).json()).toEqual({
      flashDealEndsAt: '2026-07-01T00:00:00.000Z',
      flashDealDiscountText: '30% OFF',
    });
  });

  it('stores a newsletter subscription once, however often it is sent', async () => {
    for (const email of ['Fleet@Example.com', 'fleet@example.com']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } });
      expect(res.statusCode).toBe(201);
    }
    const rows = await ctx.database.db.selectFrom('newsletter_subscribers').selectAll().execute();
    expect(rows.map((r) => r.email)).toEqual(['fleet@example.com']);
    expect(rows[0]?.created_at).toBe('2026-06-15T12:00:00.000Z');
  });

  it.each([
    [{}, copy.validation.emailRequired],
    [{ email: '' }, copy.validation.emailRequired],
    [{ email: 'not-an-address' }, copy.validation.emailInvalid],
    [{ email: 42 }, copy.validation.emailRequired],
  ])('refuses the newsletter body %j with the form message', async (payload, message) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/newsletter', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ email: message });
  });

  it('accepts addresses the original refused (long endings, subdomains, dots)', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'j.doe@mail.garage.info' } });
    expect(res.statusCode).toBe(201);
  });

  it('stores a contact message as sent, markup included, as text', async () => {
    const payload = {
      email: 'buyer@example.com',
      subject: '<b>Bulk order</b>',
      message: "Hi, <script>alert('x')</script> we need 500 pads",
    };
    const res = await ctx.app.inject({ method: 'POST', url: '/api/contact', payload });
    expect(res.statusCode).toBe(201);
    const row = await ctx.database.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: 'buyer@example.com',
      subject: payload.subject,
      message: payload.message,
      handled_at: null,
    });
  });

  it('refuses an incomplete contact message with a message per field, and stores nothing', async () => {
    const before = await ctx.database.db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/contact', payload: { email: 'x', subject: '   ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      email: copy.validation.emailInvalid,
      subject: copy.validation.subjectRequired,
      message: copy.validation.messageRequired,
    });
    const after = await ctx.database.db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a body that is not JSON with a 400 problem', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});

describeOnEachEngine(
  'shop info outside demo mode',
  (ctx) => {
    it('shows no demo accounts, and says Google sign-in is off when it is not configured', async () => {
      const res = await ctx.app.inject({ url: '/api/shop' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ demoMode: false, googleSignIn: false, demoAccounts: [] });
    });
  },
  { config: { demoMode: false } },
);

describeOnEachEngine(
  'shop info in demo mode',
  (ctx) => {
    it('lists the two demo accounts', async () => {
      const body = (await ctx.app.inject({ url: '/api/shop' })).json();
      expect(body.demoMode).toBe(true);
      expect(body.demoAccounts).toEqual([
        { role: 'admin', email: 'admin@gearhouse.example', password: 'admin-demo-1' },
        { role: 'customer', email: 'customer@gearhouse.example', password: 'customer-demo-1' },
      ]);
    });
  },
  { config: { demoMode: true } },
);
