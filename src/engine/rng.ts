/**
 * Seeded pseudo-random numbers whose whole state is plain JSON data, so a game state that holds it
 * replays exactly and survives a database round trip. sfc32: fast, 128-bit state, good statistics.
 *
 * The functions mutate the RngState they are given: call them only on a state you own (a copy made
 * inside `apply`), never on a state someone else still holds.
 */
export interface RngState {
  /** Four unsigned 32-bit words. */
  s: [number, number, number, number];
}

/** Hashes a seed string to 128 bits (cyrb128), so similar seeds give unrelated streams. */
function hashSeed(seed: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

export function seedRng(seed: string): RngState {
  const rng: RngState = { s: hashSeed(seed) };
  // Discard the first outputs: sfc32 mixes poorly in its first few rounds.
  for (let i = 0; i < 12; i++) nextUint32(rng);
  return rng;
}

export function copyRng(rng: RngState): RngState {
  return { s: [rng.s[0], rng.s[1], rng.s[2], rng.s[3]] };
}

/** Next unsigned 32-bit value; advances `rng`. */
export function nextUint32(rng: RngState): number {
  // In place: a new array per number was a tenth of a computer player's garbage. An RngState owns its
  // words (copyRng copies them; nothing shares one `s` between two states).
  const s = rng.s;
  let a = s[0] >>> 0;
  let b = s[1] >>> 0;
  let c = s[2] >>> 0;
  let d = s[3] >>> 0;
  let t = (a + b) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  d = (d + 1) | 0;
  t = (t + d) | 0;
  c = (c + t) | 0;
  s[0] = a >>> 0;
  s[1] = b >>> 0;
  s[2] = c >>> 0;
  s[3] = d >>> 0;
  return t >>> 0;
}

/** Uniform integer in [0, bound) without modulo bias. */
export function randomInt(rng: RngState, bound: number): number {
  if (!Number.isInteger(bound) || bound <= 0 || bound > 0x100000000) {
    throw new RangeError(`randomInt bound must be an integer in 1..2^32, got ${bound}`);
  }
  const limit = 0x100000000 - (0x100000000 % bound);
  for (;;) {
    const x = nextUint32(rng);
    if (x < limit) return x % bound;
  }
}

/** One die with `sides` faces: 1..sides. */
export function rollDie(rng: RngState, sides = 6): number {
  return randomInt(rng, sides) + 1;
}

/** A shuffled copy (Fisher–Yates). */
export function shuffle<T>(rng: RngState, items: readonly T[]): T[] {
  const out = items.slice();
  // randomInt(rng, i + 1) for each i, with sfc32's words kept in locals for the whole shuffle (the
  // computer players reshuffle piles for every visit of a search): the same numbers, the same order.
  const s = rng.s;
  let a = s[0] | 0;
  let b = s[1] | 0;
  let c = s[2] | 0;
  let d = s[3] | 0;
  for (let i = out.length - 1; i > 0; i--) {
    const bound = i + 1;
    const limit = 0x100000000 - (0x100000000 % bound);
    let x: number;
    do {
      let t = (a + b) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      d = (d + 1) | 0;
      t = (t + d) | 0;
      c = (c + t) | 0;
      x = t >>> 0;
    } while (x >= limit);
    const j = x % bound;
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  s[0] = a >>> 0;
  s[1] = b >>> 0;
  s[2] = c >>> 0;
  s[3] = d >>> 0;
  return out;
}

/** One element chosen uniformly; the list must not be empty. */
export function pick<T>(rng: RngState, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError('pick from an empty list');
  return items[randomInt(rng, items.length)] as T;
}
