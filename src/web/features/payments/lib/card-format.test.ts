import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry } from './card-format';

describe('formatCardNumber', () => {
  it('groups digits by 4 as typed and drops anything else', () => {
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242-4242 4242x4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('1'.repeat(25))).toBe('1111 1111 1111 1111 111');
  });
});

describe('formatExpiry', () => {
  it('writes MM/YY', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('122030')).toBe('12/2030');
  });

  it('leaves an expiry written with its own separator as it is, so it is never cut short', () => {
    expect(formatExpiry('12 / 30')).toBe('12 / 30');
    expect(formatExpiry('12/2030')).toBe('12/2030');
    expect(formatExpiry('1/30')).toBe('1/30');
    expect(formatExpiry('12-30')).toBe('12-30');
  });
});
