/**
 * The values the API's examples share (OpenAPI `examples` in the schemas' `.meta()`), so that the
 * order, the company and the part one example names are the ones the next names too.
 */

export const EXAMPLE_COMPANY_ID = '0193a1c2-7d4e-7000-8000-00000000c0a1';
export const EXAMPLE_USER_ID = '0193a1c2-7d4e-7000-8000-00000000e001';
export const EXAMPLE_ORDER_ID = '0193a1c2-7d4e-7000-8000-00000000a001';
/** How the shop names EXAMPLE_ORDER_ID to people (`orderNumberOf`). */
export const EXAMPLE_ORDER_NUMBER = '0193A1C2-7D4E-7000';
export const EXAMPLE_PART_ID = '0193a1c2-7d4e-7000-8000-00000000b042';
export const EXAMPLE_CATEGORY_ID = '0193a1c2-7d4e-7000-8000-0000000000c1';
export const EXAMPLE_ADDRESS_ID = '0193a1c2-7d4e-7000-8000-00000000d001';
export const EXAMPLE_INVOICE = 'INV-2026-000123';
export const EXAMPLE_IMAGE_URL = '/uploads/0123456789abcdef0123456789abcdef.webp';

export const EXAMPLE_ADDRESS = {
  line1: '1420 Rosa Parks Blvd',
  city: 'Detroit',
  region: 'MI',
  postalCode: '48216',
  country: 'US',
};

/** A company's delivery site as answered. */
export const EXAMPLE_SITE = {
  id: EXAMPLE_ADDRESS_ID,
  label: 'Main workshop',
  phone: '+1 313 555 0142',
  address: EXAMPLE_ADDRESS,
};

export const EXAMPLE_RESOLVED_FROM = { number: 'GH-BRK-1042', chain: ['GH-BRK-1042', 'GH-BRK-2042'], quantityFactor: 1 };
