// Two nodes, one shop (docs/decisions/0009-stateless-nodes.md): two processes of the built server on
// one PostgreSQL, Redis and S3 bucket. Whatever a request needs must be shared, not kept in one process. No browser: the test
// speaks HTTP to each node directly, as the load balancer in front of them would.
import { expect, test } from '@playwright/test';
import pg from 'pg';
import sharp from 'sharp';
import {
  AUTH_PER_MINUTE,
  METRICS_TOKEN,
  SHOP_URL,
  type ShopNode,
  type TwoNodes,
  missingForTwoNodes,
  startTwoNodes,
} from './support/two-nodes';
import { uniqueSku } from './support/catalogue-api';
import { bookingBody } from './support/orders';

const ADMIN = { email: 'admin@gearhouse.example', password: 'admin-demo-1' };
const CUSTOMER = { email: 'customer@gearhouse.example', password: 'customer-demo-1' };

test.describe.configure({ mode: 'serial' });

let nodes: TwoNodes;
let clients = 0;
/** A client address of its own per use, sent as X-Forwarded-For (the nodes trust this machine as their proxy). */
const nextClient = () => `198.51.100.${++clients}`;

interface Call {
  method?: string;
  cookie?: string;
  json?: unknown;
  body?: FormData;
  client?: string;
  headers?: Record<string, string>;
}

function call(node: ShopNode, urlPath: string, { method = 'GET', cookie, json, body, client, headers = {} }: Call = {}) {
  return fetch(`${node.url}${urlPath}`, {
    method,
    headers: {
      origin: SHOP_URL,
      'x-forwarded-for': client ?? '198.51.100.250',
      ...(cookie ? { cookie } : {}),
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: json !== undefined ? JSON.stringify(json) : body,
  });
}

async function signIn(node: ShopNode, account: { email: string; password: string }): Promise<string> {
  const res = await call(node, '/api/auth/sign-in/email', { method: 'POST', json: account, client: nextClient() });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/**
 * Reads until `accept` holds or `withinMs` passed; answers the last value and how long it took (the
 * test reports how soon a change reached the other node, so it polls itself rather than expect.poll).
 */
async function poll<T>(read: () => Promise<T>, accept: (value: T) => boolean, withinMs = 2000) {
  const started = Date.now();
  let value = await read();
  while (!accept(value) && Date.now() - started < withinMs) {
    // The step between two reads of the condition, not a wait for anything.
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return { value, ms: Date.now() - started };
}

test.beforeAll(async () => {
  const missing = await missingForTwoNodes();
  test.skip(missing !== undefined, missing);
  test.setTimeout(180_000);
  nodes = await startTwoNodes();
});

test.afterAll(async () => {
  await nodes?.stop();
});

test('a session made on one node works on the other, and signing out on one ends it on both', async () => {
  const cookie = await signIn(nodes.a, CUSTOMER);
  const me = await call(nodes.b, '/api/me', { cookie });
  expect(me.status).toBe(200);
  expect(await me.json()).toMatchObject({ user: { email: CUSTOMER.email } });

  const other = await signIn(nodes.b, CUSTOMER);
  expect((await call(nodes.a, '/api/me', { cookie: other })).status).toBe(200);
  expect((await call(nodes.b, '/api/auth/sign-out', { method: 'POST', cookie: other, json: {} })).status).toBe(200);
  expect((await call(nodes.a, '/api/me', { cookie: other })).status).toBe(401);
  expect((await call(nodes.a, '/api/me', { cookie })).status).toBe(200);
});

let partId: string;
let customerCookie: string;
let adminCookie: string;

test('a picture uploaded through one node is served by the other (from the shared bucket)', async () => {
  adminCookie = await signIn(nodes.a, ADMIN);
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'red.png');
  const uploaded = await call(nodes.a, '/api/uploads', { method: 'POST', cookie: adminCookie, body: form });
  expect(uploaded.status, await uploaded.clone().text()).toBe(201);
  const { url } = (await uploaded.json()) as { url: string };
  expect(url).toMatch(/^\/uploads\//);

  const served = await call(nodes.b, url);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toMatch(/^image\//);
  expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0);
  // Neither node's own folder has it: it is in the bucket.
  const key = url.slice('/uploads/'.length);
  expect((await nodes.s3.keys()).some((k) => k.endsWith(key))).toBe(true);

  const categories = (await (await call(nodes.a, '/api/categories')).json()) as { items: { id: string }[] };
  const created = await call(nodes.a, '/api/parts', {
    method: 'POST',
    cookie: adminCookie,
    json: {
      name: 'Two-node test crankshaft',
      description: 'Booked from two nodes at once.',
      priceCents: 4200,
      stock: 240,
      minOrderQuantity: 12,
      imageUrl: url,
      sku: uniqueSku(),
      categoryId: categories.items[0]!.id,
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  partId = ((await created.json()) as { id: string }).id;
});

test('60 concurrent bookings of 12 against a stock of 240, split across both nodes, never oversell', async () => {
  customerCookie = await signIn(nodes.b, CUSTOMER);
  // Both nodes have the part's page cached before the rush.
  for (const node of [nodes.a, nodes.b]) expect((await call(node, `/api/parts/${partId}`)).status).toBe(200);

  const answers = await Promise.all(
    Array.from({ length: 60 }, (_, i) =>
      call(i % 2 === 0 ? nodes.a : nodes.b, '/api/orders', {
        method: 'POST',
        cookie: customerCookie,
        client: nextClient(),
        json: bookingBody(partId),
      }).then(async (res) => {
        if (res.status === 201) return { status: res.status };
        const problem = (await res.json()) as { code: string; detail: string };
        return { status: res.status, code: problem.code, detail: problem.detail };
      }),
    ),
  );
  const placed = answers.filter((a) => a.status === 201);
  expect(placed).toHaveLength(20);
  // Refused for want of stock: by the form's check when the stock read was already too low (400 on
  // the quantity), or by the conditional stock update when another booking took it meanwhile (409).
  const refused = (a: (typeof answers)[number]) =>
    (a.status === 409 && a.code === 'insufficient_stock') || (a.status === 400 && a.code === 'validation_failed');
  expect(
    answers.filter((a) => a.status !== 201 && !refused(a)),
    'every other booking is refused for want of stock',
  ).toEqual([]);
  expect(answers.filter(refused)).toHaveLength(40);

  const db = new pg.Client({ connectionString: nodes.databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ orders: string; stock: number }>(
      'select (select count(*) from order_lines where part_id = $1) as orders, (select stock from part_stock where part_id = $1) as stock',
      [partId],
    );
    expect(Number(rows[0]?.orders)).toBe(20);
    expect(rows[0]?.stock).toBe(0);
  } finally {
    await db.end();
  }
  // And both nodes say so, though each had the part cached before.
  for (const node of [nodes.a, nodes.b]) {
    const { value } = await poll(
      async () => ((await (await call(node, `/api/parts/${partId}`)).json()) as { stock: number }).stock,
      (stock) => stock === 0,
    );
    expect(value).toBe(0);
  }
});

test("an admin's change on one node shows on the other at once (price A→B, settings B→A)", async () => {
  const priceOnB = async () =>
    ((await (await call(nodes.b, `/api/parts/${partId}`)).json()) as { priceCents: number }).priceCents;
  expect(await priceOnB()).toBe(4200); // cached on B now
  const patched = await call(nodes.a, `/api/parts/${partId}`, {
    method: 'PATCH',
    cookie: adminCookie,
    json: { priceCents: 4650 },
  });
  expect(patched.status).toBe(200);
  const price = await poll(priceOnB, (cents) => cents === 4650);
  expect(price.value).toBe(4650);
  console.log(`price change on A seen on B after ${price.ms} ms`);

  const textOnA = async () =>
    ((await (await call(nodes.a, '/api/settings')).json()) as { flashDealDiscountText: string }).flashDealDiscountText;
  const before = await textOnA(); // cached on A now
  const changed = await call(nodes.b, '/api/settings', {
    method: 'PATCH',
    cookie: adminCookie,
    json: { flashDealEndsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(), flashDealPercent: 37 },
  });
  expect(changed.status, await changed.clone().text()).toBe(200);
  expect(before).not.toBe('37% OFF');
  const text = await poll(textOnA, (value) => value === '37% OFF');
  expect(text.value).toBe('37% OFF');
  console.log(`settings change on B seen on A after ${text.ms} ms`);
});

test('a sign-in rate limit hit on one node holds on the other', async () => {
  const client = nextClient();
  const attempt = (node: ShopNode, from = client) =>
    call(node, '/api/auth/sign-in/email', {
      method: 'POST',
      client: from,
      json: { email: CUSTOMER.email, password: 'a-wrong-guess-1' },
    });
  for (let i = 0; i < AUTH_PER_MINUTE; i++) expect((await attempt(nodes.a)).status).toBe(401);
  const limited = await attempt(nodes.b);
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  // Counted per client (the address the proxy forwarded), not per proxy.
  expect((await attempt(nodes.b, nextClient())).status).toBe(401);
});

test("both nodes' metrics together count every order placed", async () => {
  const placedOn = async (node: ShopNode) => {
    const res = await call(node, '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    const line = (await res.text()).split('\n').find((l) => l.startsWith('orders_placed_total'));
    return Number(line?.split(' ')[1] ?? 0);
  };
  const [a, b] = [await placedOn(nodes.a), await placedOn(nodes.b)];
  expect(a).toBeGreaterThan(0);
  expect(b).toBeGreaterThan(0);
  expect(a + b).toBe(20);
});
