/**
 * The attack catalogue: one place to find what an attacker may try and the test that proves the shop
 * refuses it. Items tested here say "here"; where another file already
 * proves an attack exactly, the catalogue names that test instead of copying it.
 *
 * 2. Business logic
 *   - client-set price / total                  orders.routes.test.ts "refuses a tampered body %j and books nothing"
 *   - client-set role on sign-up                auth.routes.test.ts "refuses `role: admin` in the sign-up body"; here (refused, no account)
 *   - client-set role on PATCH /api/me          users.routes.test.ts "refuses %j on PATCH /api/me and changes nothing"; here
 *   - client-set stock via a booking            here ("ignores a client-set stock…")
 *   - client-set owner (userId) on booking      orders.routes.test.ts "refuses a tampered body" ({userId}); here
 *   - client-set order status (POST body)       orders.routes.test.ts "refuses a tampered body" ({status: 'paid'}); here
 *   - order status via PATCH by a customer      orders.routes.test.ts "answers %s %s with 403 for a customer"; here
 *   - another's order read/cancel/pay/confirm   here (GET, DELETE, payment-intent, payment, payment/confirm → 404);
 *                                               stripe.routes.test.ts "answers 404 for another customer's order…" (Stripe confirm)
 *   - quantities -12, 0, 12.5, 1e12, "12"       orders.routes.test.ts "refuses %j with the form message under quantity"; here (+ null)
 *   - replayed sandbox confirmation             payments.routes.test.ts "charges once when paid twice"; here
 *   - replayed Stripe confirmation              stripe.routes.test.ts "leaves one paid order and one onOrderPaid call when the webhook and the browser confirm at once"
 *   - webhook forged / unsigned / stale         stripe.routes.test.ts "refuses a webhook with %s (400) and changes nothing"
 *   - webhook duplicate event id                stripe.routes.test.ts "marks the order paid on a signed payment_intent.succeeded, once however often it is delivered"
 *   - one account books the whole catalogue     stock-holding.routes.test.ts "refuses a 4th unpaid order with 409…" (MAX_UNPAID_ORDERS),
 *     and holds it again after each expiry      "lets exactly one of two simultaneous bookings through…", "makes exactly 3 orders of 12
 *                                               simultaneous bookings…" (both engines); "refuses one order of every part at its full
 *                                               stock…", "lets exactly as many of 10 simultaneous bookings through as fit under the cap…"
 *                                               (MAX_UNPAID_VALUE); fuzz.test.ts "POST /api/orders: a whole-catalogue order…"; "mails a
 *                                               link on sign-up, refuses to book until it is followed (403)…" (REQUIRE_VERIFIED_EMAIL),
 *                                               "lands a tampered link on the page…"
 *   - paying after the pay-by time, before the  payments.routes.test.ts "refuses to pay, or open an intent, once the pay-by time has
 *     sweep has cancelled the order             passed (409)…"; stripe.routes.test.ts "hands out no client secret, and confirms no
 *                                               unpaid intent, past the pay-by time (409)…" (a charge Stripe took anyway: "keeps a charge…",
 *                                               "refunds a charge…")
 *   - a cancel pushes stock past the maximum    stock-holding.routes.test.ts "keeps the stock at the maximum when an order of a part kept
 *     the part form accepts                     at the maximum is cancelled", "…when such an order expires"
 *   - review stuffing: 20 zero-star reviews     reviews.routes.test.ts "keeps one review of a part however often a customer writes one…",
 *     of a part never bought                    "leaves one review when the same customer writes several at once"; here
 *   - a review under another name               reviews.routes.test.ts "refuses %j with the form message" ({name: 'Gearhouse Admin'}); here
 *     ("Gearhouse Admin")
 *   - an admin writing reviews (403)            reviews.routes.test.ts "answers an admin 403 before looking at the body…";
 *                                               authorization-matrix.test.ts ('customer' access); here
 *   - "Verified buyer" from an order of         reviews.routes.test.ts "marks a review of a part verified only when its author paid for
 *     another part, or an unpaid one            that part…"; here
 *   - client-set `image` on sign-up             auth.routes.test.ts "refuses an `image` (%s) in the sign-up body…"; here
 *     (javascript: URL, 900 KB of text)
 *   - members no form sends, on every auth      auth.routes.test.ts "refuses, on every auth endpoint that takes a body, any member its
 *     endpoint (callbackURL, redirectTo,        form does not send", "refuses the social sign-in %j with the field at fault"
 *     revokeOtherSessions, idToken…)
 * 3. Injection and markup (server side, here); pages: e2e/security.spec.ts, e2e/catalogue.spec.ts (review with <script>)
 *   - SQL-looking search in /api/parts?q= and /api/users?q=, LIKE wildcards literal: here;
 *     parts.routes.test.ts "treats LIKE wildcards and quotes in the search as plain text"
 *   - SQL-looking text stored byte-for-byte in every text field: here
 * 4. Uploads: text named .png, SVG with script, 20000×20000, over 5 MB, path-like name → 4xx, nothing stored: here;
 *    uploads.routes.test.ts checks the messages on local disk and S3
 * 5. Sessions
 *   - logout ends the session at once           auth.routes.test.ts "signs in, then signs out: the session no longer works"; here
 *   - removing a user ends their sessions       users.routes.test.ts "removes a user with all their sessions at once"; here
 *   - cross-site POST refused                   here (orders, profile, sign-in; text/plain and form bodies; Stripe webhook exempt);
 *                                               auth.routes.test.ts "refuses a signed-in POST from another origin (CSRF)"
 *   - sign-in does not tell which addresses exist  here (status, body, timing); auth.routes.test.ts
 *                                               "refuses a wrong password, and an unknown address, with the same 401 and message"
 *   - password reset answers alike              auth.routes.test.ts "answers a reset request the same whether the address has an account or not"
 *   - rate limits hold (429 + Retry-After)      abuse-limits.test.ts (sign-in, sign-up, reset, uploads), rate-limit.test.ts (every route); here (sign-in)
 *   - a stolen session outlives a password      auth.routes.test.ts "ends every other session when the password changes; this one stays
 *     change                                    signed in"; here
 * 6. Logs
 *   - client mistakes logged as errors (a bad   http/error-log-levels.test.ts "answers %s with a 4xx (or a redirect) and logs nothing at
 *     OAuth callback, a foreign callbackURL,    error level"; the shop's own 5xx still at error: "still logs the shop's own failure…",
 *     an unknown provider, malformed JSON…)     "still logs the auth library's failure…"
 * 7. Malformed input and load
 *   - 125,000-member arrays, 20,000-level       http/fuzz.test.ts "%s: hostile shapes" (every unsafe operation, as a visitor and as its
 *     nesting, broken multipart, bodies where   caller: a 4xx problem+json and no table changed), as well as the schema-driven fuzz pass
 *     none is declared
 *   - random query strings to miss caches       http/cache.test.ts "keys answers by route and validated parameters…";
 *                                               http/server-rendering-limits.test.ts (rendered pages keyed by what each page reads,
 *                                               renders bounded at once and per client); bench render-flood (health latency)
 *   - rotating X-Forwarded-For entries behind   http/proxy-samples.test.ts (the shipped nginx and compose samples as written),
 *     a proxy that appends                      http/rate-limit.test.ts "counts the address the proxy saw…" (address, CIDR, hop count)
 *   - filling the inbox (contact, newsletter)   users/abuse-limits.test.ts "slows down %s after %s a minute…"
 * 8. Configuration
 *   - a test card "paying" real orders          config.test.ts "refuses to start in production without Stripe…";
 *     (production without Stripe keys)          e2e/payments-test-mode.spec.ts (the start refused; the banner on every page)
 *   - mail lost to a crash or an SMTP outage    mail/mail-outbox.test.ts (written in the change's transaction, retried with backoff,
 *                                               sent once by two nodes); e2e/reliability.spec.ts (killed between commit and send)
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import Stripe from 'stripe';
import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { MAX_UPLOAD_BYTES } from '#shared/schemas/accounts';
import type { PlaceOrderInput } from '#shared/schemas/orders';
import {
  cookieHeader,
  postAuth,
  signedInAdmin,
  signedInCustomer,
  signUp,
  TEST_ORIGIN,
  type TestAccount,
  uniqueEmail,
} from '../testing/accounts';
import { type Method, testApi } from '../testing/api';
import { bookingBody } from '../testing/booking';
import { ensureTestCategory, insertPart } from '../testing/factories';
import { GOOD_CARD, ordersWithPart, stockOf as stockOfPart } from '../testing/orders';
import { describeOnEachEngine } from '../testing/test-app';
import { blackPng, multipartFile } from '../testing/uploads';
import { DEFAULT_ABUSE_LIMITS } from '../modules/users';

const EVIL = 'https://evil.example';

/** What SQL injection and LIKE tricks look like; each must come back exactly as sent. */
const SQL_LOOKING = [`' OR 1=1 --`, '%', '_', '\\', `"; DROP TABLE parts; --`, `Robert'); DROP TABLE users;--`];

describeOnEachEngine('attacks on the shop', (ctx) => {
  let admin: TestAccount;
  let customer: TestAccount;
  let other: TestAccount;
  let imageUrl: string;

  beforeAll(async () => {
    admin = await signedInAdmin(ctx);
    customer = await signedInCustomer(ctx);
    other = await signedInCustomer(ctx);
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c93' } })
      .png()
      .toBuffer();
    const { payload, headers } = multipartFile(png);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload,
      headers: { ...headers, cookie: admin.cookie },
    });
    expect(res.statusCode, res.body).toBe(201);
    imageUrl = res.json().url;
  });

  // No Origin unless a test sends one: the cross-site tests below choose each request's headers.
  const api = testApi(ctx, { origin: null });
  const stockOf = (partId: string) => stockOfPart(ctx.database.db, partId);
  const ordersOf = (partId: string) => ordersWithPart(ctx.database.db, partId);
  const place = async (partId: string, account = customer, overrides: Partial<PlaceOrderInput> = {}) => {
    const res = await api.as(account).post('/api/orders', bookingBody(partId, overrides));
    expect(res.status, res.body).toBe(201);
    return res.json.id as string;
  };
  const me = (cookie: string) => api.as(cookie).get('/api/me');

  // ── 2. Business logic ────────────────────────────────────────────────────────────────────────────

  it('refuses a client-set role on sign-up and on PATCH /api/me: nobody becomes admin by asking', async () => {
    const email = uniqueEmail('mallory');
    const signUpRes = await postAuth(ctx.app, '/sign-up/email', {
      name: 'Mallory',
      email,
      password: 'secret-password-1',
      role: 'admin',
    });
    expect(signUpRes.statusCode).toBe(400);
    expect(
      await ctx.database.db.selectFrom('users').select('role').where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined();

    const res = await api.as(customer).patch('/api/me', { name: 'Mallory', role: 'admin' });
    expect(res.status).toBe(400);
    expect((await me(customer.cookie)).json).toMatchObject({ user: { role: 'customer' }, isAdmin: false });
    expect((await api.as(customer).get('/api/orders')).status).toBe(403);
  });

  it.each([{ stock: 1_000_000 }, { stock: 0 }, { userId: 'someone-else' }, { status: 'paid' }, { unitPriceCents: 1 }])(
    'refuses a booking carrying %j: the stock, owner, status and price are the server’s',
    async (extra) => {
      const part = await insertPart(ctx.database.db, { stock: 50, price_cents: 2000 });
      const res = await api.as(customer).post('/api/orders', bookingBody(part.id, extra));
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('validation_failed');
      expect(await stockOf(part.id)).toBe(50);
      expect(await ordersOf(part.id)).toEqual([]);
    },
  );

  it('books for the signed-in customer only, at the part’s price, taking exactly the quantity from stock', async () => {
    const part = await insertPart(ctx.database.db, { stock: 50, price_cents: 2000 });
    await place(part.id);
    expect(await stockOf(part.id)).toBe(38);
    expect(await ordersOf(part.id)).toMatchObject([
      { user_id: customer.id, unit_price_cents: 2000, total_cents: 24000, status: 'pending_payment' },
    ]);
  });

  it('answers 403 to a customer moving an order on (PATCH), and leaves it as it was', async () => {
    const part = await insertPart(ctx.database.db);
    const id = await place(part.id);
    for (const status of ['shipped', 'delivered', 'paid']) {
      const res = await api.as(customer).patch(`/api/orders/${id}`, { status });
      expect(res.status).toBe(403);
      expect(res.json.code).toBe('forbidden');
    }
    expect((await api.as(customer).get(`/api/orders/${id}`)).json.status).toBe('pending_payment');
  });

  it.each([[-12], [0], [12.5], [1e12], ['12'], [null]])('refuses the quantity %j and books nothing', async (quantity) => {
    const part = await insertPart(ctx.database.db, { stock: 50 });
    const res = await api.as(customer).post('/api/orders', bookingBody(part.id, { quantity }));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'validation_failed', errors: { quantity: expect.any(String) } });
    expect(await stockOf(part.id)).toBe(50);
    expect(await ordersOf(part.id)).toEqual([]);
  });

  it('answers 404 to someone else reading, cancelling, opening a payment for, paying or confirming an order', async () => {
    const part = await insertPart(ctx.database.db, { stock: 100 });
    const id = await place(part.id);
    const secret = (await api.as(customer).post(`/api/orders/${id}/payment-intent`)).json.clientSecret as string;
    const attempts: [Method, string, object?][] = [
      ['GET', `/api/orders/${id}`],
      ['DELETE', `/api/orders/${id}`],
      ['POST', `/api/orders/${id}/payment-intent`],
      ['POST', `/api/orders/${id}/payment`, { clientSecret: secret, card: GOOD_CARD }],
      ['POST', `/api/orders/${id}/payment/confirm`, { paymentIntentId: 'pi_anything' }],
    ];
    const missing = await api.as(other).get('/api/orders/no-such-order');
    for (const [method, url, payload] of attempts) {
      const res = await api.as(other).request(method, url, payload);
      expect(res.status, `${method} ${url}`).toBe(404);
      // The same answer as for an order that does not exist: nothing tells that it does.
      expect(res.json).toMatchObject({ code: 'not_found', detail: missing.json.detail });
    }
    expect((await api.as(customer).get(`/api/orders/${id}`)).json).toMatchObject({
      status: 'pending_payment',
      transactionId: null,
    });
    expect(await stockOf(part.id)).toBe(88);
  });

  it('charges once when a successful sandbox payment is replayed: the same transaction comes back', async () => {
    const part = await insertPart(ctx.database.db, { stock: 100 });
    const id = await place(part.id);
    const secret = (await api.as(customer).post(`/api/orders/${id}/payment-intent`)).json.clientSecret as string;
    const pay = () => api.as(customer).post(`/api/orders/${id}/payment`, { clientSecret: secret, card: GOOD_CARD });
    const first = await pay();
    expect(first.status, first.body).toBe(200);
    const replays = await Promise.all([pay(), pay(), pay()]);
    for (const replay of replays) expect(replay.json.transactionId).toBe(first.json.transactionId);
    const intents = await ctx.database.db.selectFrom('payment_intents').selectAll().where('order_id', '=', id).execute();
    expect(intents).toMatchObject([{ status: 'succeeded', transaction_id: first.json.transactionId }]);
  });

  // ── 3. Injection: SQL-looking text is data ───────────────────────────────────────────────────────

  const tablesIntact = async () => {
    for (const table of ['parts', 'users', 'orders', 'reviews', 'contact_messages'] as const) {
      await ctx.database.db.selectFrom(table).select('id').limit(1).execute();
    }
    expect((await api.anonymous.get('/api/parts')).status).toBe(200);
  };

  // The parts search matches words (docs/shop-rules.md, "Finding parts"): punctuation only separates
  // them, so no character of the text is ever an operator or a wildcard.
  it.each(SQL_LOOKING)('searches parts for %j as data: its words match, its other characters separate them', async (text) => {
    const tag = Math.random().toString(36).slice(2, 8);
    const hit = await insertPart(ctx.database.db, { name: `Bolt ${text} ${tag}` });
    // Two letters more than the tag: neither its prefix nor one typo away from it.
    const other = await insertPart(ctx.database.db, { name: `Bolt plain x zz${tag}` });
    const res = await api.anonymous.get(`/api/parts?q=${encodeURIComponent(`${text} ${tag}`)}`);
    expect(res.status).toBe(200);
    expect(res.json.items.map((p: { id: string }) => p.id)).toEqual([hit.id]);
    const alone = await api.anonymous.get(`/api/parts?q=${encodeURIComponent(text)}`);
    expect(alone.status).toBe(200);
    expect(alone.json.items.map((p: { id: string }) => p.id)).not.toContain(other.id);
    await tablesIntact();
  });

  it.each(SQL_LOOKING)('searches users for %j as plain text, matching it literally', async (text) => {
    const tag = Math.random().toString(36).slice(2, 8);
    const hit = await signUp(ctx.app, { name: `Name ${text} ${tag}` });
    await signUp(ctx.app, { name: `Name plain x ${tag}` });
    const res = await api.as(admin).get(`/api/users?q=${encodeURIComponent(`${text} ${tag}`)}`);
    expect(res.status).toBe(200);
    expect(res.json.items.map((u: { id: string }) => u.id)).toEqual([hit.id]);
    await tablesIntact();
  });

  it('stores SQL-looking text in every text field and answers it byte for byte', async () => {
    const text = `x ${SQL_LOOKING.join(' ')} <b>y</b>`;
    // Part name and description (admin).
    const created = await api.as(admin).post('/api/parts', {
      name: text.slice(0, 120),
      description: text,
      priceCents: 1000,
      stock: 100,
      imageUrl,
      sku: 'GH-SQL-0001',
      categoryId: await ensureTestCategory(ctx.database.db),
      crossReferences: [
        { brand: "Robert'); DROP TABLE parts;--", number: '1 OR 1-1' },
        { brand: '<b>Bosch</b>', number: 'DROP-TABLE/parts' },
      ],
    });
    expect(created.status, created.body).toBe(201);
    const part = (await api.anonymous.get(`/api/parts/${created.json.id}`)).json;
    expect(part).toMatchObject({
      name: text.slice(0, 120),
      description: text,
      crossReferences: [
        { brand: "Robert'); DROP TABLE parts;--", number: '1 OR 1-1' },
        { brand: '<b>Bosch</b>', number: 'DROP-TABLE/parts' },
      ],
    });

    // Review name (the author's display name) and text.
    const reviewer = await signedInCustomer(ctx);
    expect((await api.as(reviewer).patch('/api/me', { name: text.slice(0, 80) })).status).toBe(200);
    const review = await api.as(reviewer).post('/api/reviews', { rating: 4, text, imageUrl });
    expect(review.status, review.body).toBe(201);
    const reviews = (await api.anonymous.get('/api/reviews?limit=50')).json.items as { text: string; name: string }[];
    expect(reviews).toContainEqual(expect.objectContaining({ name: text.slice(0, 80), text }));

    // Contact message (read back in the admin inbox) and a newsletter address that is valid yet odd.
    const email = `o'neil--1_or_1+drop@example.com`;
    expect((await api.anonymous.post('/api/contact', { email, subject: text.slice(0, 150), message: text })).status).toBe(201);
    const inbox = (await api.as(admin).get('/api/contact-messages?limit=100')).json.items as object[];
    expect(inbox).toContainEqual(expect.objectContaining({ email, subject: text.slice(0, 150), message: text }));
    expect((await api.anonymous.post('/api/newsletter', { email })).status).toBeLessThan(300);
    const subscribers = (await api.as(admin).get('/api/newsletter-subscribers?limit=100')).json.items as object[];
    expect(subscribers).toContainEqual(expect.objectContaining({ email }));

    // Profile name, and the booking's address and phone.
    const profile = await signUp(ctx.app, { name: text.slice(0, 80) });
    expect((await me(profile.cookie)).json.user.name).toBe(text.slice(0, 80));
    const renamed = await api.as(profile).patch('/api/me', { name: `${SQL_LOOKING[4]}` });
    expect(renamed.json.user.name).toBe(SQL_LOOKING[4]);
    const id = await place(created.json.id, profile, { address: text.slice(0, 300), phone: '1--1 555-0100' });
    expect((await api.as(profile).get(`/api/orders/${id}`)).json.customer).toMatchObject({
      name: SQL_LOOKING[4],
      address: text.slice(0, 300),
      phone: '1--1 555-0100',
    });
    await tablesIntact();
  });

  // ── 4. Uploads ───────────────────────────────────────────────────────────────────────────────────

  const storedFiles = () => readdir(path.join(ctx.database.dir, 'uploads')).catch(() => [] as string[]);
  const upload = (bytes: Buffer, options: Parameters<typeof multipartFile>[1] = {}) => {
    const { payload, headers } = multipartFile(bytes, options);
    return ctx.app.inject({ method: 'POST', url: '/api/uploads', payload, headers: { ...headers, cookie: customer.cookie } });
  };
  const svgWithScript = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(document.cookie)</script></svg>',
  );
  const freshPng = () =>
    sharp({ create: { width: 30, height: 20, channels: 3, background: { r: 1, g: Math.floor(Math.random() * 255), b: 3 } } })
      .png()
      .toBuffer();

  it.each([
    [
      'a text file named .png',
      () => Buffer.from('just words, no picture'),
      { filename: 'notes.png' },
      415,
      copy.uploads.unsupportedType,
    ],
    [
      'an SVG with a script',
      () => svgWithScript,
      { filename: 'x.svg', contentType: 'image/svg+xml' },
      415,
      copy.uploads.unsupportedType,
    ],
    ['an SVG with a script named .png', () => svgWithScript, { filename: 'x.png' }, 415, copy.uploads.unsupportedType],
    ['a 20000 × 20000 picture', () => blackPng(20_000, 20_000), {}, 413, copy.uploads.tooManyPixels],
    ['more than 5 MB', () => Buffer.alloc(MAX_UPLOAD_BYTES + 1, 7), {}, 413, copy.uploads.tooLarge],
    ['a real picture named ../../etc/passwd.png', freshPng, { filename: '../../etc/passwd.png' }, 400, copy.uploads.pathInName],
    ['a real picture named ..\\..\\app.png', freshPng, { filename: '..\\..\\app.png' }, 400, copy.uploads.pathInName],
    ['a real picture named /var/www/x.png', freshPng, { filename: '/var/www/x.png' }, 400, copy.uploads.pathInName],
  ] as const)('refuses %s with a clear 4xx and stores nothing', async (_name, bytes, options, status, detail) => {
    const before = await storedFiles();
    const res = await upload(await bytes(), options);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json().detail).toBe(detail);
    expect(await storedFiles()).toEqual(before);
  });

  it('stores a real picture with a plain name (the refusals above are about the attack, not the picture)', async () => {
    const res = await upload(await freshPng(), { filename: 'brake disc (1).png' });
    expect(res.statusCode).toBe(201);
  });

  // ── 2. Reviews and accounts ──────────────────────────────────────────────────────────────────────

  it("keeps one review, under the author's own name and unverified, when a customer stuffs 20 zero-star reviews of a part never bought", async () => {
    const stuffer = await signedInCustomer(ctx);
    const part = await insertPart(ctx.database.db);
    for (let i = 0; i < 20; i++) {
      const res = await api.as(stuffer).post('/api/reviews', { rating: 0, text: `Junk ${i}`, imageUrl, partId: part.id });
      expect(res.status).toBe(i === 0 ? 201 : 200);
    }
    const posing = await api.as(stuffer).post('/api/reviews', {
      name: 'Gearhouse Admin',
      rating: 0,
      text: 'x',
      imageUrl,
      partId: part.id,
    });
    expect(posing.json.errors).toEqual({ name: copy.reviews.nameNotYours });
    const rows = await ctx.database.db.selectFrom('reviews').selectAll().where('user_id', '=', stuffer.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: stuffer.name, text: 'Junk 19' });
    const listed = (await api.anonymous.get('/api/reviews?limit=60')).json.items as { id: string; verified: boolean }[];
    expect(listed.find((review) => review.id === rows[0]!.id)?.verified).toBe(false);
    expect((await api.anonymous.get(`/api/parts/${part.id}`)).json.rating).toEqual({ average: 0, count: 1 });
  });

  it('refuses a review from an admin (403) and stores none', async () => {
    const res = await api.as(admin).post('/api/reviews', { name: 'Gearhouse Admin', rating: 0, text: 'x', imageUrl });
    expect(res.status).toBe(403);
    expect(await ctx.database.db.selectFrom('reviews').select('id').where('user_id', '=', admin.id).execute()).toEqual([]);
  });

  it('stores no sign-up picture: a javascript: URL or 900 KB of text is refused with the field named', async () => {
    for (const image of ['javascript:alert(document.cookie)', 'x'.repeat(900 * 1024)]) {
      const email = uniqueEmail('picture');
      const res = await postAuth(ctx.app, '/sign-up/email', { name: 'Pic', email, password: 'secret-password-1', image });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ image: copy.validation.unknownField });
      expect(
        await ctx.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
      ).toBeUndefined();
    }
  });

  // ── 5. Sessions ──────────────────────────────────────────────────────────────────────────────────

  it('ends a stolen session when the owner changes the password; the owner stays signed in', async () => {
    const account = await signUp(ctx.app);
    const stolen = cookieHeader(await postAuth(ctx.app, '/sign-in/email', { email: account.email, password: account.password }));
    expect((await me(stolen)).status).toBe(200);
    const changed = await postAuth(
      ctx.app,
      '/change-password',
      { currentPassword: account.password, newPassword: 'a-new-password-1' },
      account.cookie,
    );
    expect(changed.statusCode).toBe(200);
    expect((await me(stolen)).status).toBe(401);
    expect((await me(cookieHeader(changed))).status).toBe(200);
  });

  it('ends a session at once on sign-out: the old cookie answers 401 on the very next request', async () => {
    const account = await signUp(ctx.app);
    expect((await me(account.cookie)).status).toBe(200);
    expect((await postAuth(ctx.app, '/sign-out', {}, account.cookie)).statusCode).toBe(200);
    expect((await me(account.cookie)).status).toBe(401);
    const part = await insertPart(ctx.database.db);
    expect((await api.as(account).post('/api/orders', bookingBody(part.id))).status).toBe(401);
  });

  it("ends a removed user's session at once: their cookie answers 401 on the very next request", async () => {
    const account = await signUp(ctx.app);
    expect((await me(account.cookie)).status).toBe(200);
    expect((await api.as(admin).delete(`/api/users/${account.id}`)).status).toBe(204);
    expect((await me(account.cookie)).status).toBe(401);
  });

  it.each([
    ['Origin of another site', { origin: EVIL }],
    ['Origin "null" (a sandboxed frame)', { origin: 'null' }],
    ['Origin of a look-alike host', { origin: 'http://localhost:3000.evil.example' }],
    ['Sec-Fetch-Site: cross-site and no Origin', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site and no Origin', { 'sec-fetch-site': 'same-site' }],
  ])('refuses a cross-site booking and profile change with the cookie (%s), changing nothing', async (_name, headers) => {
    const part = await insertPart(ctx.database.db, { stock: 50 });
    const order = await api.as(customer).post('/api/orders', bookingBody(part.id), { headers });
    expect(order.status).toBe(403);
    expect(order.json).toMatchObject({ code: 'forbidden', detail: copy.auth.crossSiteRefused });
    expect(await ordersOf(part.id)).toEqual([]);

    const profile = await api.as(customer).patch('/api/me', { name: 'Owned by evil' }, { headers });
    expect(profile.status).toBe(403);
    expect((await me(customer.cookie)).json.user.name).not.toBe('Owned by evil');
    const cancel = await api.as(customer).delete('/api/orders/whatever', undefined, { headers });
    expect(cancel.status).toBe(403);
  });

  it.each([
    ['text/plain', JSON.stringify(bookingBody('p'))],
    ['application/x-www-form-urlencoded', 'partId=p&quantity=12&phone=5550102030&address=x'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="partId"\r\n\r\np\r\n--x--\r\n'],
  ])('refuses a cross-site "simple" form POST (%s) that needs no preflight', async (contentType, payload) => {
    const part = await insertPart(ctx.database.db, { stock: 50 });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { origin: EVIL, cookie: customer.cookie, 'content-type': contentType },
      payload: payload.replaceAll('"p"', JSON.stringify(part.id)).replace('partId=p', `partId=${part.id}`),
    });
    expect(res.statusCode).toBe(403);
    expect(await ordersOf(part.id)).toEqual([]);
  });

  it('refuses a cross-site sign-in, setting no cookie', async () => {
    const account = await signUp(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: EVIL },
      payload: { email: account.email, password: account.password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.cookies).toEqual([]);
  });

  it('accepts the shop’s own pages (its origin, or same-origin fetch metadata) and clients that send no Origin', async () => {
    const sameOrigin: Record<string, string>[] = [
      { origin: TEST_ORIGIN },
      { 'sec-fetch-site': 'same-origin' },
      {},
      { origin: 'http://shop.internal:5173', host: 'shop.internal:5173' },
    ];
    for (const headers of sameOrigin) {
      const part = await insertPart(ctx.database.db, { stock: 50 });
      const res = await api.as(customer).post('/api/orders', bookingBody(part.id), { headers });
      expect(res.status, JSON.stringify(headers)).toBe(201);
    }
    // Reading is never refused: GETs change nothing.
    expect((await api.as(customer).get('/api/me', { headers: { origin: EVIL } })).status).toBe(200);
  });

  it('answers sign-in with an unknown address exactly as with a wrong password, in about the same time', async () => {
    const account = await signUp(ctx.app);
    const attempt = async (email: string) => {
      const started = performance.now();
      const res = await postAuth(ctx.app, '/sign-in/email', { email, password: 'not-the-password-1' });
      return { res, ms: performance.now() - started };
    };
    const wrong = await attempt(account.email);
    const unknown = await attempt(uniqueEmail('nobody'));
    expect(unknown.res.statusCode).toBe(wrong.res.statusCode);
    const withoutRequestId = (body: string) => ({ ...JSON.parse(body), requestId: undefined });
    expect(withoutRequestId(unknown.res.body)).toEqual(withoutRequestId(wrong.res.body));
    expect(unknown.res.cookies).toEqual(wrong.res.cookies);

    // better-auth hashes the given password even when the address is unknown, so both cost one scrypt.
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const wrongTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 10; i++) {
      wrongTimes.push((await attempt(account.email)).ms);
      unknownTimes.push((await attempt(uniqueEmail('nobody'))).ms);
    }
    const ratio = median(unknownTimes) / median(wrongTimes);
    // Loose: a missing hash would make the unknown address several times faster.
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
    // 22 scrypt hashes: a busy machine needs longer than the usual limit for them.
  }, 60_000);

  it('answers a password-reset request alike for a known and an unknown address', async () => {
    const account = await signUp(ctx.app);
    const known = await postAuth(ctx.app, '/request-password-reset', { email: account.email });
    const unknown = await postAuth(ctx.app, '/request-password-reset', { email: uniqueEmail('nobody') });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await ctx.mailer.next(account.email);
  });

  it('keeps cookies out of a reflected answer: a session cookie is only ever set by the auth routes', async () => {
    const account = await signUp(ctx.app);
    const res = await api.as(account).patch('/api/me', { name: 'Plain' });
    expect(cookieHeader(res)).toBe('');
  });
});

describeOnEachEngine(
  'attacks on sign-in: the real rate limit',
  (ctx) => {
    it(`answers 429 with Retry-After after ${DEFAULT_ABUSE_LIMITS.signIn} sign-ins a minute from one client`, async () => {
      const account = await signUp(ctx.app);
      const attempt = (password: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress: '203.0.113.7',
          headers: { origin: TEST_ORIGIN },
          payload: { email: account.email, password },
        });
      for (let i = 0; i < DEFAULT_ABUSE_LIMITS.signIn; i++) expect((await attempt(`guess-${i}-wrong`)).statusCode).toBe(401);
      const limited = await attempt(account.password);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Even the right password waits: the limit is not lifted by guessing well.
      expect(limited.cookies).toEqual([]);
    });
  },
  { abuseLimits: DEFAULT_ABUSE_LIMITS },
);

const STRIPE = { secretKey: 'sk_test_gearhouse', publishableKey: 'pk_test_gearhouse', webhookSecret: 'whsec_gearhouse_test' };

describeOnEachEngine(
  'attacks: the Stripe webhook is exempt from the cross-site check (its signature is the proof)',
  (ctx) => {
    it('takes a signed event whatever its Origin, and refuses an unsigned one for its signature, not its origin', async () => {
      const payload = JSON.stringify({
        id: 'evt_other_1',
        object: 'event',
        type: 'charge.updated',
        livemode: false,
        created: 1,
        data: { object: {} },
      });
      const deliver = (signature?: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/payments/stripe/webhook',
          headers: { origin: EVIL, 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
          payload,
        });
      const timestamp = Math.floor(ctx.clock.now().getTime() / 1000);
      const signed = await deliver(
        Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE.webhookSecret, timestamp }),
      );
      expect(signed.statusCode, signed.body).toBe(200);
      const unsigned = await deliver();
      expect(unsigned.statusCode).toBe(400);
      expect(unsigned.json().code).toBe('bad_request');
    });
  },
  { config: { stripe: STRIPE } },
);
