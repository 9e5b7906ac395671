import { useId } from 'react';
import { Link } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import type { CartLine } from '#shared/schemas/cart';
import { Picture } from '../../../components/picture';
import { useMoney } from '../../../lib/use-money';

interface CartLineItemProps {
  line: CartLine;
  /** What the quantity input shows: the line's quantity, or what is being typed. */
  quantityText: string;
  /** The rule the typed quantity breaks, or the server's refusal of it. */
  quantityError?: string;
  /** The server refused the part itself when ordering (no longer sold, named twice). */
  partError?: string;
  busy: boolean;
  onQuantityText: (text: string) => void;
  /** The typed quantity is done (the input was left, or Enter pressed). */
  onQuantityDone: () => void;
  onRemove: () => void;
  /** Puts the part replacing this line's part in its place (a signed-in cart whose line has `replacedBy`). */
  onReplace?: (() => void) | undefined;
}

/**
 * One line of the cart: picture, SKU, name, quantity, unit price (with the volume price it reached),
 * line total and what the volume price saves; why it cannot be ordered, and whether its price changed
 * since it was added (docs/shop-rules.md, "Cart").
 */
export function CartLineItem({
  line,
  quantityText,
  quantityError,
  partError,
  busy,
  onQuantityText,
  onQuantityDone,
  onRemove,
  onReplace,
}: CartLineItemProps) {
  const id = useId();
  const nameId = `${id}-name`;
  const inputId = `${id}-quantity`;
  const errorId = `${id}-quantity-error`;
  const problem = partError ?? line.problem;
  const formatMoney = useMoney();
  return (
    <li
      data-testid="cart-line"
      data-part-id={line.partId}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <div className="flex gap-4">
        {/* The picture opens the part as its name does; the name's link is the one keyboards meet. */}
        <Link to={paths.part(line.partId)} tabIndex={-1} aria-hidden="true" className="shrink-0">
          <Picture
            src={line.imageUrl}
            alt=""
            width={640}
            height={480}
            sizes="120px"
            className="aspect-[4/3] w-24 rounded-lg sm:w-32"
          />
        </Link>
        <div className="min-w-0 flex-1">
          <p className="font-mono text-xs font-semibold tracking-wide text-slate-600">
            <span className="sr-only">{copy.cartView.sku} </span>
            {line.sku}
          </p>
          <h3 id={nameId} className="mt-0.5 leading-snug font-bold text-slate-900">
            <Link to={paths.part(line.partId)} className="hover:text-brand-700 hover:underline">
              {line.name}
            </Link>
          </h3>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
            <span>
              {line.listUnitPriceCents !== undefined ? copy.memberPrices.yourPrice : copy.cartView.unitPrice}:{' '}
              <strong className="font-semibold text-slate-900 tabular-nums">{formatMoney(line.unitPriceCents)}</strong>
            </span>
            {line.listUnitPriceCents !== undefined ? (
              // A member's price: the list price everyone else pays, struck beside it.
              <span data-testid="cart-line-list-price">
                <s aria-hidden="true" className="tabular-nums text-slate-600">
                  {formatMoney(line.listUnitPriceCents)}
                </s>
                <span className="sr-only">{copy.memberPrices.listPriceWas(formatMoney(line.listUnitPriceCents))}</span>
              </span>
            ) : null}
            {line.tier ? (
              <span
                data-testid="cart-line-tier"
                className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-bold text-emerald-800 ring-1 ring-emerald-200"
              >
                {copy.cartView.tier(line.tier.minQuantity)}
              </span>
            ) : null}
            {line.deal ? (
              <span
                data-testid="cart-line-deal"
                className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-bold text-brand-800 ring-1 ring-brand-200"
              >
                {copy.deal.cartLine(line.deal.percent)}
              </span>
            ) : null}
          </p>
        </div>
      </div>

      <div className="mt-4 flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
        <div className="min-w-0">
          <label htmlFor={inputId} className="mb-1 block text-sm font-semibold text-slate-800">
            {copy.fields.quantity}
            <span className="sr-only"> {line.name}</span>
          </label>
          <div className="flex items-center gap-3">
            <input
              id={inputId}
              inputMode="numeric"
              autoComplete="off"
              value={quantityText}
              aria-invalid={quantityError ? true : undefined}
              aria-describedby={quantityError ? errorId : undefined}
              onChange={(event) => onQuantityText(event.target.value)}
              onBlur={onQuantityDone}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  onQuantityDone();
                }
              }}
              className={`input w-28 bg-white text-base text-slate-900 tabular-nums ${quantityError ? 'input-error' : ''}`}
            />
            <button
              type="button"
              onClick={onRemove}
              disabled={busy}
              aria-label={copy.cartView.removeLine(line.name)}
              className="btn btn-ghost btn-sm text-slate-700 hover:text-red-700"
            >
              {copy.cartView.remove}
            </button>
          </div>
          {quantityError ? (
            <p id={errorId} className="mt-1.5 max-w-xs text-sm font-medium text-error">
              {quantityError}
            </p>
          ) : null}
        </div>
        <div className="ml-auto text-right">
          <p className="text-sm text-slate-600">{copy.cartView.lineTotal}</p>
          <p className="text-xl font-extrabold text-slate-900 tabular-nums" data-testid="cart-line-total">
            {formatMoney(line.lineTotalCents)}
          </p>
          {line.savingsCents > 0 ? (
            <p className="text-sm font-semibold text-emerald-800" data-testid="cart-line-savings">
              {copy.pricing.youSave(formatMoney(line.savingsCents))}
            </p>
          ) : null}
        </div>
      </div>

      {line.coreChargeCents ? (
        <p className="mt-3 text-sm text-slate-700" data-testid="cart-line-core">
          {copy.part.coreDeposit(formatMoney(line.coreChargeCents * line.quantity))}
        </p>
      ) : null}
      {line.priceWasCents !== undefined ? (
        <p className="mt-3 rounded-lg bg-sky-50 px-3 py-2 text-sm font-medium text-sky-900 ring-1 ring-sky-200">
          {copy.cart.priceChanged(formatMoney(line.priceWasCents), formatMoney(line.unitPriceCents))}
        </p>
      ) : null}
      {problem ? (
        <p
          data-testid="cart-line-problem"
          className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900 ring-1 ring-amber-300"
        >
          {problem}
        </p>
      ) : null}
      {line.replacedBy && onReplace ? (
        <button type="button" className="btn btn-sm btn-primary mt-3" disabled={busy} onClick={onReplace}>
          {copy.supersessions.replaceLine(line.replacedBy.sku)}
        </button>
      ) : null}
    </li>
  );
}
