import { beforeAll, expect, it } from 'vitest';
import { signInAs, TEST_ORIGIN, type TestAccount } from '../testing/accounts';
import {
  insertBlogPost,
  insertCategory,
  insertContactMessage,
  insertOrder,
  insertPart,
  insertVehicle,
} from '../testing/factories';
import { insertCompany } from '../testing/companies';
import { describeOnEachEngine, type TestContext } from '../testing/test-app';
import { newId } from '../ids';

/**
 * Who may call each route. `owner` means the customer who placed the order; an order of someone else
 * answers 404, as if it did not exist (docs/shop-rules.md, "Roles, accounts and safety").
 */
type Access =
  /** Anyone, signed in or not. */
  | 'public'
  /** Any signed-in user; a visitor gets 401. */
  | 'signedIn'
  /** The order's customer or an admin; a visitor 401, another customer 404. */
  | 'ownerOrAdmin'
  /** The order's customer only (paying); a visitor 401, anyone else — an admin too — 404. */
  | 'ownerOnly'
  /** Admins; a visitor 401, a customer 403. */
  | 'admin'
  /** Customers; a visitor 401, an admin 403 (admins do not write reviews). */
  | 'customer'
  /** The customer's own row (a saved vehicle); a visitor 401, an admin 403, another customer 404. */
  | 'customerOwner'
  /** A member of a company (the owner is made one); a visitor 401, anyone in no company 404. */
  | 'member'
  /** A bearer token from the configuration (METRICS_TOKEN), never a session. */
  | 'token';

/**
 * The matrix: every route the server registers must be here (the test fails on a new one until it
 * is added), so nobody adds a route without deciding who may call it. HEAD mirrors GET.
 */
const ACCESS: Record<string, Access> = {
  'GET /api/ping': 'public',
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'GET /metrics': 'token',
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /uploads/:key': 'public',

  'GET /api/shop': 'public',
  'GET /api/settings': 'public',
  'PATCH /api/settings': 'admin',
  'GET /api/blogs': 'public',
  'GET /api/blogs/:slug': 'public',
  'POST /api/newsletter': 'public',
  'GET /api/newsletter-subscribers': 'admin',
  'GET /api/newsletter-subscribers.csv': 'admin',
  'POST /api/contact': 'public',
  'GET /api/contact-messages': 'admin',
  'PATCH /api/contact-messages/:id': 'admin',

  'GET /api/parts': 'public',
  'GET /api/parts/best-sellers': 'public',
  'GET /api/parts/:id': 'public',
  'POST /api/parts': 'admin',
  'PATCH /api/parts/:id': 'admin',
  'DELETE /api/parts/:id': 'admin',
  'GET /api/parts/:id/unpaid-orders': 'admin',
  'GET /api/categories': 'public',
  'POST /api/categories': 'admin',
  'PATCH /api/categories/:id': 'admin',
  'DELETE /api/categories/:id': 'admin',
  'GET /api/vehicles/makes': 'public',
  'GET /api/vehicles': 'public',
  'POST /api/vehicles': 'admin',
  'PATCH /api/vehicles/:id': 'admin',
  'DELETE /api/vehicles/:id': 'admin',
  // A garage is a customer's: an admin has none.
  'GET /api/me/vehicles': 'customer',
  'POST /api/me/vehicles': 'customer',
  'DELETE /api/me/vehicles/:id': 'customerOwner',
  'GET /api/reviews': 'public',
  'POST /api/reviews': 'customer',
  'POST /api/uploads': 'signedIn',

  'POST /api/orders': 'signedIn',
  'GET /api/me/orders': 'signedIn',
  'GET /api/orders': 'admin',
  'GET /api/orders.csv': 'admin',
  'GET /api/admin/overview': 'admin',
  'GET /api/orders/:id': 'ownerOrAdmin',
  'GET /api/orders/:id/invoice.pdf': 'ownerOrAdmin',
  // A credit note of the caller's own order; anyone else's answers 404.
  'GET /api/credit-notes/:number.pdf': 'ownerOrAdmin',
  'DELETE /api/orders/:id': 'ownerOrAdmin',
  'PATCH /api/orders/:id': 'admin',
  'POST /api/orders/:id/payment-intent': 'ownerOnly',
  'POST /api/orders/:id/payment': 'ownerOnly',
  'POST /api/orders/:id/payment/confirm': 'ownerOnly',
  // Order again: the order's lines go to the caller's own cart.
  'POST /api/orders/:id/reorder': 'ownerOnly',
  'GET /api/cart': 'signedIn',
  'PUT /api/cart/lines/:partId': 'signedIn',
  // A line of one's own cart: in anyone else's cart there is no such line (404).
  'DELETE /api/cart/lines/:partId': 'ownerOnly',
  'DELETE /api/cart': 'signedIn',
  'POST /api/cart/merge': 'signedIn',
  'POST /api/cart/import': 'signedIn',
  // A visitor's cart is priced without being stored.
  'POST /api/cart/quote': 'public',
  // Registered only when Stripe is configured; its proof is the signature (stripe.routes.test.ts).
  'POST /api/payments/stripe/webhook': 'public',

  'GET /api/me': 'signedIn',
  'PATCH /api/me': 'signedIn',
  'GET /api/users': 'admin',
  'PATCH /api/users/:id': 'admin',
  'DELETE /api/users/:id': 'admin',
  // Applying: a customer in no company yet (the owner, already in one, gets 409).
  'POST /api/companies': 'customer',
  'GET /api/me/company': 'member',
  'GET /api/companies': 'admin',
  'PATCH /api/companies/:id': 'admin',

  'POST /api/auth/sign-up/email': 'public',
  'POST /api/auth/sign-in/email': 'public',
  'POST /api/auth/sign-in/social': 'public',
  'POST /api/auth/request-password-reset': 'public',
  'POST /api/auth/reset-password': 'public',
  'GET /api/auth/get-session': 'public',
  'GET /api/auth/callback/:id': 'public',
  'POST /api/auth/callback/:id': 'public',
  'GET /api/auth/error': 'public',
  // Signing out without a session is harmless; better-auth answers it.
  'POST /api/auth/sign-out': 'public',
  'POST /api/auth/change-password': 'signedIn',
  'POST /api/auth/revoke-sessions': 'signedIn',
  'POST /api/auth/revoke-other-sessions': 'signedIn',
  // The verification mail's link: its proof is the signed token in it.
  'GET /api/auth/verify-email': 'public',
  'POST /api/auth/send-verification-email': 'signedIn',
};

/** Routes that end the caller's session: each call gets a session of its own. */
const ENDS_SESSION = new Set([
  'POST /api/auth/sign-out',
  'POST /api/auth/revoke-sessions',
  'POST /api/auth/revoke-other-sessions',
]);

type Role = 'visitor' | 'owner' | 'otherCustomer' | 'admin';
const ROLES: Role[] = ['visitor', 'owner', 'otherCustomer', 'admin'];

/** What a role must get: refused with exactly this status, or let through (anything but 401/403/404, and never a 5xx). */
type Expected = 401 | 403 | 404 | 'allowed' | 'tokenRefused';

function expectedFor(access: Access, role: Role): Expected {
  if (access === 'public') return 'allowed';
  if (access === 'token') return 'tokenRefused';
  if (role === 'visitor') return 401;
  switch (access) {
    case 'signedIn':
      return 'allowed';
    case 'admin':
      return role === 'admin' ? 'allowed' : 403;
    case 'customer':
      return role === 'admin' ? 403 : 'allowed';
    case 'customerOwner':
      return role === 'admin' ? 403 : role === 'otherCustomer' ? 404 : 'allowed';
    case 'ownerOrAdmin':
      return role === 'otherCustomer' ? 404 : 'allowed';
    case 'ownerOnly':
    case 'member':
      return role === 'owner' ? 'allowed' : 404;
  }
}

/** A real target for each path parameter, made fresh for every call so a delete or cancel never spoils the next. */
async function pathFor(ctx: TestContext, url: string, owner: TestAccount): Promise<string> {
  const { db } = ctx.database;
  if (url.startsWith('/api/parts/:id')) return url.replace(':id', (await insertPart(db)).id);
  if (url === '/api/orders/:id/invoice.pdf') {
    // Only a paid order has an invoice: an unpaid one answers 404 to everyone.
    const part = await insertPart(db);
    const order = await insertOrder(db, {
      part_id: part.id,
      user_id: owner.id,
      status: 'paid',
      paid_at: '2026-06-15T12:00:00.000Z',
      invoice_number: `INV-2026-${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
    });
    return url.replace(':id', order.id);
  }
  if (url === '/api/credit-notes/:number.pdf') {
    // A paid order an admin cancelled, with its credit note.
    const part = await insertPart(db);
    const invoiceNumber = `INV-2026-${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    const order = await insertOrder(db, {
      part_id: part.id,
      user_id: owner.id,
      status: 'cancelled',
      cancel_reason: 'admin',
      paid_at: '2026-06-15T12:00:00.000Z',
      invoice_number: invoiceNumber,
    });
    const number = `CN-2026-${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    await db
      .insertInto('credit_notes')
      .values({
        number,
        order_id: order.id,
        invoice_number: invoiceNumber,
        reason: 'cancelled',
        goods_cents: Number(order.total_cents),
        delivery_cents: 0,
        taxes: '[]',
        total_cents: Number(order.total_cents),
        issued_at: '2026-06-16T12:00:00.000Z',
      })
      .execute();
    return url.replace(':number', number);
  }
  if (url.startsWith('/api/orders/:id')) {
    const part = await insertPart(db);
    const order = await insertOrder(db, { part_id: part.id, user_id: owner.id, status: 'pending_payment' });
    return url.replace(':id', order.id);
  }
  if (url === '/api/cart/lines/:partId') {
    // The part is in the owner's cart (DELETE names it); setting it (PUT) is anyone's to do.
    const part = await insertPart(db);
    await db
      .insertInto('cart_lines')
      .values({
        user_id: owner.id,
        part_id: part.id,
        position: 1,
        quantity: 12,
        unit_price_cents: part.price_cents,
        added_at: part.created_at,
        updated_at: part.created_at,
      })
      .execute();
    return url.replace(':partId', part.id);
  }
  if (url.startsWith('/api/categories/:id')) return url.replace(':id', (await insertCategory(db)).id);
  if (url === '/api/vehicles/:id') return url.replace(':id', (await insertVehicle(db)).id);
  if (url === '/api/me/vehicles/:id') {
    const vehicle = await insertVehicle(db);
    const id = newId();
    await db
      .insertInto('garage_vehicles')
      .values({
        id,
        user_id: owner.id,
        vehicle_id: vehicle.id,
        year: vehicle.year_from,
        nickname: '',
        created_at: vehicle.created_at,
      })
      .execute();
    return url.replace(':id', id);
  }
  if (url === '/api/me/company') {
    await insertCompany(db, { memberIds: [owner.id], skipMembersAlreadyIn: true });
    return url;
  }
  if (url === '/api/companies/:id') return url.replace(':id', (await insertCompany(db)).id);
  if (url === '/api/users/:id') return url.replace(':id', (await signInAs(ctx.app, db, 'customer')).id);
  if (url === '/api/contact-messages/:id') return url.replace(':id', (await insertContactMessage(db)).id);
  if (url === '/api/blogs/:slug') return url.replace(':slug', (await insertBlogPost(db)).slug);
  if (url === '/uploads/:key') {
    const key = `${'a'.repeat(32)}.webp`;
    await ctx.storage.put(key, Buffer.from('RIFF'), 'image/webp');
    return url.replace(':key', key);
  }
  if (url.startsWith('/api/auth/callback/:id')) return url.replace(':id', 'google');
  if (url === '/api/docs/static/*') return '/api/docs/static/missing.css';
  if (url.includes(':') || url.includes('*')) throw new Error(`no target for the path parameters of ${url}: add one to pathFor`);
  return url;
}

/**
 * The body a route is called with when `{}` would not show its access: a quote without lines prices the
 * caller's own cart (a visitor's 401); with lines it is anyone's.
 */
const BODIES: Record<string, unknown> = { 'POST /api/cart/quote': { lines: [] } };

describeOnEachEngine('the authorization matrix of every route', (ctx) => {
  let owner: TestAccount;
  let otherCustomer: TestAccount;
  let admin: TestAccount;

  beforeAll(async () => {
    owner = await signInAs(ctx.app, ctx.database.db, 'customer');
    otherCustomer = await signInAs(ctx.app, ctx.database.db, 'customer');
    admin = await signInAs(ctx.app, ctx.database.db, 'admin');
  });

  const registered = () =>
    [...new Set(ctx.app.routeTable.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`))].sort();

  it('lists every route the server registers', () => {
    const missing = registered().filter((route) => !(route in ACCESS));
    expect(missing, 'routes without an entry in ACCESS: decide who may call them').toEqual([]);
  });

  it('answers every route for a visitor, its owner, another customer and an admin as the matrix says', async () => {
    const failures: string[] = [];
    for (const route of registered()) {
      const access = ACCESS[route];
      if (!access) continue;
      const [method, url] = route.split(' ') as ['GET' | 'POST' | 'PATCH' | 'DELETE', string];
      for (const role of ROLES) {
        let cookie: string | undefined;
        if (role !== 'visitor') {
          const account = { owner, otherCustomer, admin }[role];
          // A route that ends the session gets a fresh one of the same role.
          cookie = ENDS_SESSION.has(route)
            ? (await signInAs(ctx.app, ctx.database.db, role === 'admin' ? 'admin' : 'customer')).cookie
            : account.cookie;
        }
        const path = await pathFor(ctx, url, owner);
        const res = await ctx.app.inject({
          method,
          url: path,
          headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: BODIES[route] ?? {} }),
        });
        const expected = expectedFor(access, role);
        const status = res.statusCode;
        const ok =
          status < 500 &&
          (expected === 'allowed'
            ? access === 'public'
              ? status !== 401 && status !== 403
              : status !== 401 && status !== 403 && status !== 404
            : expected === 'tokenRefused'
              ? status === 401 || status === 404
              : status === expected);
        if (!ok) failures.push(`${route} as ${role}: expected ${String(expected)}, got ${status} ${res.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
