import { type BuyerTaxStatus, withCoreDeposits } from '#shared/order-totals';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import * as copy from '#shared/copy';
import { formatMoney } from '#shared/money';
import { lineTotalCents, quantityProblem, savingsCents, smallestAllowedQuantity, tierFor, unitPriceFor } from '#shared/pricing';
import type { PublicSettings } from '#shared/schemas/content';
import { orderQuantitySchema } from '#shared/schemas/orders';
import type { Part } from '#shared/schemas/parts';
import { addressErrorsOf, addressFormValues } from '../../../components/address-fields';
import { DELIVERY_FIELDS, DeliveryFields, deliveryRules } from '../../../components/delivery-fields';
import { estimateOrderTotals, OrderTotals } from '../../../components/order-totals';
import { FormError, InputField } from '../../../components/form-field';
import { ApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/mutation-errors';
import { usePlaceOrderMutation } from '../api/place-order';
import { newIdempotencyKey } from '../lib/idempotency-key';

const v = copy.validation;

/** What the form needs of the part: its quantity rules and its prices, the flash deal's percentage off included. */
type BookedPart = Pick<Part, 'id' | 'minOrderQuantity' | 'stock' | 'packSize' | 'priceCents' | 'priceTiers'> & {
  dealPercent?: number;
  /** The part's core deposit per unit, charged with the order; absent: none. */
  coreChargeCents?: number;
};

/**
 * The booking rules (docs/shop-rules.md, "Forms, rules and messages") for one part: the shared quantity
 * rules for a line of this part (a whole number, its minimum, its stock left, whole packs: the first
 * broken one is said), and the phone and delivery address rules.
 */
function bookingSchema(part: BookedPart, deliverTo: readonly string[]) {
  const quantity = z
    .number()
    .superRefine((n, ctx) => {
      const problem = quantityProblem(part, n);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .pipe(orderQuantitySchema);
  return z.object({
    quantity: z
      .string()
      .trim()
      .min(1, { error: v.quantityRequired, abort: true })
      .regex(/^\d+$/, { error: v.quantityWhole, abort: true })
      .transform(Number)
      .pipe(quantity),
    ...deliveryRules(deliverTo),
  });
}
type BookingSchema = ReturnType<typeof bookingSchema>;
type BookingFormInput = z.input<BookingSchema>;
type BookingFormOutput = z.output<BookingSchema>;

const FIELDS = ['quantity', ...DELIVERY_FIELDS] as const;

/** Name and email come from the account: shown greyed, so they do not invite typing. */
const readOnlyField = 'min-w-0 [&_input]:border-slate-200 [&_input]:bg-slate-100 [&_input]:text-slate-700';

interface BookingFormProps {
  part: BookedPart;
  name: string;
  email: string;
  /** Booking was refused because the account's address is not verified yet. */
  onEmailNotVerified?: () => void;
  /** "Add to cart" beside "Book Now" (the page gives the cart's): called with the quantity once it passes the part's rules. */
  onAddToCart?: (quantity: number) => Promise<unknown>;
  /** The shop's public settings: the countries delivered to, and what prices delivery and tax. */
  settings: PublicSettings;
  /** The buyer's VAT ID and exemption, which the figures follow as the server's will. */
  buyer?: BuyerTaxStatus | undefined;
  /**
   * A member of a company orders for it from the cart, where they choose one of its delivery sites,
   * the PO number and the payment: here they put the quantity in the cart and go on there.
   */
  orderingFor?: { company: string; onCheckout: () => void } | undefined;
}

/**
 * The booking form on a part's page: name and email from the account (read-only), quantity (the
 * part's minimum to start with), phone and delivery address, and the order's figures for them.
 * Validates on submit, then on every change.
 */
export default function BookingForm({
  part,
  name,
  email,
  onEmailNotVerified,
  onAddToCart,
  settings,
  buyer,
  orderingFor,
}: BookingFormProps) {
  const schema = useMemo(() => bookingSchema(part, settings.deliverTo), [part, settings.deliverTo]);
  const empty: BookingFormInput = {
    quantity: String(smallestAllowedQuantity(part)),
    phone: '',
    deliveryAddress: addressFormValues(null, settings.sellerAddress.country),
  };
  const form = useForm<BookingFormInput, unknown, BookingFormOutput>({ resolver: zodResolver(schema), defaultValues: empty });
  const place = usePlaceOrderMutation();
  // Kept until the order is made, so a retry of the same attempt (a lost answer) cannot book twice.
  const attemptKey = useRef<string | null>(null);
  // The server's reason when it is not about one field (too many unpaid orders, stock gone, address unverified).
  const [refusal, setRefusal] = useState<string>();
  const { errors } = form.formState;
  const quantityText = useWatch({ control: form.control, name: 'quantity' });
  const country = useWatch({ control: form.control, name: 'deliveryAddress.country' });
  const region = useWatch({ control: form.control, name: 'deliveryAddress.region' });
  const [addingToCart, setAddingToCart] = useState(false);

  const addToCart = async () => {
    if (!onAddToCart || !(await form.trigger('quantity'))) return false;
    setAddingToCart(true);
    try {
      // The cart's own toast says when the line could not be added.
      return (await onAddToCart(Number(form.getValues('quantity').trim()))) !== false;
    } catch {
      return false;
    } finally {
      setAddingToCart(false);
    }
  };

  if (orderingFor) {
    return (
      <form
        noValidate
        aria-labelledby="booking-title"
        onSubmit={(event) => {
          event.preventDefault();
          void addToCart().then((added) => {
            if (added) orderingFor.onCheckout();
          });
        }}
        className="grid gap-5"
        data-testid="member-booking"
      >
        <p className="text-sm text-slate-700">{copy.memberOrders.bookingText(orderingFor.company)}</p>
        <InputField
          label={copy.fields.quantity}
          inputMode="numeric"
          autoComplete="off"
          className="sm:max-w-xs"
          error={errors.quantity?.message}
          {...form.register('quantity')}
        />
        {/* No figures here: the cart prices the lines at "Your price", for the delivery address chosen there. */}
        <div>
          <button type="submit" className="btn btn-primary btn-lg min-w-40" disabled={addingToCart}>
            {addingToCart ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {copy.memberOrders.bookingSubmit}
          </button>
        </div>
      </form>
    );
  }

  const book = (values: BookingFormOutput) => {
    attemptKey.current ??= newIdempotencyKey();
    setRefusal(undefined);
    place.mutate(
      { input: { partId: part.id, ...values }, idempotencyKey: attemptKey.current },
      {
        onSuccess: () => {
          attemptKey.current = null;
          toast.success(copy.toasts.partAdded);
          form.reset(empty);
        },
        onError: (error) => {
          // A server fault is the cache's "Something went wrong"; everything typed stays, and so does
          // the key: the order may have been made before the answer was lost.
          if (!(error instanceof ApiError) || error.isServerFault) return;
          // Refused: nothing was booked, the next attempt is a new one.
          attemptKey.current = null;
          const hasFields = Object.keys(error.fieldErrors).length > 0;
          toast.error(hasFields ? copy.toasts.partAddFailed : error.message);
          applyServerFieldErrors(error, form.setError, FIELDS);
          if (error.code === 'email_not_verified') onEmailNotVerified?.();
          else if (!hasFields) setRefusal(error.message);
        },
      },
    );
  };

  return (
    <form
      noValidate
      aria-labelledby="booking-title"
      onSubmit={(event) => void form.handleSubmit(book)(event)}
      className="grid gap-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField label={copy.fields.name} value={name} readOnly autoComplete="name" className={readOnlyField} />
        <InputField
          label={copy.fields.email}
          type="email"
          value={email}
          readOnly
          autoComplete="email"
          className={readOnlyField}
        />
      </div>
      <DeliveryFields
        // Registered before phone and address: a refused submit focuses the first field registered in error.
        besidePhone={
          <InputField
            label={copy.fields.quantity}
            inputMode="numeric"
            autoComplete="off"
            error={errors.quantity?.message}
            {...form.register('quantity')}
          />
        }
        phone={form.register('phone')}
        address={{
          register: (field) => form.register(`deliveryAddress.${field}`),
          country,
          deliverTo: settings.deliverTo,
          onCountryChange: () => form.setValue('deliveryAddress.region', ''),
        }}
        errors={{ phone: errors.phone?.message, address: addressErrorsOf(errors.deliveryAddress) }}
      />
      <div>
        <LineTotal part={part} quantityText={quantityText} settings={settings} destination={{ country, region }} buyer={buyer} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn btn-primary btn-lg min-w-40" disabled={place.isPending}>
            {place.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {copy.booking.submit}
          </button>
          {onAddToCart ? (
            <button
              type="button"
              className="btn btn-outline btn-lg min-w-40 border-brand-700 bg-white text-brand-800 hover:border-brand-800 hover:bg-brand-50"
              disabled={addingToCart}
              onClick={() => void addToCart()}
            >
              {addingToCart ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
              {copy.cartView.addToCart}
            </button>
          ) : null}
        </div>
        <FormError message={refusal} className="mt-3" />
      </div>
    </form>
  );
}

/**
 * What the quantity typed costs, priced as the server prices the order: the unit price of the volume
 * price it reaches (docs/shop-rules.md, "Volume prices and pack sizes"), and what that saves; then the
 * order's goods, delivery, tax and total for the address's country and region. Shown while the
 * quantity can be booked; read out when it changes.
 */
function LineTotal({
  part,
  quantityText,
  settings,
  destination,
  buyer,
}: {
  part: BookedPart;
  quantityText: string;
  settings: PublicSettings;
  destination: { country: string; region?: string | undefined };
  buyer: BuyerTaxStatus | undefined;
}) {
  const money = (cents: number) => formatMoney(cents, settings.currency);
  const quantity = /^\d+$/.test(quantityText.trim()) ? Number(quantityText.trim()) : Number.NaN;
  const bookable = quantityProblem(part, quantity) === null;
  const saved = bookable ? savingsCents(part, quantity) : 0;
  const atUnitPrice = bookable && (tierFor(part, quantity) !== undefined || (part.dealPercent ?? 0) > 0);
  const totals = bookable
    ? estimateOrderTotals(
        withCoreDeposits([{ unitPriceCents: unitPriceFor(part, quantity), quantity, coreChargeCents: part.coreChargeCents }]),
        destination,
        settings,
        new Date(),
        buyer,
      )
    : undefined;
  return (
    <div aria-live="polite" data-testid="booking-total">
      {bookable ? (
        <div className="mb-5 grid gap-2 rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200">
          {/* With the settings in, the goods line of the figures below is the line's total. */}
          {totals ? null : (
            <p className="text-slate-700">
              {copy.part.lineTotal}:{' '}
              <strong className="text-xl font-extrabold text-slate-900 tabular-nums">
                {money(lineTotalCents(part, quantity))}
              </strong>
            </p>
          )}
          {atUnitPrice || saved > 0 ? (
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              {atUnitPrice ? (
                <p className="text-sm text-slate-600 tabular-nums">
                  {copy.part.unitPriceAt(money(unitPriceFor(part, quantity)))}
                </p>
              ) : null}
              {saved > 0 ? <p className="text-sm font-semibold text-emerald-800">{copy.pricing.youSave(money(saved))}</p> : null}
            </div>
          ) : null}
          {totals ? (
            <OrderTotals
              totals={totals}
              freeDeliveryThresholdCents={settings.freeDeliveryThresholdCents}
              depositCents={(part.coreChargeCents ?? 0) * quantity}
              currency={settings.currency}
              testId="booking-totals"
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
