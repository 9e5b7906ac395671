import { createHash } from 'node:crypto';
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
import { insertAccountInvoice } from '../testing/invoices';
import { describeOnEachEngine, type TestContext } from '../testing/test-app';
import { newId } from '../ids';
import { apiKeyScopeValues, type ApiKeyScope } from '#shared/schemas/api-keys';

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
  /**
   * A member of an approved company (the owner is made one): saved lists. A visitor 401, anyone in no
   * company (an admin too) 403; another company's list is 404 (saved-lists.routes.test.ts).
   */
  | 'listMember'
  /** The invited person (the owner): a visitor 401, anyone signed in with another address 403. */
  | 'invitee'
  /**
   * A company admin's or a shop admin's (the owner is made a company admin): API keys. A visitor 401,
   * anyone in no company 403; a key of another company (the admin's, for the owner's key) 404.
   */
  | 'keyAdmin'
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
  // The numbers a part replaces: the buyer's part page reads them too.
  'GET /api/parts/:id/supersessions': 'public',
  'POST /api/parts/:id/supersessions': 'admin',
  'DELETE /api/parts/:id/supersessions/:fromNumber': 'admin',
  // "Notify me" on a sold-out part: admins do not buy. The test's part is in stock, so POST is 409.
  'POST /api/parts/:id/notify-me': 'customer',
  'DELETE /api/parts/:id/notify-me': 'customer',
  'GET /api/me/stock-alerts': 'customer',
  'GET /api/categories': 'public',
  'POST /api/categories': 'admin',
  'PATCH /api/categories/:id': 'admin',
  'DELETE /api/categories/:id': 'admin',
  'GET /api/vehicles/makes': 'public',
  'GET /api/vehicles': 'public',
  'GET /api/vehicles/vin/:vin': 'public',
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
  // A company admin of the order's company (the owner is made one); anyone else 404.
  'POST /api/orders/:id/approve': 'member',
  'POST /api/orders/:id/decline': 'member',
  'GET /api/orders.csv': 'admin',
  'GET /api/admin/overview': 'admin',
  'POST /api/admin/vcdb': 'admin',
  'POST /api/admin/aces': 'admin',
  'GET /api/admin/catalogue.csv': 'admin',
  'GET /api/admin/fitments.csv': 'admin',
  'POST /api/admin/catalogue/import': 'admin',
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
  // Replacing a line of a part whose number was replaced: the owner's line (409, not replaced), 404 to anyone else.
  'POST /api/cart/lines/:partId/replace': 'ownerOnly',
  'DELETE /api/cart': 'signedIn',
  'POST /api/cart/merge': 'signedIn',
  'POST /api/cart/import': 'signedIn',
  // Price and availability: anyone signed in, priced as they would buy (nothing is stored).
  'POST /api/availability': 'signedIn',
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
  // A company admin's (the owner is one); a buyer gets 403 (company-members.routes.test.ts).
  'POST /api/me/company/invitations': 'member',
  'DELETE /api/me/company/invitations/:id': 'member',
  'PATCH /api/me/company/members/:userId': 'member',
  'DELETE /api/me/company/members/:userId': 'member',
  'POST /api/me/company/addresses': 'member',
  'PATCH /api/me/company/addresses/:id': 'member',
  'DELETE /api/me/company/addresses/:id': 'member',
  // The link's token is the proof: anyone may look; only the invited address may join.
  'GET /api/invitations/:token': 'public',
  'POST /api/invitations/:token/accept': 'invitee',
  'GET /api/companies/:id/prices': 'admin',
  // "Your price" of the parts a page shows: no items for someone in no company.
  'GET /api/me/prices': 'signedIn',
  'PUT /api/companies/:id/prices': 'admin',
  // Invoices on account: the shop records payments; the company admins of the invoice's company (the
  // owner is one) see them and pay by card; anyone else finds no such invoice.
  'POST /api/invoices/:number/payments': 'admin',
  'GET /api/invoices/:number/payments': 'ownerOrAdmin',
  'POST /api/invoices/:number/pay-by-card': 'ownerOnly',
  'POST /api/invoices/:number/card-payment': 'ownerOnly',
  'POST /api/invoices/:number/card-payment/confirm': 'ownerOnly',
  // A company admin's (the owner is one); a buyer gets 403 (invoice-payments.routes.test.ts).
  'GET /api/me/company/statement': 'member',
  'GET /api/me/company/statement.pdf': 'member',
  'GET /api/me/company/statement.csv': 'member',
  'GET /api/me/lists': 'listMember',
  'POST /api/me/lists': 'listMember',
  'GET /api/me/lists/:id': 'listMember',
  'PATCH /api/me/lists/:id': 'listMember',
  'DELETE /api/me/lists/:id': 'listMember',
  'POST /api/me/lists/:id/to-cart': 'listMember',
  // Returns: asking is the order's buyer's (or its company admin's), listing anyone's (their own); one
  // return its requester's or the shop's; moving it on the shop's.
  'POST /api/returns': 'signedIn',
  'GET /api/returns': 'signedIn',
  'GET /api/returns/:id': 'ownerOrAdmin',
  'POST /api/returns/:id/approve': 'admin',
  'POST /api/returns/:id/refuse': 'admin',
  'POST /api/returns/:id/receive': 'admin',
  'POST /api/returns/:id/credit': 'admin',
  'POST /api/api-keys': 'keyAdmin',
  'GET /api/api-keys': 'keyAdmin',
  'DELETE /api/api-keys/:id': 'keyAdmin',
  // Webhooks: the same admins; a shop admin calling for the owner's company's webhook finds none (404).
  'POST /api/webhooks': 'keyAdmin',
  'GET /api/webhooks': 'keyAdmin',
  'DELETE /api/webhooks/:id': 'keyAdmin',
  'GET /api/webhooks/:id/deliveries': 'keyAdmin',
  'POST /api/webhooks/:id/deliveries/:deliveryId/resend': 'keyAdmin',

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

/**
 * The scope an API key needs for each route it may call (docs/decisions/0048-api-keys.md); every other
 * route refuses every key with 403.
 */
const KEY_SCOPES: Record<string, ApiKeyScope> = {
  'GET /api/parts': 'catalogue:read',
  'GET /api/parts/best-sellers': 'catalogue:read',
  'GET /api/parts/:id': 'catalogue:read',
  'GET /api/parts/:id/supersessions': 'catalogue:read',
  'GET /api/categories': 'catalogue:read',
  'GET /api/vehicles/makes': 'catalogue:read',
  'GET /api/vehicles': 'catalogue:read',
  'GET /api/vehicles/vin/:vin': 'catalogue:read',
  'GET /api/me/prices': 'catalogue:read',
  'POST /api/availability': 'catalogue:read',
  'GET /api/me/orders': 'orders:read',
  'GET /api/orders': 'orders:read',
  'GET /api/orders/:id': 'orders:read',
  'POST /api/orders': 'orders:write',
  'DELETE /api/orders/:id': 'orders:write',
  'GET /api/orders/:id/invoice.pdf': 'invoices:read',
  'GET /api/credit-notes/:number.pdf': 'invoices:read',
  'GET /api/me/company/statement': 'invoices:read',
  'GET /api/me/company/statement.pdf': 'invoices:read',
  'GET /api/me/company/statement.csv': 'invoices:read',
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
    case 'invitee':
      return role === 'owner' ? 'allowed' : 403;
    case 'keyAdmin':
      return role === 'otherCustomer' ? 403 : 'allowed';
    case 'listMember':
      return role === 'owner' ? 'allowed' : 403;
    case 'ownerOnly':
    case 'member':
      return role === 'owner' ? 'allowed' : 404;
  }
}

/** A real target for each path parameter, made fresh for every call so a delete or cancel never spoils the next. */
async function pathFor(ctx: TestContext, url: string, owner: TestAccount): Promise<string> {
  const { db } = ctx.database;
  if (url === '/api/parts/:id/supersessions/:fromNumber') {
    // A number the part replaces, for the DELETE to find.
    const part = await insertPart(db);
    const number = `OLD-${newId().slice(0, 8).toUpperCase()}`;
    await db
      .insertInto('part_supersessions')
      .values({
        from_key: number.replace('-', ''),
        from_number: number,
        to_part_id: part.id,
        quantity_factor: 1,
        since: '2026-06-15',
        note: '',
        created_at: part.created_at,
      })
      .execute();
    return url.replace(':id', part.id).replace(':fromNumber', number);
  }
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
  if (url === '/api/orders/:id/approve' || url === '/api/orders/:id/decline') {
    // An order of the owner's company waiting for approval, the owner its company admin.
    await insertCompany(db, { memberIds: [owner.id], skipMembersAlreadyIn: true, status: 'active' });
    const { company_id } = await db
      .selectFrom('company_members')
      .select('company_id')
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    const part = await insertPart(db);
    const order = await insertOrder(db, { part_id: part.id, user_id: owner.id, status: 'awaiting_approval', company_id });
    return url.replace(':id', order.id);
  }
  if (url.startsWith('/api/returns/:id')) {
    // A return the owner asked for of their delivered order.
    const part = await insertPart(db);
    const order = await insertOrder(db, { part_id: part.id, user_id: owner.id, status: 'delivered' });
    const id = newId();
    const at = '2026-06-15T12:00:00.000Z';
    await db
      .insertInto('returns')
      .values({
        id,
        number: `RMA-2026-${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
        order_id: order.id,
        requested_by: owner.id,
        company_id: null,
        status: 'requested',
        note: '',
        photos: '[]',
        requested_at: at,
        updated_at: at,
      })
      .execute();
    await db
      .insertInto('return_lines')
      .values({ return_id: id, order_id: order.id, line_position: 0, quantity: 1, reason: 'damaged', condition: null })
      .execute();
    return url.replace(':id', id);
  }
  if (url.startsWith('/api/orders/:id')) {
    const part = await insertPart(db);
    const order = await insertOrder(db, { part_id: part.id, user_id: owner.id, status: 'pending_payment' });
    return url.replace(':id', order.id);
  }
  if (url === '/api/cart/lines/:partId' || url === '/api/cart/lines/:partId/replace') {
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
  if (url === '/api/vehicles/vin/:vin') return url.replace(':vin', '1M8GDM9AXKP042788');
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
  if (url.startsWith('/api/me/lists')) {
    // The owner in an approved company (made one here unless already in one), with a list of it.
    await insertCompany(db, { memberIds: [owner.id], skipMembersAlreadyIn: true, status: 'active' });
    const { company_id } = await db
      .selectFrom('company_members')
      .select('company_id')
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    await db.updateTable('companies').set({ status: 'active' }).where('id', '=', company_id).execute();
    const id = newId();
    const now = new Date().toISOString();
    await db
      .insertInto('saved_lists')
      .values({
        id,
        company_id,
        name: `List ${id}`,
        name_key: `list ${id}`.toLowerCase(),
        created_by: owner.id,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return url.replace(':id', id);
  }
  if (url.startsWith('/api/api-keys')) {
    // The owner is their company's admin, and the key to revoke is theirs: the shop admin's call finds no such key (404).
    await insertCompany(db, { memberIds: [owner.id], skipMembersAlreadyIn: true });
    const { company_id } = await db
      .selectFrom('company_members')
      .select('company_id')
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    const id = newId();
    await db
      .insertInto('api_keys')
      .values({
        id,
        company_id,
        created_by: owner.id,
        name: 'Matrix',
        scopes: 'orders:read',
        secret_hash: createHash('sha256').update(id).digest('hex'),
        prefix: 'gh_live_test',
        created_at: '2026-06-15T12:00:00.000Z',
        last_used_at: null,
        revoked_at: null,
      })
      .execute();
    return url.replace(':id', id);
  }
  if (url.startsWith('/api/webhooks/:id')) {
    // The owner is their company's admin, with a webhook that has one delivery.
    await insertCompany(db, { memberIds: [owner.id], skipMembersAlreadyIn: true });
    const { company_id } = await db
      .selectFrom('company_members')
      .select('company_id')
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    const id = newId();
    const deliveryId = newId();
    const at = '2026-06-15T12:00:00.000Z';
    await db
      .insertInto('webhooks')
      .values({
        id,
        company_id,
        url: 'https://erp.example.com/hooks',
        events: 'order.created',
        secret: `whsec_${id}`,
        created_by: owner.id,
        created_at: at,
        removed_at: null,
      })
      .execute();
    await db
      .insertInto('webhook_deliveries')
      .values({
        id: deliveryId,
        webhook_id: id,
        event_id: newId(),
        event_type: 'order.created',
        payload: '{}',
        status: 'delivered',
        attempts: 1,
        next_attempt_at: null,
        claimed_until: null,
        claimed_by: null,
        response_status: 200,
        duration_ms: 5,
        last_error: null,
        last_attempt_at: at,
        delivered_at: at,
        created_at: at,
      })
      .execute();
    return url.replace(':id', id).replace(':deliveryId', deliveryId);
  }
  if (url.startsWith('/api/invoices/:number') || url.startsWith('/api/me/company/statement')) {
    // An open invoice on account of the owner's company, the owner its company admin.
    await insertCompany(db, { memberIds: [owner.id], skipMembersAlreadyIn: true, status: 'active' });
    const { company_id } = await db
      .selectFrom('company_members')
      .select('company_id')
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    const invoice = await insertAccountInvoice(db, { companyId: company_id, userId: owner.id });
    return url.replace(':number', invoice.invoice_number!);
  }
  if (/^\/api\/me\/company\/(invitations|members|addresses)\b/.test(url) || url.startsWith('/api/invitations/'))
    return companyTarget(ctx, url, owner);
  if (url === '/api/me/company') {
    await insertCompany(db, { memberIds: [owner.id], skipMembersAlreadyIn: true });
    return url;
  }
  if (url === '/api/companies/:id' || url === '/api/companies/:id/prices') {
    return url.replace(':id', (await insertCompany(db)).id);
  }
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

const colleagues = new WeakMap<object, TestAccount>();

/**
 * Targets in the owner's company (made one, as its company admin, unless the owner is in one): a buyer
 * to change or remove, an address beside the first, a waiting invitation; for the invitation link, a
 * fresh token inviting the owner's address into another company.
 */
async function companyTarget(ctx: TestContext, url: string, owner: TestAccount): Promise<string> {
  const { db } = ctx.database;
  const now = '2026-06-15T12:00:00.000Z';
  const later = '2099-01-01T00:00:00.000Z';
  if (url.startsWith('/api/invitations/:token')) {
    const token = newId();
    await db
      .insertInto('company_invitations')
      .values({
        id: newId(),
        company_id: (await insertCompany(db, { status: 'active' })).id,
        email: owner.email.toLowerCase(),
        role: 'buyer',
        token_hash: createHash('sha256').update(token).digest('hex'),
        invited_by: null,
        expires_at: later,
        accepted_at: null,
        accepted_by: null,
        created_at: now,
      })
      .execute();
    return url.replace(':token', token);
  }
  await insertCompany(db, { memberIds: [owner.id], skipMembersAlreadyIn: true });
  const { company_id } = await db
    .selectFrom('company_members')
    .select('company_id')
    .where('user_id', '=', owner.id)
    .executeTakeFirstOrThrow();
  if (url.includes(':userId')) {
    // One colleague per database, put back into the owner's company before each call (a DELETE removes
    // them): signing up a fresh account for each of these calls would cost seconds.
    let buyer = colleagues.get(db);
    if (!buyer) {
      buyer = await signInAs(ctx.app, db, 'customer');
      colleagues.set(db, buyer);
    }
    await db.deleteFrom('company_members').where('user_id', '=', buyer.id).execute();
    await db
      .insertInto('company_members')
      .values({ company_id, user_id: buyer.id, role: 'buyer', order_limit_cents: null, joined_at: now })
      .execute();
    return url.replace(':userId', buyer.id);
  }
  const id = newId();
  if (url.startsWith('/api/me/company/addresses/')) {
    await db
      .insertInto('company_addresses')
      .values({
        id,
        company_id,
        label: 'Depot',
        phone: '+1 555-010-2030',
        address: JSON.stringify({ line1: '1 Main St', city: 'Detroit', region: 'MI', postalCode: '48207', country: 'US' }),
        created_at: now,
      })
      .execute();
  }
  if (url.startsWith('/api/me/company/invitations/')) {
    await db
      .insertInto('company_invitations')
      .values({
        id,
        company_id,
        email: `${id}@example.com`,
        role: 'buyer',
        token_hash: id,
        invited_by: owner.id,
        expires_at: later,
        accepted_at: null,
        accepted_by: null,
        created_at: now,
      })
      .execute();
  }
  return url.replace(':id', id);
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

  // Every route four times over, with fresh targets: well past the default 20 s on a busy machine.
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
        const othersOnly = route === 'DELETE /api/api-keys/:id' || route.includes(' /api/webhooks/:id');
        const expected = othersOnly && role === 'admin' ? 404 : expectedFor(access, role);
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
  }, 300_000);

  // One key of the owner's per scope: with the route's scope a key is answered as the owner is, without
  // it (or on a route that names none) 403. Each key counts in a bucket of its own.
  it('answers every route for a key of each scope as its owner, or 403 for a scope it lacks', async () => {
    const { db } = ctx.database;
    await insertCompany(db, { memberIds: [owner.id], skipMembersAlreadyIn: true, status: 'active' });
    await db.updateTable('company_members').set({ role: 'company_admin' }).where('user_id', '=', owner.id).execute();
    const secrets = new Map<ApiKeyScope, string>();
    for (const scope of apiKeyScopeValues) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
        payload: { name: `Matrix ${scope}`, scopes: [scope] },
      });
      expect(res.statusCode, res.body).toBe(201);
      secrets.set(scope, (res.json() as { secret: string }).secret);
    }
    const failures: string[] = [];
    for (const route of registered()) {
      const access = ACCESS[route];
      if (!access) continue;
      const [method, url] = route.split(' ') as ['GET' | 'POST' | 'PATCH' | 'DELETE', string];
      const needed = KEY_SCOPES[route];
      for (const [scope, secret] of secrets) {
        const path = await pathFor(ctx, url, owner);
        const res = await ctx.app.inject({
          method,
          url: path,
          headers: { authorization: `Bearer ${secret}` },
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: BODIES[route] ?? {} }),
        });
        // The metrics endpoint takes its own token, not a key.
        const expected = access === 'token' ? 'tokenRefused' : needed === scope ? expectedFor(access, 'owner') : 403;
        const status = res.statusCode;
        const ok =
          status < 500 &&
          (expected === 'allowed'
            ? status !== 401 && status !== 403 && status !== 404
            : expected === 'tokenRefused'
              ? status === 401 || status === 404
              : status === expected);
        if (!ok) failures.push(`${route} with ${scope}: expected ${String(expected)}, got ${status} ${res.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
