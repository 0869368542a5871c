/**
 * The ping counter of the pings benchmark, on one fuzzed game each: a Letters & Seals game pings nobody for
 * a decision without a choice (forced answers are played for the seat), and a 2-player Kairo game shows two
 * pictures before its first real turn (the start board and the finished start), whatever its placements.
 */
import { describe, expect, it } from 'vitest';
import type { IstanbulAction, IstanbulState } from '../../src/games/istanbul/index.js';
import type { KairoAction, KairoState } from '../../src/games/kairo/index.js';
import { expansionPolicy } from '../games/istanbul/expansion/policy.js';
import { progressPick } from '../render/kairo/engine-states.js';
import { measurePings } from './pings.js';

describe('pings per player per round', () => {
  it('a 4-player Letters & Seals game: no ping without a choice, one picture per turn and the final board', async () => {
    const figures = await measurePings({
      name: 'ls',
      kind: 'istanbul',
      players: 4,
      layout: 'starter',
      expansion: 'letters-and-seals',
      policy: (s, seat, legal, rng) => expansionPolicy(s as IstanbulState, seat, legal as IstanbulAction[], rng),
      seeds: ['pings-ls-0'],
    });
    expect(figures.rounds).toBeGreaterThan(20);
    expect(figures.pingsWithoutChoice).toBe(0);
    expect(figures.turnsPerRound).toBe(4);
    // The final board is the one picture that is no turn's.
    expect(figures.picturesPerRound * figures.rounds).toBe(figures.turnsPerRound * figures.rounds + 1);
  }, 120_000);

  it('a 2-player Kairo game: the start placements are short texts, two pictures before the first real turn', async () => {
    const figures = await measurePings({
      name: 'kairo',
      kind: 'kairo',
      players: 2,
      layout: 'variable',
      expansion: null,
      policy: (s, seat, legal, rng) => progressPick(s as KairoState, seat, legal as KairoAction[], rng),
      seeds: ['pings-kairo-0'],
    });
    expect(figures.picturesBeforePlay).toBe(2);
    expect(figures.pingsWithoutChoice).toBe(0);
    expect(figures.picturesPerRound).toBeLessThanOrEqual(figures.turnsPerRound);
  }, 120_000);
});
