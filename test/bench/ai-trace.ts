/**
 * Plays one benchmark game again, move by move, to look at how it was won or lost: each move with the
 * player kind and seat that chose it, and every seat's standing after it (Istanbul: rubies, lira, goods,
 * cards; Kairo: points). The seed and seats of a game come from `npm run bench:ai -- --per-game`; at the
 * levels' own budgets (no --cpu-ms there) the game is the same game again.
 *
 *   npx tsx test/bench/ai-trace.ts --variant istanbul --seats hard,greedy --seed bench-istanbul-2-hard-greedy-32 [--last 120] [--max-steps 800]
 */
import type { Seat } from '../../src/engine/index.js';
import { playMatch, setupFor, type GameVariant, type PlayerKind } from './ai-match.js';
import { loadBaselineOrExit } from './frozen-baseline.js';

const argv = process.argv.slice(2);
const get = (name: string): string | undefined => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const variant = (get('variant') ?? 'istanbul') as GameVariant;
const seats = (get('seats') ?? 'hard,greedy').split(',') as PlayerKind[];
const seed = get('seed');
if (seed === undefined) throw new Error('--seed is required (a seed printed by bench:ai --per-game)');
/** Only the last N moves are printed (all without it). */
const last = get('last') === undefined ? Infinity : Number(get('last'));
/** Where to stop a game that runs long (the benchmark's limit, 5,000, without it). */
const maxSteps = Number(get('max-steps') ?? 5000);

const { def } = setupFor(variant, seats.length);
const lines: string[] = [];
const result = playMatch({
  variant,
  seats,
  seed,
  maxSteps,
  trace: (step: number, seat: Seat, kind: PlayerKind, state: unknown, action: unknown) => {
    const after = def.apply(state, action, seat).state;
    const standings = def
      .standings(after)
      .map((st) => `${st.seat}: ${Object.entries(st.summary.params ?? {})
        .map(([k, v]) => `${k} ${String(v)}`)
        .join(', ')}`)
      .join(' | ');
    lines.push(`${step} ${kind}(${seat}) ${JSON.stringify(action)} -> ${standings}`);
  },
}, seats.includes('baseline') ? await loadBaselineOrExit() : undefined);
for (const line of lines.slice(Math.max(0, lines.length - last))) console.log(line);
console.log(`scores ${JSON.stringify(result.scores)} after ${result.steps} moves${result.truncated ? ' (cut at the step limit)' : ''}`);
