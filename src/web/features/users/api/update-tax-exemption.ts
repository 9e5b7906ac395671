import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserListItem } from '#shared/schemas/accounts';
import { apiRequest } from '../../../lib/api-client';

export interface UpdateTaxExemptionInput {
  id: string;
  /** Why the buyer pays no tax, printed on their invoices; null charges them tax again. */
  taxExemptReason: string | null;
}

/** Sets or ends a buyer's tax exemption (admin); answers the user as listed. */
export function updateTaxExemption({ id, taxExemptReason }: UpdateTaxExemptionInput): Promise<UserListItem> {
  return apiRequest<UserListItem>(`/api/users/${encodeURIComponent(id)}`, { method: 'PATCH', body: { taxExemptReason } });
}

export function useUpdateTaxExemptionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTaxExemption,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
