// SIGKILL in the middle of bookings, payments and cancels, against the server as a process of its
// own on each engine. Restarted on the same data, and once every client that saw an error has paid
// again (as the browser's payment page lets it), the shop's invariants hold in the database
// (testing/invariants.ts): every order answered 2xx is there, stock is exact, no charge is kept
// without its paid order, every mail is sent once, and invoice numbers run without a gap.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingBody } from './testing/booking';
import { insertPart, type PartWithStock } from './testing/factories';
import { type AnsweredOrders, shopInvariants } from './testing/invariants';
import { GOOD_CARD } from './testing/orders';
import { type ServerData, type ServerProcess, serverData, startServer } from './testing/server-process';
import { startTestSmtpServer, type TestSmtpServer } from './testing/smtp-server';
import { availableEngines } from './testing/test-database';

const CUSTOMERS = 8;
const PARTS = 3;
const INITIAL_STOCK = 100_000;
/** The kill comes once this much has been answered (however slow the machine), then a random moment later. */
const PLACED_BEFORE_KILL = 60;
const PAID_BEFORE_KILL = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  body: string;
  cookies: string[];
}

/** One request; rejects when the connection fails or the answer is cut off (the server died). */
function send(
  agent: http.Agent | false,
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: object,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method, agent, headers: body ? { ...headers, 'content-type': 'application/json' } : headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if (!response.complete) reject(new Error('the answer was cut off'));
          else
            resolve({
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks).toString(),
              cookies: response.headers['set-cookie'] ?? [],
            });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body ? JSON.stringify(body) : undefined);
  });
}

describe.each(availableEngines())('SIGKILL under bookings and payments [%s]', (engine) => {
  let data: ServerData;
  let smtp: TestSmtpServer;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    data = await serverData(engine);
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    if (server?.running()) {
      server.kill('SIGKILL');
      await server.exited;
    }
    await smtp?.close();
    await data?.drop();
  });

  it('keeps every answered order, exact stock, no charge without its order, each mail once, gapless invoices', async () => {
    const seeding = data.open();
    const parts: PartWithStock[] = [];
    try {
      for (let i = 0; i < PARTS; i++) {
        parts.push(await insertPart(seeding.db, { stock: INITIAL_STOCK, min_order_quantity: 1, price_cents: 1500 + i }));
      }
    } finally {
      await seeding.destroy();
    }
    const initialStock = new Map(parts.map((part) => [part.id, INITIAL_STOCK]));
    const env = { SMTP_URL: smtp.url };
    server = await startServer(data, { env });
    await server.ready();
    const shop = server;
    const origin = shop.url;

    const cookies = await Promise.all(
      Array.from({ length: CUSTOMERS }, async (_, i) => {
        const account = {
          name: `Crash Customer ${i}`,
          email: `crash-${engine}-${i}@example.com`,
          password: 'a-long-enough-password',
        };
        const res = await send(false, `${origin}/api/auth/sign-up/email`, 'POST', { origin }, account);
        if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${res.body}`);
        return res.cookies.map((cookie) => cookie.split(';')[0] ?? '').join('; ');
      }),
    );

    const answered = { placed: [] as string[], paid: [] as [string, string][], cancelled: [] as string[] };
    /**
     * Payments whose answer never came (the kill): the client pays again after the restart, with the
     * intent's secret when it had it (the payment page keeps it), else asking for the intent anew.
     */
    const unanswered = new Map<string, { cookie: string; clientSecret?: string }>();
    /** Answers other than the one expected, while the server was alive. */
    const unexpected: string[] = [];
    let killed = false;
    let lostBookings = 0;

    const pay = async (agent: http.Agent | false, cookie: string, orderId: string, knownSecret?: string) => {
      const headers = { cookie, origin };
      let clientSecret = knownSecret;
      try {
        if (clientSecret === undefined) {
          const intent = await send(agent, `${origin}/api/orders/${orderId}/payment-intent`, 'POST', headers);
          if (intent.status !== 200) {
            unexpected.push(`payment intent of ${orderId}: ${intent.status} ${intent.body}`);
            unanswered.delete(orderId);
            return;
          }
          clientSecret = (JSON.parse(intent.body) as { clientSecret: string }).clientSecret;
        }
        const res = await send(agent, `${origin}/api/orders/${orderId}/payment`, 'POST', headers, {
          clientSecret,
          card: GOOD_CARD,
        });
        if (res.status !== 200) unexpected.push(`payment of ${orderId}: ${res.status} ${res.body}`);
        else answered.paid.push([orderId, (JSON.parse(res.body) as { transactionId: string }).transactionId]);
        unanswered.delete(orderId);
      } catch {
        unanswered.set(orderId, { cookie, ...(clientSecret === undefined ? {} : { clientSecret }) });
      }
    };

    const customer = async (cookie: string) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const headers = { cookie, origin };
      try {
        while (!killed) {
          const part = parts[Math.floor(Math.random() * parts.length)]!;
          const body = bookingBody(part.id, { quantity: 1 + Math.floor(Math.random() * 3) });
          let booking: Answer;
          try {
            booking = await send(agent, `${origin}/api/orders`, 'POST', headers, body);
          } catch {
            lostBookings += 1;
            continue;
          }
          if (booking.status !== 201) {
            unexpected.push(`booking: ${booking.status} ${booking.body}`);
            continue;
          }
          const orderId = (JSON.parse(booking.body) as { id: string }).id;
          answered.placed.push(orderId);
          const roll = Math.random();
          if (roll < 0.6) await pay(agent, cookie, orderId);
          else if (roll < 0.75) {
            const cancel = await send(agent, `${origin}/api/orders/${orderId}`, 'DELETE', headers).catch(() => undefined);
            if (cancel?.status === 200) answered.cancelled.push(orderId);
            else if (cancel) unexpected.push(`cancel of ${orderId}: ${cancel.status} ${cancel.body}`);
          }
        }
      } finally {
        agent.destroy();
      }
    };
    const customers = Promise.all(cookies.map(customer));

    // The kill, once enough has been answered, at a random moment of what follows.
    const loadDeadline = Date.now() + 90_000;
    while (answered.placed.length < PLACED_BEFORE_KILL || answered.paid.length < PAID_BEFORE_KILL) {
      if (Date.now() > loadDeadline) throw new Error(`too little answered under load:\n${shop.output().slice(-4000)}`);
      if (!shop.running()) throw new Error(`the server died under load:\n${shop.output().slice(-4000)}`);
      await sleep(20);
    }
    await sleep(Math.random() * 300);
    // No new request from here; those under way meet the kill.
    killed = true;
    shop.kill('SIGKILL');
    expect(await shop.exited).toEqual({ code: null, signal: 'SIGKILL' });
    await customers;
    expect(unexpected, 'answers other than 2xx before the kill').toEqual([]);
    const beforeKill = { placed: answered.placed.length, paid: answered.paid.length, cancelled: answered.cancelled.length };

    // The same shop again, on the same data and port: the clients' sessions still hold.
    server = await startServer(data, { port: shop.port, env });
    await server.ready();
    const retried = unanswered.size;
    for (const [orderId, { cookie, clientSecret }] of [...unanswered]) await pay(false, cookie, orderId, clientSecret);
    expect(unexpected, 'answers to the payments made again').toEqual([]);
    expect([...unanswered.keys()], 'payments still unanswered after the restart').toEqual([]);

    // A mail the killed node had claimed waits out its lease (30 s) before the restarted node sends it.
    const reading = data.open();
    try {
      const drainDeadline = Date.now() + 60_000;
      for (;;) {
        const waiting = await reading.db
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('sent_at', 'is', null)
          .where('failed_at', 'is', null)
          .executeTakeFirstOrThrow();
        if (Number(waiting.n) === 0) break;
        if (Date.now() > drainDeadline) throw new Error(`${waiting.n} mail(s) still unsent:\n${server.output().slice(-4000)}`);
        await sleep(250);
      }
      const delivered = smtp.received.map((mail) => /^Message-ID:\s*<([^@>]+)@/im.exec(mail.raw)?.[1] ?? 'no Message-ID');

      const violations = await shopInvariants(reading.db, {
        answered: answered satisfies AnsweredOrders,
        initialStock,
        deliveredMails: delivered,
      });
      expect(violations).toEqual([]);
      expect(
        server
          .output()
          .split('\n')
          .filter((line) => /"level":(50|60)/.test(line)),
      ).toEqual([]);
      console.log(
        `${engine}: killed after ${beforeKill.placed} bookings, ${beforeKill.paid} payments, ${beforeKill.cancelled} cancels answered; ` +
          `${lostBookings} booking(s) and ${retried} payment(s) unanswered, paid again after the restart; ` +
          `${delivered.length} mails delivered, ${delivered.length - new Set(delivered).size} of them a second time`,
      );
    } finally {
      await reading.destroy();
    }
    server.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  }, 240_000);
});
