import type { CrossReference } from '#shared/schemas/catalogue';

/** A number as a search's number key compares it: letters and digits only, upper-case. */
const compact = (number: string) => number.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

/**
 * Which of the part's cross-references a search for the number key `numberKey` (search-terms.ts) found
 * it by: none when the key is in the part's own SKU (the SKU is what matched), else the reference whose
 * number is the key, else the first whose number holds it; none when no number does (the part was found
 * by its words). Compared letters and digits only, so "W 712/94" is matched by "w71294" as by "712/94".
 */
export function matchedReferenceOf(
  part: { sku: string; crossReferences: readonly CrossReference[] },
  numberKey: string | undefined,
): CrossReference | null {
  if (numberKey === undefined || compact(part.sku).includes(numberKey)) return null;
  const numbers = part.crossReferences.map((reference) => compact(reference.number));
  const index = numbers.indexOf(numberKey);
  const found = index >= 0 ? index : numbers.findIndex((number) => number.includes(numberKey));
  return found >= 0 ? part.crossReferences[found]! : null;
}
