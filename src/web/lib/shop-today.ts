import { useQuery } from '@tanstack/react-query';
import { sellerDate } from '#shared/order-totals';
import { settingsQueryOptions } from '../features/settings/api/get-settings';

/** The browser's calendar day, as 'YYYY-MM-DD'. */
export function browserToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * The shop's calendar day now, in its time zone, as the server judges days (a payment's date, due
 * dates): late in the evening in Detroit it is already tomorrow in Berlin. Reads the settings from
 * the cache only (as `useMoney` does); the browser's day until they are in.
 */
export function useShopToday(): string {
  const timeZone = useQuery({ ...settingsQueryOptions(), enabled: false }).data?.timeZone;
  return timeZone ? sellerDate(new Date(), timeZone) : browserToday();
}
