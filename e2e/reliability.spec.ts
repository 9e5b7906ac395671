// Reliability, on SQLite and on PostgreSQL, against the built server as a
// process: SIGKILL in the middle of a booking rush loses nothing that was committed and leaves no
// half-written order; SIGTERM finishes every request it accepted, drains the order mails, exits 0,
// and a restart finds every order and every picture whose answer the client saw; SIGKILL between an
// order's commit and the send of its mail loses no mail: the restarted shop sends it, once. No browser.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { multipartFile } from '../src/server/testing/uploads';
import { bookingBody } from './support/orders';
import {
  type Answer,
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  type Engine,
  ShopProcess,
  missingFor,
  send,
  signIn,
} from './support/reliability';

const ENGINES: Engine[] = ['sqlite', 'postgres'];
const CONNECTIONS = 8;
const KILLS = 3;
const PHONE = '+1 555-010-2030';

const shops = new Map<Engine, ShopProcess>();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
let requests = 0;
/** A request id of our own per request (the shop accepts one that looks like one), to find it in the shop's log. */
const nextRequestId = () => `rel-${process.pid}-${++requests}`;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const runnable: Engine[] = [];
  for (const engine of ENGINES) if ((await missingFor(engine)) === undefined) runnable.push(engine);
  // Both first starts (migrations and the demo seed) at once: they take most of this file's time.
  await Promise.all(
    runnable.map(async (engine) => {
      const shop = await ShopProcess.create(engine);
      shops.set(engine, shop);
      await shop.start();
    }),
  );
});

test.afterAll(async () => {
  await Promise.all([...shops.values()].map((shop) => shop.destroy()));
});

async function shopFor(engine: Engine): Promise<ShopProcess> {
  const missing = await missingFor(engine);
  test.skip(missing !== undefined, missing);
  const shop = shops.get(engine);
  if (!shop) throw new Error(`the ${engine} shop did not start`);
  return shop;
}

interface Part {
  id: string;
  minOrderQuantity: number;
}

async function firstPart(shop: ShopProcess): Promise<Part> {
  const list = JSON.parse((await send(false, `${shop.url}/api/parts?limit=1`)).body) as { items: Part[] };
  const part = list.items[0];
  if (!part) throw new Error('the demo catalogue is empty');
  return part;
}

async function setStock(shop: ShopProcess, admin: string, partId: string, stock: number): Promise<void> {
  const answer = await send(false, `${shop.url}/api/parts/${partId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', cookie: admin, origin: shop.url },
    body: JSON.stringify({ stock }),
  });
  expect(answer.status, answer.body).toBe(200);
}

interface Sent {
  requestId: string;
  /** The order's address, unique per request, to find its row. */
  address: string;
  startedAt: number;
}

/** Books `part` over and over on CONNECTIONS keep-alive connections until stopped; every request has its own address. */
function startBookings(shop: ShopProcess, cookie: string, part: Part, tag: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let stopped = false;
  let inFlight = 0;
  let count = 0;
  const answered: (Sent & Answer)[] = [];
  const lost: (Sent & { error: string })[] = [];
  const worker = async () => {
    while (!stopped) {
      const sent = { requestId: nextRequestId(), address: `${tag} #${++count}`, startedAt: Date.now() };
      inFlight++;
      try {
        const answer = await send(agent, `${shop.url}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, origin: shop.url, 'x-request-id': sent.requestId },
          body: JSON.stringify(bookingBody(part, { phone: PHONE, address: sent.address })),
        });
        answered.push({ ...sent, ...answer });
      } catch (error) {
        lost.push({ ...sent, error: String(error) });
      } finally {
        inFlight--;
      }
    }
  };
  const done = Promise.all(Array.from({ length: CONNECTIONS }, worker)).then(() => {
    agent.destroy();
    return { answered, lost, sent: count };
  });
  return {
    get inFlight() {
      return inFlight;
    },
    /** Bookings answered 201 so far. */
    get placed() {
      return answered.filter((answer) => answer.status === 201).length;
    },
    stop() {
      stopped = true;
    },
    done,
  };
}

interface OrderRow {
  id: string;
  user_id: string | null;
  part_id: string;
  part_name: string | null;
  image_url: string | null;
  unit_price_cents: number;
  quantity: number;
  total_cents: number | string;
  customer_name: string | null;
  customer_email: string | null;
  phone: string | null;
  address: string;
  status: string;
  created_at: string | null;
  updated_at: string | null;
}

async function ordersTagged(shop: ShopProcess, tag: string): Promise<OrderRow[]> {
  return shop.query<OrderRow>(
    // Each booking here is of one line; an order written without its line shows as one with no part.
    `select o.id, o.user_id, l.part_id, l.part_name, l.image_url, l.unit_price_cents, l.quantity, o.total_cents,
            o.customer_name, o.customer_email, o.phone, o.address, o.status, o.created_at, o.updated_at
       from orders o left join order_lines l on l.order_id = o.id where o.address like ?`,
    [`${tag} #%`],
  );
}

/** Every order complete: each NOT NULL field set, the total the price times the quantity, still awaiting payment. */
function expectComplete(rows: OrderRow[], part: Part): void {
  for (const row of rows) {
    expect(row, `order ${row.id}`).toMatchObject({
      part_id: part.id,
      quantity: part.minOrderQuantity,
      status: 'pending_payment',
      phone: PHONE,
    });
    for (const column of [
      'user_id',
      'part_name',
      'image_url',
      'customer_name',
      'customer_email',
      'created_at',
      'updated_at',
    ] as const) {
      expect(row[column], `order ${row.id}: ${column}`).toBeTruthy();
    }
    expect(row.unit_price_cents).toBeGreaterThan(0);
    expect(Number(row.total_cents), `order ${row.id}: total`).toBe(row.unit_price_cents * row.quantity);
  }
}

async function stockOf(shop: ShopProcess, partId: string): Promise<number> {
  const [row] = await shop.query<{ stock: number }>('select stock from part_stock where part_id = ?', [partId]);
  return Number(row?.stock);
}

/** What a start must never duplicate: migrations run, demo rows seeded. */
async function bootCounts(shop: ShopProcess) {
  const count = async (table: string) =>
    Number((await shop.query<{ n: number | string }>(`select count(*) as n from ${table}`))[0]?.n);
  return {
    migrations: await count('kysely_migration'),
    parts: await count('parts'),
    users: await count('users'),
    reviews: await count('reviews'),
  };
}

/**
 * An SMTP server that holds a mail to `holdFor` at RCPT TO, never answering, until `accept()`: a shop
 * sending it is caught between the commit that wrote the mail and the end of its send.
 */
async function startHoldingSmtp(holdFor: string) {
  let accepting = false;
  let markHeld!: () => void;
  const held = new Promise<void>((resolve) => (markHeld = resolve));
  const delivered: string[][] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!accepting && address.address === holdFor) {
        markHeld();
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        delivered.push(session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  // The killed shop's connection ends with a reset: expected here, not a failure of the test.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    held,
    accept() {
      accepting = true;
    },
    deliveredTo: (address: string) => delivered.filter((to) => to.includes(address)).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface OutboxRow {
  attempts: number;
  sent_at: string | null;
  claimed_by: string | null;
  last_error: string | null;
}

async function outboxRowsTo(shop: ShopProcess, recipient: string): Promise<OutboxRow[]> {
  return shop.query<OutboxRow>('select attempts, sent_at, claimed_by, last_error from mail_outbox where recipient = ?', [
    recipient,
  ]);
}

for (const engine of ENGINES) {
  test(`SIGKILL during a booking rush on ${engine}: no committed order lost, none half-written, stock adds up`, async () => {
    test.setTimeout(120_000);
    const shop = await shopFor(engine);
    const admin = await signIn(shop, DEMO_ADMIN);
    const customer = await signIn(shop, DEMO_CUSTOMER);
    const part = await firstPart(shop);
    const boot = await bootCounts(shop);
    expect(boot.parts).toBeGreaterThan(0);

    for (let kill = 1; kill <= KILLS; kill++) {
      const stock = 100_000 + kill;
      await setStock(shop, admin, part.id, stock);
      const tag = `Crash lane ${engine} ${kill}-${Date.now()}`;
      const load = startBookings(shop, customer, part, tag);
      const killAfterMs = between(300, 1500);
      await sleep(killAfterMs);
      const inFlightAtKill = load.inFlight;
      load.stop();
      shop.signal('SIGKILL');
      expect((await shop.exited()).signal).toBe('SIGKILL');
      const { answered, lost, sent } = await load.done;

      await shop.start();
      expect(shop.errorLines, 'the start after the kill logged errors').toEqual([]);
      expect(await bootCounts(shop), 'a start after a kill runs no migration and seeds nothing again').toEqual(boot);
      if (engine === 'sqlite') {
        expect(await shop.query('pragma integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      }

      const placed = answered.filter((a) => a.status === 201);
      expect(
        answered.filter((a) => a.status !== 201),
        'before the kill every booking succeeds',
      ).toEqual([]);
      expect(inFlightAtKill, 'the kill came while bookings were in flight').toBeGreaterThan(0);
      expect(lost.length, 'only requests in flight at the kill went unanswered').toBeLessThanOrEqual(inFlightAtKill);

      const rows = await ordersTagged(shop, tag);
      expectComplete(rows, part);
      const ids = new Set(rows.map((row) => row.id));
      const missing = placed.map((a) => (JSON.parse(a.body) as { id: string }).id).filter((id) => !ids.has(id));
      expect(missing, 'every order whose 201 the client saw is in the database').toEqual([]);
      // An order may be committed while its answer was lost in the kill, but only one of those in flight.
      expect(rows.length).toBeGreaterThanOrEqual(placed.length);
      expect(rows.length).toBeLessThanOrEqual(placed.length + lost.length);
      const lostAddresses = new Set(lost.map((l) => l.address));
      expect(rows.filter((row) => !lostAddresses.has(row.address) && !placed.some((p) => p.address === row.address))).toEqual([]);

      const ordered = rows.reduce((sum, row) => sum + row.quantity, 0);
      expect((await stockOf(shop, part.id)) + ordered, 'stock plus the units ordered is the stock set').toBe(stock);
      console.log(
        `${engine} kill ${kill}: after ${killAfterMs} ms, ${sent} bookings sent, ${placed.length} answered 201, ` +
          `${inFlightAtKill} in flight at the kill, ${rows.length} orders in the database (${rows.length - placed.length} committed without an answer)`,
      );
    }
  });

  test(`SIGTERM during bookings and uploads on ${engine}: accepted requests answered, mails drained, exit 0, nothing lost`, async () => {
    test.setTimeout(120_000);
    const shop = await shopFor(engine);
    const admin = await signIn(shop, DEMO_ADMIN);
    const customer = await signIn(shop, DEMO_CUSTOMER);
    const part = await firstPart(shop);
    const stock = 200_000;
    await setStock(shop, admin, part.id, stock);
    const tag = `Drain street ${engine} ${Date.now()}`;
    const mailsBefore = shop.outboxCount();
    const startedAt = new Date().toISOString();
    const uploadUrl = `${shop.url}/api/uploads`;
    const uploadHeaders = (form: { headers: Record<string, string> }, requestId: string) => ({
      ...form.headers,
      cookie: customer,
      origin: shop.url,
      'x-request-id': requestId,
    });

    // A picture that takes sharp a moment to re-encode, so uploads are under way when the signal comes.
    const noisy = await sharp({
      create: { width: 900, height: 700, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .png()
      .toBuffer();
    const small = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2e86c1' } })
      .png()
      .toBuffer();

    // One upload whose body is still arriving when the signal comes: the shop has accepted it and must
    // wait for it, so the test can also see what a new connection gets while the shop drains.
    const slowForm = multipartFile(small, { filename: 'slow.png' });
    const slowId = nextRequestId();
    let slowRequest!: http.ClientRequest;
    const slowAnswer = new Promise<Answer>((resolve, reject) => {
      slowRequest = http.request(
        uploadUrl,
        {
          method: 'POST',
          agent: false,
          headers: { ...uploadHeaders(slowForm, slowId), 'content-length': String(slowForm.payload.length) },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      slowRequest.on('error', reject);
    });
    const half = Math.floor(slowForm.payload.length / 2);
    slowRequest.write(slowForm.payload.subarray(0, half));

    const bookings = startBookings(shop, customer, part, tag);
    let uploadsStopped = false;
    const uploads: { requestId: string; startedAt: number; answer?: Answer; error?: string }[] = [];
    const uploader = async () => {
      while (!uploadsStopped && uploads.length < 10) {
        const form = multipartFile(noisy, { filename: 'noise.png' });
        const upload: (typeof uploads)[number] = { requestId: nextRequestId(), startedAt: Date.now() };
        uploads.push(upload);
        await send(false, uploadUrl, { method: 'POST', headers: uploadHeaders(form, upload.requestId), body: form.payload }).then(
          (answer) => (upload.answer = answer),
          (error: unknown) => (upload.error = String(error)),
        );
      }
    };
    const uploading = Promise.all([uploader(), uploader()]);

    // The signal comes once a booking and an upload have been answered (the checks below want both),
    // however slow the machine, then at a moment of its own within the next 400 ms.
    await expect
      .poll(() => bookings.placed > 0 && uploads.some((u) => u.answer?.status === 201), { timeout: 30_000, intervals: [50] })
      .toBe(true);
    await sleep(between(0, 400));
    const bookingsInFlight = bookings.inFlight;
    const uploadsInFlight = uploads.filter((u) => !u.answer && !u.error).length;
    bookings.stop();
    uploadsStopped = true;
    const signalledAt = Date.now();
    shop.signal('SIGTERM');

    // While the slow upload holds the shop open, a new connection is refused (the port is closed) or answered 503.
    await sleep(300);
    expect(shop.node?.child.exitCode, 'the shop waits for the upload it accepted').toBeNull();
    const probe = await send(false, `${shop.url}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: customer, origin: shop.url },
      body: JSON.stringify(bookingBody(part, { phone: PHONE, address: `${tag} probe` })),
    }).then(
      (answer) => `answered ${answer.status}`,
      (error: unknown) => `failed: ${String(error)}`,
    );
    expect(probe, 'a new connection after the signal').toMatch(
      /^(answered 503|failed: .*(ECONNREFUSED|ECONNRESET|socket hang up))/,
    );

    slowRequest.end(slowForm.payload.subarray(half));
    const slow = await slowAnswer;
    expect(slow.status, slow.body).toBe(201);
    const exit = await shop.exited();
    const exitMs = exit.at - signalledAt;
    expect({ code: exit.code, signal: exit.signal }, shop.output().slice(-4000)).toEqual({ code: 0, signal: null });
    expect(exitMs, 'the shop exits within a few seconds of SIGTERM').toBeLessThan(5000);
    expect(shop.output()).toContain('shutting down: finishing in-flight requests');
    expect(shop.errorLines, 'the shutdown logged errors').toEqual([]);
    const { answered, lost } = await bookings.done;
    await uploading;
    const accepted = shop.acceptedRequests;
    const mailsAfter = shop.outboxCount();
    // This test's order mails, as the database holds them after the exit.
    const [orderMails] = await shop.query<{ written: number | string; unsent: number | string | null }>(
      `select count(*) as written, sum(case when sent_at is null then 1 else 0 end) as unsent
         from mail_outbox where kind = 'order-placed' and created_at >= ?`,
      [startedAt],
    );

    // A request the shop logged as received has its whole answer: the shop accepted it, so it finished it.
    expect(
      lost.filter((l) => accepted.has(l.requestId)),
      'bookings the shop accepted but never answered',
    ).toEqual([]);
    expect(
      uploads.filter((u) => u.error && accepted.has(u.requestId)),
      'uploads the shop accepted but never answered',
    ).toEqual([]);
    expect(answered.filter((a) => a.status !== 201 && a.status !== 503)).toEqual([]);
    const placed = answered.filter((a) => a.status === 201);
    const uploaded = uploads
      .filter((u) => u.answer?.status === 201)
      .map((u) => (JSON.parse(u.answer?.body ?? '') as { url: string }).url);
    uploaded.push((JSON.parse(slow.body) as { url: string }).url);
    expect(uploads.filter((u) => u.answer && u.answer.status !== 201 && u.answer.status !== 503)).toEqual([]);
    expect(placed.length).toBeGreaterThan(0);
    expect(uploaded.length).toBeGreaterThan(1);

    await shop.start();
    expect(shop.errorLines, 'the start after the shutdown logged errors').toEqual([]);
    const rows = await ordersTagged(shop, tag);
    expectComplete(rows, part);
    // Exactly the orders answered 201: nothing committed without an answer, nothing answered without a commit.
    expect(rows.map((row) => row.id).sort()).toEqual(placed.map((a) => (JSON.parse(a.body) as { id: string }).id).sort());
    expect(Number(orderMails?.written), 'one order mail written per order').toBe(rows.length);
    expect(Number(orderMails?.unsent ?? 0), 'every order mail was sent before the exit').toBe(0);
    // Mail that an earlier killed process had claimed may go out in this window too, once its claim ran out.
    expect(mailsAfter - mailsBefore).toBeGreaterThanOrEqual(rows.length);
    const ordered = rows.reduce((sum, row) => sum + row.quantity, 0);
    expect((await stockOf(shop, part.id)) + ordered).toBe(stock);
    for (const url of uploaded) {
      const served = await send(false, `${shop.url}${url}`);
      expect(served.status, `${url} after the restart`).toBe(200);
      expect(served.body.length).toBeGreaterThan(0);
    }
    console.log(
      `${engine} SIGTERM: ${bookingsInFlight} bookings and ${uploadsInFlight + 1} uploads in flight at the signal; ` +
        `${placed.length} orders and ${uploaded.length} uploads answered and found after the restart, ` +
        `${answered.length - placed.length} answered 503, ${lost.length} bookings and ${uploads.filter((u) => u.error).length} uploads ` +
        `never reached the shop; new connection ${probe}; exit 0 after ${exitMs} ms`,
    );
  });
  test(`SIGKILL between an order's commit and its mail on ${engine}: the mail waits in the outbox and is sent once after the restart`, async () => {
    test.setTimeout(240_000);
    const shop = await shopFor(engine);
    const customer = { name: 'Outbox Oscar', email: `outbox-${engine}-${Date.now()}@example.com`, password: 'outbox-pass-1' };
    const smtp = await startHoldingSmtp(customer.email);
    try {
      // From this start on the shop sends its mail through that SMTP server.
      shop.signal('SIGTERM');
      await shop.exited();
      shop.extraEnv.SMTP_URL = smtp.url;
      await shop.start();
      const signedUp = await send(false, `${shop.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: shop.url },
        body: JSON.stringify(customer),
      });
      expect(signedUp.status, signedUp.body).toBe(200);
      const cookie = await signIn(shop, { email: customer.email, password: customer.password });
      const part = await firstPart(shop);
      const booked = await send(false, `${shop.url}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: shop.url },
        body: JSON.stringify(bookingBody(part, { phone: PHONE, address: 'Outbox Road 1' })),
      });
      expect(booked.status, booked.body).toBe(201);

      // The shop has committed the order with its mail and is sending it: the SMTP server holds it. Kill it now.
      await Promise.race([
        smtp.held,
        sleep(15_000).then(() => {
          throw new Error('the shop never started sending the order mail');
        }),
      ]);
      shop.signal('SIGKILL');
      expect((await shop.exited()).signal).toBe('SIGKILL');
      const [claimed] = await outboxRowsTo(shop, customer.email);
      expect(claimed, 'the mail is in the outbox, claimed by the killed process, not sent').toMatchObject({
        attempts: 1,
        sent_at: null,
      });
      expect(claimed?.claimed_by).toBeTruthy();
      expect(smtp.deliveredTo(customer.email)).toBe(0);

      // Restarted on the same data, with the mail server taking mail again: once the dead process's
      // claim has run out, the mail goes, once.
      smtp.accept();
      const restartedAt = Date.now();
      await shop.start();
      await expect.poll(() => smtp.deliveredTo(customer.email), { timeout: 75_000, intervals: [250] }).toBe(1);
      const deliveredAfterMs = Date.now() - restartedAt;
      await expect.poll(async () => (await outboxRowsTo(shop, customer.email))[0]?.sent_at ?? null).not.toBeNull();
      expect((await outboxRowsTo(shop, customer.email))[0]).toMatchObject({ attempts: 2, claimed_by: null });
      await sleep(1000);
      expect(smtp.deliveredTo(customer.email), 'sent exactly once').toBe(1);
      expect(shop.errorLines, 'the start after the kill logged errors').toEqual([]);
      console.log(`${engine}: the order mail held at the kill was sent ${deliveredAfterMs} ms after the restart began`);
    } finally {
      // Later starts of this shop write their mail to the outbox folder again.
      delete shop.extraEnv.SMTP_URL;
      await smtp.close();
    }
  });
}
