import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import * as copy from '#shared/copy';
import { placeOrderInputSchema } from '#shared/schemas/orders';
import { InputField, TextAreaField } from './form-field';

/** The rules and messages of the delivery fields: the API's own for an order (docs/shop-rules.md, "Forms, rules and messages"). */
export const deliveryRules = {
  phone: placeOrderInputSchema.shape.phone,
  address: placeOrderInputSchema.shape.address,
};

interface DeliveryFieldsProps {
  phone: UseFormRegisterReturn<'phone'>;
  address: UseFormRegisterReturn<'address'>;
  /** Each field's message, shown under it. */
  errors: { phone?: string; address?: string };
  /** A field shown beside the phone from sm width up (the booking form's quantity). */
  besidePhone?: ReactNode;
}

/** Phone and address, where an order is delivered: in the cart's order form and in the booking form. */
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
      <TextAreaField label={copy.fields.address} rows={3} autoComplete="street-address" error={errors.address} {...address} />
    </>
  );
}
