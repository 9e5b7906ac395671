import { describe, expect, it } from 'vitest';
import { truncate } from './text';

describe('truncate', () => {
  it('keeps text that fits', () => {
    expect(truncate('Oil filter', 35)).toBe('Oil filter');
    expect(truncate('x'.repeat(35), 35)).toBe('x'.repeat(35));
  });

  it('cuts longer text to the limit, ellipsis included', () => {
    const cut = truncate('Ceramic Front Brake Pads Set for Heavy Duty Trucks', 35);
    expect(cut).toHaveLength(35);
    expect(cut.endsWith('…')).toBe(true);
    expect(truncate('a'.repeat(400), 300)).toHaveLength(300);
  });

  it('does not leave a space before the ellipsis', () => {
    expect(truncate('abcd efgh', 6)).toBe('abcd…');
  });
});
