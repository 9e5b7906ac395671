import { randomUUID } from 'node:crypto';
import { domainToASCII } from 'node:url';
import addressparser from 'nodemailer/lib/addressparser';
import * as base64 from 'nodemailer/lib/base64';
import * as mime from 'nodemailer/lib/mime-funcs';
import * as qp from 'nodemailer/lib/qp';
import type { MailAttachment, MailMessage } from './mailer';

const CRLF = '\r\n';

/** A header's value on one line: a line break in it would start a header of its own. */
const oneLine = (value: string) => value.replace(/\r?\n|\r/g, ' ');

/** A display name as a header carries it: as it is, quoted, or as encoded words when it is not ASCII. */
function displayName(name: string): string {
  if (!mime.isPlainText(name)) return mime.encodeWords(name, 'Q', 52);
  return /^[\w ]*$/.test(name) ? name : mime.quoteString(name);
}

/** The addresses of a header (`Name <a@b.example>, c@d.example`), each domain in its ASCII form. */
function addresses(field: string): string {
  return addressparser(oneLine(field), { flatten: true })
    .map(({ name, address }) => {
      const at = (address ?? '').lastIndexOf('@');
      const ascii =
        at > 0 && !mime.isPlainText(address) ? `${address!.slice(0, at)}@${domainToASCII(address!.slice(at + 1))}` : address;
      return name ? `${displayName(name)} <${ascii}>` : (ascii ?? '');
    })
    .join(', ');
}

/** A header line, folded at 76 characters; an unstructured value that is not ASCII goes as encoded words. */
function header(name: string, value: string): string {
  return mime.foldLines(`${name}: ${value}`, 76);
}

/** A text part's body as quoted-printable, its line breaks CRLF, its lines at most 76 characters. */
function quotedPrintable(text: string): string {
  return qp.wrap(qp.encode(text.replace(/\r?\n|\r/g, CRLF)), 76);
}

function textPart(type: 'plain' | 'html', text: string): string {
  return [
    `Content-Type: text/${type}; charset=utf-8`,
    'Content-Transfer-Encoding: quoted-printable',
    '',
    quotedPrintable(text),
  ].join(CRLF);
}

function attachmentPart({ filename, content, contentType }: MailAttachment): string {
  return [
    mime.foldLines(`Content-Type: ${mime.buildHeaderValue({ value: contentType, params: { name: filename } })}`, 76),
    'Content-Transfer-Encoding: base64',
    mime.foldLines(`Content-Disposition: ${mime.buildHeaderValue({ value: 'attachment', params: { filename } })}`, 76),
    '',
    base64.wrap(base64.encode(content), 76),
  ].join(CRLF);
}

/** Parts under one boundary; answers the Content-Type line and the body. */
function multipart(subtype: 'alternative' | 'mixed', parts: readonly string[]): string {
  const boundary = `--_gh_${subtype}_${randomUUID()}`;
  return [
    `Content-Type: multipart/${subtype};${CRLF} boundary="${boundary}"`,
    '',
    ...parts.map((part) => `--${boundary}${CRLF}${part}`),
    `--${boundary}--`,
    '',
  ].join(CRLF);
}

/**
 * A mail as the RFC 5322 message the transports send (the SMTP server, or an .eml file): headers
 * folded, non-ASCII names and subjects as encoded words, the text and HTML as quoted-printable
 * alternatives, attachments in base64 beside them. Composed here, from nodemailer's encoders, rather
 * than by nodemailer's composer, which builds every mail as a tree of streams and took some 0.6–1.2 ms
 * of the server's thread for each order's mail (docs/decisions/0014).
 */
export function composeMime(from: string, message: MailMessage, date = new Date()): Buffer {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  const body =
    message.html === undefined
      ? textPart('plain', message.text)
      : multipart('alternative', [textPart('plain', message.text), textPart('html', message.html)]);
  const content = message.attachments?.length ? multipart('mixed', [body, ...message.attachments.map(attachmentPart)]) : body;
  const headers = [
    header('From', addresses(from)),
    header('To', addresses(message.to)),
    header('Subject', mime.encodeWords(oneLine(message.subject), 'Q', 52)),
    `Message-ID: <${message.id ?? randomUUID()}@${domain}>`,
    `Date: ${date.toUTCString().replace(/GMT/, '+0000')}`,
    'MIME-Version: 1.0',
  ];
  return Buffer.from(`${headers.join(CRLF)}${CRLF}${content}${content.endsWith(CRLF) ? '' : CRLF}`);
}
