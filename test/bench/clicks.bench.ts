/**
 * Clicks per turn over fuzzed games (see clicks.ts): Istanbul, Letters & Seals and Kairo, each decision
 * taken by the fuzzers' playout policies and reached on the panel with the fewest clicks, step by step
 * and with the compound choices the bot offers. Run with `npm run bench`; the figures are printed as a table.
 */
import { afterAll, bench, describe } from 'vitest';
import type { IstanbulAction, IstanbulState } from '../../src/games/istanbul/index.js';
import type { KairoAction, KairoState } from '../../src/games/kairo/index.js';
import { expansionPolicy } from '../games/istanbul/expansion/policy.js';
import { biasedPolicy } from '../games/istanbul/policy.js';
import { progressPick } from '../render/kairo/engine-states.js';
import { measureClicks, type ClickConfig, type ClickFigures } from './clicks.js';

const seeds = (name: string, n: number): string[] => Array.from({ length: n }, (_, i) => `${name}-${i}`);

const GAMES: readonly Omit<ClickConfig, 'compound'>[] = [
  {
    name: 'Istanbul, 3 players',
    kind: 'istanbul',
    players: 3,
    settings: { layout: 'short', variant: 'base' },
    policy: (s, seat, legal, rng) => biasedPolicy(s as IstanbulState, seat, legal as IstanbulAction[], rng),
    seeds: seeds('istanbul', 10),
  },
  {
    name: 'Istanbul Letters & Seals, 3 players',
    kind: 'istanbul',
    players: 3,
    settings: { layout: 'starter', variant: 'base', expansion: 'letters-and-seals' },
    policy: (s, seat, legal, rng) => expansionPolicy(s as IstanbulState, seat, legal as IstanbulAction[], rng),
    seeds: seeds('ls', 10),
  },
  {
    name: 'Kairo, 3 players',
    kind: 'kairo',
    players: 3,
    settings: { layout: 'variable', variant: null },
    policy: (s, seat, legal, rng) => progressPick(s as KairoState, seat, legal as KairoAction[], rng),
    seeds: seeds('kairo', 10),
  },
  {
    // Each start stall of the variable start counted on its own (the board keeps one picture over the start).
    name: "Kairo's start, per stall, 3 players",
    kind: 'kairo',
    players: 3,
    settings: { layout: 'variable', variant: null },
    policy: (s, seat, legal, rng) => progressPick(s as KairoState, seat, legal as KairoAction[], rng),
    seeds: seeds('kairo', 10),
    only: 'start-stalls',
  },
];

const CONFIGS: readonly ClickConfig[] = GAMES.flatMap((game) => [
  { ...game, compound: false },
  { ...game, name: `${game.name}, compound choices`, compound: true },
]);

const results = new Map<string, ClickFigures>();

afterAll(() => {
  console.log('\nClicks per turn on the turn panel (fuzzed games; opening the panel not counted):');
  console.table([...results.values()].map((r) => ({ game: r.name, games: r.games, turns: r.turns, mean: r.mean.toFixed(2), p95: r.p95, max: r.max })));
});

describe('clicks per turn', () => {
  for (const config of CONFIGS) {
    bench(config.name, () => void results.set(config.name, measureClicks(config)), { iterations: 1, time: 0, warmupIterations: 0, warmupTime: 0 });
  }
});
