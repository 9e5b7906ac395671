import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Log } from '../../log';
import { composeMime, mailOptions } from './mime';

export interface MailMessage {
  /**
   * The outbox row's id: the Message-ID is made from it, so a mail sent again (a crash before it was
   * marked sent) is the same message to the receiving server and the reader's mail client.
   */
  id?: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What caused it (`order-placed`, `password-reset`, …): kept with the mail in the outbox, not sent. */
  kind?: string;
  /**
   * The order whose invoice goes with the mail as a PDF. The outbox keeps only this reference; the
   * dispatcher makes the file when it sends the mail (`attachments`).
   */
  invoiceOf?: string;
  /** Files sent with the mail: made by the dispatcher just before sending, never stored. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/**
 * Something that takes a mail. The transports below send it; the outbox's mailer (mail-outbox.ts)
 * queues it for them. Tests pass one that captures what was sent.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const LINK = /https?:\/\/[^\s<>"]+/;

/** The first link in a message: what someone reading the log needs to act on a mail in the outbox folder. */
export function firstLink(text: string): string | undefined {
  return LINK.exec(text)?.[0];
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  // Short timeouts (nodemailer's are minutes): a send must end well within the outbox's claim on the
  // mail (mail-outbox.ts), or another node could take the mail over while it is still being sent.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
  });
  return {
    async send(message) {
      // nodemailer composes the message and takes the SMTP envelope from its `from` and `to`.
      await transport.sendMail(mailOptions(from, message));
    },
  };
}

/**
 * Without SMTP every message becomes an .eml file in the outbox folder (any mail client opens it) and one log
 * line carries its link, so a password reset works on a laptop with no mail server.
 */
function folderMailer(outboxDir: string, from: string, log: Log): Mailer {
  return {
    async send(message) {
      const eml = await composeMime(from, message);
      const file = path.join(outboxDir, `${new Date().toISOString().replaceAll(':', '-')}-${randomUUID().slice(0, 8)}.eml`);
      // The folder is made when a write finds it missing, not before every mail (one syscall less each).
      await writeFile(file, eml).catch(async (error: unknown) => {
        if ((error as { code?: string }).code !== 'ENOENT') throw error;
        await mkdir(outboxDir, { recursive: true });
        await writeFile(file, eml);
      });
      const link = firstLink(message.text);
      log.info({ file, link }, `mail "${message.subject}" written to the outbox${link ? `; link: ${link}` : ''}`);
    },
  };
}

/** The real transport: SMTP when SMTP_URL is set, else .eml files in the outbox folder. */
export function createMailer(config: Config, log: Log): Mailer {
  return config.mail.smtpUrl
    ? smtpMailer(config.mail.smtpUrl, config.mail.from)
    : folderMailer(config.mail.outboxDir, config.mail.from, log);
}
