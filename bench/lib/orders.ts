import autocannon from 'autocannon';
import { smallestAllowedQuantity } from '../../src/shared/pricing';
import { bookingBody, TEST_ADDRESS, TEST_PHONE } from '../../src/server/testing/booking';
import { cpuMsOf, type LoadResult, postgresCpuMs } from './load';
import { BENCH_METRICS_TOKEN } from './server';

export const DEMO_ADMIN = { email: 'admin@gearhouse.example', password: 'admin-demo-1' };
const DEMO_CUSTOMER = { email: 'customer@gearhouse.example', password: 'customer-demo-1' };

/** Sessions already made, by server and address: sign-ins are rate-limited, so each account signs in once a server. */
const sessions = new Map<string, Promise<string>>();

/** Signs a demo account in as the web app does (once per server), and answers its session cookie. */
export function signIn(url: string, account: { email: string; password: string }): Promise<string> {
  const key = `${url} ${account.email}`;
  let session = sessions.get(key);
  if (!session) {
    session = newSession(url, account);
    sessions.set(key, session);
  }
  return session;
}

async function newSession(url: string, account: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`sign-in of ${account.email} answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

interface ListedPart {
  id: string;
  minOrderQuantity: number;
  stock: number;
  packSize: number;
}

/** The newest `count` demo parts, with their stock raised by the admin so a run never runs out. */
export async function restockedParts(url: string, admin: string, count: number) {
  const list = (await (await fetch(`${url}/api/parts?limit=${count}`)).json()) as { items: ListedPart[] };
  if (list.items.length < count) throw new Error(`the demo catalogue has fewer than ${count} parts`);
  const restock = async () => {
    for (const part of list.items) {
      const res = await fetch(`${url}/api/parts/${part.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', cookie: admin, origin: url },
        body: JSON.stringify({ stock: 1_000_000 }),
      });
      if (!res.ok) throw new Error(`restocking answered ${res.status}: ${await res.text()}`);
    }
  };
  return { parts: list.items, restock };
}

/** Customers signed up for the benchmark, by server: the first `n` of them, made once. */
const benchCustomers = new Map<string, string[]>();

/**
 * `n` customers of their own (new accounts, signed up through the API), so that bookings spread over
 * customers as a shop's do; needs the server's AUTH_RATE_LIMIT_PER_MINUTE above `n`.
 */
export async function customersOf(url: string, n: number): Promise<string[]> {
  const made = benchCustomers.get(url) ?? [];
  benchCustomers.set(url, made);
  while (made.length < n) {
    const res = await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({
        name: `Bench Customer ${made.length + 1}`,
        email: `bench-${made.length + 1}-${Date.now()}@example.com`,
        password: 'bench-password-0123',
      }),
    });
    if (!res.ok) throw new Error(`signing up a bench customer answered ${res.status}: ${await res.text()}`);
    made.push(
      res.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0])
        .join('; '),
    );
  }
  return made.slice(0, n);
}

/** The mails the server's outbox has not sent yet (its metrics' `mail_outbox_mails{state="pending"}`). */
async function pendingMails(url: string): Promise<number> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } });
  if (!res.ok) throw new Error(`the metrics answered ${res.status}`);
  const pending = /^mail_outbox_mails\{state="pending"\} (\d+)$/m.exec(await res.text());
  if (!pending) throw new Error('the metrics carry no count of pending mails');
  return Number(pending[1]);
}

/** Waits until the outbox has sent every mail (up to two minutes); answers how long that took, in seconds. */
export async function outboxDrained(url: string): Promise<number> {
  const started = performance.now();
  while ((await pendingMails(url)) > 0) {
    if (performance.now() - started > 120_000) throw new Error('the outbox did not send its mails within two minutes');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return (performance.now() - started) / 1000;
}

/**
 * Places orders over and over (`POST /api/orders`, 10 connections by default): each answer is a real
 * order — the stock of every line taken in one transaction, the order and its lines written, its mail
 * in the outbox. With `lines: 1` the body is the part page's one-part booking; with more, an order of
 * that many demo parts (each at its smallest allowed quantity), as the cart places it. With
 * `customers: 1` every order is the demo customer's; with more, the requests take turns among that
 * many customers of their own. With `spread` above 1, one-line orders take turns among that many
 * demo parts instead of all booking the same one.
 *
 * An order's mail is sent by the outbox in the background, and a server that books faster than it
 * sends leaves a queue behind that a run's answers do not show: each run starts with the outbox
 * empty and ends when it is empty again, and the rate and the CPU time an order cost count the time
 * and work of sending the run's mails (`drainSeconds`: how long that took after the last answer).
 */
export async function measureOrders(
  url: string,
  label: string,
  {
    connections = 10,
    seconds = 8,
    warmupSeconds = 2,
    lines = 1,
    customers = 1,
    spread = 1,
    serverPid,
    postgresCpu = false,
  }: {
    connections?: number;
    seconds?: number;
    warmupSeconds?: number;
    lines?: number;
    customers?: number;
    spread?: number;
    /** The server process, whose CPU time per order is measured over the run. */
    serverPid?: number | undefined;
    /** The CPU time of this machine's PostgreSQL processes per order too. */
    postgresCpu?: boolean;
  } = {},
): Promise<LoadResult> {
  const admin = await signIn(url, DEMO_ADMIN);
  const customer = await signIn(url, DEMO_CUSTOMER);
  const cookies = customers === 1 ? [customer] : await customersOf(url, customers);
  let turn = 0;
  const { parts, restock } = await restockedParts(url, admin, lines === 1 ? spread : lines);
  const bodies =
    lines === 1
      ? parts.map((part) => JSON.stringify(bookingBody(part)))
      : [
          JSON.stringify({
            lines: parts.map((part) => ({ partId: part.id, quantity: smallestAllowedQuantity(part) })),
            phone: TEST_PHONE,
            address: TEST_ADDRESS,
          }),
        ];
  const options = {
    url: `${url}/api/orders`,
    connections,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', cookie: customer, origin: url },
    body: bodies[0],
    // Per request (autocannon calls a request's own setupRequest, not one given beside them): the
    // next customer's session and the next part.
    requests: [
      {
        setupRequest: (request: autocannon.Request) => {
          turn += 1;
          return {
            ...request,
            headers: { ...request.headers, cookie: cookies[turn % cookies.length]! },
            body: bodies[turn % bodies.length]!,
          };
        },
      },
    ],
  };
  await restock();
  await autocannon({ ...options, duration: warmupSeconds });
  await restock();
  await outboxDrained(url);
  const serverBefore = serverPid ? cpuMsOf(serverPid) : 0;
  const databaseBefore = postgresCpu ? postgresCpuMs() : undefined;
  const result = await autocannon({ ...options, duration: seconds });
  const drainSeconds = await outboxDrained(url);
  const perOrder = (ms: number) => (ms * 1000) / Math.max(1, result.requests.total);
  const databaseAfter = databaseBefore === undefined ? undefined : postgresCpuMs();
  return {
    label,
    requestsPerSecond: result.requests.total / (result.duration + drainSeconds),
    drainSeconds,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    ...(serverPid ? { cpuMicrosPerRequest: perOrder(cpuMsOf(serverPid) - serverBefore) } : {}),
    ...(databaseBefore !== undefined && databaseAfter !== undefined
      ? { databaseCpuMicrosPerRequest: perOrder(databaseAfter - databaseBefore) }
      : {}),
  };
}

/**
 * The demo customer's cart of `lines` parts, and the request that reads it: `GET /api/cart` prices
 * every line from today's parts, so it is measured against `GET /api/parts/:id` in the same run.
 */
export async function filledCart(url: string, lines: number): Promise<{ cookie: string; partId: string }> {
  const admin = await signIn(url, DEMO_ADMIN);
  const customer = await signIn(url, DEMO_CUSTOMER);
  const { parts, restock } = await restockedParts(url, admin, lines);
  await restock();
  for (const part of parts) {
    const res = await fetch(`${url}/api/cart/lines/${part.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: customer, origin: url },
      body: JSON.stringify({ quantity: smallestAllowedQuantity(part) }),
    });
    if (!res.ok) throw new Error(`filling the cart answered ${res.status}: ${await res.text()}`);
  }
  return { cookie: customer, partId: parts[0]!.id };
}

/** What the orders section measures on one engine. */
export interface OrderSeries {
  engine: string;
  /** One line, the demo customer, 10 connections: the figure the goals are set on. */
  oneLine: LoadResult;
  /** Five lines, the same. */
  fiveLines: LoadResult;
  /** One line, the requests taking turns among 20 customers and 20 parts, at 10, 50 and 200 connections. */
  byConnections: LoadResult[];
}

/** The connections the series is measured at, so a change in how the cost grows shows. */
export const ORDER_CONNECTIONS = [10, 50, 200] as const;
/** How many customers, and how many parts, the series' orders take turns among. */
export const ORDER_CUSTOMERS = 20;
/** How long a fresh server books before the series is measured. */
const SERVER_WARMUP_SECONDS = 8;

/**
 * The orders section on one engine, with the server's CPU time per order and, for a PostgreSQL on
 * this machine (`postgresCpu`), its processes' too: on one machine both share the cores.
 */
export async function measureOrderSeries(
  url: string,
  engine: string,
  seconds: number,
  cpu: { serverPid: number; postgresCpu?: boolean },
): Promise<OrderSeries> {
  // Not counted: a fresh server process, whose booking code V8 has not yet compiled to machine code.
  // A shop's server runs for days; measured from its first seconds, the first line spent up to half
  // as much CPU again an order as the same line measured a minute later.
  await measureOrders(url, `warm-up (${engine})`, {
    seconds: SERVER_WARMUP_SECONDS,
    customers: ORDER_CUSTOMERS,
    spread: ORDER_CUSTOMERS,
  });
  const oneLine = await measureOrders(url, `one line (${engine})`, { seconds, ...cpu });
  const fiveLines = await measureOrders(url, `five lines (${engine})`, { seconds, lines: 5, ...cpu });
  const byConnections: LoadResult[] = [];
  for (const connections of ORDER_CONNECTIONS) {
    byConnections.push(
      await measureOrders(url, `${ORDER_CUSTOMERS} customers and parts, ${connections} connections (${engine})`, {
        seconds,
        connections,
        customers: ORDER_CUSTOMERS,
        spread: ORDER_CUSTOMERS,
        ...cpu,
      }),
    );
  }
  return { engine, oneLine, fiveLines, byConnections };
}
