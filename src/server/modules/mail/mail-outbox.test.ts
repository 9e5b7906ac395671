import path from 'node:path';
import { sql } from 'kysely';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { buildApp } from '../../app';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { signedInAdmin, signedInCustomer, signUp, type TestAccount, uniqueEmail } from '../../testing/accounts';
import { capturingMailer } from '../../testing/mail';
import { orderSteps } from '../../testing/orders';
import { startTestSmtpServer, type TestSmtpServer } from '../../testing/smtp-server';
import { describeOnEachEngine, RELAXED_ABUSE_LIMITS, type TestContext } from '../../testing/test-app';
import { LocalDiskStorage } from '../uploads';
import type { MailMessage } from './mailer';
import { createMailDispatcher, DEFAULT_OUTBOX_POLICY, enqueueMail, retryDelayMs } from './mail-outbox';

const HOUR = 3_600_000;
/** The part each test books, and where it is sent: the name shows in the mails. */
const brakeDisc = (stock = 100) => ({ stock, price_cents: 1000, name: `Brake disc ${stock}` });
const caliperLane = { address: '7 Caliper Lane, Gearville' };

/** Makes every insert into the outbox for `email` fail, as a full disk or a broken constraint would. */
async function refuseMailTo(ctx: TestContext, email: string): Promise<() => Promise<void>> {
  const { db } = ctx.database;
  if (ctx.engine === 'sqlite') {
    await sql
      .raw(
        `create trigger refuse_mail before insert on mail_outbox when new.recipient = '${email}'
          begin select raise(abort, 'the outbox refused this mail'); end`,
      )
      .execute(db);
    return async () => void (await sql`drop trigger refuse_mail`.execute(db));
  }
  await sql
    .raw(
      `create function refuse_mail() returns trigger language plpgsql as $$
        begin
          if new.recipient = '${email}' then raise exception 'the outbox refused this mail'; end if;
          return new;
        end $$`,
    )
    .execute(db);
  await sql`create trigger refuse_mail before insert on mail_outbox for each row execute function refuse_mail()`.execute(db);
  return async () => {
    await sql`drop trigger refuse_mail on mail_outbox`.execute(db);
    await sql`drop function refuse_mail()`.execute(db);
  };
}

describeOnEachEngine('order mails are written in the transaction of the change that causes them', (ctx) => {
  let admin: TestAccount;
  let steps: ReturnType<typeof orderSteps>;
  beforeAll(async () => {
    admin = await signedInAdmin(ctx);
    steps = orderSteps(ctx);
  });

  it('books nothing when the order mail cannot be written, and writes it with the order otherwise', async () => {
    const customer = await signUp(ctx.app, { email: uniqueEmail('refused') });
    const allow = await refuseMailTo(ctx, customer.email);
    const refused = await steps.book(customer, brakeDisc(), caliperLane);
    await allow();
    expect(refused.res.status).toBe(500);
    // The order was written before its mail; the mail's failure took it back: one transaction.
    expect(await steps.ordersOf(customer)).toEqual([]);
    expect(await steps.stockOf(refused.partId)).toBe(100);
    expect(await steps.outboxOf(customer.email)).toEqual([]);

    const booked = await steps.book(customer, brakeDisc(), caliperLane);
    expect(booked.res.status, booked.res.body).toBe(201);
    const [row] = await steps.outboxOf(customer.email);
    expect(row).toMatchObject({
      kind: 'order-placed',
      subject: copy.mail.placedSubject('Brake disc 100'),
      created_at: ctx.clock.now().toISOString(),
    });
    await ctx.app.mailOutbox.drain();
    expect((await steps.outboxOf(customer.email))[0]?.sent_at).toBe(ctx.clock.now().toISOString());
    expect(ctx.mailer.messages.filter((m) => m.to === customer.email).map((m) => m.subject)).toEqual([
      copy.mail.placedSubject('Brake disc 100'),
    ]);
  });

  it('leaves an order unpaid when its paid mail cannot be written, and pays it with its mail on the retry', async () => {
    const customer = await signUp(ctx.app, { email: uniqueEmail('refused') });
    const { res } = await steps.book(customer, brakeDisc(), caliperLane);
    const orderId = res.json.id;
    const allow = await refuseMailTo(ctx, customer.email);
    const refused = await steps.tryPay(customer, orderId);
    await allow();
    expect(refused.status).toBe(500);
    expect((await steps.ordersOf(customer))[0]?.status).toBe('pending_payment');
    expect((await steps.outboxOf(customer.email)).map((m) => m.kind)).toEqual(['order-placed']);

    const paid = await steps.tryPay(customer, orderId);
    expect(paid.status, paid.body).toBe(200);
    expect((await steps.ordersOf(customer))[0]?.status).toBe('paid');
    expect((await steps.outboxOf(customer.email)).map((m) => m.kind)).toEqual(['order-placed', 'order-paid']);
  });

  it('does not ship an order whose shipped mail cannot be written', async () => {
    const customer = await signUp(ctx.app, { email: uniqueEmail('refused') });
    const { res } = await steps.book(customer, brakeDisc(), caliperLane);
    const orderId = res.json.id;
    expect((await steps.tryPay(customer, orderId)).status).toBe(200);
    const allow = await refuseMailTo(ctx, customer.email);
    const refused = await steps.api.as(admin).patch(`/api/orders/${orderId}`, { status: 'shipped' });
    await allow();
    expect(refused.status).toBe(500);
    expect((await steps.ordersOf(customer))[0]?.status).toBe('paid');

    const shipped = await steps.api.as(admin).patch(`/api/orders/${orderId}`, { status: 'shipped' });
    expect(shipped.status, shipped.body).toBe(200);
    expect((await steps.outboxOf(customer.email)).map((m) => m.kind)).toEqual(['order-placed', 'order-paid', 'order-shipped']);
    // Delivered writes no mail.
    await steps.api.as(admin).patch(`/api/orders/${orderId}`, { status: 'delivered' });
    expect(await steps.outboxOf(customer.email)).toHaveLength(3);
  });

  it('does not expire an order whose expiry mail cannot be written; the next sweep expires it with its mail', async () => {
    const customer = await signUp(ctx.app, { email: uniqueEmail('refused') });
    const { res, partId } = await steps.book(customer, brakeDisc(50), caliperLane);
    const orderId = res.json.id;
    ctx.clock.advance(48 * HOUR);
    try {
      const allow = await refuseMailTo(ctx, customer.email);
      await expect(ctx.app.orderExpiry.sweep()).rejects.toThrow(/refused/);
      await allow();
      expect((await steps.ordersOf(customer))[0]?.status).toBe('pending_payment');
      expect(await steps.stockOf(partId)).toBe(38);

      await ctx.app.orderExpiry.sweep();
      expect((await steps.ordersOf(customer))[0]).toMatchObject({ id: orderId, status: 'cancelled', cancel_reason: 'expired' });
      expect(await steps.stockOf(partId)).toBe(50);
      const rows = await steps.outboxOf(customer.email);
      expect(rows.map((m) => m.kind)).toEqual(['order-placed', 'order-expired']);
      expect(rows[1]?.created_at).toBe(ctx.clock.now().toISOString());
    } finally {
      ctx.clock.advance(-48 * HOUR);
    }
  });
});

describeOnEachEngine('password reset mail through the outbox', (ctx) => {
  it('writes the reset mail to the outbox and sends it from there', async () => {
    const account = await signUp(ctx.app, { name: 'Outbox Olga' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ctx.config.publicUrl },
      payload: { email: account.email },
    });
    expect(res.statusCode).toBe(200);
    const mail = await ctx.mailer.next(account.email);
    expect(mail.subject).toBe(copy.mail.resetSubject);
    await ctx.app.mailOutbox.drain();
    const [row] = await ctx.database.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', account.email).execute();
    expect(row).toMatchObject({ kind: 'password-reset', subject: copy.mail.resetSubject, attempts: 1 });
    expect(row?.sent_at).not.toBeNull();
  });
});

// A mail server that refuses recipients for a while (451), as in an outage or greylisting, then accepts.
let smtp: TestSmtpServer;
let smtpUrl = '';

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  smtpUrl = smtp.url;
});

afterAll(() => smtp.close());

describeOnEachEngine(
  'a mail server that refuses for a while',
  (ctx) => {
    it('delays the order mail, retries with growing waits, and delivers it once when the server takes it', async () => {
      const customer = await signedInCustomer(ctx);
      smtp.refuseNext(2);
      const steps = orderSteps(ctx);
      const start = ctx.clock.now().getTime();
      try {
        const { res } = await steps.book(customer, brakeDisc(), caliperLane);
        expect(res.status, res.body).toBe(201);
        const delivered = () => smtp.received.filter((m) => m.to.includes(customer.email));

        // First attempt (the wake after the commit, or this drain): refused, kept, retried later.
        await ctx.app.mailOutbox.drain();
        let [row] = await steps.outboxOf(customer.email);
        expect(row).toMatchObject({ attempts: 1, sent_at: null, failed_at: null, claimed_until: null });
        expect(row?.last_error).toMatch(/451|try again later/i);
        const firstWait = Date.parse(row?.next_attempt_at ?? '') - start;
        expect(firstWait).toBeGreaterThanOrEqual(DEFAULT_OUTBOX_POLICY.retryBaseMs / 2);
        expect(firstWait).toBeLessThanOrEqual(DEFAULT_OUTBOX_POLICY.retryBaseMs);
        // Not due yet: nothing is tried before its time.
        await ctx.app.mailOutbox.drain();
        expect((await steps.outboxOf(customer.email))[0]?.attempts).toBe(1);
        expect(delivered()).toEqual([]);

        ctx.clock.set(row?.next_attempt_at ?? '');
        await ctx.app.mailOutbox.drain();
        [row] = await steps.outboxOf(customer.email);
        expect(row).toMatchObject({ attempts: 2, sent_at: null });
        const secondWait = Date.parse(row?.next_attempt_at ?? '') - ctx.clock.now().getTime();
        expect(secondWait).toBeGreaterThanOrEqual(DEFAULT_OUTBOX_POLICY.retryBaseMs);
        expect(delivered()).toEqual([]);

        ctx.clock.set(row?.next_attempt_at ?? '');
        await ctx.app.mailOutbox.drain();
        [row] = await steps.outboxOf(customer.email);
        expect(row).toMatchObject({ attempts: 3, sent_at: ctx.clock.now().toISOString() });
        expect(delivered()).toHaveLength(1);
        expect(delivered()[0]?.raw).toContain(`Subject: ${copy.mail.placedSubject('Brake disc 100')}`);

        // Sent is sent: later passes never send it again.
        ctx.clock.advance(2 * HOUR);
        await ctx.app.mailOutbox.drain();
        expect(delivered()).toHaveLength(1);
        expect((await steps.outboxOf(customer.email))[0]?.attempts).toBe(3);
      } finally {
        smtp.refuseNext(0);
        ctx.clock.set(new Date(start));
      }
    });
  },
  {
    configuredMailer: true,
    config: () => ({
      mail: { smtpUrl, from: 'Gearhouse <shop@gearhouse.example>', outboxDir: path.join('/nonexistent', 'outbox') },
    }),
  },
);

const quietLog = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

async function enqueueMany(db: Db, count: number, at: string, tag: string): Promise<string[]> {
  const subjects = Array.from({ length: count }, (_, i) => `${tag} ${i + 1}`);
  for (const subject of subjects) await enqueueMail(db, { to: `${tag}@example.com`, subject, text: subject, kind: 'test' }, at);
  return subjects;
}

describeOnEachEngine('the outbox on several nodes', (ctx) => {
  it('sends each mail exactly once when two app instances on one database dispatch at the same time', async () => {
    const subjects = await enqueueMany(ctx.database.db, 70, ctx.clock.now().toISOString(), 'two-nodes');
    const handles = [ctx.database.open(), ctx.database.open()];
    // Each send takes a moment, so the two nodes' passes overlap.
    const transports = handles.map(() => {
      const capture = capturingMailer();
      return {
        messages: capture.messages,
        async send(message: MailMessage) {
          await new Promise((resolve) => setTimeout(resolve, 3));
          await capture.send(message);
        },
      };
    });
    const nodes = await Promise.all(
      handles.map((database, i) =>
        buildApp(ctx.config, {
          database,
          clock: ctx.clock as Clock,
          storage: new LocalDiskStorage(path.join(ctx.database.dir, 'uploads')),
          logger: false,
          mailer: transports[i],
          abuseLimits: RELAXED_ABUSE_LIMITS,
          orderSweepIntervalMs: 0,
          mailDispatchIntervalMs: 0,
        }),
      ),
    );
    try {
      await Promise.all(nodes.flatMap((node) => [node.mailOutbox.drain(), node.mailOutbox.drain()]));
      const sent = transports.map((t) => t.messages.filter((m) => m.to === 'two-nodes@example.com').map((m) => m.subject));
      expect(sent.flat().sort()).toEqual([...subjects].sort());
      // Both nodes took part: the claims really ran side by side.
      expect(sent[0]?.length).toBeGreaterThan(0);
      expect(sent[1]?.length).toBeGreaterThan(0);
      const rows = await ctx.database.db
        .selectFrom('mail_outbox')
        .select(['attempts', 'sent_at', 'claimed_by'])
        .where('recipient', '=', 'two-nodes@example.com')
        .execute();
      expect(rows.every((row) => row.attempts === 1 && row.sent_at !== null && row.claimed_by === null)).toBe(true);
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
      await Promise.all(handles.map((handle) => handle.destroy()));
    }
  });

  it("takes over a crashed node's mail once its lease has run out, and never a live node's", async () => {
    const { db } = ctx.database;
    const now = ctx.clock.now();
    const iso = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();
    await enqueueMany(db, 2, now.toISOString(), 'lease');
    const [crashed, live] = await db
      .selectFrom('mail_outbox')
      .select('id')
      .where('recipient', '=', 'lease@example.com')
      .orderBy('subject')
      .execute();
    await db
      .updateTable('mail_outbox')
      .set({ claimed_by: 'crashed-node', claimed_until: iso(-1), attempts: 1 })
      .where('id', '=', crashed?.id ?? '')
      .execute();
    await db
      .updateTable('mail_outbox')
      .set({ claimed_by: 'live-node', claimed_until: iso(20_000), attempts: 1 })
      .where('id', '=', live?.id ?? '')
      .execute();
    const transport = capturingMailer();
    const dispatcher = createMailDispatcher({ db, transport, clock: ctx.clock, log: quietLog, claimant: 'this-node' });
    await dispatcher.drain();
    expect(transport.messages.map((m) => m.subject)).toEqual(['lease 1']);
    const rows = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('recipient', '=', 'lease@example.com')
      .orderBy('subject')
      .execute();
    expect(rows.map((row) => [row.attempts, row.sent_at !== null, row.claimed_by])).toEqual([
      [2, true, null],
      [1, false, 'live-node'],
    ]);
    await dispatcher.stop(0);
    await db.deleteFrom('mail_outbox').where('recipient', '=', 'lease@example.com').execute();
  });

  it('marks each mail sent once its server took it: a crash while one mail hangs sends only that one again', async () => {
    const { db } = ctx.database;
    const subjects = await enqueueMany(db, 20, ctx.clock.now().toISOString(), 'one-slow');
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sendsOf = new Map<string, MailMessage[]>();
    const transport = {
      async send(message: MailMessage) {
        const earlier = sendsOf.get(message.subject) ?? [];
        sendsOf.set(message.subject, [...earlier, message]);
        // The first mail's first send hangs, as an SMTP server holding its answer would.
        if (message.subject === subjects[0] && earlier.length === 0) await held;
      },
    };
    const dispatcher = createMailDispatcher({ db, transport, clock: ctx.clock, log: quietLog, claimant: 'crashing-node' });
    const pass = dispatcher.dispatch();
    const sentRows = async () =>
      (
        await db
          .selectFrom('mail_outbox')
          .select(['subject', 'sent_at'])
          .where('recipient', '=', 'one-slow@example.com')
          .execute()
      ).filter((row) => row.sent_at !== null);
    // Nineteen went while the first hangs: all nineteen are marked sent already.
    await expect.poll(async () => (await sentRows()).length, { timeout: 10_000 }).toBe(19);

    // The node dies here. Once its lease runs out another node sends what was not marked: the hung one.
    ctx.clock.advance(DEFAULT_OUTBOX_POLICY.leaseMs + 1000);
    const other = createMailDispatcher({ db, transport, clock: ctx.clock, log: quietLog, claimant: 'other-node' });
    await other.drain();
    release();
    await pass;
    expect(subjects.filter((subject) => (sendsOf.get(subject) ?? []).length > 1)).toEqual([subjects[0]]);
    // Sent twice, it is one message to the receiver: the same Message-ID, made from the outbox row.
    const [first, again] = sendsOf.get(subjects[0]!)!;
    expect(first!.id).toEqual(expect.any(String));
    expect(again!.id).toBe(first!.id);
    await other.stop(0);
    await dispatcher.stop(0);
    await db.deleteFrom('mail_outbox').where('recipient', '=', 'one-slow@example.com').execute();
  });

  it('sends the mails of a run of commits in one pass: a wake waits a moment for the commits behind it', async () => {
    const { db } = ctx.database;
    const transport = capturingMailer();
    const passes: number[] = [];
    const dispatcher = createMailDispatcher({
      db,
      transport,
      clock: ctx.clock,
      log: quietLog,
      policy: { wakeDelayMs: 1000 },
      onSent: (count) => passes.push(count),
    });
    // Five commits a few milliseconds apart, as orders come, each of which wrote a mail and woke the dispatcher.
    for (const subject of ['run 1', 'run 2', 'run 3', 'run 4', 'run 5']) {
      await enqueueMail(db, { to: 'run@example.com', subject, text: subject, kind: 'test' }, ctx.clock.now());
      dispatcher.wake();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await expect.poll(() => transport.messages.length, { timeout: 10_000 }).toBe(5);
    // A pass is counted once its mails are marked sent, a statement after the last is handed over.
    await expect.poll(() => passes, { timeout: 10_000 }).toEqual([5]);
    await dispatcher.stop(0);
    await db.deleteFrom('mail_outbox').where('recipient', '=', 'run@example.com').execute();
  });

  it('gives a mail up after many failed attempts, keeps it and says so; prunes only old sent mail', async () => {
    const { db } = ctx.database;
    const start = ctx.clock.now().getTime();
    await enqueueMany(db, 1, new Date(start).toISOString(), 'hopeless');
    const warnings: { details: object; message: string | undefined }[] = [];
    const log = { ...quietLog, warn: (details: object, message?: string) => warnings.push({ details, message }) };
    const refusing = {
      async send() {
        throw new Error('550 mailbox unavailable');
      },
    };
    const dispatcher = createMailDispatcher({ db, transport: refusing, clock: ctx.clock, log });
    try {
      for (let attempt = 1; attempt <= DEFAULT_OUTBOX_POLICY.maxAttempts + 2; attempt++) {
        await dispatcher.drain();
        ctx.clock.advance(DEFAULT_OUTBOX_POLICY.retryCapMs);
      }
      const row = await db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('recipient', '=', 'hopeless@example.com')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        attempts: DEFAULT_OUTBOX_POLICY.maxAttempts,
        sent_at: null,
        last_error: '550 mailbox unavailable',
      });
      expect(row.failed_at).not.toBeNull();
      expect(warnings).toHaveLength(DEFAULT_OUTBOX_POLICY.maxAttempts);
      expect(warnings.at(-1)?.message).toMatch(/given up after 12 attempts; it stays in mail_outbox/);
      expect(await dispatcher.counts()).toMatchObject({ failed: 1 });

      // A week and more later: the sent mail goes, the given-up one stays.
      await enqueueMany(db, 1, ctx.clock.now().toISOString(), 'delivered');
      const sender = createMailDispatcher({ db, transport: capturingMailer(), clock: ctx.clock, log: quietLog });
      await sender.drain();
      ctx.clock.advance(DEFAULT_OUTBOX_POLICY.keepSentMs + HOUR);
      expect(await sender.prune()).toBeGreaterThanOrEqual(1);
      const left = await db
        .selectFrom('mail_outbox')
        .select('recipient')
        .where('recipient', 'in', ['hopeless@example.com', 'delivered@example.com'])
        .execute();
      expect(left).toEqual([{ recipient: 'hopeless@example.com' }]);
      await sender.stop(0);
    } finally {
      await dispatcher.stop(0);
      ctx.clock.set(new Date(start));
    }
  });
});

describe('the wait before a retry', () => {
  const policy = { retryBaseMs: 15_000, retryCapMs: 3_600_000 };
  it('doubles with each failed attempt, drawn from the upper half, and never passes the cap', () => {
    expect(retryDelayMs(1, policy, () => 0)).toBe(7_500);
    expect(retryDelayMs(1, policy, () => 1)).toBe(15_000);
    expect(retryDelayMs(3, policy, () => 1)).toBe(60_000);
    expect(retryDelayMs(3, policy, () => 0)).toBe(30_000);
    expect(retryDelayMs(20, policy, () => 1)).toBe(3_600_000);
    expect(retryDelayMs(20, policy, () => 0)).toBe(1_800_000);
  });
});

describeOnEachEngine(
  'the outbox on its timer',
  (ctx) => {
    it('sends, without being woken, a mail another node wrote', async () => {
      await enqueueMail(
        ctx.database.db,
        { to: 'timer@example.com', subject: 'Written elsewhere', text: 'Written elsewhere', kind: 'test' },
        ctx.clock.now(),
      );
      const mail = await ctx.mailer.next('timer@example.com');
      expect(mail.subject).toBe('Written elsewhere');
    });
  },
  { mailDispatchIntervalMs: 25 },
);

const METRICS_TOKEN = 'outbox-metrics-token-0123456789';

describeOnEachEngine(
  'the outbox in the metrics',
  (ctx) => {
    it('counts the mails waiting and the mails given up, and the sends and failed attempts of this node', async () => {
      const { db } = ctx.database;
      await enqueueMany(db, 2, ctx.clock.now().toISOString(), 'metrics');
      const [hopeless] = await db.selectFrom('mail_outbox').select('id').where('subject', '=', 'metrics 2').execute();
      await db
        .updateTable('mail_outbox')
        .set({ failed_at: ctx.clock.now().toISOString(), last_error: 'refused' })
        .where('id', '=', hopeless?.id ?? '')
        .execute();
      const scrape = async () =>
        (await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
      const before = await scrape();
      expect(before).toContain('mail_outbox_mails{state="pending"} 1');
      expect(before).toContain('mail_outbox_mails{state="failed"} 1');
      await ctx.app.mailOutbox.drain();
      const after = await scrape();
      expect(after).toContain('mail_outbox_mails{state="pending"} 0');
      expect(after).toContain('mails_sent_total 1');
    });
  },
  { config: { metricsToken: METRICS_TOKEN } },
);
