import { randomUUID } from 'node:crypto';

/** Opaque ids (docs/shop-rules.md, "Data"): random, so they reveal neither counts nor order. */
export function newId(): string {
  return randomUUID();
}
