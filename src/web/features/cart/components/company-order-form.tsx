import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { addressLines } from '#shared/schemas/address';
import type { Company, CompanyRole, PaymentTerms } from '#shared/schemas/companies';
import type { OrderLineInput } from '#shared/schemas/orders';
import { FormError, InputField } from '../../../components/form-field';
import { formatDate } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { useMoney } from '../../../lib/use-money';
import type { LineRefusal } from '../lib/line-refusals';
import { useCartOrderAttempt } from '../lib/use-cart-order-attempt';
import type { Destination } from './cart-order-form';

const m = copy.memberOrders;

/** The longest PO number the server keeps (docs/shop-rules.md, "Trade accounts"). */
export const MAX_PO_NUMBER = 35;

const termDays: Record<Exclude<PaymentTerms, 'card'>, number> = { net15: 15, net30: 30, net60: 60 };

/** The company as the checkout needs it: its sites, terms and what it has left on account. */
export type CheckoutCompany = Pick<Company, 'name' | 'paymentTerms' | 'deliveryAddresses'> & { creditLeftCents?: number };

/** The member placing the order: their role, and the limit above which a company admin approves. */
export interface CheckoutMember {
  role: CompanyRole;
  orderLimitCents: number | null;
}

/** Where the page goes after an order that needs no card now, and what it says there. */
export interface PlacedNotice {
  placedNotice: string;
}

type Payment = 'card' | 'account';
type FieldName = 'deliveryAddressId' | 'poNumber' | 'payment';

interface CompanyOrderFormProps {
  company: CheckoutCompany;
  member: CheckoutMember;
  linesToOrder: () => Promise<OrderLineInput[] | null>;
  onLinesRefused: (refusals: Record<string, LineRefusal>) => void;
  onDestination: (destination: Destination) => void;
  /** The estimate's total for the address chosen, to say before ordering that it needs approval. */
  estimateTotalCents: number | undefined;
}

/**
 * A company member's checkout (docs/shop-rules.md, "Trade accounts"): one of the company's delivery
 * sites instead of an address typed, an optional PO number, and card or "Pay on account" when the
 * company's terms allow it. POST /api/orders with `deliveryAddressId`, `poNumber` and `payment`; a
 * card order goes on to its payment page, one on account or awaiting approval to My Orders.
 */
export function CompanyOrderForm({
  company,
  member,
  linesToOrder,
  onLinesRefused,
  onDestination,
  estimateTotalCents,
}: CompanyOrderFormProps) {
  const navigate = useNavigate();
  const money = useMoney();
  const ids = useId();
  const sites = company.deliveryAddresses;
  const onAccountDays = company.paymentTerms === 'card' ? undefined : termDays[company.paymentTerms];
  const [addressId, setAddressId] = useState<string | undefined>(sites.length === 1 ? sites[0]?.id : undefined);
  const [poNumber, setPoNumber] = useState('');
  const [payment, setPayment] = useState<Payment>(onAccountDays ? 'account' : 'card');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [refusal, setRefusal] = useState<string>();
  const { attempt, busy } = useCartOrderAttempt({ linesToOrder, onLinesRefused });
  const refusalRef = useRef<HTMLDivElement>(null);
  const addressesRef = useRef<HTMLFieldSetElement>(null);
  const poRef = useRef<HTMLInputElement>(null);

  const chosen = sites.find((site) => site.id === addressId);
  useEffect(() => {
    if (chosen) onDestination({ country: chosen.address.country, region: chosen.address.region });
  }, [chosen, onDestination]);

  const poLeft = MAX_PO_NUMBER - poNumber.trim().length;
  const overLimit =
    member.orderLimitCents !== null && estimateTotalCents !== undefined && estimateTotalCents > member.orderLimitCents;

  const focusField = (field: FieldName) => {
    if (field === 'poNumber') poRef.current?.focus();
    else if (field === 'deliveryAddressId') addressesRef.current?.querySelector('input')?.focus();
    else document.getElementById(`${ids}-payment-${payment}`)?.focus();
  };

  const showErrors = (next: Partial<Record<FieldName, string>>) => {
    setErrors(next);
    const first = (['deliveryAddressId', 'poNumber', 'payment'] as const).find((field) => next[field]);
    if (first) focusField(first);
  };

  const [refusalShown, setRefusalShown] = useState(0);
  const showRefusal = (message: string) => {
    setRefusal(message);
    setRefusalShown((count) => count + 1);
  };
  // The message sits at the top of the form, above the button pressed: focus goes to it, which brings it into view.
  useEffect(() => {
    if (refusalShown > 0) refusalRef.current?.focus();
  }, [refusalShown]);

  const order = async () => {
    setRefusal(undefined);
    const browserErrors: Partial<Record<FieldName, string>> = {};
    if (!chosen) browserErrors.deliveryAddressId = m.chooseAddress;
    if (poLeft < 0) browserErrors.poNumber = m.poNumberTooLong;
    showErrors(browserErrors);
    if (!chosen || Object.keys(browserErrors).length > 0) return;

    const po = poNumber.trim();
    const outcome = await attempt((lines) => ({
      lines,
      // The site's phone is the driver's number for this delivery.
      phone: chosen.phone,
      deliveryAddressId: chosen.id,
      ...(po ? { poNumber: po } : {}),
      payment,
    }));
    if (outcome.kind === 'fault') return;
    if (outcome.kind === 'fix-lines') {
      showRefusal(copy.cartView.fixLines);
      return;
    }
    if (outcome.kind === 'refused') {
      if (outcome.linesRefused) {
        showRefusal(copy.cartView.linesRefused);
        toast.error(copy.cartView.linesRefused);
        return;
      }
      const rest = outcome.fieldErrors;
      const fieldErrors: Partial<Record<FieldName, string>> = {};
      for (const field of ['deliveryAddressId', 'poNumber', 'payment'] as const) {
        if (rest[field]) fieldErrors[field] = rest[field];
      }
      showErrors(fieldErrors);
      // A refusal of the order as a whole (over the credit limit, an overdue invoice, on hold), or a
      // field this form does not show: said at the top of the form.
      const other = Object.entries(rest).find(([field]) => !(field in fieldErrors));
      if (Object.keys(fieldErrors).length === 0 || other) showRefusal(other?.[1] ?? outcome.error.message);
      return;
    }
    const placed = outcome.order;
    if (placed.status === 'pending_payment') {
      toast.success(copy.cartView.placed);
      await navigate(paths.payment(placed.id));
      return;
    }
    const notice =
      placed.status === 'awaiting_approval'
        ? m.sentForApproval
        : placed.invoiceNumber && placed.dueDate
          ? m.placedOnAccount(placed.invoiceNumber, formatDate(placed.dueDate))
          : m.placedOnAccountUninvoiced;
    toast.success(notice);
    const state: PlacedNotice = { placedNotice: notice };
    await navigate({ pathname: paths.dashboard, search: `?view=all&q=${encodeURIComponent(placed.number)}` }, { state });
  };

  const radioCard =
    'flex cursor-pointer items-start gap-3 rounded-xl border border-slate-300 bg-white p-3 has-[:checked]:border-brand-600 has-[:checked]:ring-1 has-[:checked]:ring-brand-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600';
  const errorText = 'mt-1.5 text-sm font-medium text-error';
  return (
    <form
      noValidate
      aria-labelledby="cart-order-title"
      onSubmit={(event) => {
        event.preventDefault();
        void order();
      }}
      className="grid gap-5"
      data-testid="company-order-form"
    >
      <div>
        <h2 id="cart-order-title" className="text-lg font-extrabold tracking-tight text-slate-900">
          {m.deliveryTitle}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{m.deliveryText(company.name)}</p>
      </div>
      {refusal ? (
        <div ref={refusalRef} tabIndex={-1} className="outline-none">
          <FormError message={refusal} />
        </div>
      ) : null}
      <fieldset
        ref={addressesRef}
        aria-describedby={errors.deliveryAddressId ? `${ids}-address-error` : undefined}
        className="grid gap-2"
      >
        <legend className="mb-1.5 text-sm font-semibold text-slate-800">{m.deliveryLegend}</legend>
        {sites.length === 0 ? <p className="text-sm text-slate-700">{m.noAddresses}</p> : null}
        {sites.map((site) => (
          <label key={site.id} className={radioCard}>
            <input
              type="radio"
              name="deliveryAddressId"
              value={site.id}
              className="radio radio-sm mt-0.5"
              checked={addressId === site.id}
              aria-invalid={errors.deliveryAddressId ? true : undefined}
              onChange={() => {
                setAddressId(site.id);
                setErrors(({ deliveryAddressId: _, ...rest }) => rest);
              }}
            />
            <span className="min-w-0 text-sm break-words text-slate-700">
              <span className="block font-semibold text-slate-900">{site.label}</span>
              {addressLines(site.address).join(', ')}
              <span className="block">{m.addressPhone(site.phone)}</span>
            </span>
          </label>
        ))}
        {errors.deliveryAddressId ? (
          <p id={`${ids}-address-error`} className={errorText}>
            {errors.deliveryAddressId}
          </p>
        ) : null}
      </fieldset>
      <InputField
        ref={poRef}
        label={m.poNumber}
        name="poNumber"
        autoComplete="off"
        value={poNumber}
        hint={m.poNumberHint(poLeft)}
        error={errors.poNumber}
        onChange={(event) => {
          setPoNumber(event.target.value);
          if (errors.poNumber) setErrors(({ poNumber: _, ...rest }) => rest);
        }}
      />
      {onAccountDays ? (
        <fieldset aria-describedby={errors.payment ? `${ids}-payment-error` : undefined} className="grid gap-2">
          <legend className="mb-1.5 text-sm font-semibold text-slate-800">{m.paymentLegend}</legend>
          {(
            [
              ['account', m.payOnAccount(onAccountDays), m.payOnAccountText(onAccountDays)],
              ['card', m.payByCard, m.payByCardText],
            ] as const
          ).map(([value, label, text]) => (
            <label key={value} className={radioCard}>
              <input
                id={`${ids}-payment-${value}`}
                type="radio"
                name="payment"
                value={value}
                className="radio radio-sm mt-0.5"
                checked={payment === value}
                aria-invalid={errors.payment ? true : undefined}
                onChange={() => {
                  setPayment(value);
                  setErrors(({ payment: _, ...rest }) => rest);
                }}
              />
              <span className="text-sm text-slate-700">
                <span className="block font-semibold text-slate-900">{label}</span>
                {text}
              </span>
            </label>
          ))}
          {errors.payment ? (
            <p id={`${ids}-payment-error`} className={errorText}>
              {errors.payment}
            </p>
          ) : null}
          {company.creditLeftCents !== undefined ? (
            <p className="text-sm text-slate-700" data-testid="credit-left">
              {m.creditLeft(money(company.creditLeftCents))}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {member.orderLimitCents !== null ? (
        <div
          className="grid gap-1 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200"
          data-testid="order-limit"
        >
          <p>{m.orderLimit(money(member.orderLimitCents))}</p>
          {overLimit ? <p className="font-semibold">{m.overLimit}</p> : null}
        </div>
      ) : null}
      <button type="submit" className="btn btn-primary btn-lg w-full" disabled={busy || sites.length === 0}>
        {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {overLimit ? m.sendForApproval : m.placeOrder}
      </button>
    </form>
  );
}
