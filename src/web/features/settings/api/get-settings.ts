import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Settings } from '#shared/schemas/content';
import { apiCall, type ApiCall, apiRequest } from '../../../lib/api-client';

/** The shop's public settings: the flash deal's end and discount text. */
export function getSettings(call: ApiCall = {}): Promise<Settings> {
  return apiRequest<Settings>('/api/settings', call);
}

export function settingsQueryOptions() {
  return queryOptions({
    queryKey: ['settings'],
    queryFn: (context) => getSettings(apiCall(context)),
  });
}

export function useSettingsQuery() {
  return useQuery(settingsQueryOptions());
}
