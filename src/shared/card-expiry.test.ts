import { describe, expect, it } from 'vitest';
import { parseCardExpiry } from './card-expiry';

const read = (text: string) => parseCardExpiry(text);
const expiry = (expMonth: number, expYear: number) => ({ ok: true, expiry: { expMonth, expYear } });

describe('parseCardExpiry', () => {
  it('reads the ways card forms and password managers write an expiry', () => {
    expect(read('12/30')).toEqual(expiry(12, 2030));
    expect(read('12 / 30')).toEqual(expiry(12, 2030));
    expect(read('1230')).toEqual(expiry(12, 2030));
    expect(read('12-30')).toEqual(expiry(12, 2030));
    expect(read('12.30')).toEqual(expiry(12, 2030));
    expect(read('12 30')).toEqual(expiry(12, 2030));
    expect(read('12/2030')).toEqual(expiry(12, 2030));
    expect(read('12 / 2030')).toEqual(expiry(12, 2030));
    expect(read('122030')).toEqual(expiry(12, 2030));
    expect(read('1/30')).toEqual(expiry(1, 2030));
    expect(read('01/30')).toEqual(expiry(1, 2030));
    expect(read(' 07/29 ')).toEqual(expiry(7, 2029));
  });

  it('says the date is incomplete when it is not one', () => {
    for (const text of ['', '12', '12/', '12/3', '123', '12/305', 'ab/cd', '12//30', '1/2/30', '12/30x']) {
      expect(read(text), text).toEqual({ ok: false, problem: 'incomplete' });
    }
  });

  it('refuses a month outside 1 to 12', () => {
    expect(read('13/30')).toEqual({ ok: false, problem: 'month' });
    expect(read('00/30')).toEqual({ ok: false, problem: 'month' });
    expect(read('0/30')).toEqual({ ok: false, problem: 'month' });
    expect(read('1330')).toEqual({ ok: false, problem: 'month' });
  });

  it('refuses a four-digit year the payment API does not take', () => {
    expect(read('12/1999')).toEqual({ ok: false, problem: 'year' });
    expect(read('12/2200')).toEqual({ ok: false, problem: 'year' });
    expect(read('12/2199')).toEqual(expiry(12, 2199));
  });
});
