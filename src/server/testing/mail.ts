import type { MailMessage, Mailer } from '../modules/mail';

export interface CapturingMailer extends Mailer {
  messages: MailMessage[];
  /** The next message sent to this address (one already sent and not yet taken counts). */
  next(to: string, timeoutMs?: number): Promise<MailMessage>;
}

/** Keeps what the app sends, so a test can read the mail a user would get. */
export function capturingMailer(): CapturingMailer {
  const messages: MailMessage[] = [];
  const taken = new Set<MailMessage>();
  const waiting: { to: string; resolve: (message: MailMessage) => void }[] = [];
  return {
    messages,
    async send(message) {
      messages.push(message);
      const index = waiting.findIndex((w) => w.to === message.to);
      if (index >= 0) {
        taken.add(message);
        waiting.splice(index, 1)[0]?.resolve(message);
      }
    },
    next(to, timeoutMs = 5000) {
      const ready = messages.find((m) => m.to === to && !taken.has(m));
      if (ready) {
        taken.add(ready);
        return Promise.resolve(ready);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiting.push({
          to,
          resolve: (message) => {
            clearTimeout(timer);
            resolve(message);
          },
        });
      });
    },
  };
}
