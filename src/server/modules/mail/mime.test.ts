import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { composeMime } from './mime';
import { orderPaidMail, passwordResetMail } from './messages';

const FROM = 'Gearhouse <shop@gearhouse.example>';

/** The message as a mail client reads it (an independent parser). */
const parsed = (eml: Buffer) => PostalMime.parse(eml);

describe('a mail composed as MIME', () => {
  it('takes its Message-ID from the outbox row, so a mail sent again is the same message', async () => {
    const message = { id: '01938a4e-7c1d-7000-8000-00000000abcd', to: 'a@example.com', subject: 'Hi', text: 'Hello' };
    const first = await parsed(await composeMime(FROM, message));
    const again = await parsed(await composeMime(FROM, message));
    expect(first.messageId).toBe('<01938a4e-7c1d-7000-8000-00000000abcd@gearhouse.example>');
    expect(again.messageId).toBe(first.messageId);
  });

  it('reads back as the message it was made from: names, subject, text and HTML, in any script', async () => {
    const text = [
      'Grüße aus der Werkstatt – 12 × Bremsbeläge «Pro» für 99,95 €.',
      'A line with = signs, a trailing space ',
      '.a line that starts with a dot',
      `${'a long line without a break, '.repeat(12)}end`,
      '日本語のテキスト',
      '',
      'last',
    ].join('\n');
    const html = `<p>Grüße &amp; <b>hello</b></p>\n<p>${'x'.repeat(300)}</p>`;
    const eml = await composeMime('Gearhouse Werkstätten <shop@gearhouse.example>', {
      to: '"Jürgen \\"JJ\\" Müller" <jj@example.com>',
      subject: 'Ihre Bestellung: Bremsbeläge – Satz «Pro» '.repeat(3).trim(),
      text,
      html,
    });
    const mail = await parsed(eml);
    expect(mail.from).toEqual({ name: 'Gearhouse Werkstätten', address: 'shop@gearhouse.example' });
    expect(mail.to).toEqual([{ name: 'Jürgen "JJ" Müller', address: 'jj@example.com' }]);
    expect(mail.subject).toBe('Ihre Bestellung: Bremsbeläge – Satz «Pro» '.repeat(3).trim());
    expect(mail.text?.replace(/\r\n/g, '\n').trimEnd()).toBe(text);
    expect(mail.html?.replace(/\r\n/g, '\n').trimEnd()).toBe(html);
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@gearhouse\.example>$/);
    expect(mail.attachments).toEqual([]);
  });

  it('keeps every line within 78 characters, and every header on its lines', async () => {
    const eml = (
      await composeMime(FROM, {
        to: 'a@example.com',
        subject: `A long subject ${'word '.repeat(40)}`,
        text: 'x'.repeat(500),
        html: `<p>${'y'.repeat(500)}</p>`,
        attachments: [{ filename: 'invoice.pdf', content: Buffer.alloc(2000, 7), contentType: 'application/pdf' }],
      })
    ).toString();
    const lines = eml.split('\r\n');
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(78);
    // Every line break is CRLF.
    expect(eml.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('never lets a line break in a subject or a name start a header of its own', async () => {
    const eml = await composeMime(FROM, {
      to: 'Mallory\r\nBcc: victim@example.com <m@example.com>',
      subject: 'Hello\r\nBcc: victim@example.com',
      text: 'body',
    });
    const mail = await parsed(eml);
    expect(mail.headers.some((h) => h.key === 'bcc')).toBe(false);
    expect(mail.subject).toBe('Hello Bcc: victim@example.com');
    expect(eml.toString()).not.toMatch(/^Bcc:/im);
  });

  it('carries a text-only mail as one part, and attachments in base64 beside the text', async () => {
    const plain = await parsed(await composeMime(FROM, { to: 'a@example.com', subject: 'Plain', text: 'only text' }));
    expect(plain.text?.trimEnd()).toBe('only text');
    expect(plain.html).toBeUndefined();

    const pdf = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 256));
    const mail = await parsed(
      await composeMime(FROM, {
        ...orderPaidMail(
          {
            lines: [{ partName: 'Brake pad set', quantity: 12, lineTotalCents: 12_345 }],
            customer: { email: 'buyer@example.com', name: 'Buyer', addressConfirmed: true },
            number: '0195F3A2-9C41-7A3B',
            partName: 'Brake pad set',
            quantity: 12,
            totalCents: 12_345,
            goodsCents: 12_345,
            deliveryCents: 0,
            taxes: [],
            expectedDelivery: null,
            currency: 'USD',
            address: '1 Road',
            transactionId: 'txn_1',
            payBy: '2026-11-30T10:00:00.000Z',
          },
          'https://shop.example/dashboard',
        ),
        attachments: [{ filename: 'Rechnung-GH-2026-000001 (Müller).pdf', content: pdf, contentType: 'application/pdf' }],
      }),
    );
    expect(mail.to).toEqual([{ name: '', address: 'buyer@example.com' }]);
    expect(mail.html).toContain('txn_1');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({
      filename: 'Rechnung-GH-2026-000001 (Müller).pdf',
      mimeType: 'application/pdf',
      disposition: 'attachment',
    });
    expect(Buffer.from(mail.attachments[0]!.content as ArrayBuffer).equals(pdf)).toBe(true);
  });

  it('writes a non-ASCII domain in its ASCII form', async () => {
    const reset = passwordResetMail(
      { email: 'fay@bücher.example', name: 'Fay', addressConfirmed: true },
      'https://shop.example/reset-password?token=a',
    );
    const mail = await parsed(await composeMime(FROM, reset));
    expect(mail.to).toEqual([{ name: '', address: 'fay@xn--bcher-kva.example' }]);
    expect(mail.text).toContain('https://shop.example/reset-password?token=a');
  });
});
