import * as copy from '#shared/copy';
import type { ContactMessage } from '#shared/schemas/content';
import { formatDate } from '../../../lib/format-date';
import { useUpdateContactMessageMutation } from '../api/update-contact-message';

function MessageCard({ message }: { message: ContactMessage }) {
  const update = useUpdateContactMessageMutation();
  const handled = message.handledAt !== null;
  const titleId = `message-${message.id}-subject`;
  return (
    <li>
      <article
        aria-labelledby={titleId}
        data-testid="contact-message"
        className={`rounded-2xl bg-white p-5 shadow-sm ring-1 sm:p-6 ${handled ? 'ring-slate-200' : 'ring-brand-300'}`}
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2">
              <span
                className={`badge badge-sm border-0 font-semibold ${handled ? 'bg-slate-200 text-slate-800' : 'bg-brand-100 text-brand-800'}`}
              >
                {handled ? copy.inbox.handled : copy.inbox.open}
              </span>
              <time dateTime={message.createdAt} className="text-sm text-slate-600">
                {copy.inbox.received(formatDate(message.createdAt))}
              </time>
            </p>
            <h3 id={titleId} className="mt-2 text-lg font-bold break-words text-slate-900">
              {message.subject}
            </h3>
            <p className="text-sm break-all text-slate-700">
              <span className="font-semibold">{copy.inbox.from}: </span>
              <a href={`mailto:${message.email}`} className="link link-hover text-brand-800">
                {message.email}
              </a>
            </p>
          </div>
          <button
            type="button"
            className="btn btn-sm shrink-0 border-slate-300 bg-white text-slate-800 hover:bg-slate-100"
            // Not `disabled`: disabling the focused button would drop keyboard focus onto the page's body.
            aria-disabled={update.isPending || undefined}
            aria-label={`${handled ? copy.inbox.markUnhandled : copy.inbox.markHandled}: ${message.subject}`}
            onClick={() => {
              if (!update.isPending) update.mutate({ id: message.id, handled: !handled });
            }}
          >
            {update.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
            {handled ? copy.inbox.markUnhandled : copy.inbox.markHandled}
          </button>
        </div>
        {/* Text from a stranger: rendered as text, line breaks kept. */}
        <p className="mt-4 leading-relaxed break-words whitespace-pre-line text-slate-800">{message.message}</p>
      </article>
    </li>
  );
}

/** Contact messages, newest first; unhandled ones are outlined and can be marked handled. */
export function ContactMessageList({ messages }: { messages: ContactMessage[] }) {
  return (
    <ul className="grid gap-4">
      {messages.map((message) => (
        <MessageCard key={message.id} message={message} />
      ))}
    </ul>
  );
}
