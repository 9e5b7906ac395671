import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { postAuth, signIn, signUp, uniqueEmail } from '../../testing/accounts';
import { type ReceivedMail, startTestSmtpServer, type TestSmtpServer } from '../../testing/smtp-server';
import { describeOnEachEngine } from '../../testing/test-app';

let smtp: TestSmtpServer;
let smtpUrl = '';

/** Undoes quoted-printable (soft line breaks, =XX), enough to read a link out of a raw message. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

async function mailTo(address: string, timeoutMs = 5000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = smtp.received.find((message) => message.to.includes(address));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} arrived over SMTP`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  smtpUrl = smtp.url;
});

afterAll(() => smtp.close());

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
      expect(smtp.received.some((message) => message.to.includes(unknown))).toBe(false);
    });
  },
  {
    configuredMailer: true,
    config: () => ({
      mail: { smtpUrl, from: 'Gearhouse <shop@gearhouse.example>', outboxDir: path.join('/nonexistent', 'outbox') },
    }),
  },
);
