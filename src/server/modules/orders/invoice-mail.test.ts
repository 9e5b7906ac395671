import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import { signedInCustomer, signUp } from '../../testing/accounts';
import { orderSteps } from '../../testing/orders';
import { describeOnEachEngine } from '../../testing/test-app';
import type * as invoicePdf from './invoice-pdf';
import { renderInvoicePdf } from './invoice-pdf';

// Counts the invoices drawn, and draws them as usual.
vi.mock('./invoice-pdf', async (importOriginal) => {
  const actual = await importOriginal<typeof invoicePdf>();
  return { ...actual, renderInvoicePdf: vi.fn(actual.renderInvoicePdf) };
});

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  const content = await (await pdf.getPage(1)).getTextContent();
  await pdf.destroy();
  return content.items
    .map((item) => ('str' in item ? item.str : ''))
    .join(' ')
    .replace(/\s+/g, ' ');
}

describeOnEachEngine('the invoice in the "paid" mail', (ctx) => {
  it('is stored in the outbox as the order it belongs to, and sent as its PDF', async () => {
    const steps = orderSteps(ctx);
    const customer = await signedInCustomer(ctx);
    const { orderId } = await steps.place(customer, { stock: 500 });
    await ctx.app.mailOutbox.drain();
    ctx.mailer.messages.length = 0;

    await steps.pay(customer, orderId);
    const order = await steps.order(orderId);
    expect(order.invoice_number).toMatch(/^INV-2026-\d{6}$/);
    // The outbox holds a reference, never the file's bytes.
    const outbox = await steps.outboxOf(customer.email);
    const paidRow = outbox.find((row) => row.kind === 'order-paid')!;
    expect(paidRow.invoice_order_id).toBe(orderId);
    expect(outbox.filter((row) => row.kind !== 'order-paid').every((row) => row.invoice_order_id === null)).toBe(true);

    await ctx.app.mailOutbox.drain();
    const sent = ctx.mailer.messages.find((message) => message.to === customer.email && message.kind === 'order-paid')!;
    expect(sent.attachments).toHaveLength(1);
    const [pdf] = sent.attachments!;
    expect(pdf!.filename).toBe(copy.invoice.filename(order.invoice_number!));
    expect(pdf!.contentType).toBe('application/pdf');
    const text = await pdfText(pdf!.content);
    expect(text).toContain(order.invoice_number);
    expect(text).toContain(order.customer_name);
  });

  it('is not drawn while the payment is answered, only when the outbox sends the mail', async () => {
    // The outbox's sender runs only when this test drains it, so nothing drawn below belongs to it.
    const wake = vi.spyOn(ctx.app.mailOutbox, 'wake').mockImplementation(() => undefined);
    try {
      const steps = orderSteps(ctx);
      const customer = await signedInCustomer(ctx);
      const { orderId } = await steps.place(customer, { stock: 500 });
      // A wake asked for before the spy (a sign-up's mail) has fired by then; drain waits for its pass.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await ctx.app.mailOutbox.drain();
      ctx.mailer.messages.length = 0;
      vi.mocked(renderInvoicePdf).mockClear();

      await steps.pay(customer, orderId);
      expect(renderInvoicePdf).not.toHaveBeenCalled();
      expect((await steps.outboxOf(customer.email)).find((row) => row.kind === 'order-paid')?.sent_at).toBeNull();

      await ctx.app.mailOutbox.drain();
      expect(renderInvoicePdf).toHaveBeenCalledTimes(1);
      const sent = ctx.mailer.messages.find((message) => message.to === customer.email && message.kind === 'order-paid')!;
      expect(sent.attachments?.[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      wake.mockRestore();
    }
  });

  it('prints the buyer and the parts as written, in any European script', async () => {
    const steps = orderSteps(ctx);
    const customer = await signUp(ctx.app, { name: 'Łukasz Żółć' });
    const { orderId } = await steps.place(
      customer,
      { stock: 500, name: 'Тормозные колодки' },
      { address: 'Γιώργος Παπαδόπουλος\nДмитрий Nguyễn\nİstanbul Şişli' },
    );
    await steps.pay(customer, orderId);
    await ctx.app.mailOutbox.drain();

    const sent = ctx.mailer.messages.find((message) => message.to === customer.email && message.kind === 'order-paid')!;
    const text = await pdfText(sent.attachments![0]!.content);
    for (const written of ['Łukasz Żółć', 'Γιώργος Παπαδόπουλος Дмитрий Nguyễn İstanbul Şişli', 'Тормозные колодки']) {
      expect(text).toContain(written);
    }
  });

  it('leaves the other mails without one', async () => {
    const steps = orderSteps(ctx);
    const customer = await signedInCustomer(ctx);
    await steps.place(customer, { stock: 500 });
    await ctx.app.mailOutbox.drain();
    const placed = ctx.mailer.messages.filter((message) => message.to === customer.email);
    expect(placed.length).toBeGreaterThan(0);
    expect(placed.every((message) => message.attachments === undefined)).toBe(true);
  });
});

describeOnEachEngine(
  'the invoice in the "paid" mail, through the configured transport',
  (ctx) => {
    it('reaches the .eml file as a PDF attachment named after the invoice', async () => {
      const steps = orderSteps(ctx);
      const customer = await signedInCustomer(ctx);
      const { orderId } = await steps.place(customer, { stock: 500 });
      await steps.pay(customer, orderId);
      await ctx.app.mailOutbox.drain();
      const { invoice_number: number } = await steps.order(orderId);

      const files = await readdir(ctx.config.mail.outboxDir);
      const mails = await Promise.all(files.map((file) => readFile(path.join(ctx.config.mail.outboxDir, file), 'utf8')));
      const paid = mails.filter((mail) => mail.includes('Content-Type: application/pdf'));
      expect(paid).toHaveLength(1);
      expect(paid[0]).toContain(`filename=${number}.pdf`);
      expect(paid[0]).toContain(customer.email);
    });
  },
  { configuredMailer: true },
);
