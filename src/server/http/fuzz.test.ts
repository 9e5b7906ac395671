import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { newId } from '../ids';
import { signInAs, TEST_ORIGIN, type TestAccount } from '../testing/accounts';
import { demoParts } from '../db/seed/catalogue';
import { bookingBody, TEST_ADDRESS, TEST_PHONE } from '../testing/booking';
import { insertCompany } from '../testing/companies';
import { insertAccountInvoice } from '../testing/invoices';
import { insertBlogPost, insertContactMessage, insertOrder, insertPart, insertVehicle } from '../testing/factories';
import { GOOD_CARD } from '../testing/orders';
import { databaseWork } from '../testing/statements';
import { describeOnEachEngine, type TestContext } from '../testing/test-app';

/**
 * A fuzz pass driven by the app's own OpenAPI document. Every operation it lists gets
 * hundreds of requests that are malformed by construction (a path parameter that names nothing or
 * breaks its schema, a query parameter that breaks its schema, a body that breaks its schema or is not
 * JSON at all), sent as a caller who gets past the route's guard. Each answer must be a 4xx
 * problem+json, and no table may change.
 *
 * Where "malformed" has limits, on purpose:
 * - A GET that declares no parameters reads no input: unknown query parameters are ignored and a 2xx
 *   is right. Those are only held to "never a 5xx" (`readsNoInput`).
 * - Free text (`q` of the catalogue and the users list) is only malformed when too long; any other
 *   value is sent as noise next to the parameter that is broken.
 * - An operation that declares no body (sign-out, payment-intent, the DELETEs, uploads) gets only
 *   bodies that fail before any handler runs: invalid or poisoned JSON, a type no parser takes, more
 *   than the body limit. A body that parses is rightly ignored there.
 * - Header values stay Latin-1, as Node's HTTP parser delivers them.
 * - Routes the document hides (the docs UI, /uploads/:key, /metrics, the OAuth callback) are not fuzzed.
 *
 * A failure prints fast-check's seed and the shrunk request; `FUZZ_SEED=<seed>` replays a run.
 */

// --- The document ------------------------------------------------------------------------------

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | object;
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  nullable?: boolean;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  /** `METHOD /path/{param}`, as the document names it. */
  key: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
  >;
}

function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const upper = method.toUpperCase() as Operation['method'];
      if (upper === ('HEAD' as string)) continue;
      operations.push({
        key: `${upper} ${path}`,
        method: upper,
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content['application/json']?.schema,
      });
    }
  }
  return operations;
}

// --- Who sends the requests ----------------------------------------------------------------------

/**
 * The caller that gets past each operation's guard, so the malformed input reaches validation and the
 * handler: `owner` is the customer who placed the target order. Every operation in the document must
 * be listed (the first test fails on a new one), as in authorization-matrix.test.ts.
 */
type Caller = 'visitor' | 'customer' | 'owner' | 'admin';

const CALLER: Record<string, Caller> = {
  'GET /api/ping': 'visitor',
  'GET /api/health': 'visitor',
  'GET /api/ready': 'visitor',
  'POST /api/auth/sign-up/email': 'visitor',
  'POST /api/auth/sign-in/email': 'visitor',
  'POST /api/auth/sign-out': 'customer',
  'GET /api/auth/get-session': 'customer',
  'POST /api/auth/request-password-reset': 'visitor',
  'POST /api/auth/reset-password': 'visitor',
  'POST /api/auth/change-password': 'customer',
  'POST /api/auth/revoke-other-sessions': 'customer',
  'POST /api/auth/revoke-sessions': 'customer',
  'POST /api/auth/sign-in/social': 'visitor',
  'GET /api/auth/verify-email': 'visitor',
  'POST /api/auth/send-verification-email': 'customer',
  'GET /api/me': 'customer',
  'PATCH /api/me': 'customer',
  'GET /api/users': 'admin',
  'PATCH /api/users/{id}': 'admin',
  'DELETE /api/users/{id}': 'admin',
  'POST /api/companies': 'customer',
  'GET /api/me/company': 'customer',
  'GET /api/companies': 'admin',
  'PATCH /api/companies/{id}': 'admin',
  'POST /api/me/company/invitations': 'owner',
  'DELETE /api/me/company/invitations/{id}': 'owner',
  'GET /api/invitations/{token}': 'visitor',
  'POST /api/invitations/{token}/accept': 'customer',
  'PATCH /api/me/company/members/{userId}': 'owner',
  'DELETE /api/me/company/members/{userId}': 'owner',
  'POST /api/me/company/addresses': 'owner',
  'PATCH /api/me/company/addresses/{id}': 'owner',
  'DELETE /api/me/company/addresses/{id}': 'owner',
  'GET /api/companies/{id}/prices': 'admin',
  'GET /api/me/prices': 'customer',
  'PUT /api/companies/{id}/prices': 'admin',
  'POST /api/invoices/{number}/payments': 'admin',
  'GET /api/invoices/{number}/payments': 'admin',
  'POST /api/invoices/{number}/pay-by-card': 'owner',
  'POST /api/invoices/{number}/card-payment': 'owner',
  'POST /api/invoices/{number}/card-payment/confirm': 'owner',
  'GET /api/me/company/statement': 'owner',
  'GET /api/me/company/statement.pdf': 'owner',
  'GET /api/me/company/statement.csv': 'owner',
  'GET /api/me/lists': 'owner',
  'POST /api/me/lists': 'owner',
  'GET /api/me/lists/{id}': 'owner',
  'PATCH /api/me/lists/{id}': 'owner',
  'DELETE /api/me/lists/{id}': 'owner',
  'POST /api/me/lists/{id}/to-cart': 'owner',
  'GET /api/parts': 'visitor',
  'POST /api/parts': 'admin',
  'GET /api/parts/best-sellers': 'visitor',
  'GET /api/parts/{id}': 'visitor',
  'PATCH /api/parts/{id}': 'admin',
  'DELETE /api/parts/{id}': 'admin',
  'GET /api/parts/{id}/unpaid-orders': 'admin',
  'GET /api/parts/{id}/supersessions': 'visitor',
  'POST /api/parts/{id}/supersessions': 'admin',
  'DELETE /api/parts/{id}/supersessions/{fromNumber}': 'admin',
  'POST /api/parts/{id}/notify-me': 'customer',
  'DELETE /api/parts/{id}/notify-me': 'customer',
  'GET /api/me/stock-alerts': 'customer',
  'GET /api/categories': 'visitor',
  'POST /api/categories': 'admin',
  'PATCH /api/categories/{id}': 'admin',
  'DELETE /api/categories/{id}': 'admin',
  'GET /api/vehicles/makes': 'visitor',
  'GET /api/vehicles': 'visitor',
  'GET /api/vehicles/vin/{vin}': 'visitor',
  'POST /api/vehicles': 'admin',
  'PATCH /api/vehicles/{id}': 'admin',
  'DELETE /api/vehicles/{id}': 'admin',
  'GET /api/me/vehicles': 'owner',
  'POST /api/me/vehicles': 'owner',
  'DELETE /api/me/vehicles/{id}': 'owner',
  'GET /api/cart': 'customer',
  'PUT /api/cart/lines/{partId}': 'customer',
  'DELETE /api/cart/lines/{partId}': 'customer',
  'POST /api/cart/lines/{partId}/replace': 'customer',
  'DELETE /api/cart': 'customer',
  'POST /api/cart/merge': 'customer',
  'POST /api/cart/quote': 'visitor',
  'POST /api/cart/import': 'customer',
  'POST /api/availability': 'customer',
  'POST /api/orders/{id}/reorder': 'owner',
  'GET /api/reviews': 'visitor',
  'POST /api/reviews': 'customer',
  'POST /api/orders': 'customer',
  'GET /api/orders': 'admin',
  'POST /api/orders/{id}/approve': 'owner',
  'POST /api/orders/{id}/decline': 'owner',
  'GET /api/orders.csv': 'admin',
  'GET /api/admin/overview': 'admin',
  'POST /api/admin/vcdb': 'admin',
  'POST /api/admin/aces': 'admin',
  'GET /api/admin/catalogue.csv': 'admin',
  'GET /api/admin/fitments.csv': 'admin',
  'POST /api/admin/catalogue/import': 'admin',
  'GET /api/me/orders': 'customer',
  'GET /api/orders/{id}': 'owner',
  'GET /api/orders/{id}/invoice.pdf': 'owner',
  'GET /api/credit-notes/{number}.pdf': 'customer',
  'DELETE /api/orders/{id}': 'owner',
  'PATCH /api/orders/{id}': 'admin',
  'POST /api/orders/{id}/payment-intent': 'owner',
  'POST /api/orders/{id}/payment': 'owner',
  'POST /api/orders/{id}/payment/confirm': 'owner',
  'GET /api/shop': 'visitor',
  'GET /api/blogs': 'visitor',
  'GET /api/blogs/{slug}': 'visitor',
  'GET /api/settings': 'visitor',
  'PATCH /api/settings': 'admin',
  'POST /api/newsletter': 'visitor',
  'POST /api/contact': 'visitor',
  'GET /api/contact-messages': 'admin',
  'PATCH /api/contact-messages/{id}': 'admin',
  'GET /api/newsletter-subscribers': 'admin',
  'GET /api/newsletter-subscribers.csv': 'admin',
  'POST /api/uploads': 'customer',
  'POST /api/returns': 'customer',
  'GET /api/returns': 'customer',
  'GET /api/returns/{id}': 'owner',
  'POST /api/returns/{id}/approve': 'admin',
  'POST /api/returns/{id}/refuse': 'admin',
  'POST /api/returns/{id}/receive': 'admin',
  'POST /api/returns/{id}/credit': 'admin',
  'POST /api/api-keys': 'owner',
  'GET /api/api-keys': 'owner',
  'DELETE /api/api-keys/{id}': 'owner',
  'POST /api/webhooks': 'owner',
  'GET /api/webhooks': 'owner',
  'DELETE /api/webhooks/{id}': 'owner',
  'GET /api/webhooks/{id}/deliveries': 'owner',
  'POST /api/webhooks/{id}/deliveries/{deliveryId}/resend': 'owner',
};

/**
 * A valid body for the operations whose body is sent whole while another input (path, query or header)
 * is the malformed one: those requests get as far as the handler, which must still answer 4xx.
 * Never sent on its own.
 */
function validBodies(targets: Targets): Record<string, unknown> {
  return {
    'PATCH /api/users/{id}': { role: 'admin' },
    'PATCH /api/companies/{id}': { discountPercent: 5 },
    'PATCH /api/me/company/members/{userId}': { orderLimitCents: 10_000 },
    'PATCH /api/me/company/addresses/{id}': { label: 'Renamed depot' },
    'PATCH /api/me/lists/{id}': { name: 'Renamed list' },
    'PATCH /api/parts/{id}': { name: 'Renamed part', stock: 0, crossReferences: [{ brand: 'Bosch', number: '0 986 494 161' }] },
    'PATCH /api/categories/{id}': { name: 'Renamed category' },
    'PATCH /api/vehicles/{id}': { engine: 'Renamed engine' },
    'PUT /api/cart/lines/{partId}': { quantity: 12 },
    'PATCH /api/orders/{id}': { status: 'shipped' },
    'POST /api/orders/{id}/payment': { clientSecret: targets.clientSecret, card: GOOD_CARD },
    'POST /api/orders/{id}/payment/confirm': { paymentIntentId: 'pi_123' },
    'POST /api/invoices/{number}/payments': { amountCents: 100, paidAt: '2026-01-02', reference: 'BANK-1' },
    'POST /api/invoices/{number}/card-payment': { clientSecret: 'not-the-secret', card: GOOD_CARD },
    'POST /api/invoices/{number}/card-payment/confirm': { paymentIntentId: 'pi_123' },
    'PATCH /api/contact-messages/{id}': { handled: true },
    'POST /api/orders': bookingBody(targets.partId, { address: '12 Piston Road' }),
    'POST /api/returns/{id}/approve': { note: 'Send with the original box.' },
    'POST /api/returns/{id}/refuse': { reason: 'Fitted and used' },
    'POST /api/returns/{id}/receive': { lines: [{ orderLineId: `${targets.orderId}:0`, condition: 'damaged' }] },
  };
}

// --- Real targets for path parameters ------------------------------------------------------------

interface Targets {
  partId: string;
  categoryId: string;
  orderId: string;
  clientSecret: string;
  userId: string;
  contactMessageId: string;
  blogSlug: string;
  vehicleId: string;
  /** A vehicle in the owner's garage. */
  garageVehicleId: string;
  companyId: string;
  /** A saved list of the owner's company (the owner is a member of an approved one). */
  listId: string;
  /** A buyer, a second delivery address and a waiting invitation of the owner's company (its company admin). */
  memberId: string;
  companyAddressId: string;
  invitationId: string;
  /** The token of an invitation for someone else's address. */
  invitationToken: string;
  /** An open invoice on account of the owner's company. */
  invoiceNumber: string;
  /** A requested return of the owner's target order. */
  returnId: string;
  /** An API key of the owner's company. */
  apiKeyId: string;
  /** A webhook of the owner's company, and one delivery of it. */
  webhookId: string;
  webhookDeliveryId: string;
}

async function makeTargets(ctx: TestContext, owner: TestAccount): Promise<Targets> {
  const { db } = ctx.database;
  const part = await insertPart(ctx.database.db);
  const order = await insertOrder(db, { part_id: part.id, user_id: owner.id, status: 'pending_payment' });
  const clientSecret = `secret_${newId()}`;
  await db
    .insertInto('payment_intents')
    .values({
      id: newId(),
      order_id: order.id,
      provider: 'sandbox',
      client_secret: clientSecret,
      amount_cents: order.total_cents,
      status: 'requires_payment',
      transaction_id: null,
      created_at: order.created_at,
      updated_at: order.created_at,
    })
    .execute();
  const victim = await signInAs(ctx.app, db, 'customer');
  const contactMessageId = (await insertContactMessage(db, { created_at: order.created_at })).id;
  const blogSlug = (await insertBlogPost(db)).slug;
  const vehicle = await insertVehicle(db);
  const garageVehicleId = newId();
  await db
    .insertInto('garage_vehicles')
    .values({
      id: garageVehicleId,
      user_id: owner.id,
      vehicle_id: vehicle.id,
      year: 2015,
      nickname: 'Van 3',
      created_at: order.created_at,
    })
    .execute();
  await insertCompany(db, { memberIds: [owner.id], skipMembersAlreadyIn: true, status: 'active' });
  const membership = await db
    .selectFrom('company_members')
    .select('company_id')
    .where('user_id', '=', owner.id)
    .executeTakeFirstOrThrow();
  const listId = newId();
  await db
    .insertInto('saved_lists')
    .values({
      id: listId,
      company_id: membership.company_id,
      name: 'Weekly service stock',
      name_key: 'weekly service stock',
      created_by: owner.id,
      created_at: order.created_at,
      updated_at: order.created_at,
    })
    .execute();
  await db.insertInto('saved_list_items').values({ list_id: listId, part_id: part.id, quantity: 12, position: 1 }).execute();
  const colleague = await signInAs(ctx.app, db, 'customer');
  await db
    .insertInto('company_members')
    .values({
      company_id: membership.company_id,
      user_id: colleague.id,
      role: 'buyer',
      order_limit_cents: null,
      joined_at: order.created_at,
    })
    .execute();
  const companyAddressId = newId();
  await db
    .insertInto('company_addresses')
    .values({
      id: companyAddressId,
      company_id: membership.company_id,
      label: 'Depot',
      phone: '+1 555-010-2030',
      address: JSON.stringify({ line1: '1 Main St', city: 'Detroit', region: 'MI', postalCode: '48207', country: 'US' }),
      created_at: order.created_at,
    })
    .execute();
  const invitationId = newId();
  const invitationToken = newId();
  await db
    .insertInto('company_invitations')
    .values({
      id: invitationId,
      company_id: membership.company_id,
      email: 'invited@example.com',
      role: 'buyer',
      token_hash: createHash('sha256').update(invitationToken).digest('hex'),
      invited_by: owner.id,
      expires_at: '2099-01-01T00:00:00.000Z',
      accepted_at: null,
      accepted_by: null,
      created_at: order.created_at,
    })
    .execute();
  const invoice = await insertAccountInvoice(db, { companyId: membership.company_id, userId: owner.id });
  const returnId = newId();
  await db
    .insertInto('returns')
    .values({
      id: returnId,
      number: 'RMA-2026-000001',
      order_id: order.id,
      requested_by: owner.id,
      company_id: null,
      status: 'requested',
      note: '',
      photos: '[]',
      requested_at: order.created_at,
      updated_at: order.created_at,
    })
    .execute();
  await db
    .insertInto('return_lines')
    .values({ return_id: returnId, order_id: order.id, line_position: 0, quantity: 1, reason: 'damaged', condition: null })
    .execute();
  const apiKeyId = newId();
  await db
    .insertInto('api_keys')
    .values({
      id: apiKeyId,
      company_id: membership.company_id,
      created_by: owner.id,
      name: 'ERP',
      scopes: 'orders:read',
      secret_hash: createHash('sha256').update(apiKeyId).digest('hex'),
      prefix: 'gh_live_test',
      created_at: order.created_at,
      last_used_at: null,
      revoked_at: null,
    })
    .execute();
  const webhookId = newId();
  const webhookDeliveryId = newId();
  await db
    .insertInto('webhooks')
    .values({
      id: webhookId,
      company_id: membership.company_id,
      url: 'https://erp.example.com/hooks',
      events: 'order.created',
      secret: `whsec_${webhookId}`,
      created_by: owner.id,
      created_at: order.created_at,
      removed_at: null,
    })
    .execute();
  await db
    .insertInto('webhook_deliveries')
    .values({
      id: webhookDeliveryId,
      webhook_id: webhookId,
      event_id: newId(),
      event_type: 'order.created',
      payload: '{}',
      status: 'failed',
      attempts: 7,
      next_attempt_at: null,
      claimed_until: null,
      claimed_by: null,
      response_status: 500,
      duration_ms: 5,
      last_error: 'HTTP 500',
      last_attempt_at: order.created_at,
      delivered_at: null,
      created_at: order.created_at,
    })
    .execute();
  return {
    apiKeyId,
    webhookId,
    webhookDeliveryId,
    returnId,
    invoiceNumber: invoice.invoice_number!,
    listId,
    memberId: colleague.id,
    companyAddressId,
    invitationId,
    invitationToken,
    partId: part.id,
    categoryId: part.category_id,
    orderId: order.id,
    clientSecret,
    userId: victim.id,
    contactMessageId,
    blogSlug,
    vehicleId: vehicle.id,
    garageVehicleId,
    companyId: (await insertCompany(db)).id,
  };
}

function realPathValue(operation: Operation, name: string, targets: Targets): string {
  if (operation.path.startsWith('/api/parts/')) return targets.partId;
  if (operation.path.startsWith('/api/cart/lines/')) return targets.partId;
  if (operation.path.startsWith('/api/categories/')) return targets.categoryId;
  if (operation.path.startsWith('/api/orders/')) return targets.orderId;
  if (operation.path.startsWith('/api/users/')) return targets.userId;
  if (operation.path.startsWith('/api/companies/')) return targets.companyId;
  if (operation.path.startsWith('/api/contact-messages/')) return targets.contactMessageId;
  if (operation.path.startsWith('/api/blogs/')) return targets.blogSlug;
  if (operation.path.startsWith('/api/vehicles/')) return targets.vehicleId;
  if (operation.path.startsWith('/api/me/vehicles/')) return targets.garageVehicleId;
  if (operation.path.startsWith('/api/me/lists/')) return targets.listId;
  if (operation.path.startsWith('/api/me/company/members/')) return targets.memberId;
  if (operation.path.startsWith('/api/me/company/addresses/')) return targets.companyAddressId;
  if (operation.path.startsWith('/api/me/company/invitations/')) return targets.invitationId;
  if (operation.path.startsWith('/api/invitations/')) return targets.invitationToken;
  if (operation.path.startsWith('/api/invoices/')) return targets.invoiceNumber;
  if (operation.path.startsWith('/api/invoices/')) return targets.invoiceNumber;
  if (operation.path.startsWith('/api/returns/')) return targets.returnId;
  if (operation.path.startsWith('/api/api-keys/')) return targets.apiKeyId;
  if (operation.path.startsWith('/api/webhooks/')) return name === 'deliveryId' ? targets.webhookDeliveryId : targets.webhookId;
  throw new Error(`no real target for {${name}} of ${operation.key}: add one to realPathValue`);
}

// --- What "malformed" means: a small validator for the document's schemas ------------------------

/**
 * True when the value breaks the schema whatever the server does before checking it: strings are
 * trimmed by some server schemas, so "too long" is judged on the trimmed text and "too short" on the
 * raw one. A generated input that does not break its schema is thrown away, never sent.
 */
function violates(schema: JsonSchema, value: unknown): boolean {
  if (value === null) return !schema.nullable;
  if (schema.enum) return !schema.enum.includes(value);
  switch (schema.type) {
    case 'string': {
      if (typeof value !== 'string') return true;
      if (schema.minLength !== undefined && value.length < schema.minLength) return true;
      if (schema.maxLength !== undefined && [...value.trim()].length > schema.maxLength) return true;
      if (schema.pattern !== undefined) {
        const pattern = new RegExp(schema.pattern, 'u');
        if (!pattern.test(value) && !pattern.test(value.trim())) return true;
      }
      return false;
    }
    case 'integer':
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return true;
      if (schema.type === 'integer' && !Number.isInteger(value)) return true;
      return (schema.minimum !== undefined && value < schema.minimum) || (schema.maximum !== undefined && value > schema.maximum);
    case 'boolean':
      return typeof value !== 'boolean';
    case 'array':
      return !Array.isArray(value) || (schema.items !== undefined && value.some((item) => violates(schema.items!, item)));
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return true;
      const record = value as Record<string, unknown>;
      const properties = schema.properties ?? {};
      if ((schema.required ?? []).some((name) => !Object.hasOwn(record, name))) return true;
      if (schema.additionalProperties === false && Object.keys(record).some((name) => !Object.hasOwn(properties, name)))
        return true;
      // A record (`z.record`): every undeclared member must fit the members' schema.
      const members = schema.additionalProperties;
      if (
        typeof members === 'object' &&
        Object.entries(record).some(([name, member]) => !Object.hasOwn(properties, name) && violates(members, member))
      )
        return true;
      return Object.entries(properties).some(
        ([name, property]) => Object.hasOwn(record, name) && violates(property, record[name]),
      );
    }
    default:
      return false;
  }
}

/** A query value breaks an integer parameter unless `Number(value)` (what the server's coercion does) is a whole number in range. */
function queryViolates(schema: JsonSchema, value: string | string[]): boolean {
  if (Array.isArray(value)) return true;
  if (schema.type === 'integer' || schema.type === 'number') return violates(schema, Number(value));
  return violates(schema, value);
}

// --- Generators ----------------------------------------------------------------------------------

const NASTY_STRINGS = [
  "' or 1=1 --",
  "'; drop table parts; --",
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '\u0000',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  '%s%s%s%n',
  ' ',
  '.',
  '..',
  '\uFEFF',
  '\u202Eevil',
  'Ω≈ç√∫˜µ≤≥÷',
  '😀🔧🚗',
  'x'.repeat(10_000),
  '',
];

const textOf = (maxLength: number) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ maxLength }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength }) },
  );

const nastyText = fc.oneof(fc.constantFrom(...NASTY_STRINGS), textOf(40));

/** Non-whitespace text of a given length range, for "too long" (trimming cannot save it). */
const solidText = (minLength: number, maxLength: number, chars = ['x', 'é', '9', '😀', "'"]) =>
  fc
    .tuple(fc.integer({ min: minLength, max: maxLength }), fc.constantFrom(...chars))
    .map(([length, char]) => char.repeat(Math.ceil(length / char.length)));
/**
 * Header values as Node's HTTP parser hands them over: one Latin-1 character per byte. `inject` would
 * pass on any string, but a header holding U+1F600 cannot arrive over the wire.
 */
const headerChars = ['x', 'é', '9', "'", 'ÿ'];

/** Any JSON value, including deep and odd ones. */
const anyJson = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -1, 1e308, -1e308, 2 ** 53 + 1, '', {}, [], [[]]),
  },
);

/** A value that fits the schema, for the parts of a malformed object that are not the broken part. */
function plausible(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string': {
      const min = Math.max(schema.minLength ?? 0, 1);
      const max = Math.max(min, Math.min(schema.maxLength ?? 40, 40));
      return fc.string({ minLength: min, maxLength: max, unit: fc.constantFrom(...'abcdefghij0123456789') });
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items && depth < 3 ? plausible(schema.items, depth + 1) : anyJson, { maxLength: 3 });
    case 'object': {
      const properties = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties))
        model[name] = depth < 3 ? plausible(property, depth + 1) : anyJson;
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
    }
    default:
      return anyJson;
  }
}

/** A value of the wrong type for the schema, or of the right type but out of its bounds. */
function wrongValue(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [
    fc.constantFrom<unknown>(true, false, 0, 1, -1, 1.5, 1e308, -1e308, [], {}, [1, 2], { value: 1 }, 'true', '1', ''),
  ];
  if (!schema.nullable) options.push(fc.constant(null));
  if (schema.enum)
    options.push(nastyText, fc.constantFrom(...schema.enum.map((value) => String(value).toUpperCase()), 'unknown'));
  switch (schema.type) {
    case 'string':
      if (schema.maxLength !== undefined)
        options.push(solidText(schema.maxLength + 1, schema.maxLength + 64), solidText(10_000, 10_000));
      if (schema.pattern !== undefined) options.push(nastyText);
      options.push(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.array(fc.string(), { maxLength: 2 }));
      break;
    case 'integer':
    case 'number':
      if (schema.minimum !== undefined) options.push(fc.integer({ min: -1e12, max: schema.minimum - 1 }));
      if (schema.maximum !== undefined) options.push(fc.integer({ min: schema.maximum + 1, max: 1e15 }));
      if (schema.type === 'integer')
        options.push(fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((n) => Math.trunc(n) + 0.5));
      options.push(nastyText, fc.integer().map(String));
      break;
    case 'boolean':
      options.push(fc.constantFrom('true', 'false', 'yes', 0, 1), nastyText);
      break;
    case 'object':
      options.push(nastyText, fc.array(anyJson, { maxLength: 3 }));
      if (depth < 2) options.push(malformedObject(schema, undefined, depth + 1));
      break;
    default:
      options.push(nastyText);
  }
  return fc.oneof(...options).filter((value) => violates(schema, roundTrip(value)));
}

function roundTrip(value: unknown): unknown {
  const text = JSON.stringify(value);
  return text === undefined ? undefined : JSON.parse(text);
}

/**
 * An object body that breaks the schema: one declared property of the wrong type or out of bounds, a
 * required one left out, or (on a strict object) a member nobody declared. The rest of the object is
 * the valid example when there is one, else plausible values.
 */
function malformedObject(schema: JsonSchema, valid: unknown, depth = 0): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const base: fc.Arbitrary<Record<string, unknown>> =
    valid !== undefined
      ? fc.constant(valid as Record<string, unknown>)
      : (plausible(schema, depth) as fc.Arbitrary<Record<string, unknown>>);
  const options: fc.Arbitrary<unknown>[] = [];
  if (properties.length > 0) {
    options.push(
      fc
        .integer({ min: 0, max: properties.length - 1 })
        .chain((index) => {
          const [name, property] = properties[index]!;
          return fc.tuple(base, fc.constant(name), wrongValue(property, depth));
        })
        .map(([object, name, value]) => ({ ...object, [name]: value })),
    );
  }
  const required = schema.required ?? [];
  if (required.length > 0) {
    options.push(
      fc.tuple(base, fc.constantFrom(...required)).map(([object, name]) => {
        const { [name]: _dropped, ...rest } = object;
        return rest;
      }),
    );
  }
  if (schema.additionalProperties === false) {
    const declared = new Set(properties.map(([name]) => name));
    const unknownName = fc
      .oneof(
        fc.constantFrom('role', 'status', 'priceCents', 'totalCents', 'userId', 'isAdmin', 'id', 'constructor'),
        fc.string({ minLength: 1, maxLength: 20 }),
      )
      .filter((name) => !declared.has(name));
    options.push(fc.tuple(base, unknownName, anyJson).map(([object, name, value]) => ({ ...object, [name]: value })));
  }
  // A record (transit days by country): a member whose value breaks the members' schema.
  const members = schema.additionalProperties;
  if (typeof members === 'object') {
    options.push(
      fc
        .tuple(base, fc.constantFrom('US', 'DE', 'FR'), wrongValue(members as JsonSchema, depth))
        .map(([object, name, value]) => ({ ...object, [name]: value })),
    );
  }
  return fc.oneof(...options).filter((value) => violates(schema, roundTrip(value)));
}

interface Body {
  kind: string;
  contentType?: string;
  payload?: string;
}

const INVALID_JSON = ['{', '}', '{"a":', "{'a':1}", '{"a":1}}', '[1,]', 'undefined', 'NaN', '{a:1}', '"unterminated', '\u0000'];
/** JSON.parse takes these, but Fastify's parser refuses them (prototype poisoning). */
const POISONED_JSON = [
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '[{"a":{"__proto__":{"x":1}}}]',
];
const ONE_MEGABYTE_AND_MORE = JSON.stringify({ padding: 'x'.repeat(1024 * 1024 + 10) });
const DEEP_JSON = '['.repeat(5000) + ']'.repeat(5000);

/** Content types the server has no parser for: refused before any handler runs. */
const UNPARSED_TYPES = [
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/octet-stream',
  'text/html',
  'image/png',
  'application/json-patch+json',
];

/** Bodies that fail before validation: every route that takes a body refuses them, declared or not. */
const unparseableBody: fc.Arbitrary<Body> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .oneof(fc.constantFrom(...INVALID_JSON), fc.string({ minLength: 1 }))
      .filter((text) => {
        try {
          JSON.parse(text);
          return false;
        } catch {
          return true;
        }
      })
      .map((payload) => ({ kind: 'invalid JSON', contentType: 'application/json', payload })),
  },
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...UNPARSED_TYPES),
        fc.oneof(
          fc.string(),
          anyJson.map((value) => JSON.stringify(value)),
        ),
      )
      .map(([contentType, payload]) => ({ kind: 'unsupported content type', contentType, payload })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(...POISONED_JSON)
      .map((payload) => ({ kind: 'poisoned JSON', contentType: 'application/json', payload })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'too large', contentType: 'application/json', payload: ONE_MEGABYTE_AND_MORE }) },
);

/** Bodies that break a declared JSON body schema. */
function malformedBody(schema: JsonSchema, valid: unknown): fc.Arbitrary<Body> {
  const json = (kind: string) => (value: unknown) => ({ kind, contentType: 'application/json', payload: JSON.stringify(value) });
  return fc.oneof(
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.integer(),
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.string(),
          fc.boolean(),
          fc.constant(null),
          fc.array(anyJson, { maxLength: 4 }),
        )
        .map(json('not an object')),
    },
    { weight: 6, arbitrary: malformedObject(schema, valid).map(json('broken object')) },
    { weight: 2, arbitrary: unparseableBody },
    {
      weight: 1,
      // Text and multipart parse, but not into an object. (`application/json; charset=…` is left out on
      // purpose: JSON is UTF-8 whatever the parameter says, RFC 8259, and Fastify rightly ignores it.)
      arbitrary: fc
        .tuple(
          fc.constantFrom('text/plain', 'multipart/form-data; boundary=x'),
          fc.constantFrom(JSON.stringify(valid ?? {}), 'email=a@b.co', '--x--'),
        )
        .map(([contentType, payload]) => ({ kind: 'wrong content type', contentType, payload })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Body>(
        { kind: 'empty JSON', contentType: 'application/json', payload: '' },
        { kind: 'no body' },
        { kind: 'deep JSON', contentType: 'application/json', payload: DEEP_JSON },
      ),
    },
  );
}

/** A malformed value for one query parameter (only parameters with constraints have one). */
function malformedQueryValue(schema: JsonSchema): fc.Arbitrary<string | string[]> | undefined {
  const options: fc.Arbitrary<string | string[]>[] = [];
  if (schema.type === 'integer' || schema.type === 'number') {
    options.push(
      fc.constantFrom(
        'abc',
        'NaN',
        'Infinity',
        '-Infinity',
        '1,5',
        '1.5',
        '-1',
        '0',
        '',
        ' ',
        'true',
        'null',
        '[]',
        '{}',
        '1e400',
        '١',
        '0x',
        "1' or '1'='1",
      ),
      fc.integer({ min: -1e9, max: 1e12 }).map(String),
      fc.string({ minLength: 20, maxLength: 400, unit: fc.constant('9') }),
      nastyText,
    );
  }
  if (schema.enum)
    options.push(
      nastyText,
      fc.constantFrom(...schema.enum.map((value) => String(value).toUpperCase()), `${String(schema.enum[0])} `),
    );
  if (schema.type === 'string' && schema.maxLength !== undefined)
    options.push(solidText(schema.maxLength + 1, schema.maxLength + 500), solidText(10_000, 10_000));
  if (options.length === 0) return undefined;
  // Repeating a parameter (`?x=1&x=2`) makes it an array, which no scalar parameter accepts.
  options.push(fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.constant('1')), { minLength: 2, maxLength: 3 }));
  return fc.oneof(...options).filter((value) => queryViolates(schema, value));
}

function validQueryValue(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...schema.enum.map(String));
  if (schema.type === 'integer') return fc.integer({ min: schema.minimum ?? 0, max: schema.maximum ?? 1000 }).map(String);
  // Free text (the catalogue's search): anything goes, so it is noise here, never the malformed part.
  return fc.oneof(nastyText, textOf(schema.maxLength ?? 40)).filter((value) => !queryViolates(schema, value));
}

/** A path segment for a parameter: it names nothing, and often breaks the schema too. */
const malformedPathValue = fc
  .oneof(
    { weight: 3, arbitrary: nastyText },
    { weight: 1, arbitrary: fc.constantFrom('', 'x'.repeat(65), 'x'.repeat(121)) },
    { weight: 1, arbitrary: fc.uuid() },
  )
  .map((value) => ({ value, raw: false }));
/** Some sent as they are, not encoded: they change the path itself. */
const rawPathValue = fc
  .constantFrom('../../etc/passwd', '..', '.', '%', '%zz', '?x=1', '#top', '%2e%2e%2f')
  .map((value) => ({ value, raw: true }));

interface Case {
  breaks: string[];
  path: string;
  query: [string, string | string[]][];
  headers: Record<string, string>;
  body: Body;
}

function caseGenerator(operation: Operation, targets: Targets, valid: unknown): fc.Arbitrary<Case> {
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const headerParams = operation.parameters.filter((p) => p.in === 'header');
  const breakableQuery = queryParams.filter((p) => malformedQueryValue(p.schema) !== undefined);
  const takesBody = operation.method !== 'GET';

  const breakable: string[] = [];
  if (pathParams.length > 0) breakable.push('path');
  if (breakableQuery.length > 0) breakable.push('query');
  if (headerParams.length > 0) breakable.push('header');
  if (takesBody) breakable.push('body');
  if (breakable.length === 0) throw new Error(`${operation.key} has no input to break`);

  const realPath = () => operation.path.replace(/\{(\w+)\}/g, (_all, name: string) => realPathValue(operation, name, targets));
  const path = fc
    .array(fc.oneof({ weight: 5, arbitrary: malformedPathValue }, { weight: 1, arbitrary: rawPathValue }), {
      minLength: pathParams.length,
      maxLength: pathParams.length,
    })
    .map((values) => {
      let index = 0;
      return operation.path.replace(/\{\w+\}/g, () => {
        const { value, raw } = values[index++]!;
        return raw ? value : encodeURIComponent(value);
      });
    });

  const brokenQuery = () =>
    fc
      .tuple(
        fc
          .subarray(breakableQuery, { minLength: 1 })
          .chain((broken) =>
            fc.tuple(
              ...broken.map((p) => malformedQueryValue(p.schema)!.map((value) => [p.name, value] as [string, string | string[]])),
            ),
          ),
        fc
          .subarray(queryParams)
          .chain((kept) =>
            fc.tuple(...kept.map((p) => validQueryValue(p.schema).map((value) => [p.name, value] as [string, string]))),
          ),
      )
      .map(([broken, kept]) => {
        const brokenNames = new Set(broken.map(([name]) => name));
        return [...kept.filter(([name]) => !brokenNames.has(name)), ...broken];
      });
  const keptQuery = fc
    .subarray(queryParams)
    .chain((kept) =>
      fc.tuple(...kept.map((p) => validQueryValue(p.schema).map((value) => [p.name, value] as [string, string | string[]]))),
    );

  const brokenHeaders = fc
    .tuple(
      ...headerParams.map((p) =>
        fc
          .oneof(fc.constant(''), solidText((p.schema.maxLength ?? 200) + 1, (p.schema.maxLength ?? 200) + 300, headerChars))
          .map((value) => [p.name, value] as const),
      ),
    )
    .map((entries) => Object.fromEntries(entries));

  const brokenBody = operation.body ? malformedBody(operation.body, valid) : unparseableBody;
  // A body that passes: the valid example, or none at all where the operation declares none.
  const keptBody: fc.Arbitrary<Body> =
    valid !== undefined
      ? fc.constant({ kind: 'valid', contentType: 'application/json', payload: JSON.stringify(valid) })
      : operation.body
        ? brokenBody
        : fc.constant({ kind: 'none' });

  return fc.subarray(breakable, { minLength: 1 }).chain((breaks) =>
    fc.record({
      breaks: fc.constant(breaks),
      path: breaks.includes('path') ? path : fc.constant(realPath()),
      query: breaks.includes('query') ? brokenQuery() : keptQuery,
      headers: breaks.includes('header') ? brokenHeaders : fc.constant({}),
      body: breaks.includes('body') ? brokenBody : takesBody ? keptBody : fc.constant<Body>({ kind: 'none' }),
    }),
  );
}

function urlOf(path: string, query: [string, string | string[]][]): string {
  const search = new URLSearchParams();
  for (const [name, value] of query) for (const one of [value].flat()) search.append(name, one);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

// --- Hostile shapes ------------------------------------------------------------------------------

/** Under the 1 MB body limit, but too many for code that spreads an array into a call's arguments. */
const LONG_ARRAY = JSON.stringify(Array.from({ length: 250_000 }, () => 'a'));
const DEEP_OBJECT = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;

/** Bodies that parse (or nearly) but break the code around the schemas; `valid` is the route's good body. */
function hostileShapes(valid: unknown): { kind: string; contentType: string; payload: string }[] {
  const json = 'application/json';
  const base = JSON.stringify(valid ?? { email: 'someone@example.com', password: 'a-password-1', name: 'Someone' });
  const withMember = (member: string) => `${base.slice(0, -1)}${base.length > 2 ? ',' : ''}"extra":${member}}`;
  return [
    { kind: 'a very long array', contentType: json, payload: LONG_ARRAY },
    { kind: 'a very long array in a member', contentType: json, payload: withMember(LONG_ARRAY) },
    { kind: 'a deeply nested object', contentType: json, payload: DEEP_OBJECT },
    { kind: 'a deeply nested member', contentType: json, payload: withMember(DEEP_OBJECT) },
    { kind: 'multipart without a boundary', contentType: 'multipart/form-data', payload: '--x\r\n\r\nabc\r\n--x--\r\n' },
    {
      kind: 'multipart cut short',
      contentType: 'multipart/form-data; boundary=cut',
      payload:
        '--cut\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    },
    {
      kind: 'multipart whose boundary never comes',
      contentType: 'multipart/form-data; boundary=never',
      payload: 'no boundary here at all',
    },
    { kind: 'multipart with an empty boundary', contentType: 'multipart/form-data; boundary=', payload: '----\r\n' },
  ];
}

// --- Long made-up words ------------------------------------------------------------------------

const codePoints = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));

/** Letters of many scripts, and characters NFKC writes as several letters, for words no catalogue has. */
const SCRIPTS: Record<string, string[]> = {
  Latin: codePoints(0x61, 0x7a),
  'Latin with diacritics': codePoints(0xe0, 0xff),
  Cyrillic: codePoints(0x430, 0x44f),
  Greek: codePoints(0x3b1, 0x3c9),
  Arabic: codePoints(0x628, 0x64a),
  Hebrew: codePoints(0x5d0, 0x5ea),
  Devanagari: codePoints(0x915, 0x939),
  CJK: codePoints(0x4e00, 0x4fff),
  katakana: codePoints(0x30a1, 0x30fa),
  'squared katakana': codePoints(0x3300, 0x3357),
  'compatibility characters': [...'ﬀﬁﬂﬃﬄ㎏㎒㍱ⅫⅪ①⑳㈱ｗ'],
  emoji: ['😀', '🔧', '🚗', '🛞', '👍🏽', '👨‍👩‍👧', '🇩🇪'],
  'combining marks': codePoints(0x300, 0x36f).map((mark) => `e${mark}`),
};

const madeUpWord = (letters: string[]) =>
  fc.array(fc.constantFrom(...letters), { minLength: 5, maxLength: 60 }).map((chosen) => chosen.join(''));

/** Up to 12 long made-up words, of one script or each of its own. */
const madeUpSearch = fc
  .oneof(
    fc.constantFrom(...Object.values(SCRIPTS)).chain((letters) => fc.array(madeUpWord(letters), { minLength: 1, maxLength: 12 })),
    fc.array(
      fc.constantFrom(...Object.values(SCRIPTS)).chain((letters) => madeUpWord(letters)),
      { minLength: 1, maxLength: 12 },
    ),
  )
  .map((words) => words.join(' '));

/**
 * What one search may ask of the database: its statements (the page, the counts, the typo variants'
 * lookup, the page's parts and what they are shown with, a search that found nothing recorded) and
 * what they send. Every typo variant of 8 long made-up words was over a million characters.
 */
const SEARCH_WORK = { statements: 12, characters: 60_000 };

// --- Answers and data ---------------------------------------------------------------------------

/** What is wrong with an answer to a malformed request, or undefined when it is a proper 4xx problem. */
function problemWithAnswer(res: LightMyRequestResponse): string | undefined {
  if (res.statusCode < 400 || res.statusCode >= 500) return `status ${res.statusCode}, expected a 4xx`;
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('application/problem+json')) return `content type ${type}, expected application/problem+json`;
  let body: { status?: unknown; title?: unknown };
  try {
    body = res.json();
  } catch {
    return 'the body is not JSON';
  }
  if (body.status !== res.statusCode) return `body.status ${String(body.status)} differs from the HTTP status ${res.statusCode}`;
  if (typeof body.title !== 'string' || body.title === '') return 'the problem has no title';
  return undefined;
}

async function tableNames(ctx: TestContext): Promise<string[]> {
  const { db } = ctx.database;
  const query =
    ctx.engine === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`
      : sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`;
  return (await query.execute(db)).rows.map((row) => row.name);
}

/** Row count and a hash of every row of every table, rows in a stable order. */
async function fingerprint(ctx: TestContext, tables: string[]): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(ctx.database.db);
    const lines = rows.map((row) => JSON.stringify(row, Object.keys(row).sort())).sort();
    result[table] = `${rows.length} rows ${createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)}`;
  }
  return result;
}

// --- The tests -----------------------------------------------------------------------------------

/** fast-check's seed: random per run (fast-check prints it with the shrunk case on failure); FUZZ_SEED replays one. */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/**
 * A GET that declares no parameter reads no input at all: nothing can be malformed, and a 2xx is the
 * right answer whatever unknown query parameters come along. For these the rule is only: never a 5xx,
 * and an error is problem+json. Every other operation must answer every case with a 4xx.
 */
const readsNoInput = (operation: Operation) => operation.method === 'GET' && operation.parameters.length === 0;

describeOnEachEngine(
  'a fuzz pass over the OpenAPI document: malformed input gets a 4xx problem+json and changes no data',
  (ctx) => {
    let operations: Operation[];
    let accounts: Record<Exclude<Caller, 'visitor'>, TestAccount>;
    let targets: Targets;
    let tables: string[];
    const runs = () => (ctx.engine === 'sqlite' ? 200 : 60);

    beforeAll(async () => {
      const res = await ctx.app.inject('/api/openapi.json');
      operations = operationsOf(res.json() as OpenApiDocument);
      const customer = await signInAs(ctx.app, ctx.database.db, 'customer');
      const admin = await signInAs(ctx.app, ctx.database.db, 'admin');
      accounts = { customer, owner: customer, admin };
      targets = await makeTargets(ctx, customer);
      tables = await tableNames(ctx);
    });

    it('knows every operation of the document', () => {
      expect(operations.map((operation) => operation.key).sort()).toEqual(Object.keys(CALLER).sort());
    });

    // Well formed, but what no one customer may hold: one line of every part in stock, at its whole
    // stock (in whole packs), from the demo catalogue (31 parts, about $1.37M), as a fresh account.
    it('POST /api/orders: a whole-catalogue order from a fresh customer', async () => {
      for (const part of demoParts) {
        await insertPart(ctx.database.db, {
          price_cents: part.priceCents,
          stock: part.stock,
          pack_size: part.packSize ?? 1,
          price_tiers: JSON.stringify(part.priceTiers ?? []),
        });
      }
      const lines: { partId: string; quantity: number }[] = [];
      for (let page = 1; ; page += 1) {
        const listed = (await ctx.app.inject(`/api/parts?inStock=true&limit=60&page=${page}`)).json() as {
          items: { id: string; stock: number; packSize: number }[];
        };
        for (const part of listed.items) {
          lines.push({ partId: part.id, quantity: part.stock - (part.stock % part.packSize) });
        }
        if (listed.items.length < 60) break;
      }
      expect(lines.length).toBeGreaterThanOrEqual(demoParts.length);
      const fresh = await signInAs(ctx.app, ctx.database.db, 'customer');
      const before = await fingerprint(ctx, tables);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { origin: TEST_ORIGIN, cookie: fresh.cookie },
        payload: { lines, phone: TEST_PHONE, address: TEST_ADDRESS },
      });
      expect(problemWithAnswer(res), res.body.slice(0, 300)).toBeUndefined();
      expect(res.json()).toMatchObject({ status: 409, code: 'unpaid_value_exceeded' });
      expect(await fingerprint(ctx, tables), 'no table changed').toEqual(before);
    });

    for (const key of Object.keys(CALLER)) {
      it(key, { timeout: 60_000 }, async () => {
        const operation = operations.find((candidate) => candidate.key === key);
        if (!operation) throw new Error(`${key} is not in the document`);
        const caller = CALLER[key]!;
        const cookie = caller === 'visitor' ? undefined : accounts[caller].cookie;
        const headers = { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) };
        // Every table, better-auth's sessions included: a session is only refreshed on reads once it is
        // a day old (better-auth's updateAge), so none of the fuzz's reads may touch it either.
        const before = await fingerprint(ctx, tables);

        if (readsNoInput(operation)) {
          const unknownParameters = fc.array(fc.tuple(nastyText, nastyText), { minLength: 1, maxLength: 3 });
          await fc.assert(
            fc.asyncProperty(unknownParameters, async (query) => {
              const res = await ctx.app.inject({ method: operation.method, url: urlOf(operation.path, query), headers });
              if (res.statusCode >= 500 || (res.statusCode >= 400 && problemWithAnswer(res))) {
                throw new Error(`${res.statusCode} ${String(res.headers['content-type'])}: ${res.body.slice(0, 300)}`);
              }
            }),
            { numRuns: 20, seed: SEED },
          );
        } else {
          await fc.assert(
            fc.asyncProperty(caseGenerator(operation, targets, validBodies(targets)[key]), async (fuzz) => {
              const res = await ctx.app.inject({
                method: operation.method,
                url: urlOf(fuzz.path, fuzz.query),
                headers: {
                  ...headers,
                  ...(fuzz.body.contentType ? { 'content-type': fuzz.body.contentType } : {}),
                  ...fuzz.headers,
                },
                ...(fuzz.body.payload !== undefined ? { payload: fuzz.body.payload } : {}),
              });
              const wrong = problemWithAnswer(res);
              if (wrong) throw new Error(`${wrong}: ${res.body.slice(0, 300)}`);
            }),
            { numRuns: runs(), seed: SEED },
          );
        }

        expect(await fingerprint(ctx, tables), 'no table changed').toEqual(before);
      });
    }

    // Shapes that break the machinery before any schema looks at them: a parser, a guard walking the
    // body, the code that hands a body on to the auth library, the multipart reader. Sent to every
    // operation that takes a body, by a visitor (the guard must answer first) and by its caller.
    const unsafeKeys = Object.keys(CALLER).filter((key) => !key.startsWith('GET '));
    for (const key of unsafeKeys) {
      it(`${key}: hostile shapes`, { timeout: 60_000 }, async () => {
        const operation = operations.find((candidate) => candidate.key === key);
        if (!operation) throw new Error(`${key} is not in the document`);
        const path = operation.path.replace(/\{(\w+)\}/g, (_all, name: string) => realPathValue(operation, name, targets));
        const caller = CALLER[key]!;
        const before = await fingerprint(ctx, tables);
        const valid = validBodies(targets)[key];
        for (const cookie of [undefined, caller === 'visitor' ? undefined : accounts[caller].cookie]) {
          for (const shape of hostileShapes(valid)) {
            const res = await ctx.app.inject({
              method: operation.method,
              url: path,
              headers: { origin: TEST_ORIGIN, 'content-type': shape.contentType, ...(cookie ? { cookie } : {}) },
              payload: shape.payload,
            });
            const wrong = problemWithAnswer(res);
            if (wrong) throw new Error(`${shape.kind} (${cookie ? caller : 'visitor'}): ${wrong}: ${res.body.slice(0, 300)}`);
          }
        }
        expect(await fingerprint(ctx, tables), 'no table changed').toEqual(before);
      });
    }

    // Well formed, but long made-up words in any script as the search of every operation that takes
    // one (`q`): each answer is a 2xx or a 4xx problem, and the work asked of the database is bounded.
    it('long made-up words in every script, as every search', { timeout: 120_000 }, async () => {
      const searches = operations.filter(
        (operation) => operation.method === 'GET' && operation.parameters.some((p) => p.in === 'query' && p.name === 'q'),
      );
      expect(searches.map((operation) => operation.key)).toEqual(expect.arrayContaining(['GET /api/parts', 'GET /api/users']));
      const squaredKatakana = Array.from({ length: 8 }, (_, w) =>
        SCRIPTS['squared katakana']!.slice(w * 11, w * 11 + 11).join(''),
      );
      for (const operation of searches) {
        const caller = CALLER[operation.key]!;
        const cookie = caller === 'visitor' ? undefined : accounts[caller].cookie;
        const path = operation.path.replace(/\{(\w+)\}/g, (_all, name: string) => realPathValue(operation, name, targets));
        await fc.assert(
          fc.asyncProperty(madeUpSearch, async (text) => {
            const { result: res, ...work } = await databaseWork(() =>
              ctx.app.inject({ url: urlOf(path, [['q', text]]), headers: cookie ? { cookie } : {} }),
            );
            const wrong = res.statusCode >= 200 && res.statusCode < 300 ? undefined : problemWithAnswer(res);
            if (wrong) throw new Error(`${operation.key}: ${wrong}: ${res.body.slice(0, 300)}`);
            if (work.statements > SEARCH_WORK.statements || work.characters > SEARCH_WORK.characters) {
              throw new Error(`${operation.key}: ${work.statements} statements sending ${work.characters} characters`);
            }
          }),
          { numRuns: ctx.engine === 'sqlite' ? 100 : 40, seed: SEED, examples: [[squaredKatakana.join(' ')]] },
        );
      }
    });
  },
  // A 429 would hide what the handler does with the input: the global limit is lifted for this file
  // (the per-route abuse limits are relaxed for every test already). What one customer's unpaid orders
  // may come to is MAX_UNPAID_VALUE's default, $10,000.
  { config: { rateLimitPerMinute: 1_000_000, maxUnpaidValueCents: 1_000_000 } },
);
