import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKeyInput, CreatedApiKey } from '#shared/schemas/api-keys';
import { apiRequest } from '../../../lib/api-client';
import { apiKeysQueryKey } from './get-api-keys';

/** Makes a key; the answer is the only one that carries its secret. */
export function createApiKey(input: CreateApiKeyInput): Promise<CreatedApiKey> {
  return apiRequest<CreatedApiKey>('/api/api-keys', { method: 'POST', body: input });
}

/** The form shows a refusal itself; the cache toasts only server faults. */
export function useCreateApiKeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    meta: { toast: 'faults' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
