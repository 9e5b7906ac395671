import { describe, expect, it } from 'vitest';
import { canonicalJson, requestFingerprint } from './idempotency';

describe('the fingerprint of an Idempotency-Key request', () => {
  it('reads the same body the same whatever the order of its fields, at every depth', () => {
    const a = { phone: '+1 555', lines: [{ partId: 'p1', quantity: 12 }], deliveryAddress: { country: 'US', city: 'Detroit' } };
    const b = { deliveryAddress: { city: 'Detroit', country: 'US' }, lines: [{ quantity: 12, partId: 'p1' }], phone: '+1 555' };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(requestFingerprint(a)).toBe(requestFingerprint(b));
    expect(requestFingerprint(a)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('tells apart another quantity, another line order and a field left out from one given', () => {
    const body = {
      lines: [
        { partId: 'p1', quantity: 12 },
        { partId: 'p2', quantity: 24 },
      ],
      poNumber: 'PO-1',
    };
    const fingerprint = requestFingerprint(body);
    expect(requestFingerprint({ ...body, lines: [{ partId: 'p1', quantity: 13 }, body.lines[1]] })).not.toBe(fingerprint);
    expect(requestFingerprint({ ...body, lines: [...body.lines].reverse() })).not.toBe(fingerprint);
    expect(requestFingerprint({ lines: body.lines })).not.toBe(fingerprint);
    // A member left undefined by parsing is one not sent.
    expect(requestFingerprint({ ...body, payment: undefined })).toBe(fingerprint);
  });
});
