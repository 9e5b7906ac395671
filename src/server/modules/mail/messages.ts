import { copy } from '#shared/copy';
import type { MailMessage } from './mailer';

const m = copy.mail;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function passwordResetMail(to: { email: string; name: string }, link: string): MailMessage {
  const paragraphs = [m.resetGreeting(to.name), m.resetIntro];
  return {
    to: to.email,
    subject: m.resetSubject,
    text: [...paragraphs, link, m.resetExpiry, m.signature].join('\n\n'),
    html: [
      ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      `<p><a href="${escapeHtml(link)}">${escapeHtml(m.resetButton)}</a></p>`,
      `<p>${escapeHtml(m.resetExpiry)}</p>`,
      `<p>${escapeHtml(m.signature)}</p>`,
    ].join('\n'),
  };
}
