import { randomUUID } from 'node:crypto';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { MailMessage } from './mailer';

/** A header's value on one line: a line break in it would start a header of its own. */
const oneLine = (value: string) => value.replace(/\r?\n|\r/g, ' ');

/**
 * A mail as nodemailer's message options: nodemailer folds the headers, writes non-ASCII names and
 * subjects as encoded words and domains in their ASCII form. The Message-ID comes from the outbox
 * row, so a mail sent again is the same message to the receiving server.
 */
export function mailOptions(from: string, message: MailMessage, date = new Date()): SendMailOptions {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return {
    from,
    to: oneLine(message.to),
    subject: oneLine(message.subject),
    text: message.text,
    ...(message.html === undefined ? {} : { html: message.html }),
    attachments: message.attachments?.map(({ filename, content, contentType }) => ({ filename, content, contentType })),
    messageId: `<${message.id ?? randomUUID()}@${domain}>`,
    date,
    // Readable in the .eml file, and every line within 76 characters whatever the text.
    textEncoding: 'quoted-printable',
  };
}

// Composes without sending: the message comes back as one Buffer, its line breaks CRLF.
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });

/** A mail as the RFC 5322 message an .eml file holds, composed by nodemailer as its SMTP transport would. */
export async function composeMime(from: string, message: MailMessage, date = new Date()): Promise<Buffer> {
  const { message: raw } = await composer.sendMail(mailOptions(from, message, date));
  return raw as Buffer;
}
