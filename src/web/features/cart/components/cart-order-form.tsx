import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
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
import type { OrderContact } from '../api/get-last-order-contact';
import type { LineRefusal } from '../lib/line-refusals';
import { useCartOrderAttempt } from '../lib/use-cart-order-attempt';

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
  const { attempt, busy } = useCartOrderAttempt({ linesToOrder, onLinesRefused });
  const [refusal, setRefusal] = useState<string>();
  const { errors } = form.formState;

  const order = async (values: DeliveryOutput) => {
    setRefusal(undefined);
    const outcome = await attempt((lines) => ({ lines, ...values }));
    if (outcome.kind === 'fault') return;
    if (outcome.kind === 'fix-lines') {
      setRefusal(copy.cartView.fixLines);
      return;
    }
    if (outcome.kind === 'refused') {
      const { error, linesRefused, fieldErrors } = outcome;
      applyServerFieldErrors(new ApiError(error.status, error.code, error.message, fieldErrors), form.setError, DELIVERY_FIELDS);
      if (linesRefused) {
        setRefusal(copy.cartView.linesRefused);
        toast.error(copy.cartView.linesRefused);
      } else if (Object.keys(fieldErrors).length === 0) {
        // Not about a field: too many unpaid orders, an unverified address, stock gone meanwhile.
        setRefusal(error.message);
        toast.error(error.message);
      } else {
        toast.error(copy.toasts.partAddFailed);
      }
      return;
    }
    toast.success(copy.cartView.placed);
    await navigate(paths.payment(outcome.order.id));
  };

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
