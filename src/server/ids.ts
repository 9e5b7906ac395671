import { randomUUID } from 'node:crypto';

/** Opaque ids (PRODUCT.md section 3): random, so they reveal neither counts nor order. */
export function newId(): string {
  return randomUUID();
}
