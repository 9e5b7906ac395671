import { describe, expect, it } from 'vitest';
import * as copy from './copy';

/** Every text of the UI strings: plain strings, and the words written into the functions that make a sentence. */
function texts(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (typeof value === 'function') into.push(String(value));
  else if (Array.isArray(value)) for (const item of value) texts(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) texts(item, into);
  return into;
}

const all = texts(copy);

describe('the UI strings', () => {
  it('read as English: no slips of number or agreement', () => {
    for (const slip of [
      /\ba New Parts\b/i,
      /\ba New Review\b/,
      /All right reserved/i,
      /Remove user Successfully/i,
      /\bCreate new account\b/,
      /\bsave a vehicle above\b/i,
    ]) {
      expect(
        all.filter((text) => slip.test(text)),
        String(slip),
      ).toEqual([]);
    }
    expect(copy.partsAdmin.addTitle).toBe('Add a new part');
    expect(copy.footer.copyright(2026)).toBe('Copyright © 2026 - All rights reserved by Gearhouse');
  });

  it('keep the wording the product rules quote from the original shop, quirks and all', () => {
    expect(copy.fields.retting).toBe('Retting');
    expect(copy.validation.quantityTooLow(12)).toBe("You can't booking less then 12 parts quantity");
    expect(copy.landing.newParts).toBe('NEW OUR PARTS');
    expect(copy.part.allParts).toBe('Our All Parts');
    expect(copy.dashboard.manageUser).toBe('Manage All User');
    expect(copy.toasts.partAdded).toBe('Parts added successfully');
  });
});
