import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { withReturnPath } from '#shared/return-path';
import { ApiError } from '../../../lib/api-client';
import { useStockAlertsQuery } from '../api/get-stock-alerts';
import { useNotifyMeMutation, useStopNotifyingMeMutation } from '../api/notify-me';

const s = copy.stockAlerts;

interface NotifyMeProps {
  partId: string;
  /** Who looks: a customer asks, a visitor is sent to sign in first, a shop admin (who does not buy) sees nothing. */
  viewer: 'customer' | 'visitor' | 'admin' | 'loading';
  /** The server says the part is in stock after all (the page was drawn before a restock): show it afresh. */
  onInStock?: () => void;
}

/**
 * "Notify me" on a sold-out part (docs/shop-rules.md, "Back in stock"). Whether the customer already
 * asked comes from their own request (GET /api/me/stock-alerts), never from the cached public page.
 */
export function NotifyMe({ partId, viewer, onInStock }: NotifyMeProps) {
  const alerts = useStockAlertsQuery({ enabled: viewer === 'customer' });
  const notify = useNotifyMeMutation();
  const stop = useStopNotifyingMeMutation();
  const waiting = alerts.data?.items.some((alert) => alert.partId === partId) ?? false;
  // The button pressed gives way to the other: focus follows it, so the keyboard is not sent back to the top.
  const focusNext = useRef(false);
  const nextButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    nextButton.current?.focus();
  }, [waiting]);

  if (viewer === 'admin' || viewer === 'loading') return null;
  if (viewer === 'visitor') {
    return (
      <div className="mt-5" data-testid="notify-me">
        <Link to={withReturnPath(paths.login, paths.part(partId))} className="btn btn-primary w-full sm:w-auto">
          {s.notifyMe}
        </Link>
        <p className="mt-2 text-sm text-slate-600">{s.signInToBeNotified}</p>
      </div>
    );
  }
  const busy = alerts.isPending || notify.isPending || stop.isPending;
  return (
    <div className="mt-5" data-testid="notify-me">
      {/* Always there, so that a screen reader hears the request taken when the words appear. */}
      <p role="status" className="font-semibold text-emerald-900 empty:hidden">
        {waiting ? s.waiting : ''}
      </p>
      {waiting ? (
        <>
          <button
            ref={nextButton}
            type="button"
            className="btn btn-outline mt-3 w-full sm:w-auto"
            disabled={busy}
            onClick={() => {
              focusNext.current = true;
              stop.mutate(partId);
            }}
          >
            {s.stop}
          </button>
        </>
      ) : (
        <>
          <button
            ref={nextButton}
            type="button"
            className="btn btn-primary w-full sm:w-auto"
            disabled={busy}
            aria-describedby={`notify-me-hint-${partId}`}
            onClick={() => {
              focusNext.current = true;
              notify.mutate(partId, {
                onError: (error) => {
                  if (error instanceof ApiError && error.status === 409) onInStock?.();
                },
              });
            }}
          >
            {s.notifyMe}
          </button>
          <p id={`notify-me-hint-${partId}`} className="mt-2 text-sm text-slate-600">
            {s.notifyMeHint}
          </p>
        </>
      )}
    </div>
  );
}
