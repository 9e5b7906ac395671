import { fireEvent, screen } from '@testing-library/react';
import * as copy from '#shared/copy';

const a = copy.address;

/** The delivery address's controls, found by their labels (the state's when the country is the US). */
export const addressControl = {
  line1: () => screen.getByLabelText(a.line1Label),
  line2: () => screen.getByLabelText(a.line2Label),
  city: () => screen.getByLabelText(a.cityLabel),
  state: () => screen.getByLabelText(a.stateLabel),
  region: () => screen.getByLabelText(a.regionLabel),
  zip: () => screen.getByLabelText(a.zipLabel),
  postalCode: () => screen.getByLabelText(a.postalCodeLabel),
  country: () => screen.getByLabelText(a.countryLabel),
};

/** A US address the shop delivers to by default. */
export const usAddress = { line1: '1 Works Road', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' };

/** Types an address into the form: the country first, as it decides the region's and postal code's fields. */
export function fillAddress(address: {
  line1?: string;
  line2?: string;
  city?: string;
  region?: string;
  postalCode?: string;
  country?: string;
}) {
  if (address.country !== undefined) fireEvent.change(addressControl.country(), { target: { value: address.country } });
  const us = (addressControl.country() as HTMLSelectElement).value === 'US';
  if (address.line1 !== undefined) fireEvent.change(addressControl.line1(), { target: { value: address.line1 } });
  if (address.line2 !== undefined) fireEvent.change(addressControl.line2(), { target: { value: address.line2 } });
  if (address.city !== undefined) fireEvent.change(addressControl.city(), { target: { value: address.city } });
  if (address.region !== undefined) {
    fireEvent.change(us ? addressControl.state() : addressControl.region(), { target: { value: address.region } });
  }
  if (address.postalCode !== undefined) {
    fireEvent.change(us ? addressControl.zip() : addressControl.postalCode(), { target: { value: address.postalCode } });
  }
}
