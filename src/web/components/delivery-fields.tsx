import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import * as copy from '#shared/copy';
import { phoneSchema } from '#shared/schemas/orders';
import { AddressFields, type AddressField, DELIVERY_ADDRESS_PATHS, deliveryAddressSchema } from './address-fields';
import { InputField } from './form-field';

/**
 * The rules and messages of the delivery fields: the API's own for an order (docs/shop-rules.md,
 * "Forms, rules and messages"), with the countries the shop delivers to.
 */
export function deliveryRules(deliverTo: readonly string[]) {
  return { phone: phoneSchema, deliveryAddress: deliveryAddressSchema(deliverTo) };
}

/** The order body's fields the delivery fields show the server's messages for. */
export const DELIVERY_FIELDS = ['phone', 'deliveryAddress', ...DELIVERY_ADDRESS_PATHS] as const;

interface DeliveryFieldsProps {
  phone: UseFormRegisterReturn<'phone'>;
  address: {
    register: (field: AddressField) => UseFormRegisterReturn;
    country: string;
    deliverTo: readonly string[];
    onCountryChange?: (country: string) => void;
  };
  /** Each field's message, shown under it. */
  errors: { phone?: string; address: Partial<Record<AddressField, string>> };
  /** A field shown beside the phone from sm width up (the booking form's quantity). */
  besidePhone?: ReactNode;
}

/** Phone and delivery address, where an order is delivered: in the cart's order form and in the booking form. */
export function DeliveryFields({ phone, address, errors, besidePhone }: DeliveryFieldsProps) {
  const phoneField = (
    <InputField label={copy.fields.phone} type="tel" inputMode="tel" autoComplete="tel" error={errors.phone} {...phone} />
  );
  return (
    <>
      {besidePhone ? (
        <div className="grid gap-5 sm:grid-cols-2">
          {besidePhone}
          {phoneField}
        </div>
      ) : (
        phoneField
      )}
      <AddressFields {...address} errors={errors.address} />
    </>
  );
}
