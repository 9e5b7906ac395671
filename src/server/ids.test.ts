import { describe, expect, it } from 'vitest';
import { newId, newTimeOrderedId } from './ids';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-([0-9a-f])[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('ids', () => {
  it('makes random ids of version 4', () => {
    expect(UUID.exec(newId())?.[1]).toBe('4');
  });

  it('makes time-ordered ids of version 7 whose first 48 bits are the time in milliseconds', () => {
    const at = Date.UTC(2026, 10, 28, 19, 30, 0, 123);
    const id = newTimeOrderedId(at);
    expect(UUID.exec(id)?.[1]).toBe('7');
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('sorts time-ordered ids made later after those made earlier, as text', () => {
    const ids = [0, 1, 255, 256, 4096, 1_000_000, Date.now()].map((at) => newTimeOrderedId(at));
    expect([...ids].sort()).toEqual(ids);
  });

  it('keeps 74 random bits: ids of the same millisecond differ', () => {
    const at = Date.now();
    const ids = new Set(Array.from({ length: 10_000 }, () => newTimeOrderedId(at)));
    expect(ids.size).toBe(10_000);
  });
});
