/**
 * Istanbul with Letters & Seals: random playouts for 2 and 5 players (games per second) and the median cost
 * of one legalActions + apply step (the expansion's letters delivery runs after every action). Same method
 * as istanbul-engine.bench.ts; the policy (test/games/istanbul/expansion/policy.ts) is not counted.
 */
import { afterAll, bench, describe } from 'vitest';
import { seedRng, type Seat } from '../../src/engine/index.js';
import { istanbul, type IstanbulOptions } from '../../src/games/istanbul/index.js';
import { expansionPolicy } from '../games/istanbul/expansion/policy.js';

const stepSamples: Record<string, number[]> = {};
const stepsPerGame: Record<string, number[]> = {};

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

let game = 0;
function playGame(players: number, label: string): void {
  const options: IstanbulOptions = { players, layout: 'random', neutralAssistants: false, lettersAndSeals: { cards: 'mixed' } };
  const seed = `bench-ls-${players}-${game++}`;
  let state = istanbul.setup(options, seed);
  const rng = seedRng(`policy-${seed}`);
  const samples = (stepSamples[label] ??= []);
  let steps = 0;
  while (!istanbul.isOver(state)) {
    const seat = istanbul.activeSeats(state)[0] as Seat;
    const t0 = performance.now();
    const legal = istanbul.legalActions(state, seat);
    const t1 = performance.now();
    const action = expansionPolicy(state, seat, legal, rng);
    const t2 = performance.now();
    state = istanbul.apply(state, action, seat).state;
    const t3 = performance.now();
    if (steps % 4 === 0) samples.push((t1 - t0 + (t3 - t2)) * 1000);
    steps++;
  }
  (stepsPerGame[label] ??= []).push(steps);
}

describe('Istanbul with Letters & Seals: random playouts', () => {
  bench('2 players: one complete game', () => playGame(2, '2 players'), { time: 4000, warmupIterations: 3 });
  bench('5 players: one complete game', () => playGame(5, '5 players'), { time: 4000, warmupIterations: 3 });
});

afterAll(() => {
  for (const label of Object.keys(stepSamples)) {
    const xs = stepSamples[label] as number[];
    const games = stepsPerGame[label] as number[];
    const meanSteps = games.reduce((a, b) => a + b, 0) / games.length;
    console.log(
      `istanbul letters & seals ${label}: median legalActions+apply step ${median(xs).toFixed(2)} µs ` +
        `(p90 ${xs.sort((a, b) => a - b)[Math.floor(xs.length * 0.9)]?.toFixed(2)} µs) over ${xs.length} sampled steps; ` +
        `${games.length} games, ${meanSteps.toFixed(0)} steps per game`,
    );
  }
});
