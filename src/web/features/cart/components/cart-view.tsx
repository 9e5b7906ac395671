import { type BuyerTaxStatus, withCoreDeposits } from '#shared/order-totals';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import type { CartLine } from '#shared/schemas/cart';
import type { PublicSettings } from '#shared/schemas/content';
import type { OrderLineInput } from '#shared/schemas/orders';
import { CartIcon } from '../../../components/icons';
import { estimateOrderTotals, OrderTotals } from '../../../components/order-totals';
import { SectionError } from '../../../components/section-error';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { useMoney } from '../../../lib/use-money';
import { cartQueryOptions } from '../api/get-cart';
import { useLastOrderContactQuery } from '../api/get-last-order-contact';
import { useRemoveCartLineMutation } from '../api/remove-cart-line';
import { useReplaceCartLineMutation } from '../api/replace-cart-line';
import { useSetCartLineMutation } from '../api/set-cart-line';
import { removeFromBrowserCart, setBrowserCartQuantity } from '../lib/browser-cart';
import type { LineRefusal } from '../lib/line-refusals';
import { readQuantity } from '../lib/quantity-text';
import { useCartView } from '../lib/use-cart-view';
import { CartLineItem } from './cart-line-item';
import { CartOrderForm, type Destination } from './cart-order-form';
import { type CheckoutCompany, type CheckoutMember, CompanyOrderForm } from './company-order-form';

/** State kept in a ref as well, so that an order placed right after a change reads it at once. */
function useRecord<T>() {
  const ref = useRef<Record<string, T>>({});
  const [record, setRecord] = useState<Record<string, T>>({});
  const set = useCallback((key: string, value: T | undefined) => {
    const next = { ...ref.current };
    if (value === undefined) delete next[key];
    else next[key] = value;
    ref.current = next;
    setRecord(next);
  }, []);
  const merge = useCallback((values: Record<string, T>) => {
    ref.current = { ...ref.current, ...values };
    setRecord(ref.current);
  }, []);
  return { record, ref, set, merge };
}

interface CartViewProps {
  /** "Sign in to order", for a visitor: a link to the login page that comes back here. */
  signIn: ReactNode;
  /** The shop's public settings, which price delivery and tax; undefined while they load. */
  settings: PublicSettings | undefined;
  /** Given when the settings could not be loaded: tries again. */
  onSettingsRetry?: (() => void) | undefined;
  /** The signed-in buyer's VAT ID and exemption, which the figures follow as the server's will; none for a visitor. */
  buyer?: BuyerTaxStatus | undefined;
  /**
   * Given for a member of an active company: they order to one of its delivery sites, with its terms
   * (and `buyer` is then the company's tax status). 'loading' while the page asks whether they are one.
   */
  member?: { company: CheckoutCompany; member: CheckoutMember } | 'loading' | undefined;
}

/**
 * The /cart page's content (docs/shop-rules.md, "Cart"): the lines, the savings and the order's
 * figures (goods, delivery, tax, total, expected delivery) for the address chosen, then for a
 * signed-in customer the delivery fields and "Place order"; a visitor is asked to sign in first, and
 * sees the figures for the seller's own country meanwhile.
 */
export function CartView({ signIn, settings, onSettingsRetry, buyer, member }: CartViewProps) {
  const view = useCartView();
  const setLine = useSetCartLineMutation();
  const removeLine = useRemoveCartLineMutation();
  const replaceLine = useReplaceCartLineMutation();
  const drafts = useRecord<string>();
  const quantityErrors = useRecord<string>();
  const partErrors = useRecord<string>();
  // Quantities being saved: an order waits for them, so it orders what the page shows.
  const saving = useRef(new Set<Promise<unknown>>());
  const queryClient = useQueryClient();
  const formatMoney = useMoney();

  const signedIn = view.owner === 'signed-in';
  const contact = useLastOrderContactQuery(signedIn && member === undefined);
  // The order form's country and region, once it has them; the seller's own until then.
  const [destination, setDestination] = useState<Destination | null>(null);

  const commit = (line: CartLine) => {
    const text = drafts.ref.current[line.partId];
    if (text === undefined) return;
    const read = readQuantity(line, text);
    if ('problem' in read) {
      quantityErrors.set(line.partId, read.problem);
      return;
    }
    quantityErrors.set(line.partId, undefined);
    partErrors.set(line.partId, undefined);
    if (read.quantity === line.quantity) {
      drafts.set(line.partId, undefined);
      return;
    }
    if (!signedIn) {
      setBrowserCartQuantity(line.partId, read.quantity);
      drafts.set(line.partId, undefined);
      return;
    }
    const saved = setLine.mutateAsync({ partId: line.partId, quantity: read.quantity }).then(
      () => drafts.set(line.partId, undefined),
      (error: unknown) => {
        // A server fault is the cache's toast, and the typed quantity stays to try again.
        if (error instanceof ApiError && !error.isServerFault) {
          quantityErrors.set(line.partId, error.fieldErrors.quantity ?? error.message);
        }
      },
    );
    saving.current.add(saved);
    void saved.finally(() => saving.current.delete(saved));
  };

  const remove = (line: CartLine) => {
    drafts.set(line.partId, undefined);
    quantityErrors.set(line.partId, undefined);
    partErrors.set(line.partId, undefined);
    if (signedIn) removeLine.mutate(line.partId);
    else removeFromBrowserCart(line.partId);
  };

  /** The lines as the page shows them, or null (and the first wrong line's input focused) when one cannot be ordered. */
  const linesToOrder = async (): Promise<OrderLineInput[] | null> => {
    await Promise.allSettled([...saving.current]);
    const lines: OrderLineInput[] = [];
    let wrong: string | undefined;
    // The cart as the server last answered, with every quantity saved above.
    const cart = queryClient.getQueryData(cartQueryOptions().queryKey);
    for (const line of cart?.lines ?? []) {
      const text = drafts.ref.current[line.partId];
      const read = text === undefined ? { quantity: line.quantity } : readQuantity(line, text);
      if ('problem' in read) quantityErrors.set(line.partId, read.problem);
      // A rule broken in the browser, a refusal not yet dealt with, or the server's own word on the line.
      const bad =
        'problem' in read ||
        quantityErrors.ref.current[line.partId] !== undefined ||
        partErrors.ref.current[line.partId] !== undefined ||
        line.problem !== undefined;
      if (bad) wrong ??= line.partId;
      else if ('quantity' in read) lines.push({ partId: line.partId, quantity: read.quantity });
    }
    if (wrong !== undefined) {
      const item = [...document.querySelectorAll<HTMLElement>('[data-part-id]')].find((el) => el.dataset.partId === wrong);
      item?.querySelector('input')?.focus();
      return null;
    }
    return lines;
  };

  const onLinesRefused = (refusals: Record<string, LineRefusal>) => {
    const quantities: Record<string, string> = {};
    const parts: Record<string, string> = {};
    for (const [partId, refusal] of Object.entries(refusals)) {
      if (refusal.quantity) quantities[partId] = refusal.quantity;
      if (refusal.part) parts[partId] = refusal.part;
    }
    quantityErrors.merge(quantities);
    partErrors.merge(parts);
  };

  if (view.isPending) return <Spinner className="min-h-[40vh]" />;
  if (view.isError || !view.cart) return <SectionError onRetry={view.refetch} message={copy.common.somethingWrong} />;
  const { cart } = view;
  const totals = settings
    ? estimateOrderTotals(
        withCoreDeposits(
          cart.lines
            .filter((line) => !line.problem)
            .map((line) => ({
              unitPriceCents: line.unitPriceCents,
              quantity: line.quantity,
              coreChargeCents: line.coreChargeCents,
            })),
        ),
        destination ?? settings.sellerAddress,
        settings,
        new Date(),
        buyer,
      )
    : undefined;

  if (cart.lines.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-16 text-center">
        <CartIcon className="h-12 w-12 text-slate-400" />
        <h2 className="mt-4 text-xl font-bold text-slate-900">{copy.cartView.empty}</h2>
        <p className="mt-2 max-w-md text-slate-700">{copy.cartView.emptyText}</p>
        <Link to={paths.parts} className="btn btn-primary mt-6">
          {copy.cartView.browseParts}
        </Link>
      </div>
    );
  }

  return (
    <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <section aria-labelledby="cart-lines-title">
        <h2 id="cart-lines-title" className="sr-only">
          {copy.cartView.linesTitle}
        </h2>
        <ul className={`grid gap-4 transition-opacity ${view.isUpdating ? 'opacity-80' : ''}`}>
          {cart.lines.map((line) => (
            <CartLineItem
              key={line.partId}
              line={line}
              quantityText={drafts.record[line.partId] ?? String(line.quantity)}
              quantityError={quantityErrors.record[line.partId]}
              partError={partErrors.record[line.partId]}
              busy={
                (removeLine.isPending && removeLine.variables === line.partId) ||
                (replaceLine.isPending && replaceLine.variables === line.partId)
              }
              onQuantityText={(text) => drafts.set(line.partId, text)}
              onQuantityDone={() => commit(line)}
              onRemove={() => remove(line)}
              onReplace={signedIn ? () => replaceLine.mutate(line.partId) : undefined}
            />
          ))}
        </ul>
      </section>
      <aside
        aria-labelledby="cart-summary-title"
        className="grid gap-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6 lg:sticky lg:top-20"
      >
        <div>
          <h2 id="cart-summary-title" className="text-lg font-extrabold tracking-tight text-slate-900">
            {copy.cartView.summaryTitle}
          </h2>
          <dl className="mt-3 grid gap-2" aria-live="polite">
            {totals ? null : (
              <div className="flex items-baseline justify-between gap-4">
                <dt className="text-slate-700">{copy.cartView.subtotal}</dt>
                <dd className="text-2xl font-extrabold text-slate-900 tabular-nums" data-testid="cart-subtotal">
                  {formatMoney(cart.subtotalCents)}
                </dd>
              </div>
            )}
            {cart.savingsCents > 0 ? (
              <div className="flex items-baseline justify-between gap-4">
                <dt className="text-slate-700">{copy.cartView.savings}</dt>
                <dd className="font-bold text-emerald-800 tabular-nums" data-testid="cart-savings">
                  {formatMoney(cart.savingsCents)}
                </dd>
              </div>
            ) : null}
          </dl>
          {totals && settings ? (
            <div aria-live="polite">
              <OrderTotals
                totals={totals}
                freeDeliveryThresholdCents={settings.freeDeliveryThresholdCents}
                depositCents={cart.lines
                  .filter((line) => !line.problem)
                  .reduce((sum, line) => sum + (line.coreChargeCents ?? 0) * line.quantity, 0)}
                currency={settings.currency}
                testId="cart-totals"
                className="mt-3"
              />
              {signedIn ? null : <p className="mt-2 text-sm text-slate-600">{copy.totals.pricesNet}</p>}
            </div>
          ) : null}
          {view.isUpdating ? <p className="mt-2 text-sm text-slate-600">{copy.cartView.updating}</p> : null}
        </div>
        {signedIn ? (
          onSettingsRetry ? (
            <SectionError onRetry={onSettingsRetry} message={copy.common.somethingWrong} />
          ) : member === 'loading' || !settings ? (
            <Spinner className="py-6" />
          ) : member ? (
            <CompanyOrderForm
              company={member.company}
              member={member.member}
              linesToOrder={linesToOrder}
              onLinesRefused={onLinesRefused}
              onDestination={setDestination}
              estimateTotalCents={totals?.totalCents}
            />
          ) : contact.isPending ? (
            <Spinner className="py-6" />
          ) : (
            <CartOrderForm
              contact={contact.data ?? null}
              linesToOrder={linesToOrder}
              onLinesRefused={onLinesRefused}
              sellerCountry={settings.sellerAddress.country}
              deliverTo={settings.deliverTo}
              onDestination={setDestination}
            />
          )
        ) : (
          <div className="grid gap-3">
            <p className="text-sm text-slate-700">{copy.cartView.signInText}</p>
            {signIn}
          </div>
        )}
      </aside>
    </div>
  );
}
