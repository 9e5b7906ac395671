import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Log } from '../../log';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** How the shop sends mail; tests pass one that captures what was sent. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const LINK = /https?:\/\/[^\s<>"]+/;

/** The first link in a message: what someone reading the log needs to act on an outbox mail. */
export function firstLink(text: string): string | undefined {
  return LINK.exec(text)?.[0];
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/**
 * Without SMTP every message becomes an .eml file in the outbox (any mail client opens it) and one log
 * line carries its link, so a password reset works on a laptop with no mail server.
 */
function outboxMailer(outboxDir: string, from: string, log: Log): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      const file = path.join(outboxDir, `${new Date().toISOString().replaceAll(':', '-')}-${randomUUID().slice(0, 8)}.eml`);
      // The folder is made when a write finds it missing, not before every mail (one syscall less each).
      await writeFile(file, info.message).catch(async (error: unknown) => {
        if ((error as { code?: string }).code !== 'ENOENT') throw error;
        await mkdir(outboxDir, { recursive: true });
        await writeFile(file, info.message);
      });
      const link = firstLink(message.text);
      log.info({ file, link }, `mail "${message.subject}" written to the outbox${link ? `; link: ${link}` : ''}`);
    },
  };
}

export function createMailer(config: Config, log: Log): Mailer {
  return config.mail.smtpUrl
    ? smtpMailer(config.mail.smtpUrl, config.mail.from)
    : outboxMailer(config.mail.outboxDir, config.mail.from, log);
}
