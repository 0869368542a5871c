/**
 * What a callback is told, as it comes: `take` is the callback, `seen` what it was given so far, and
 * `reach(count)` a promise for when `count` things have come (a test waits for events, not for a time).
 */
export interface Collected<T> {
  readonly seen: T[];
  readonly take: (item: T) => void;
  reach(count: number): Promise<void>;
}

export function collected<T>(): Collected<T> {
  const seen: T[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  return {
    seen,
    take(item) {
      seen.push(item);
      for (const w of waiters.filter((x) => seen.length >= x.count)) w.resolve();
    },
    reach: (count) => (seen.length >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve }))),
  };
}
