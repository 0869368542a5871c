/**
 * Kairo engine: random playouts for 2, 3 and 4 players (games per second, from vitest's hz) and the
 * median cost of one legalActions + apply step. apply also computes the options of the decision it
 * leads to (legalActions then answers from a cache), so the pair is timed together; the random policy
 * is not counted. A cold variant times the same pair on JSON copies of states (nothing cached, as after
 * loading a game from the database).
 */
import { afterAll, bench, describe } from 'vitest';
import { randomInt, seedRng, type Seat } from '../../src/engine/index.js';
import { kairo } from '../../src/games/kairo/index.js';
import type { KairoAction, KairoOptions, KairoState } from '../../src/games/kairo/types.js';
import { median, percentile } from './stats.js';

const stepSamples: Record<string, number[]> = {};
const stepsPerGame: Record<string, number[]> = {};

let game = 0;
function playGame(options: KairoOptions, label: string): void {
  const seed = `bench-${options.players}-${options.start}-${game++}`;
  let state = kairo.setup(options, seed);
  const rng = seedRng(`policy-${seed}`);
  const samples = (stepSamples[label] ??= []);
  let steps = 0;
  while (!kairo.isOver(state)) {
    const seat = kairo.activeSeats(state)[0] as Seat;
    const t0 = performance.now();
    const legal = kairo.legalActions(state, seat);
    const t1 = performance.now();
    const action = legal[randomInt(rng, legal.length)] as KairoAction;
    const t2 = performance.now();
    state = kairo.apply(state, action, seat).state;
    const t3 = performance.now();
    // A bounded sample (every 4th step) keeps memory flat over long runs.
    if (steps % 4 === 0) samples.push((t1 - t0 + (t3 - t2)) * 1000);
    steps++;
  }
  (stepsPerGame[label] ??= []).push(steps);
}

/** States from a few seeded games, stored as JSON (the form a game is loaded in). */
function sampleStates(): string[] {
  const out: string[] = [];
  for (let g = 0; g < 12; g++) {
    const options: KairoOptions = { players: 2 + (g % 3), start: 'quick' };
    let state = kairo.setup(options, `cold-${g}`);
    const rng = seedRng(`cold-policy-${g}`);
    for (let i = 0; !kairo.isOver(state); i++) {
      const seat = kairo.activeSeats(state)[0] as Seat;
      const legal = kairo.legalActions(state, seat);
      if (i % 10 === 3) out.push(JSON.stringify(state));
      state = kairo.apply(state, legal[randomInt(rng, legal.length)] as KairoAction, seat).state;
    }
  }
  return out;
}
const coldStates = sampleStates();
let cold = 0;
function coldStep(): void {
  const state = JSON.parse(coldStates[cold++ % coldStates.length] as string) as KairoState;
  const seat = kairo.activeSeats(state)[0] as Seat;
  const t0 = performance.now();
  const legal = kairo.legalActions(state, seat);
  kairo.apply(state, legal[cold % legal.length] as KairoAction, seat);
  const t1 = performance.now();
  (stepSamples['cold (from JSON)'] ??= []).push((t1 - t0) * 1000);
}

describe('Kairo engine: random playouts', () => {
  bench('2 players, quick start: one complete game', () => playGame({ players: 2, start: 'quick' }, '2 players'), { time: 3000, warmupIterations: 5 });
  bench('3 players, variable start: one complete game', () => playGame({ players: 3, start: 'variable' }, '3 players'), { time: 3000, warmupIterations: 5 });
  bench('4 players, quick start: one complete game', () => playGame({ players: 4, start: 'quick' }, '4 players'), { time: 3000, warmupIterations: 5 });
  bench('one step from a JSON copy (nothing cached)', coldStep, { time: 2000, warmupIterations: 50 });
});

afterAll(() => {
  for (const label of Object.keys(stepSamples)) {
    const xs = stepSamples[label] as number[];
    const games = stepsPerGame[label];
    const perGame = games ? `; ${games.length} games, ${(games.reduce((a, b) => a + b, 0) / games.length).toFixed(0)} steps per game` : '';
    console.log(
      `kairo engine ${label}: median legalActions+apply step ${median(xs).toFixed(1)} µs ` +
        `(p90 ${percentile(xs, 0.9).toFixed(1)} µs) over ${xs.length} sampled steps${perGame}`,
    );
  }
});
