/**
 * Clicks per turn over fuzzed games (see clicks.ts): Istanbul, Letters & Seals and Kairo, each decision
 * taken by the fuzzers' playout policies and reached on the panel with the fewest clicks, step by step
 * and with the compound choices the bot offers. Run with `npm run bench`; the figures are printed as a table.
 */
import { afterAll, bench, describe } from 'vitest';
import { ISTANBUL, KAIRO, LETTERS_AND_SEALS, seeds } from './fuzzed-games.js';
import { measureClicks, type ClickConfig, type ClickFigures } from './clicks.js';

const GAMES: readonly Omit<ClickConfig, 'compound'>[] = [
  { ...ISTANBUL, seeds: seeds('istanbul', 10) },
  { ...LETTERS_AND_SEALS, seeds: seeds('ls', 10) },
  { ...KAIRO, seeds: seeds('kairo', 10) },
  {
    // Each start stall of the variable start counted on its own (the board keeps one picture over the start).
    ...KAIRO,
    name: "Kairo's start, per stall, 3 players",
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
