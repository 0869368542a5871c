/** The service's notion of time: `Date.now` in production, a controllable clock in tests. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
