import { useId, type RefObject } from 'react';
import * as copy from '#shared/copy';
import type { ShopInfo } from '#shared/schemas/content';
import { Modal } from '../../../components/modal';

type DemoAccount = ShopInfo['demoAccounts'][number];

interface DemoAccountsDialogProps {
  open: boolean;
  accounts: DemoAccount[];
  onUse: (account: DemoAccount) => void;
  onClose: () => void;
  finalFocus?: RefObject<HTMLElement | null>;
}

/** Demo mode only: the demo accounts with their passwords, each with "Use" to fill in the login form. */
export function DemoAccountsDialog({ open, accounts, onUse, onClose, finalFocus }: DemoAccountsDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} describedBy={textId} finalFocus={finalFocus} className="max-w-lg">
      <h2 id={titleId} className="text-xl font-bold text-slate-900">
        {copy.auth.demoAccounts}
      </h2>
      <p id={textId} className="mt-2 text-slate-600">
        {copy.auth.demoAccountsText}
      </p>
      <ul className="mt-5 space-y-3">
        {accounts.map((account) => {
          const role = copy.auth.demoRoles[account.role];
          return (
            <li
              key={account.email}
              className="flex flex-col gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:flex-row sm:items-center"
            >
              <div className="min-w-0 flex-1 text-sm">
                <p className="text-base font-bold text-slate-900">{role}</p>
                <p className="mt-1 break-all text-slate-800">
                  <span className="text-slate-600">{copy.fields.email}: </span>
                  {account.email}
                </p>
                <p className="text-slate-800">
                  <span className="text-slate-600">{copy.fields.password}: </span>
                  <code className="font-mono">{account.password}</code>
                </p>
              </div>
              <button
                type="button"
                className="btn btn-primary btn-sm self-start sm:self-center"
                aria-label={copy.auth.useAccountLabel(role, account.email)}
                onClick={() => onUse(account)}
              >
                {copy.auth.useAccount}
              </button>
            </li>
          );
        })}
      </ul>
      <div className="mt-6 flex justify-end">
        <button type="button" className="btn btn-ghost border-slate-300" onClick={onClose}>
          {copy.common.close}
        </button>
      </div>
    </Modal>
  );
}
