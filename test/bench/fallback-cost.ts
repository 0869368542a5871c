/**
 * What the computer players' fallback move costs on the event loop (src/app/computer-turns.ts, fallbackMove:
 * the policy's greedy one-ply choice from the seat's view), as the bot computes it (view in, index out):
 * its CPU time (what it holds the event loop for on a free core) and its wall-clock time (on this machine,
 * as loaded as it is) per decision, over every decision with a choice of seeded games played at random.
 *
 *   npx tsx test/bench/fallback-cost.ts [games per variant, default 4]
 */
import { fallbackMove } from '../../src/app/computer-turns.js';
import { randomInt, seedRng, type Seat } from '../../src/engine/index.js';
import { setupFor, type GameVariant } from './ai-match.js';

const games = Number(process.argv[2] ?? 4);
const runs: [GameVariant, number][] = [
  ['istanbul', 2],
  ['istanbul', 5],
  ['istanbul-ls', 5],
  ['kairo', 2],
  ['kairo', 4],
];

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

for (const [variant, players] of runs) {
  const { def, options } = setupFor(variant, players);
  const times: number[] = [];
  const cpu: number[] = [];
  for (let g = 0; g < games; g++) {
    let state: unknown = def.setup(options, `fallback-cost-${g}`);
    const rng = seedRng(`fallback-cost-play-${g}`);
    for (let step = 0; step < 3000 && !def.isOver(state); step++) {
      const seat = def.activeSeats(state)[0] as Seat;
      const legal = def.legalActions(state, seat) as readonly unknown[];
      if (legal.length > 1) {
        const started = performance.now();
        const cpuStarted = process.cpuUsage();
        fallbackMove({ kind: def.id, seatView: def.view(state, seat), legal, level: 'easy', seed: `s${step}` });
        const used = process.cpuUsage(cpuStarted);
        times.push(performance.now() - started);
        cpu.push((used.user + used.system) / 1000);
      }
      // The game goes on at random, to meet every kind of decision.
      state = def.apply(state, legal[randomInt(rng, legal.length)], seat).state;
    }
  }
  const line = (values: number[]): string => {
    values.sort((a, b) => a - b);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    return `mean ${mean.toFixed(2)}, p50 ${quantile(values, 0.5).toFixed(2)}, p95 ${quantile(values, 0.95).toFixed(2)}, p99 ${quantile(values, 0.99).toFixed(2)}, max ${quantile(values, 1).toFixed(2)} ms`;
  };
  console.log(`${variant} ${players}p, ${times.length} decisions: CPU ${line(cpu)}; wall ${line(times)}`);
}
