/**
 * A least-recently-used cache with two bounds: how many entries it keeps, and their total weight (bytes of
 * the pictures, say). Replays keep their frame indexes and pictures here, so memory does not grow with the
 * number of games anyone ever looked at.
 */
export class BoundedCache<K, V> {
  readonly #entries = new Map<K, { value: V; weight: number }>();
  #weight = 0;

  constructor(
    readonly maxEntries: number,
    readonly maxWeight = Number.POSITIVE_INFINITY,
  ) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new RangeError(`a bounded cache keeps at least one entry, not ${maxEntries}`);
  }

  /** The value, now the most recently used; undefined when not kept. */
  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    // A Map iterates in insertion order: re-inserting makes it the newest.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Keeps the value (the oldest entries go while a bound is passed); one heavier than the bound alone is not kept. */
  set(key: K, value: V, weight = 0): void {
    this.delete(key);
    if (weight > this.maxWeight) return;
    this.#entries.set(key, { value, weight });
    this.#weight += weight;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.maxEntries && this.#weight <= this.maxWeight) break;
      this.#entries.delete(oldest);
      this.#weight -= entry.weight;
    }
  }

  delete(key: K): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#weight -= entry.weight;
  }

  get size(): number {
    return this.#entries.size;
  }

  get weight(): number {
    return this.#weight;
  }
}
