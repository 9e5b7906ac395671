/** Where time comes from, so rules that depend on it (countdowns, expiry) can be tested. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(start: Date | string): Clock & { set(to: Date | string): void; advance(ms: number): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (to) => {
      current = new Date(to);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}
