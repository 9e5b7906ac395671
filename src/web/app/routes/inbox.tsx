import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import * as copy from '#shared/copy';
import { EmptyTitle, PagedList, type PagedData, type PagedQuery } from '../../components/paged-list';
import { Pagination } from '../../components/pagination';
import { DashboardPanel } from '../../features/dashboard/components/dashboard-panel';
import { useContactMessagesQuery } from '../../features/inbox/api/get-contact-messages';
import { SUBSCRIBERS_CSV_URL, useSubscribersQuery } from '../../features/inbox/api/get-subscribers';
import { ContactMessageList } from '../../features/inbox/components/contact-message-list';
import { SubscriberTable } from '../../features/inbox/components/subscriber-table';

const INBOX_PAGE_SIZE = 20;

type Tab = 'messages' | 'subscribers';

/** The count, the loading and error states, the empty message and the pagination shared by both tabs. */
function PagedSection({
  query,
  page,
  total,
  empty,
  onPageChange,
  children,
}: {
  query: PagedQuery<PagedData>;
  page: number;
  total: (n: number) => string;
  empty: string;
  onPageChange: (page: number) => void;
  children: ReactNode;
}) {
  const totalPages = query.data ? Math.max(1, Math.ceil(query.data.total / INBOX_PAGE_SIZE)) : 1;
  return (
    <>
      <PagedList query={query} total={(data) => total(data.total)} empty={<EmptyTitle>{empty}</EmptyTitle>}>
        {() => children}
      </PagedList>
      <Pagination className="mt-8" page={page} totalPages={totalPages} onPageChange={onPageChange} />
    </>
  );
}

function MessagesTab({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const messages = useContactMessagesQuery({ page, limit: INBOX_PAGE_SIZE });
  return (
    <PagedSection
      query={messages}
      page={page}
      total={copy.inbox.messagesTotal}
      empty={copy.inbox.noMessages}
      onPageChange={onPageChange}
    >
      {messages.data ? <ContactMessageList messages={messages.data.items} /> : null}
    </PagedSection>
  );
}

function SubscribersTab({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const subscribers = useSubscribersQuery({ page, limit: INBOX_PAGE_SIZE });
  return (
    <PagedSection
      query={subscribers}
      page={page}
      total={copy.inbox.subscribersTotal}
      empty={copy.inbox.noSubscribers}
      onPageChange={onPageChange}
    >
      {subscribers.data ? <SubscriberTable subscribers={subscribers.data.items} offset={(page - 1) * INBOX_PAGE_SIZE} /> : null}
    </PagedSection>
  );
}

const tabClass = (active: boolean) =>
  `inline-flex items-center rounded-lg px-4 py-2 font-semibold transition-colors ${
    active ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`;

/** /dashboard/inbox (admin): contact messages and newsletter subscribers; the tab and page live in the URL. */
export default function InboxPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'subscribers' ? 'subscribers' : 'messages';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const changePage = (value: number) => {
    const next = new URLSearchParams(params);
    if (value > 1) next.set('page', String(value));
    else next.delete('page');
    setParams(next);
  };

  return (
    <DashboardPanel
      title={copy.dashboard.inbox}
      aside={
        tab === 'subscribers' ? (
          <a href={SUBSCRIBERS_CSV_URL} download className="btn border-slate-300 bg-white text-slate-800 hover:bg-slate-100">
            {copy.inbox.downloadCsv}
          </a>
        ) : null
      }
    >
      <nav aria-label={copy.inbox.tabsLabel} className="mb-6">
        <ul className="inline-flex flex-wrap gap-1 rounded-xl bg-white p-1 shadow-sm ring-1 ring-slate-200">
          <li>
            <Link
              to={{ search: '' }}
              aria-current={tab === 'messages' ? 'page' : undefined}
              className={tabClass(tab === 'messages')}
            >
              {copy.inbox.messages}
            </Link>
          </li>
          <li>
            <Link
              to={{ search: '?tab=subscribers' }}
              aria-current={tab === 'subscribers' ? 'page' : undefined}
              className={tabClass(tab === 'subscribers')}
            >
              {copy.inbox.subscribers}
            </Link>
          </li>
        </ul>
      </nav>
      {tab === 'messages' ? (
        <MessagesTab page={page} onPageChange={changePage} />
      ) : (
        <SubscribersTab page={page} onPageChange={changePage} />
      )}
    </DashboardPanel>
  );
}
