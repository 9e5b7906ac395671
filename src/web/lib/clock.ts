/** The current time in ms. Injected where a rule depends on time (the countdown), so tests can control it. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
