import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Settings, SettingsUpdate } from '#shared/schemas/content';
import { apiRequest } from '../../../lib/api-client';

/** Sets the flash deal's end and discount text (admin only); answers the new settings. */
export function updateSettings(input: SettingsUpdate): Promise<Settings> {
  return apiRequest<Settings>('/api/settings', { method: 'PATCH', body: input });
}

/** The landing page's countdown reads the settings query, so it follows at once. */
export function useUpdateSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => queryClient.setQueryData(['settings'], settings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['settings'] }),
  });
}
