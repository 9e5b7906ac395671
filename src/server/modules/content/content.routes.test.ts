import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { DEFAULT_SELLER, DEFAULT_TAX_AND_DELIVERY } from '#shared/schemas/content';
import { signedInAdmin, signedInCustomer, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
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
    // A fresh shop answers every setting with its default: $9.90 delivery, free from $100, no tax rows.
    expect(before).toEqual({
      flashDealEndsAt: new Date(0).toISOString(),
      flashDealPercent: 25,
      flashDealDiscountText: '25% OFF',
      flashDealParts: [],
      ...DEFAULT_SELLER,
      ...DEFAULT_TAX_AND_DELIVERY,
    });
    expect(before).toMatchObject({ deliveryFeeCents: 990, freeDeliveryThresholdCents: 10_000, taxRates: [], deliverTo: [] });
    await upsertSettings(ctx.database.db, {
      flashDealEndsAt: '2026-07-01T00:00:00.000Z',
      flashDealDiscountText: '30% OFF',
      columns: { flash_deal_percent: 30 },
      now: '2026-06-15T00:00:00.000Z',
    });
    expect((await ctx.app.inject({ url: '/api/settings' })).json()).toEqual({
      flashDealEndsAt: '2026-07-01T00:00:00.000Z',
      flashDealPercent: 30,
      flashDealDiscountText: '30% OFF',
      flashDealParts: [],
      ...DEFAULT_SELLER,
      ...DEFAULT_TAX_AND_DELIVERY,
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
    it('shows no demo accounts, says Google sign-in is off when it is not configured, and that payments are a test', async () => {
      const res = await ctx.app.inject({ url: '/api/shop' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        demoMode: false,
        googleSignIn: false,
        paymentsTestMode: true,
        verifiedEmailRequired: false,
        demoAccounts: [],
        social: {},
      });
    });
  },
  // What loadConfig decides for the sandbox outside demo mode (config.test.ts).
  { config: { demoMode: false, paymentsTestMode: true } },
);

describeOnEachEngine(
  'shop info in demo mode',
  (ctx) => {
    it('lists the demo accounts, the trade account last', async () => {
      const body = (await ctx.app.inject({ url: '/api/shop' })).json();
      expect(body.demoMode).toBe(true);
      expect(body.demoAccounts).toEqual([
        { role: 'admin', email: 'admin@gearhouse.example', password: 'admin-demo-1' },
        { role: 'customer', email: 'customer@gearhouse.example', password: 'customer-demo-1' },
        { role: 'company_admin', email: 'fleet@gearhouse.example', password: 'fleet-demo-1' },
      ]);
    });
  },
  { config: { demoMode: true } },
);

describeOnEachEngine('inbox and settings admin API', (ctx) => {
  let admin: TestAccount;
  let customer: TestAccount;
  const messageIds: string[] = [];

  beforeAll(async () => {
    admin = await signedInAdmin(ctx);
    customer = await signedInCustomer(ctx);
    for (let i = 0; i < 3; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { email: `buyer${i}@example.com`, subject: `Question ${i}`, message: `Message ${i}` },
      });
      messageIds.push(res.json().id);
      ctx.clock.advance(60_000);
    }
    await ctx.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'first@example.com' } });
    ctx.clock.advance(60_000);
    // The form refuses such an address; a row written another way (an import, an older version) may still hold one.
    await ctx.database.db
      .insertInto('newsletter_subscribers')
      .values({ id: 'formula', email: '=cmd|"/c calc"!A1,@x', created_at: ctx.clock.now().toISOString() })
      .execute();
    ctx.clock.advance(60_000);
    await ctx.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'third@example.com' } });
  });

  const api = testApi(ctx);

  it.each([
    ['GET', '/api/contact-messages'],
    ['PATCH', '/api/contact-messages/some-id'],
    ['GET', '/api/newsletter-subscribers'],
    ['GET', '/api/newsletter-subscribers.csv'],
    ['PATCH', '/api/settings'],
  ] as const)('answers %s %s with 401 signed out and 403 for a customer', async (method, url) => {
    const payload =
      method === 'GET'
        ? undefined
        : url === '/api/settings'
          ? { flashDealEndsAt: '2026-07-01T00:00:00.000Z', flashDealPercent: 10 }
          : { handled: true };
    const anonymous = await api.anonymous.request(method, url, payload);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.code).toBe('unauthenticated');
    const asCustomer = await api.as(customer).request(method, url, payload);
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.json.code).toBe('forbidden');
  });

  it('lists contact messages newest first, paged', async () => {
    const res = await api.as(admin).get('/api/contact-messages?limit=2');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json;
    expect(body).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(body.items.map((m: { id: string }) => m.id)).toEqual([messageIds[2], messageIds[1]]);
    expect(body.items[0]).toMatchObject({
      email: 'buyer2@example.com',
      subject: 'Question 2',
      message: 'Message 2',
      handledAt: null,
    });
    const second = (await api.as(admin).get('/api/contact-messages?limit=2&page=2')).json;
    expect(second.items.map((m: { id: string }) => m.id)).toEqual([messageIds[0]]);
  });

  it('marks a message handled and back', async () => {
    const url = `/api/contact-messages/${messageIds[0]}`;
    const handled = await api.as(admin).patch(url, { handled: true });
    expect(handled.status).toBe(200);
    expect(handled.json).toMatchObject({ id: messageIds[0], handledAt: ctx.clock.now().toISOString() });
    const listed = (await api.as(admin).get('/api/contact-messages')).json.items;
    expect(listed.find((m: { id: string }) => m.id === messageIds[0]).handledAt).toBe(ctx.clock.now().toISOString());
    const reopened = await api.as(admin).patch(url, { handled: false });
    expect(reopened.json.handledAt).toBeNull();
  });

  it('answers 404 for an unknown message and 400 for a bad body', async () => {
    expect((await api.as(admin).patch('/api/contact-messages/nope', { handled: true })).status).toBe(404);
    for (const payload of [{}, { handled: 'yes' }, { handled: true, subject: 'changed' }]) {
      const res = await api.as(admin).patch(`/api/contact-messages/${messageIds[1]}`, payload);
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('validation_failed');
    }
  });

  it('lists subscribers newest first', async () => {
    const res = await api.as(admin).get('/api/newsletter-subscribers?limit=2');
    expect(res.status).toBe(200);
    const body = res.json;
    expect(body).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(body.items.map((s: { email: string }) => s.email)).toEqual(['third@example.com', '=cmd|"/c calc"!A1,@x']);
    expect(body.items[0]).toEqual({ id: expect.any(String), email: 'third@example.com', createdAt: '2026-06-15T12:05:00.000Z' });
  });

  it('downloads every subscriber as CSV, safe to open in a spreadsheet', async () => {
    const res = await api.as(admin).get('/api/newsletter-subscribers.csv');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="subscribers.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe(
      [
        'email,subscribed_at',
        'third@example.com,2026-06-15T12:05:00.000Z',
        `"'=cmd|""/c calc""!A1,@x",2026-06-15T12:04:00.000Z`,
        'first@example.com,2026-06-15T12:03:00.000Z',
        '',
      ].join('\r\n'),
    );
  });

  it('changes the settings, stored as UTC, shown at once on GET /api/settings, the text made from the percentage', async () => {
    const res = await api.as(admin).patch('/api/settings', {
      flashDealEndsAt: '2026-07-01T14:00:00+02:00',
      flashDealPercent: 40,
    });
    expect(res.status).toBe(200);
    const expected = { flashDealEndsAt: '2026-07-01T12:00:00.000Z', flashDealPercent: 40, flashDealDiscountText: '40% OFF' };
    expect(res.json).toMatchObject(expected);
    expect((await api.anonymous.get('/api/settings')).json).toMatchObject(expected);
  });

  it('changes the seller invoices name, and keeps it when only the flash deal is sent', async () => {
    const deal = { flashDealEndsAt: '2026-07-01T12:00:00.000Z', flashDealPercent: 40 };
    const shown = { ...deal, flashDealDiscountText: '40% OFF', flashDealParts: [], ...DEFAULT_TAX_AND_DELIVERY };
    const res = await api.as(admin).patch('/api/settings', {
      ...deal,
      sellerName: ' Gearhouse Parts GmbH ',
      sellerAddress: { line1: ' Werkstraße 4 ', line2: '', city: 'Stuttgart', postalCode: '70173', country: 'de' },
      sellerVatNumber: 'de 123456789',
    });
    expect(res.status, res.body).toBe(200);
    const seller = {
      sellerName: 'Gearhouse Parts GmbH',
      sellerAddress: { line1: 'Werkstraße 4', city: 'Stuttgart', postalCode: '70173', country: 'DE' },
      sellerVatNumber: 'DE 123456789',
    };
    expect(res.json).toEqual({ ...shown, ...seller });

    await api.as(admin).patch('/api/settings', { ...deal, flashDealPercent: 10 });
    expect((await api.anonymous.get('/api/settings')).json).toEqual({
      ...shown,
      flashDealPercent: 10,
      flashDealDiscountText: '10% OFF',
      ...seller,
    });

    // Without a percentage, the stored one stays.
    const noVat = await api.as(admin).patch('/api/settings', { flashDealEndsAt: deal.flashDealEndsAt, sellerVatNumber: '' });
    expect(noVat.json).toEqual({
      ...shown,
      flashDealPercent: 10,
      flashDealDiscountText: '10% OFF',
      ...seller,
      sellerVatNumber: '',
    });
  });

  const percentInvalid = copy.settings.percentInvalid(1, 90);
  const s = copy.settings;
  const a = copy.address;
  const end = { flashDealEndsAt: '2026-07-01T00:00:00Z' };
  const vat = (country: string, ratePercent: number, region?: string) => ({
    country,
    ...(region ? { region } : {}),
    name: region ? 'Sales tax' : 'VAT',
    ratePercent,
  });
  it.each([
    [{ flashDealEndsAt: 'next friday', flashDealPercent: 10 }, { flashDealEndsAt: copy.validation.dateInvalid }],
    [{ flashDealEndsAt: '2026-13-40T00:00:00Z', flashDealPercent: 10 }, { flashDealEndsAt: copy.validation.dateInvalid }],
    [{ ...end, flashDealPercent: 0 }, { flashDealPercent: percentInvalid }],
    [{ ...end, flashDealPercent: 91 }, { flashDealPercent: percentInvalid }],
    [{ ...end, flashDealPercent: 12.5 }, { flashDealPercent: percentInvalid }],
    [{ ...end, flashDealPercent: '25' }, { flashDealPercent: percentInvalid }],
    [{ ...end, flashDealPartIds: 'all' }, { flashDealPartIds: s.dealPartsInvalid }],
    [
      { ...end, flashDealPartIds: Array.from({ length: 101 }, (_, i) => `part-${i}`) },
      { flashDealPartIds: s.dealPartsTooMany(100) },
    ],
    [
      { ...end, sellerName: ' ', sellerAddress: { line1: ' ', city: 'Stuttgart', postalCode: '70173', country: 'DE' } },
      { sellerName: copy.validation.sellerNameRequired, 'sellerAddress.line1': a.line1Required },
    ],
    [
      { ...end, sellerAddress: { line1: '2750 Foundry Avenue', city: 'Detroit', postalCode: '4820', country: 'US' } },
      { 'sellerAddress.region': a.usStateRequired, 'sellerAddress.postalCode': a.usZipInvalid },
    ],
    [
      { ...end, sellerAddress: { line1: '1 Foundry Way', city: 'Gearville', postalCode: 'GV1 2AB', country: 'XX' } },
      { 'sellerAddress.country': a.countryUnknown },
    ],
    // The old text address is no longer taken.
    [{ ...end, sellerAddress: '1 Foundry Way\nGearville GV1 2AB' }, { sellerAddress: expect.any(String) }],
    [{ ...end, sellerVatNumber: 'GB-123/45' }, { sellerVatNumber: copy.validation.vatNumberInvalid }],
    [{ ...end, currency: 'XYZ' }, { currency: s.currencyInvalid }],
    [{ ...end, taxRates: [vat('DE', 19), vat('US', -1, 'NY')] }, { 'taxRates.1.ratePercent': s.taxRateInvalid(30) }],
    [{ ...end, taxRates: [vat('DE', 30.5)] }, { 'taxRates.0.ratePercent': s.taxRateInvalid(30) }],
    [{ ...end, taxRates: [vat('US', 8.8755, 'NY')] }, { 'taxRates.0.ratePercent': s.taxRateInvalid(30) }],
    [{ ...end, taxRates: [vat('DE', 19), vat('FR', 20), vat('de', 7)] }, { 'taxRates.2.country': s.taxRowDuplicate(1) }],
    [{ ...end, taxRates: [vat('US', 4, 'NY'), vat('US', 8.875, 'ny')] }, { 'taxRates.1.region': s.taxRowDuplicate(1) }],
    [{ ...end, taxRates: [vat('XX', 10)] }, { 'taxRates.0.country': a.countryUnknown }],
    [{ ...end, taxRates: [{ ...vat('DE', 19), name: 'GST' }] }, { 'taxRates.0.name': s.taxNameInvalid }],
    [{ ...end, taxRates: 'none' }, { taxRates: s.taxTableInvalid }],
    [{ ...end, deliveryFeeCents: -1 }, { deliveryFeeCents: s.deliveryFeeInvalid }],
    [{ ...end, deliveryFeeCents: 9.9 }, { deliveryFeeCents: s.deliveryFeeInvalid }],
    [{ ...end, freeDeliveryThresholdCents: -1 }, { freeDeliveryThresholdCents: s.thresholdInvalid }],
    [{ ...end, orderCutoff: '25:00' }, { orderCutoff: s.cutoffInvalid }],
    [{ ...end, timeZone: 'Mars/Base' }, { timeZone: s.timeZoneInvalid }],
    [{ ...end, transitDays: { DE: 2, ZZ: 2 } }, { 'transitDays.ZZ': a.countryUnknown }],
    [{ ...end, transitDays: { DE: 61 } }, { 'transitDays.DE': s.transitDaysInvalid }],
    [{ ...end, deliverTo: ['QQ'] }, { 'deliverTo.0': a.countryUnknown }],
    [{ ...end, returnWindowDays: 366 }, { returnWindowDays: s.returnWindowInvalid }],
    [{ ...end, coreReturnWindowDays: -1 }, { coreReturnWindowDays: s.coreReturnWindowInvalid }],
    [{ ...end, returnWindowDays: 0 }, { returnWindowDays: s.returnWindowInvalid }],
    [{ ...end, returnWindowDays: 14.5 }, { returnWindowDays: s.returnWindowInvalid }],
    [{ ...end, coreReturnWindowDays: 366 }, { coreReturnWindowDays: s.coreReturnWindowInvalid }],
    [{ ...end, returnInstructions: 'x'.repeat(2001) }, { returnInstructions: copy.validation.tooLong(2000) }],
  ])('refuses the settings %j, naming the field', async (payload, errors) => {
    const res = await api.as(admin).patch('/api/settings', payload);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'validation_failed', errors });
  });

  it('changes nothing when a PATCH is refused, by its body or by a deal part not on sale', async () => {
    const before = (await api.anonymous.get('/api/settings')).json;
    const changes = {
      flashDealEndsAt: '2027-01-01T00:00:00.000Z',
      sellerName: 'Someone Else Ltd.',
      taxRates: [vat('DE', 19)],
      deliveryFeeCents: 500,
      freeDeliveryThresholdCents: 0,
      deliverTo: ['DE'],
    };
    const badBody = await api.as(admin).patch('/api/settings', { ...changes, orderCutoff: '25:00' });
    expect(badBody.status).toBe(400);
    expect(badBody.json.errors).toEqual({ orderCutoff: s.cutoffInvalid });
    const unknownPart = await api.as(admin).patch('/api/settings', { ...changes, flashDealPartIds: ['no-such-part'] });
    expect(unknownPart.status).toBe(400);
    expect(unknownPart.json.errors).toEqual({ flashDealPartIds: s.dealPartUnknown });
    expect((await api.anonymous.get('/api/settings')).json).toEqual(before);
  });

  it('keeps the rest when only the tax table is sent, rows stored in capitals without empty regions', async () => {
    const before = (await api.anonymous.get('/api/settings')).json;
    const res = await api.as(admin).patch('/api/settings', {
      flashDealEndsAt: before.flashDealEndsAt,
      taxRates: [
        { country: 'de', region: '', name: 'VAT', ratePercent: 19 },
        { country: 'US', region: 'ny', name: 'Sales tax', ratePercent: 8.875 },
      ],
    });
    expect(res.status, res.body).toBe(200);
    const taxRates = [vat('DE', 19), vat('US', 8.875, 'NY')];
    expect(res.json).toEqual({ ...before, taxRates });
    expect((await api.anonymous.get('/api/settings')).json).toEqual({ ...before, taxRates });

    // Delivery alone, likewise; the country lists in capitals, each once, sorted.
    const delivery = await api.as(admin).patch('/api/settings', {
      flashDealEndsAt: before.flashDealEndsAt,
      deliveryFeeCents: 450,
      freeDeliveryThresholdCents: 0,
      orderCutoff: '16:30',
      timeZone: 'Europe/Berlin',
      transitDays: { DE: 1, FR: 3 },
      deliverTo: ['fr', 'DE', 'FR'],
    });
    expect(delivery.json).toEqual({
      ...before,
      taxRates,
      deliveryFeeCents: 450,
      freeDeliveryThresholdCents: 0,
      orderCutoff: '16:30',
      timeZone: 'Europe/Berlin',
      transitDays: { DE: 1, FR: 3 },
      deliverTo: ['DE', 'FR'],
    });
  });

  it('refuses settings fields that are not in the form, the discount text among them: it follows the percentage', async () => {
    for (const extra of [{ updatedAt: '2020-01-01T00:00:00Z' }, { flashDealDiscountText: '50% OFF' }]) {
      const res = await api.as(admin).patch('/api/settings', { flashDealEndsAt: '2026-07-01T00:00:00Z', ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
    }
  });
});

describeOnEachEngine(
  'settings with the response cache on',
  (ctx) => {
    it('shows a settings change at once', async () => {
      const api = testApi(ctx);
      const admin = await signedInAdmin(ctx);
      expect((await api.anonymous.get('/api/settings')).json.flashDealDiscountText).toBe('25% OFF');
      await api.as(admin).patch('/api/settings', { flashDealEndsAt: '2026-07-01T00:00:00Z', flashDealPercent: 50 });
      expect((await api.anonymous.get('/api/settings')).json.flashDealDiscountText).toBe('50% OFF');
    });
  },
  { responseCacheTtlMs: 60_000 },
);
