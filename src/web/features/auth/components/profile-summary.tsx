import * as copy from '#shared/copy';
import type { User } from '#shared/schemas/accounts';
import { Avatar } from '../../../components/avatar';
import { formatDate } from '../../../lib/format-date';

/** Photo (or initials), display name, email and role, as the shop knows them. */
export function ProfileSummary({ user }: { user: User }) {
  return (
    <div className="flex flex-col items-center gap-5 rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:flex-row sm:text-left">
      <Avatar name={user.name} image={user.image} size={96} className="ring-4 ring-slate-100" />
      <div className="min-w-0">
        <p className="text-2xl font-extrabold tracking-tight break-words text-slate-900" data-testid="profile-name">
          {user.name}
        </p>
        <dl className="mt-2 flex flex-wrap justify-center gap-x-2 text-slate-700 sm:justify-start">
          <dt className="font-semibold">{copy.profile.email}</dt>
          <dd className="break-all">{user.email}</dd>
        </dl>
        <p className="mt-2 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-sm text-slate-600 sm:justify-start">
          <span className="badge badge-sm border-0 bg-slate-900 font-semibold text-white">
            {user.role === 'admin' ? copy.dashboard.roles.admin : copy.dashboard.roles.customer}
          </span>
          {copy.profile.memberSince(formatDate(user.createdAt))}
        </p>
      </div>
    </div>
  );
}
