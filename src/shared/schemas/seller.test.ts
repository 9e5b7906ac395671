import { describe, expect, it } from 'vitest';
import * as copy from '../copy';
import { addressLines, addressSchema } from './address';
import { DEFAULT_SELLER, sellerVatNumberSchema } from './content';

describe("the seller's tax ID, as Settings and PATCH /api/settings take it", () => {
  it("takes a US company's EIN (digits with a hyphen) and a VAT number, in capitals", () => {
    expect(sellerVatNumberSchema.parse(' 38-1234567 ')).toBe('38-1234567');
    expect(sellerVatNumberSchema.parse('de 123456789')).toBe('DE 123456789');
    expect(sellerVatNumberSchema.parse('')).toBe('');
  });

  it('refuses anything but letters and digits with spaces or hyphens between them', () => {
    for (const bad of ['-38-1234567', '38-1234567-', 'GB/123', 'GB-123/45', 'x', 'A'.repeat(21)]) {
      const result = sellerVatNumberSchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message, bad).toBe(copy.validation.vatNumberInvalid);
    }
  });

  it('stands, until an admin names another, for a US manufacturer, as the dollar prices say, with no tax ID made up', () => {
    // A valid US address as the settings take it (state and ZIP code), printed as the old text was.
    expect(addressSchema.parse(DEFAULT_SELLER.sellerAddress)).toEqual({ ...DEFAULT_SELLER.sellerAddress, line2: undefined });
    expect(addressLines(DEFAULT_SELLER.sellerAddress)).toEqual(['2750 Foundry Avenue', 'Detroit, MI 48207', 'United States']);
    expect(DEFAULT_SELLER.sellerVatNumber).toBe('');
    expect(sellerVatNumberSchema.parse(DEFAULT_SELLER.sellerVatNumber)).toBe('');
  });
});
