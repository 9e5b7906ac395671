import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import * as copy from '#shared/copy';
import { type UserListItem, taxExemptReasonSchema } from '#shared/schemas/accounts';
import { InputField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { applyServerFieldErrors } from '../../../lib/mutation-errors';
import { toast } from '../../../lib/toast';
import { useUpdateTaxExemptionMutation } from '../api/update-tax-exemption';

/** The reason as the server takes it; empty ends the exemption. */
const exemptionFormSchema = z.object({
  taxExemptReason: z.string().refine((text) => text.trim() === '' || taxExemptReasonSchema.safeParse(text).success, {
    message: copy.users.taxExemptReasonInvalid,
  }),
});
type ExemptionFormValues = z.infer<typeof exemptionFormSchema>;

interface TaxExemptionDialogProps {
  /** The buyer whose exemption is edited; null when the dialog is closed. */
  user: UserListItem | null;
  onClose: () => void;
}

/** Sets why a buyer pays no tax (printed on their invoices), or ends it with an empty reason. */
export function TaxExemptionDialog({ user, onClose }: TaxExemptionDialogProps) {
  const titleId = useId();
  return (
    <Modal open={user !== null} onClose={onClose} labelledBy={titleId} className="max-w-md">
      {user ? <ExemptionForm key={user.id} user={user} titleId={titleId} onClose={onClose} /> : null}
    </Modal>
  );
}

function ExemptionForm({ user, titleId, onClose }: { user: UserListItem; titleId: string; onClose: () => void }) {
  const form = useForm<ExemptionFormValues>({
    resolver: zodResolver(exemptionFormSchema),
    defaultValues: { taxExemptReason: user.taxExemptReason ?? '' },
  });
  const update = useUpdateTaxExemptionMutation();

  const save = ({ taxExemptReason }: ExemptionFormValues) => {
    const reason = taxExemptReason.trim();
    update.mutate(
      { id: user.id, taxExemptReason: reason === '' ? null : reason },
      {
        onSuccess: () => {
          toast.success(copy.users.taxExemptionSaved);
          onClose();
        },
        onError: (error) => applyServerFieldErrors(error, form.setError, ['taxExemptReason']),
      },
    );
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(save)(event)}>
      <h2 id={titleId} className="text-xl font-bold text-slate-900">
        {copy.users.editTaxExemption}
      </h2>
      <p className="mt-1 text-sm break-all text-slate-600">
        {user.name} · {user.email}
      </p>
      <InputField
        label={copy.users.taxExemptLabel(user.name)}
        hint={copy.users.taxExemptHint}
        error={form.formState.errors.taxExemptReason?.message}
        className="mt-4"
        {...form.register('taxExemptReason')}
      />
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-ghost border-slate-300" onClick={onClose}>
          {copy.users.keepExemption}
        </button>
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          {update.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {copy.users.saveTaxExemption}
        </button>
      </div>
    </form>
  );
}
