/**
 * Istanbul engine, base game and with Letters & Seals: random playouts for 2 and 5 players (games per
 * second) and the median cost of one legalActions + apply step. Target: median step <= 20 µs on the
 * project machine. The policies (lightly biased random) are not counted in the step cost.
 */
import { afterAll, bench, describe } from 'vitest';
import { seedRng, type RngState, type Seat } from '../../src/engine/index.js';
import { istanbul, type IstanbulAction, type IstanbulOptions, type IstanbulState } from '../../src/games/istanbul/index.js';
import { expansionPolicy } from '../games/istanbul/expansion/policy.js';
import { biasedPolicy } from '../games/istanbul/policy.js';
import { median, percentile } from './stats.js';

type Policy = (s: IstanbulState, seat: Seat, legal: readonly IstanbulAction[], rng: RngState) => IstanbulAction;

const stepSamples: Record<string, number[]> = {};
const stepsPerGame: Record<string, number[]> = {};

let game = 0;
function playGame(options: IstanbulOptions, policy: Policy, label: string): void {
  const seed = `bench-${label}-${game++}`;
  let state = istanbul.setup(options, seed);
  const rng = seedRng(`policy-${seed}`);
  const samples = (stepSamples[label] ??= []);
  let steps = 0;
  while (!istanbul.isOver(state)) {
    const seat = istanbul.activeSeats(state)[0] as Seat;
    const t0 = performance.now();
    const legal = istanbul.legalActions(state, seat);
    const t1 = performance.now();
    const action = policy(state, seat, legal, rng);
    const t2 = performance.now();
    state = istanbul.apply(state, action, seat).state;
    const t3 = performance.now();
    // Keep a bounded sample (every 4th step) so memory stays flat over long runs.
    if (steps % 4 === 0) samples.push((t1 - t0 + (t3 - t2)) * 1000);
    steps++;
  }
  (stepsPerGame[label] ??= []).push(steps);
}

const base = (players: number): IstanbulOptions => ({ players, layout: 'random', neutralAssistants: false });
const lettersAndSeals = (players: number): IstanbulOptions => ({ ...base(players), lettersAndSeals: { cards: 'mixed' } });

describe('Istanbul engine: random playouts', () => {
  bench('2 players: one complete game', () => playGame(base(2), biasedPolicy, 'engine 2 players'), { time: 4000, warmupIterations: 5 });
  bench('5 players: one complete game', () => playGame(base(5), biasedPolicy, 'engine 5 players'), { time: 4000, warmupIterations: 5 });
});

describe('Istanbul with Letters & Seals: random playouts', () => {
  bench('2 players: one complete game', () => playGame(lettersAndSeals(2), expansionPolicy, 'letters & seals 2 players'), { time: 4000, warmupIterations: 3 });
  bench('5 players: one complete game', () => playGame(lettersAndSeals(5), expansionPolicy, 'letters & seals 5 players'), { time: 4000, warmupIterations: 3 });
});

afterAll(() => {
  for (const label of Object.keys(stepSamples)) {
    const xs = stepSamples[label] as number[];
    const games = stepsPerGame[label] as number[];
    const meanSteps = games.reduce((a, b) => a + b, 0) / games.length;
    console.log(
      `istanbul ${label}: median legalActions+apply step ${median(xs).toFixed(2)} µs ` +
        `(p90 ${percentile(xs, 0.9).toFixed(2)} µs) over ${xs.length} sampled steps; ` +
        `${games.length} games, ${meanSteps.toFixed(0)} steps per game`,
    );
  }
});
