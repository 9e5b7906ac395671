import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Settings } from '#shared/schemas/content';
import { apiRequest } from '../../../lib/api-client';

/** The shop's public settings: the flash deal's end and discount text. */
export function getSettings(signal?: AbortSignal): Promise<Settings> {
  return apiRequest<Settings>('/api/settings', { signal });
}

export function settingsQueryOptions() {
  return queryOptions({
    queryKey: ['settings'],
    queryFn: ({ signal }) => getSettings(signal),
  });
}

export function useSettingsQuery() {
  return useQuery(settingsQueryOptions());
}
