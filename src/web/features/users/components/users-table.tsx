import { useState } from 'react';
import { toast } from '../../../lib/toast';
import * as copy from '#shared/copy';
import type { UserListItem } from '#shared/schemas/accounts';
import { Avatar } from '../../../components/avatar';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { useRemoveUserMutation } from '../api/remove-user';
import { useUpdateUserRoleMutation } from '../api/update-user-role';
import { TaxExemptionDialog } from './tax-exemption-dialog';

interface UserAction {
  kind: 'makeAdmin' | 'removeAdmin' | 'remove';
  user: UserListItem;
}

interface UsersTableProps {
  users: UserListItem[];
  /** How many users come before this page, for the Index column. */
  offset: number;
  /** The signed-in admin: their own row has no actions (the server refuses them anyway). */
  currentUserId: string;
}

/** What "Are you sure?" says for each action, and its buttons, which say what they do. */
const dialogCopy: Record<UserAction['kind'], { text: (name: string, email: string) => string; yes: string; keep: string }> = {
  makeAdmin: { text: copy.users.confirmMakeAdmin, yes: copy.users.confirmMakeAdminYes, keep: copy.users.keepCustomer },
  removeAdmin: { text: copy.users.confirmRemoveAdmin, yes: copy.users.confirmRemoveAdminYes, keep: copy.users.keepAdmin },
  remove: { text: copy.users.confirmRemove, yes: copy.users.confirmRemoveYes, keep: copy.users.keepUser },
};

const cell = 'md:table-cell md:px-4 md:py-4 md:align-middle';

function Badge({ children, tone }: { children: string; tone: 'dark' | 'brand' }) {
  const colours = tone === 'dark' ? 'bg-slate-900 text-white' : 'bg-brand-100 text-brand-800';
  return <span className={`badge badge-sm border-0 font-semibold ${colours}`}>{children}</span>;
}

/**
 * Manage All User: Index, User Details, Make Admin (Remove admin on another admin's row), Remove User,
 * each action after "Are you sure?"; one's own row has none. From md width a table; on phones each row
 * is a card, so the page never scrolls sideways.
 */
export function UsersTable({ users, offset, currentUserId }: UsersTableProps) {
  const setRole = useUpdateUserRoleMutation();
  const remove = useRemoveUserMutation();
  const [action, setAction] = useState<UserAction | null>(null);
  // What the dialog says stays while it closes.
  const [shown, setShown] = useState<UserAction | null>(null);
  const [exempting, setExempting] = useState<UserListItem | null>(null);

  const ask = (next: UserAction) => {
    setAction(next);
    setShown(next);
  };

  const confirm = () => {
    if (!action) return;
    const done = () => setAction(null);
    if (action.kind === 'makeAdmin') {
      setRole.mutate(
        { id: action.user.id, role: 'admin' },
        { onSuccess: () => toast.success(copy.toasts.adminAdded), onSettled: done },
      );
    } else if (action.kind === 'removeAdmin') {
      setRole.mutate(
        { id: action.user.id, role: 'customer' },
        { onSuccess: () => toast.success(copy.users.adminRemoved), onSettled: done },
      );
    } else {
      remove.mutate(action.user.id, { onSuccess: () => toast.success(copy.toasts.userRemoved), onSettled: done });
    }
  };

  return (
    <>
      <DataTable
        caption={copy.dashboard.manageUser}
        columns={[
          { label: copy.users.index, className: 'w-20 px-4 py-3' },
          { label: copy.users.details, className: 'px-4 py-3' },
          { label: copy.users.makeAdmin, className: 'px-4 py-3' },
          { label: copy.users.removeUser, className: 'px-4 py-3' },
        ]}
      >
        {users.map((user, index) => {
          const isSelf = user.id === currentUserId;
          const isAdmin = user.role === 'admin';
          return (
            <tr
              key={user.id}
              data-testid="user-row"
              className="flex flex-wrap items-center gap-x-3 gap-y-3 p-4 md:table-row md:p-0"
            >
              <td className={`w-8 shrink-0 font-semibold text-slate-600 tabular-nums ${cell}`}>{offset + index + 1}</td>
              <td className={`min-w-0 flex-1 basis-[calc(100%-2.75rem)] ${cell}`}>
                <div className="flex items-center gap-3">
                  <Avatar name={user.name} image={user.image} size={40} />
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold text-slate-900">
                      <span className="break-words">{user.name}</span>
                      {isAdmin ? <Badge tone="dark">{copy.users.admin}</Badge> : null}
                      {isSelf ? <Badge tone="brand">{copy.users.you}</Badge> : null}
                    </p>
                    <p className="text-sm break-all text-slate-600">{user.email}</p>
                    {user.vatId ? (
                      <p className="text-sm text-slate-600">
                        {copy.users.vatIdShort} <span className="font-mono text-slate-800">{user.vatId}</span>
                      </p>
                    ) : null}
                    {user.taxExemptReason !== null ? (
                      <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
                        <Badge tone="brand">{copy.users.taxExempt}</Badge>
                        <span className="break-words">{user.taxExemptReason}</span>
                      </p>
                    ) : null}
                    {isAdmin ? null : (
                      <button
                        type="button"
                        className="mt-1 inline-flex min-h-6 items-center text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
                        aria-label={`${copy.users.editTaxExemption}: ${user.name}`}
                        onClick={() => setExempting(user)}
                      >
                        {copy.users.editTaxExemption}
                      </button>
                    )}
                  </div>
                </div>
              </td>
              <td className={`${isSelf ? 'hidden' : 'ml-11 md:ml-0'} ${cell}`}>
                {isSelf ? null : (
                  <button
                    type="button"
                    className="btn btn-sm border-slate-300 bg-white text-slate-800 hover:bg-slate-100"
                    onClick={() => ask({ kind: isAdmin ? 'removeAdmin' : 'makeAdmin', user })}
                  >
                    {isAdmin ? copy.users.removeAdmin : copy.users.makeAdmin}
                  </button>
                )}
              </td>
              <td className={`${isSelf ? 'hidden' : ''} ${cell}`}>
                {isSelf ? null : (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline btn-error"
                    onClick={() => ask({ kind: 'remove', user })}
                  >
                    {copy.users.removeUser}
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </DataTable>
      <ConfirmDialog
        open={action !== null}
        pending={setRole.isPending || remove.isPending}
        confirmLabel={dialogCopy[shown?.kind ?? 'remove'].yes}
        cancelLabel={dialogCopy[shown?.kind ?? 'remove'].keep}
        onConfirm={confirm}
        onCancel={() => setAction(null)}
      >
        {shown ? <p>{dialogCopy[shown.kind].text(shown.user.name, shown.user.email)}</p> : null}
      </ConfirmDialog>
      <TaxExemptionDialog user={exempting} onClose={() => setExempting(null)} />
    </>
  );
}
