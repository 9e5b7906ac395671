import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { formatMoney } from '#shared/money';
import { settingsQueryOptions } from '../features/settings/api/get-settings';

/** Writes cents as money in one currency: what `useMoney` answers, and what a helper takes. */
export type FormatMoney = (cents: number) => string;

/**
 * Writes cents in the shop's currency as the settings say now: for what the shop prices today
 * (catalogue, cart, booking). An order's own amounts are written in `order.currency` instead, the
 * currency it was placed in.
 *
 * Only reads the settings from the cache, never fetches them itself: the shell's loader puts them
 * there for every page the server draws (so the server's HTML and the browser's first render write the
 * same sign) and on every navigation, and main.tsx asks for them at once on a page the browser draws
 * itself. Until they are in, amounts are written in dollars, the default currency.
 */
export function useMoney(): FormatMoney {
  const currency = useQuery({ ...settingsQueryOptions(), enabled: false }).data?.currency;
  return useCallback((cents: number) => formatMoney(cents, currency), [currency]);
}
