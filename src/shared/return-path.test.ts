import { describe, expect, it } from 'vitest';
import { RETURN_PATH_MAX_LENGTH, safeReturnPath, withReturnPath } from './return-path';

describe('the page sign-in returns to', () => {
  it('takes a path of this shop, with its query and fragment', () => {
    expect(safeReturnPath('/part/abc')).toBe('/part/abc');
    expect(safeReturnPath('/part?q=brake%20pads&page=2')).toBe('/part?q=brake%20pads&page=2');
    expect(safeReturnPath('/cart#summary')).toBe('/cart#summary');
    expect(safeReturnPath('/')).toBe('/');
  });

  it('refuses every way of naming another site, a script or nothing', () => {
    for (const value of [
      '//evil.example',
      '//evil.example/part',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      ' /part',
      'https://evil.example',
      'http://evil.example/part',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'evil.example',
      'part/abc',
      '/..//evil.example',
      '/part/\u0000',
      '',
      null,
      undefined,
    ]) {
      expect(safeReturnPath(value), JSON.stringify(value)).toBeUndefined();
    }
  });

  it('refuses a path longer than the sign-in API takes', () => {
    const longest = `/${'a'.repeat(RETURN_PATH_MAX_LENGTH - 1)}`;
    expect(safeReturnPath(longest)).toBe(longest);
    expect(safeReturnPath(`${longest}a`)).toBeUndefined();
  });

  it('writes the sign-in and sign-up addresses with the page to come back to, and without one when there is none to take', () => {
    expect(withReturnPath('/login', '/part/abc')).toBe('/login?next=%2Fpart%2Fabc');
    expect(withReturnPath('/signup', '/part?q=brake')).toBe('/signup?next=%2Fpart%3Fq%3Dbrake');
    expect(withReturnPath('/login', '//evil.example')).toBe('/login');
    expect(withReturnPath('/login', undefined)).toBe('/login');
  });
});
