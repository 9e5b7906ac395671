import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import type { OrderLineInput } from '#shared/schemas/orders';
import { addressErrorsOf, addressFormValues } from '../../../components/address-fields';
import { DELIVERY_FIELDS, DeliveryFields, deliveryRules } from '../../../components/delivery-fields';
import { FormError } from '../../../components/form-field';
import { ApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/mutation-errors';
import { toast } from '../../../lib/toast';
import { usePlaceCartOrderMutation } from '../api/place-cart-order';
import type { OrderContact } from '../api/get-last-order-contact';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { refusalsByLine, type LineRefusal } from '../lib/line-refusals';

const deliverySchema = (deliverTo: readonly string[]) => z.object(deliveryRules(deliverTo));
type DeliverySchema = ReturnType<typeof deliverySchema>;
type DeliveryInput = z.input<DeliverySchema>;
type DeliveryOutput = z.output<DeliverySchema>;

/** Where the order goes, as far as its figures care: the country and region chosen now. */
export interface Destination {
  country: string;
  region?: string | undefined;
}

interface CartOrderFormProps {
  /** Prefilled from the customer's last order; empty before their first. */
  contact: OrderContact | null;
  /**
   * The lines to order, once every quantity typed has been saved; null when a line cannot be ordered
   * as it stands (the page shows why on the line).
   */
  linesToOrder: () => Promise<OrderLineInput[] | null>;
  /** The server refused lines of the order: each refusal under the part of the line sent. */
  onLinesRefused: (refusals: Record<string, LineRefusal>) => void;
  /** The seller's country (the address's to start with) and the countries delivered to (empty: everywhere). */
  sellerCountry: string;
  deliverTo: readonly string[];
  /** The country or region chosen changed: the page prices the order for it. */
  onDestination: (destination: Destination) => void;
}

/**
 * Phone, delivery address and "Place order": the cart's lines in one order (POST /api/orders with
 * `lines` and `deliveryAddress`). Then on to the order's payment page, as the customer pays for any order.
 */
export function CartOrderForm({
  contact,
  linesToOrder,
  onLinesRefused,
  sellerCountry,
  deliverTo,
  onDestination,
}: CartOrderFormProps) {
  const navigate = useNavigate();
  const schema = useMemo(() => deliverySchema(deliverTo), [deliverTo]);
  const form = useForm<DeliveryInput, unknown, DeliveryOutput>({
    resolver: zodResolver(schema),
    defaultValues: {
      phone: contact?.phone ?? '',
      deliveryAddress: addressFormValues(contact?.deliveryAddress ?? null, sellerCountry),
    },
  });
  const country = useWatch({ control: form.control, name: 'deliveryAddress.country' });
  const region = useWatch({ control: form.control, name: 'deliveryAddress.region' });
  useEffect(() => onDestination({ country, region }), [country, region, onDestination]);
  const place = usePlaceCartOrderMutation();
  // Kept until the order is made, so a retry of the same attempt (a lost answer) cannot order twice.
  const attemptKey = useRef<string | null>(null);
  const [refusal, setRefusal] = useState<string>();
  const [preparing, setPreparing] = useState(false);
  const { errors } = form.formState;

  const order = async (values: DeliveryOutput) => {
    setRefusal(undefined);
    setPreparing(true);
    let lines: OrderLineInput[] | null;
    try {
      lines = await linesToOrder();
    } finally {
      setPreparing(false);
    }
    if (!lines) {
      setRefusal(copy.cartView.fixLines);
      return;
    }
    attemptKey.current ??= newIdempotencyKey();
    const sent = lines;
    let id: string;
    try {
      ({ id } = await place.mutateAsync({ input: { lines: sent, ...values }, idempotencyKey: attemptKey.current }));
    } catch (error) {
      // A server fault is the cache's "Something went wrong"; the key stays: the order may exist.
      if (!(error instanceof ApiError) || error.isServerFault) return;
      attemptKey.current = null;
      const { lines: refused, rest } = refusalsByLine(error.fieldErrors, sent);
      const hasLineRefusals = Object.keys(refused).length > 0;
      if (hasLineRefusals) onLinesRefused(refused);
      applyServerFieldErrors(new ApiError(error.status, error.code, error.message, rest), form.setError, DELIVERY_FIELDS);
      if (hasLineRefusals) {
        setRefusal(copy.cartView.linesRefused);
        toast.error(copy.cartView.linesRefused);
      } else if (Object.keys(rest).length === 0) {
        // Not about a field: too many unpaid orders, an unverified address, stock gone meanwhile.
        setRefusal(error.message);
        toast.error(error.message);
      } else {
        toast.error(copy.toasts.partAddFailed);
      }
      return;
    }
    attemptKey.current = null;
    toast.success(copy.cartView.placed);
    await navigate(paths.payment(id));
  };

  const busy = preparing || place.isPending;
  return (
    <form
      noValidate
      aria-labelledby="cart-order-title"
      onSubmit={(event) => void form.handleSubmit(order)(event)}
      className="grid gap-4"
    >
      <div>
        <h2 id="cart-order-title" className="text-lg font-extrabold tracking-tight text-slate-900">
          {copy.cartView.orderTitle}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {copy.cartView.orderText}
          {contact ? ` ${copy.cartView.prefilled}` : ''}
        </p>
      </div>
      <DeliveryFields
        phone={form.register('phone')}
        address={{
          register: (field) => form.register(`deliveryAddress.${field}`),
          country,
          deliverTo,
          onCountryChange: () => form.setValue('deliveryAddress.region', ''),
        }}
        errors={{ phone: errors.phone?.message, address: addressErrorsOf(errors.deliveryAddress) }}
      />
      <div>
        <button type="submit" className="btn btn-primary btn-lg w-full" disabled={busy}>
          {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {copy.cartView.placeOrder}
        </button>
        <FormError message={refusal} className="mt-3" />
      </div>
    </form>
  );
}
