/** The replays' cache: it keeps the most recently used entries within both of its bounds. */
import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../../src/app/replay/bounded-cache.js';

describe('a bounded cache', () => {
  it('forgets the least recently used entry beyond its count', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.size]).toEqual([1, 3, 2]);
  });

  it('keeps the total weight within its bound, and an entry heavier than the bound not at all', () => {
    const cache = new BoundedCache<string, string>(10, 100);
    cache.set('a', 'x', 60);
    cache.set('b', 'y', 30);
    expect(cache.weight).toBe(90);
    cache.set('c', 'z', 30);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.weight]).toEqual([undefined, 'y', 'z', 60]);
    cache.set('big', 'w', 101);
    expect([cache.get('big'), cache.size, cache.weight]).toEqual([undefined, 2, 60]);
    // Set again: the old weight goes with the old value.
    cache.set('b', 'y2', 10);
    expect([cache.get('b'), cache.weight]).toEqual(['y2', 40]);
    cache.delete('b');
    expect([cache.size, cache.weight]).toEqual([1, 30]);
  });
});
