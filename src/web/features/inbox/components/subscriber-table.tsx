import * as copy from '#shared/copy';
import type { Subscriber } from '#shared/schemas/content';
import { formatDate } from '../../../lib/format-date';

/** Newsletter subscribers, newest first: the email and the day they subscribed. */
export function SubscriberTable({ subscribers, offset }: { subscribers: Subscriber[]; offset: number }) {
  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full table-fixed text-left">
        <caption className="sr-only">{copy.inbox.subscribers}</caption>
        <thead className="bg-slate-50 text-xs font-bold tracking-wider text-slate-600 uppercase">
          <tr>
            <th scope="col" className="w-12 px-3 py-3 sm:w-16 sm:px-4">
              <span aria-hidden="true">{copy.inbox.indexShort}</span>
              <span className="sr-only">{copy.inbox.index}</span>
            </th>
            <th scope="col" className="px-3 py-3 sm:px-4">
              {copy.inbox.email}
            </th>
            <th scope="col" className="w-32 px-3 py-3 sm:w-44 sm:px-4">
              {copy.inbox.subscribedOn}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {subscribers.map((subscriber, index) => (
            <tr key={subscriber.id} data-testid="subscriber-row">
              <td className="px-3 py-3 font-semibold text-slate-600 tabular-nums sm:px-4">{offset + index + 1}</td>
              <td className="px-3 py-3 break-all text-slate-900 sm:px-4">{subscriber.email}</td>
              <td className="px-3 py-3 text-sm text-slate-700 sm:px-4">
                <time dateTime={subscriber.createdAt}>{formatDate(subscriber.createdAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
