import { describe, expect, it } from 'vitest';
import { copyRng, nextUint32, pick, randomInt, rollDie, seedRng, shuffle } from '../../src/engine/index.js';

describe('seeded PRNG', () => {
  it('gives the same sequence for the same seed', () => {
    const a = seedRng('table-7');
    const b = seedRng('table-7');
    const seqA = Array.from({ length: 50 }, () => nextUint32(a));
    const seqB = Array.from({ length: 50 }, () => nextUint32(b));
    expect(seqA).toEqual(seqB);
  });

  it('gives different sequences for different seeds', () => {
    const a = seedRng('table-7');
    const b = seedRng('table-8');
    expect(Array.from({ length: 5 }, () => nextUint32(a))).not.toEqual(Array.from({ length: 5 }, () => nextUint32(b)));
  });

  it('continues identically after a round trip through JSON', () => {
    const rng = seedRng('round-trip');
    for (let i = 0; i < 17; i++) nextUint32(rng);
    const restored = JSON.parse(JSON.stringify(rng)) as typeof rng;
    const original = Array.from({ length: 20 }, () => rollDie(rng));
    const again = Array.from({ length: 20 }, () => rollDie(restored));
    expect(again).toEqual(original);
  });

  it('copyRng makes an independent copy', () => {
    const rng = seedRng('copy');
    const copy = copyRng(rng);
    nextUint32(copy);
    expect(copy.s).not.toEqual(rng.s);
    expect(nextUint32(copyRng(rng))).toBe(nextUint32(rng));
  });

  it('rolls dice in 1..6 with every face appearing and no face far from 1/6', () => {
    const rng = seedRng('dice');
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60_000; i++) counts[rollDie(rng) - 1]! += 1;
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });

  it('randomInt stays in range and rejects a bad bound', () => {
    const rng = seedRng('range');
    for (let i = 0; i < 1000; i++) {
      const x = randomInt(rng, 7);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(7);
    }
    expect(() => randomInt(rng, 0)).toThrow(RangeError);
    expect(() => randomInt(rng, 2.5)).toThrow(RangeError);
  });

  it('shuffle returns a permutation and leaves its input alone', () => {
    const rng = seedRng('shuffle');
    const input = [1, 2, 3, 4, 5, 6, 7, 8];
    const out = shuffle(rng, input);
    expect(input).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect([...out].sort((x, y) => x - y)).toEqual(input);
    expect(pick(rng, ['only'])).toBe('only');
    expect(() => pick(rng, [])).toThrow(RangeError);
  });

  it('shuffle is Fisher-Yates on randomInt: the same permutation and the same PRNG after it, for every size', () => {
    // The plain form, as the shuffle is specified (stored games replay their shuffles: it must not change).
    const reference = <T>(rng: ReturnType<typeof seedRng>, items: readonly T[]): T[] => {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = randomInt(rng, i + 1);
        [out[i], out[j]] = [out[j] as T, out[i] as T];
      }
      return out;
    };
    for (let size = 0; size <= 80; size++) {
      const seed = `fy-${size}`;
      const fast = seedRng(seed);
      const plain = seedRng(seed);
      for (let round = 0; round < 3; round++) {
        const items = Array.from({ length: size }, (_, i) => i);
        expect(shuffle(fast, items)).toEqual(reference(plain, items));
        expect(fast.s).toEqual(plain.s);
      }
    }
  });
});
