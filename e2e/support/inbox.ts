import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Undoes quoted-printable soft breaks and escapes, enough to read links out of a mail. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The messages the local SMTP server received, oldest first, as decoded text. */
export function receivedMail(): { file: string; text: string }[] {
  const inbox = path.join(process.env.E2E_DATA_DIR ?? '', 'smtp-inbox');
  if (!existsSync(inbox)) return [];
  return readdirSync(inbox)
    .sort()
    .map((file) => ({ file, text: decodeQuotedPrintable(readFileSync(path.join(inbox, file), 'utf8')) }));
}

/** The newest mail sent to `address`, polled for up to 10 s (mail goes out in the background). */
export async function waitForMailTo(address: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = receivedMail()
      .filter((mail) => new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'im').test(mail.text))
      .at(-1);
    if (found) return found.text;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
