import * as copy from '#shared/copy';
import { useShopInfoQuery } from '../../features/auth/api/get-shop-info';

/** On every page while the sandbox takes the payments of a shop that is not a demo: no card is charged. */
export function TestModeBanner() {
  const shop = useShopInfoQuery();
  if (!shop.data?.paymentsTestMode) return null;
  return (
    <p role="status" data-test-mode-banner className="bg-amber-300 px-4 py-1.5 text-center text-sm font-semibold text-slate-950">
      {copy.common.paymentsTestMode}
    </p>
  );
}
