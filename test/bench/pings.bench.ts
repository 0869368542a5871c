/**
 * Pings per player per round and pings without a choice (see pings.ts): fuzzed 4-player Letters & Seals and
 * 2-player Kairo games through the game service. Run with `npm run bench`; the figures are printed as a table.
 */
import { afterAll, bench, describe } from 'vitest';
import type { IstanbulAction, IstanbulState } from '../../src/games/istanbul/index.js';
import type { KairoAction, KairoState } from '../../src/games/kairo/index.js';
import { expansionPolicy } from '../games/istanbul/expansion/policy.js';
import { progressPick } from '../render/kairo/engine-states.js';
import { measurePings, type PingConfig, type PingFigures } from './pings.js';

const seeds = (name: string, n: number): string[] => Array.from({ length: n }, (_, i) => `${name}-${i}`);

const CONFIGS: readonly PingConfig[] = [
  {
    name: 'Letters & Seals, 4 players',
    kind: 'istanbul',
    players: 4,
    layout: 'starter',
    expansion: 'letters-and-seals',
    policy: (s, seat, legal, rng) => expansionPolicy(s as IstanbulState, seat, legal as IstanbulAction[], rng),
    seeds: seeds('pings-ls', 6),
  },
  {
    name: 'Kairo, 2 players',
    kind: 'kairo',
    players: 2,
    layout: 'variable',
    expansion: null,
    policy: (s, seat, legal, rng) => progressPick(s as KairoState, seat, legal as KairoAction[], rng),
    seeds: seeds('pings-kairo', 6),
  },
];

const results = new Map<string, PingFigures>();

afterAll(() => {
  console.log('\nPings per player per round (fuzzed games through the game service; a round is one turn per player):');
  console.table(
    [...results.values()].map((r) => ({
      game: r.name,
      games: r.games,
      rounds: r.rounds.toFixed(1),
      'turns/round': r.turnsPerRound.toFixed(2),
      'posts/round': r.postsPerRound.toFixed(2),
      'pictures/round': r.picturesPerRound.toFixed(2),
      'pings/player/round': r.pingsPerPlayerRound.toFixed(2),
      'pings without a choice': r.pingsWithoutChoice,
      'pictures before play': r.picturesBeforePlay.toFixed(1),
    })),
  );
});

describe('pings per player per round', () => {
  for (const config of CONFIGS) {
    bench(config.name, async () => void results.set(config.name, await measurePings(config)), { iterations: 1, time: 0, warmupIterations: 0, warmupTime: 0 });
  }
});
