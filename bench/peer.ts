// The shop against a peer: Vendure 3.7 with its sample catalogue (bench/lib/vendure.ts), measured in
// one run, taking turns, with the shop's public response cache off.
import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import { smallestAllowedQuantity } from '../src/shared/pricing';
import { TEST_ADDRESS, TEST_PHONE } from '../src/server/testing/booking';
import { cpuMsOf, LOAD_HEADERS, type LoadResult, percentile, runKeepingLatencies } from './lib/load';
import { customersOf, DEMO_ADMIN, outboxDrained, restockedParts, signIn } from './lib/orders';
import { startBuiltServer } from './lib/server';
import {
  listingRequest,
  PeerUnavailable,
  peerInstalled,
  productRequest,
  type RunningPeer,
  setUpPeer,
  startPeer,
  vendureCustomers,
} from './lib/vendure';

export { PeerUnavailable };

/** How many times Vendure's rate the shop must reach. */
export const PEER_GOALS = { catalogue: 5, search: 5, product: 10, orders: 10 } as const;
/** Connections of each side's reads; customers each placing one order after another. */
const CONNECTIONS = 10;
const CUSTOMERS = 10;
/** A round of orders places new ones this long, then waits for those under way and the work they left. */
const ORDER_ROUND_SECONDS = 5;

export interface PeerBudget {
  name: string;
  figure: string;
  holds: boolean;
}

/** One side's figures over its rounds. */
interface Rounds {
  count: number;
  seconds: number;
  cpuMs: number;
  /** Each round's p99 (reads), or each order's time (orders). */
  latencies: number[];
  failures: number;
}

const noRounds = (): Rounds => ({ count: 0, seconds: 0, cpuMs: 0, latencies: [], failures: 0 });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const toResult = (label: string, r: Rounds, p99Ms: number): LoadResult => ({
  label,
  requestsPerSecond: r.count / Math.max(r.seconds, 1e-9),
  p99Ms,
  non2xx: r.failures,
  errors: 0,
  cpuMicrosPerRequest: (r.cpuMs * 1000) / Math.max(1, r.count),
});

interface ReadSide {
  pid: number;
  request: autocannon.Options;
}

/**
 * Both sides in one-second rounds, taking turns (who goes first alternating too) after two seconds of
 * warm-up each, as the public GETs are measured, so both meet the machine's slow and fast moments alike.
 */
async function takeTurns(label: string, sides: [ReadSide, ReadSide], seconds: number): Promise<LoadResult[]> {
  const rounds = [noRounds(), noRounds()];
  for (const side of sides) await runKeepingLatencies({ ...side.request, connections: CONNECTIONS, duration: 2 });
  for (let i = 0; i < seconds; i++) {
    for (const s of i % 2 === 0 ? [0, 1] : [1, 0]) {
      const { pid, request } = sides[s]!;
      const into = rounds[s]!;
      const cpuBefore = cpuMsOf(pid);
      const { result, p99Ms } = await runKeepingLatencies({ ...request, connections: CONNECTIONS, duration: 1 });
      into.cpuMs += cpuMsOf(pid) - cpuBefore;
      into.count += result.requests.total;
      into.seconds += result.duration;
      into.latencies.push(p99Ms);
      into.failures += result.non2xx + result.errors + result.timeouts;
    }
  }
  return rounds.map((r) => toResult(label, r, median(r.latencies)));
}

interface OrderSide {
  pid: number;
  /** Customer number `customer` places its order: cart, order, payment, each answer checked. */
  placeOrder(customer: number, turn: number): Promise<void>;
  /** Waits for the work the round's orders left behind (the shop's mails, Vendure's index jobs). */
  settle(): Promise<unknown>;
}

/** One round: every customer orders again and again for `seconds`; it ends when the last order and its work are done. */
async function orderRound(side: OrderSide, seconds: number, into: Rounds, errors: string[]): Promise<void> {
  const started = performance.now();
  const cpuBefore = cpuMsOf(side.pid);
  let turn = 0;
  const customer = async (n: number) => {
    while (performance.now() - started < seconds * 1000) {
      const orderStarted = performance.now();
      try {
        await side.placeOrder(n, (turn += 1));
        into.count += 1;
        into.latencies.push(performance.now() - orderStarted);
      } catch (error) {
        into.failures += 1;
        if (errors.length < 3) errors.push(error instanceof Error ? error.message : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: CUSTOMERS }, (_, n) => customer(n)));
  await side.settle();
  into.seconds += (performance.now() - started) / 1000;
  into.cpuMs += cpuMsOf(side.pid) - cpuBefore;
}

/** The shop's customers: each order a cart line, the cart's order, its payment intent and a sandbox card payment. */
async function shopCustomers(url: string, pid: number): Promise<OrderSide> {
  const { parts, restock } = await restockedParts(url, await signIn(url, DEMO_ADMIN), CUSTOMERS);
  await restock();
  const cookies = await customersOf(url, CUSTOMERS);
  const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' };
  const send = async <T>(cookie: string, method: string, route: string, body: unknown = {}, headers = {}): Promise<T> => {
    const res = await fetch(`${url}${route}`, {
      method,
      headers: { ...LOAD_HEADERS, 'content-type': 'application/json', cookie, origin: url, ...headers },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    return (await res.json()) as T;
  };
  return {
    pid,
    async placeOrder(customer, turn) {
      const cookie = cookies[customer]!;
      const part = parts[turn % parts.length]!;
      const line = { partId: part.id, quantity: smallestAllowedQuantity(part) };
      await send(cookie, 'PUT', `/api/cart/lines/${part.id}`, { quantity: line.quantity });
      const order = await send<{ id: string }>(
        cookie,
        'POST',
        '/api/orders',
        { lines: [line], phone: TEST_PHONE, address: TEST_ADDRESS },
        { 'idempotency-key': randomUUID() },
      );
      const intent = await send<{ clientSecret: string }>(cookie, 'POST', `/api/orders/${order.id}/payment-intent`);
      await send(cookie, 'POST', `/api/orders/${order.id}/payment`, { clientSecret: intent.clientSecret, card });
    },
    settle: () => outboxDrained(url),
  };
}

/** An answer as a client reads it, for the sizes and counts printed beside the figures. */
async function answerOf(request: Pick<autocannon.Options, 'url' | 'method' | 'body'>): Promise<string> {
  const init = request.body
    ? { method: request.method, headers: { 'content-type': 'application/json' }, body: request.body.toString() }
    : {};
  return (await fetch(request.url, init)).text();
}

/**
 * Sets Vendure up when asked to (`install`), starts it and the shop with its response cache off, and
 * measures both side by side: the catalogue page, a search, one product, and customers' orders.
 */
export async function measureAgainstPeer(seconds: number, { install }: { install: boolean }): Promise<PeerBudget[]> {
  if (install) setUpPeer();
  else if (!peerInstalled()) throw new PeerUnavailable('not installed (`npm run bench -- --only=peer` installs it)');
  const shop = await startBuiltServer({ RESPONSE_CACHE_SECONDS: '0' });
  let peer: RunningPeer | undefined;
  try {
    peer = await startPeer();
    const first = (await (await fetch(`${shop.url}/api/parts?limit=1`)).json()) as { items: { id: string }[] };
    if (!first.items[0]) throw new Error('the demo catalogue is empty');
    const itemsOf = (ours: string, theirs: string) =>
      `${(JSON.parse(ours) as { items: unknown[] }).items.length} vs ${(JSON.parse(theirs) as { data: { search: { items: unknown[] } } }).data.search.items.length} items, `;
    const reads = [
      {
        goal: PEER_GOALS.catalogue,
        label: 'catalogue page, 24 items',
        ours: '/api/parts?limit=24',
        theirs: listingRequest(peer.url),
        items: itemsOf,
      },
      {
        goal: PEER_GOALS.search,
        label: 'search "brake", 24 items',
        ours: '/api/parts?q=brake&limit=24',
        theirs: listingRequest(peer.url, 'brake'),
        items: itemsOf,
      },
      {
        // Vendure's sample catalogue sells no brakes, and an empty answer costs it less than a full one.
        goal: undefined,
        label: 'search "brake", Vendure "shoe"',
        ours: '/api/parts?q=brake&limit=24',
        theirs: listingRequest(peer.url, 'shoe'),
        items: itemsOf,
      },
      {
        goal: PEER_GOALS.product,
        label: 'one product',
        ours: `/api/parts/${first.items[0].id}`,
        theirs: productRequest(peer.url),
        items: () => '',
      },
    ];

    console.log(
      `\nAgainst a peer, Vendure 3.7 with its sample catalogue; the shop with its response cache off. Reads: ${seconds} one-second rounds a side, taking turns, ${CONNECTIONS} connections.`,
    );
    console.log(
      `  ${''.padEnd(36)} ${'Gearhouse'.padEnd(40)} ${'Vendure'.padEnd(40)} ${'ratio'.padStart(6)}  ${'CPU'.padStart(6)}  goal`,
    );
    const budgets: PeerBudget[] = [];
    const side = (r: LoadResult, unit: string) =>
      `${r.requestsPerSecond.toFixed(r.requestsPerSecond < 10 ? 1 : 0).padStart(5)} ${unit} p99 ${r.p99Ms.toFixed(0).padStart(5)} ms, ${((r.cpuMicrosPerRequest ?? 0) / 1000).toFixed(2).padStart(6)} ms CPU`;
    /** One line of figures; with a goal, a budget too. */
    const report = (label: string, [ours, theirs]: LoadResult[], goal: number | undefined, unit: string, note: string) => {
      const ratio = ours!.requestsPerSecond / Math.max(theirs!.requestsPerSecond, 1e-9);
      // CPU per answer moves less than the rate when other work shares the machine.
      const cpuRatio = (theirs!.cpuMicrosPerRequest ?? 0) / Math.max(ours!.cpuMicrosPerRequest ?? 0, 1e-9);
      const failures = ours!.non2xx + theirs!.non2xx;
      const holds = goal !== undefined && ratio >= goal && failures === 0;
      console.log(
        `  ${label.padEnd(36)} ${side(ours!, unit).padEnd(40)} ${side(theirs!, unit).padEnd(40)} ${`${ratio.toFixed(1)}×`.padStart(6)}  ${`${cpuRatio.toFixed(1)}×`.padStart(6)}  ${goal === undefined ? 'information' : `≥ ${goal}× ${holds ? 'PASS' : 'FAIL'}`}   ${note}${failures ? `, ${failures} failures` : ''}`,
      );
      if (goal === undefined) return;
      budgets.push({
        name: `against Vendure: ${label} ≥ ${goal}×`,
        figure: `${ratio.toFixed(1)}× (${ours!.requestsPerSecond.toFixed(1)} vs ${theirs!.requestsPerSecond.toFixed(1)} ${unit}; CPU ${cpuRatio.toFixed(1)}×)${failures ? `, ${failures} failures` : ''}`,
        holds,
      });
    };
    for (const read of reads) {
      const ours = { url: `${shop.url}${read.ours}`, headers: LOAD_HEADERS };
      const [ourAnswer, theirAnswer] = await Promise.all([answerOf(ours), answerOf(read.theirs)]);
      const note = `${read.items(ourAnswer, theirAnswer)}JSON ${(ourAnswer.length / 1024).toFixed(1)} vs ${(theirAnswer.length / 1024).toFixed(1)} KB`;
      const results = await takeTurns(
        read.label,
        [
          { pid: shop.pid, request: ours },
          { pid: peer.pid, request: read.theirs },
        ],
        seconds,
      );
      report(read.label, results, read.goal, 'req/s', note);
    }

    // Orders take a customer seconds on Vendure: fewer, longer rounds, each side's work done within its own.
    const vendure = await vendureCustomers(peer.url, CUSTOMERS);
    const sides: OrderSide[] = [
      await shopCustomers(shop.url, shop.pid),
      { pid: peer.pid, placeOrder: vendure.placeOrder, settle: vendure.jobsDone },
    ];
    const errors: string[] = [];
    // A round each not counted: the code that orders runs is compiled to machine code as it warms.
    for (const orderSide of sides) await orderRound(orderSide, ORDER_ROUND_SECONDS, noRounds(), errors);
    const roundCount = Math.max(2, Math.round(seconds / 2));
    const rounds = [noRounds(), noRounds()];
    for (let i = 0; i < roundCount; i++) {
      for (const s of i % 2 === 0 ? [0, 1] : [1, 0]) await orderRound(sides[s]!, ORDER_ROUND_SECONDS, rounds[s]!, errors);
    }
    // p99 over every order's time: a round holds too few of Vendure's orders for a p99 of its own.
    report(
      `cart + order + payment, ${CUSTOMERS} customers`,
      rounds.map((r) => toResult('orders', r, percentile(r.latencies, 0.99))),
      PEER_GOALS.orders,
      'orders/s',
      `${rounds[0]!.count} vs ${rounds[1]!.count} orders in ${roundCount} rounds of ${ORDER_ROUND_SECONDS} s a side, each with its mails or index jobs done`,
    );
    for (const error of errors) console.log(`    an order failed: ${error}`);
    console.log(
      '  Vendure sends no mail, caches no answers, compresses none (the shop compresses for the browser’s gzip, br), and runs SQLite without WAL (TypeORM’s default).',
    );
    return budgets;
  } finally {
    await peer?.stop();
    await shop.stop();
  }
}
