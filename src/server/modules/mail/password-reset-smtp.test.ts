import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { copy } from '#shared/copy';
import { postAuth, signIn, signUp, uniqueEmail } from '../../testing/accounts';
import { describeOnEachEngine } from '../../testing/test-app';

interface Received {
  to: string[];
  raw: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let smtpUrl = '';

/** Undoes quoted-printable (soft line breaks, =XX), enough to read a link out of a raw message. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

async function mailTo(address: string, timeoutMs = 5000): Promise<Received> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = received.find((message) => message.to.includes(address));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} arrived over SMTP`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describeOnEachEngine(
  'password reset mailed over SMTP',
  (ctx) => {
    it('mails a working, single-use link to the account, and nothing to an unknown address', async () => {
      const account = await signUp(ctx.app, { name: 'Smtp Sam' });
      const unknown = uniqueEmail('nobody');
      const answers = [
        await postAuth(ctx.app, '/request-password-reset', { email: account.email }),
        await postAuth(ctx.app, '/request-password-reset', { email: unknown }),
      ];
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
      expect(answers[0]?.body).toBe(answers[1]?.body);

      const mail = await mailTo(account.email);
      const text = decodeQuotedPrintable(mail.raw);
      expect(text).toContain(`Subject: ${copy.mail.resetSubject}`);
      expect(text).toMatch(/^From: Gearhouse <shop@gearhouse\.example>/m);
      const token = new RegExp(`${ctx.config.publicUrl}/reset-password\\?token=([\\w-]+)`).exec(text)?.[1];
      expect(token).toBeTruthy();

      const reset = await postAuth(ctx.app, '/reset-password', { token, newPassword: 'mailed-new-pass' });
      expect(reset.statusCode).toBe(200);
      expect(await signIn(ctx.app, account.email, 'mailed-new-pass')).toContain('gearhouse.session_token=');
      await expect(signIn(ctx.app, account.email, account.password)).rejects.toThrow(/401/);
      const twice = await postAuth(ctx.app, '/reset-password', { token, newPassword: 'another-new-pass' });
      expect(twice.statusCode).toBe(400);
      expect(twice.json().detail).toBe(copy.auth.resetLinkInvalid);

      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(received.some((message) => message.to.includes(unknown))).toBe(false);
    });
  },
  {
    configuredMailer: true,
    config: () => ({
      mail: { smtpUrl, from: 'Gearhouse <shop@gearhouse.example>', outboxDir: path.join('/nonexistent', 'outbox') },
    }),
  },
);
