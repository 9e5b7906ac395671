import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import * as copy from '#shared/copy';
import { centsToPriceText, parsePriceToCents } from '#shared/money';
import { type Company, type CompanyRole, MAX_CREDIT_LIMIT_CENTS, companyRoleValues } from '#shared/schemas/companies';
import { invitationInputSchema } from '#shared/schemas/company-members';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { FormError, InputField, SelectField } from '../../../components/form-field';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { applyServerFieldErrors } from '../../../lib/mutation-errors';
import { toast } from '../../../lib/toast';
import type { FormatMoney } from '../../../lib/use-money';
import { useInviteColleagueMutation } from '../api/invite-colleague';
import { useRemoveMemberMutation } from '../api/remove-member';
import { useUpdateMemberMutation } from '../api/update-member';
import { useWithdrawInvitationMutation } from '../api/withdraw-invitation';

const m = copy.companyMembers;
const p = m.page;
const cell = 'md:px-4 md:py-3 md:align-top';

type Member = Company['members'][number];

/** "500.00" (or "1,500") → cents; '' → null (no limit); undefined for text that is not an amount the API takes. */
function limitCentsOf(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return null;
  const cents = parsePriceToCents(trimmed);
  return cents !== undefined && cents <= MAX_CREDIT_LIMIT_CENTS ? cents : undefined;
}

const limitText = (cents: number | null) => (cents === null ? '' : centsToPriceText(cents));

/** One member as a company admin sees them: the role and order limit to change, and Remove (or Leave, for themselves). */
function EditableMemberRow({
  member,
  isSelf,
  onRemove,
}: {
  member: Member;
  isSelf: boolean;
  onRemove: (member: Member) => void;
}) {
  const update = useUpdateMemberMutation();
  const [role, setRole] = useState<CompanyRole>(member.role);
  const [limit, setLimit] = useState(limitText(member.orderLimitCents));
  const [errors, setErrors] = useState<{ role?: string; limit?: string; row?: string }>({});
  const id = `member-${member.userId}`;

  const save = () => {
    const cents = limitCentsOf(limit);
    if (cents === undefined) {
      setErrors({ limit: p.limitInvalid });
      return;
    }
    setErrors({});
    update.mutate(
      {
        userId: member.userId,
        ...(role !== member.role ? { role } : {}),
        ...(cents !== member.orderLimitCents ? { orderLimitCents: cents } : {}),
      },
      {
        onSuccess: () => toast.success(p.saved),
        onError: (error) => {
          if (!(error instanceof ApiError) || error.isServerFault) return;
          const fields = error.fieldErrors;
          if (fields.role || fields.orderLimitCents) setErrors({ role: fields.role, limit: fields.orderLimitCents });
          else setErrors({ row: error.message });
        },
      },
    );
  };
  const unchanged = role === member.role && limit === limitText(member.orderLimitCents);

  return (
    <tr data-testid="company-member" className="grid gap-3 p-4 md:table-row md:p-0">
      <td className={cell}>
        <span className="block font-semibold break-words text-slate-900">
          {member.name} {isSelf ? <span className="font-normal text-slate-600">{p.you}</span> : null}
        </span>
        <span className="block text-sm break-all text-slate-600">{member.email}</span>
      </td>
      <td className={cell}>
        <SelectField
          id={`${id}-role`}
          label={p.memberRole}
          className="[&>label]:md:sr-only"
          value={role}
          error={errors.role}
          onChange={(event) => setRole(event.target.value as CompanyRole)}
        >
          {companyRoleValues.map((value) => (
            <option key={value} value={value}>
              {m.roles[value]}
            </option>
          ))}
        </SelectField>
      </td>
      <td className={cell}>
        <InputField
          id={`${id}-limit`}
          label={p.memberLimit}
          className="[&>label]:md:sr-only"
          inputMode="decimal"
          placeholder={p.noLimit}
          hint={p.limitHint}
          value={limit}
          error={errors.limit}
          onChange={(event) => setLimit(event.target.value)}
        />
      </td>
      <td className={cell}>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={update.isPending || unchanged}
            aria-label={`${p.save}: ${member.name}`}
            onClick={save}
          >
            {p.save}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm border-slate-300"
            aria-label={isSelf ? p.leave : `${p.remove}: ${member.name}`}
            onClick={() => onRemove(member)}
          >
            {isSelf ? p.leave : p.remove}
          </button>
        </div>
        <FormError message={errors.row} className="mt-2" />
      </td>
    </tr>
  );
}

/** One member as a buyer sees them: who, their role and limit; Leave on their own row. */
function MemberRow({
  member,
  isSelf,
  money,
  onRemove,
}: {
  member: Member;
  isSelf: boolean;
  money: FormatMoney;
  onRemove: (member: Member) => void;
}) {
  return (
    <tr data-testid="company-member" className="grid gap-2 p-4 md:table-row md:p-0">
      <td className={cell}>
        <span className="block font-semibold break-words text-slate-900">
          {member.name} {isSelf ? <span className="font-normal text-slate-600">{p.you}</span> : null}
        </span>
        <span className="block text-sm break-all text-slate-600">{member.email}</span>
      </td>
      <td className={cell}>{m.roles[member.role]}</td>
      <td className={`tabular-nums ${cell}`}>{member.orderLimitCents === null ? p.noLimit : money(member.orderLimitCents)}</td>
      <td className={cell}>
        {isSelf ? (
          <button type="button" className="btn btn-ghost btn-sm border-slate-300" onClick={() => onRemove(member)}>
            {p.leave}
          </button>
        ) : null}
      </td>
    </tr>
  );
}

interface CompanyMembersProps {
  company: Company;
  userId: string;
  isCompanyAdmin: boolean;
  money: FormatMoney;
}

/** The members table: a company admin changes roles and limits and removes people; anyone may leave. */
export function CompanyMembers({ company, userId, isCompanyAdmin, money }: CompanyMembersProps) {
  const remove = useRemoveMemberMutation();
  const [removing, setRemoving] = useState<Member | null>(null);
  const [refusal, setRefusal] = useState<string>();
  const columns = [
    { label: p.memberName, className: 'px-4 py-3' },
    { label: p.memberRole, className: 'px-4 py-3 md:w-56' },
    { label: p.memberLimit, className: 'px-4 py-3 md:w-48' },
    { label: <span className="sr-only">{p.save}</span>, className: 'px-4 py-3 md:w-44' },
  ];
  const leaving = removing?.userId === userId;

  const confirm = () => {
    if (!removing) return;
    remove.mutate(removing.userId, {
      onSuccess: () => {
        toast.success(p.memberRemoved);
        setRefusal(undefined);
      },
      onError: (error) =>
        setRefusal(error instanceof ApiError && !error.isServerFault ? error.message : copy.common.somethingWrong),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <section aria-labelledby="company-members" className="grid gap-3">
      <h3 id="company-members" className="text-xl font-bold text-slate-900">
        {p.members}
      </h3>
      <FormError message={refusal} />
      <DataTable caption={p.members} columns={columns}>
        {company.members.map((member) =>
          isCompanyAdmin ? (
            <EditableMemberRow
              key={`${member.userId}-${member.role}-${member.orderLimitCents}`}
              member={member}
              isSelf={member.userId === userId}
              onRemove={setRemoving}
            />
          ) : (
            <MemberRow
              key={member.userId}
              member={member}
              isSelf={member.userId === userId}
              money={money}
              onRemove={setRemoving}
            />
          ),
        )}
      </DataTable>
      <ConfirmDialog
        open={removing !== null}
        confirmLabel={leaving ? p.leave : p.remove}
        cancelLabel={p.keep}
        pending={remove.isPending}
        onConfirm={confirm}
        onCancel={() => setRemoving(null)}
      >
        {leaving ? p.confirmLeave : removing ? p.confirmRemove(removing.name) : null}
      </ConfirmDialog>
    </section>
  );
}

type InviteInput = z.input<typeof invitationInputSchema>;
type InviteOutput = z.output<typeof invitationInputSchema>;

/** A company admin's invitation form (email and role) and the invitations still waiting, each with Withdraw. */
export function CompanyInvitations({ company }: { company: Company }) {
  const invite = useInviteColleagueMutation();
  const withdraw = useWithdrawInvitationMutation();
  const form = useForm<InviteInput, unknown, InviteOutput>({
    resolver: zodResolver(invitationInputSchema),
    defaultValues: { email: '', role: 'buyer' },
  });
  const [refusal, setRefusal] = useState<string>();
  const errors = form.formState.errors;

  const submit = (values: InviteOutput) =>
    invite.mutate(values, {
      onSuccess: (sent) => {
        toast.success(p.inviteSent(sent.email));
        setRefusal(undefined);
        form.reset({ email: '', role: values.role });
      },
      onError: (error) => {
        if (!(error instanceof ApiError) || error.isServerFault) return;
        if (Object.keys(error.fieldErrors).length > 0) applyServerFieldErrors(error, form.setError, ['email', 'role']);
        else setRefusal(error.message);
      },
    });

  const invitations = company.invitations ?? [];
  return (
    <section aria-labelledby="company-invite" className="grid gap-4">
      <h3 id="company-invite" className="text-xl font-bold text-slate-900">
        {p.invite}
      </h3>
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit(submit)(event)}
        className="grid gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-start"
      >
        <InputField
          label={p.inviteEmail}
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <SelectField label={p.inviteRole} error={errors.role?.message} {...form.register('role')}>
          {companyRoleValues.map((value) => (
            <option key={value} value={value}>
              {m.roles[value]}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="btn btn-primary sm:mt-7" disabled={invite.isPending}>
          {p.sendInvite}
        </button>
        <FormError message={refusal} className="sm:col-span-3" />
      </form>
      <h4 className="text-lg font-bold text-slate-900">{p.pending}</h4>
      {invitations.length === 0 ? (
        <p className="text-slate-600">{p.noPending}</p>
      ) : (
        <ul className="grid gap-2">
          {invitations.map((invitation) => (
            <li
              key={invitation.id}
              data-testid="company-invitation"
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
            >
              <span className="min-w-0">
                <span className="block font-semibold break-all text-slate-900">{invitation.email}</span>
                <span className="block text-sm text-slate-600">
                  {m.roles[invitation.role]} · {p.expires(formatDate(invitation.expiresAt))}
                </span>
              </span>
              <button
                type="button"
                className="btn btn-ghost btn-sm border-slate-300"
                aria-label={`${p.withdraw}: ${invitation.email}`}
                disabled={withdraw.isPending}
                onClick={() => withdraw.mutate(invitation.id, { onSuccess: () => toast.success(p.withdrawn) })}
              >
                {p.withdraw}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
