/**
 * The computer players' benchmark: round-robin of seeded games per pairing, for Istanbul, Istanbul with
 * Letters & Seals and Kairo, with 2 and 4 players; win rates with 95% confidence intervals (Wilson) and the
 * decision times (p50/p95) per level. Games run in parallel on a worker pool (one game per task).
 *
 *   npm run bench:ai -- [--games 400] [--variants istanbul,istanbul-ls,kairo] [--players 2,4]
 *                       [--pairings hard-random,hard-greedy,hard-normal,normal-easy] [--threads N]
 *                       [--iterations hard=600,normal=200,easy=40] [--max-steps 5000] [--cpu-ms 50]
 *                       [--hard rolloutSteps=3,priorVisits=8,maxWork=600000] (the new hard's budget changed, to try a setting)
 *   npm run bench:ai -- --quick [--games N] [--cpu-ms 40]
 *   ... [--from 30] (game numbers, and so seeds, from 30 on: more games beside an earlier run's)
 *   ... [--per-game] (each game's seed, seats, winner and final standings, to look at the losses)
 *
 * A pairing "A-B" with 2 players seats A against B; with 4 players A against three Bs (A's fair share is
 * then 25%). A's seat rotates with the game number, so every seat is played equally. Defaults: the full
 * benchmark of the issue (400 games per pairing), which takes many hours at the levels' full budgets on a
 * small machine: pass fewer games or smaller budgets for a quick run (the output states what ran).
 *
 * `--cpu-ms N` gives every searching player (the levels and the frozen 'baseline', frozen-baseline.ts) N ms
 * of CPU per decision instead of its iteration count: equal CPU, whatever an iteration costs. `--quick` is
 * the run that fits a small machine: the key pairing, new hard against the frozen baseline hard at a small
 * fixed CPU budget, in 2-player Istanbul and Kairo (100 games each unless --games), then hard against greedy
 * (60 each).
 */
import os from 'node:os';
import Tinypool from 'tinypool';
import type { Level } from '../../src/engine/ai/index.js';
import type { GameVariant, MatchOptions, MatchResult, PlayerKind } from './ai-match.js';
import { setupFor } from './ai-match.js';
import { loadBaselineOrExit } from './frozen-baseline.js';
import { median, percentile } from './stats.js';

interface Args {
  /** Games per pairing; undefined: the default (gamesOf). */
  games: number | undefined;
  variants: GameVariant[];
  players: number[];
  pairings: [PlayerKind, PlayerKind][];
  threads: number;
  iterations: Partial<Record<Level, number>>;
  maxSteps: number;
  cpuMs: number | undefined;
  quick: boolean;
  from: number;
  perGame: boolean;
  hardBudget: NonNullable<MatchOptions['hardBudget']>;
}

const KINDS: readonly PlayerKind[] = ['easy', 'normal', 'hard', 'greedy', 'random', 'baseline'];

function parseArgs(argv: readonly string[]): Args {
  const get = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const list = (name: string, fallback: string): string[] => (get(name) ?? fallback).split(',').filter((x) => x !== '');
  const quick = argv.includes('--quick');
  const variants = list('variants', quick ? 'istanbul,kairo' : 'istanbul,istanbul-ls,kairo') as GameVariant[];
  for (const v of variants) if (!['istanbul', 'istanbul-ls', 'kairo'].includes(v)) throw new Error(`unknown variant ${v}`);
  const pairings = list('pairings', quick ? 'hard-baseline,hard-greedy' : 'hard-random,hard-greedy,hard-normal,normal-easy').map((p) => {
    const [a, b] = p.split('-') as [PlayerKind, PlayerKind];
    if (!KINDS.includes(a) || !KINDS.includes(b)) throw new Error(`unknown pairing ${p}`);
    return [a, b] as [PlayerKind, PlayerKind];
  });
  const iterations: Partial<Record<Level, number>> = {};
  for (const item of list('iterations', '')) {
    const [level, count] = item.split('=');
    if (level !== 'easy' && level !== 'normal' && level !== 'hard') throw new Error(`unknown level ${level}`);
    iterations[level] = Number(count);
  }
  return {
    games: get('games') === undefined ? undefined : Number(get('games')),
    variants,
    players: list('players', quick ? '2' : '2,4').map(Number),
    pairings,
    threads: Number(get('threads') ?? os.availableParallelism()),
    iterations,
    maxSteps: Number(get('max-steps') ?? 5000),
    cpuMs: get('cpu-ms') === undefined ? (quick ? 40 : undefined) : Number(get('cpu-ms')),
    quick,
    from: Number(get('from') ?? 0),
    perGame: argv.includes('--per-game'),
    hardBudget: Object.fromEntries(
      list('hard', '').map((item) => {
        const [key, value] = item.split('=');
        if (!['rolloutSteps', 'exploration', 'rolloutNoise', 'priorVisits', 'maxWork'].includes(key ?? '') || !Number.isFinite(Number(value))) throw new Error(`--hard takes rolloutSteps, exploration, rolloutNoise, priorVisits or maxWork =number, not ${item}`);
        return [key, Number(value)];
      }),
    ),
  };
}

/** Wilson score interval for `wins` of `n` at 95%. */
function wilson(wins: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const p = wins / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/**
 * Games of a pairing: --games, or by default 400 (the full benchmark); with --quick 100 of the key pairing
 * (the new hard against the frozen baseline: at least 100 games, as the quick run promises) and 60 of the others.
 */
function gamesOf(args: Args, a: PlayerKind, b: PlayerKind): number {
  if (args.games !== undefined) return args.games;
  if (!args.quick) return 400;
  return a === 'hard' && b === 'baseline' ? 100 : 60;
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  // Read (from git, on first use) here rather than by each worker at once.
  if (args.pairings.some((pairing) => pairing.includes('baseline'))) await loadBaselineOrExit();
  const budgets = Object.fromEntries(
    (['easy', 'normal', 'hard'] as const).map((level) => {
      const base = setupFor('istanbul', 2).policy.budgets[level];
      return [level, args.iterations[level] ?? `${base.iterations} (Istanbul) / ${setupFor('kairo', 2).policy.budgets[level].iterations} (Kairo)`];
    }),
  );
  console.log(`AI benchmark: ${args.pairings.map(([a, b]) => `${gamesOf(args, a, b)} games of ${a}-${b}`).join(', ')}, variants ${args.variants.join(', ')}, players ${args.players.join(', ')}, ${args.threads} worker(s)`);
  console.log(
    args.cpuMs === undefined
      ? `iterations per decision: easy ${budgets.easy}, normal ${budgets.normal}, hard ${budgets.hard}`
      : `searching players (levels and the frozen baseline hard) get ${args.cpuMs} ms of CPU per decision`,
  );
  if (Object.keys(args.hardBudget).length > 0) console.log(`the new hard's budget changed: ${JSON.stringify(args.hardBudget)}`);
  console.log(`load average at the start: ${os.loadavg().map((x) => x.toFixed(2)).join(', ')}`);
  const pool = new Tinypool({
    filename: new URL('./ai-game-worker.ts', import.meta.url).href,
    runtime: 'child_process',
    execArgv: ['--import', 'tsx'],
    minThreads: args.threads,
    maxThreads: args.threads,
  });
  const timings: Record<string, number[]> = {};
  const cpuTimings: Record<string, number[]> = {};
  const iterationCounts: Record<string, number> = {};
  const started = performance.now();
  try {
    for (const variant of args.variants) {
      for (const players of args.players) {
        for (const [a, b] of args.pairings) {
          const jobs: Promise<{ result: MatchResult; seatOfA: number }>[] = [];
          const games = gamesOf(args, a, b);
          for (let g = args.from; g < args.from + games; g++) {
            const seatOfA = g % players;
            const seats = Array.from({ length: players }, (_, seat) => (seat === seatOfA ? a : b));
            const options: MatchOptions = {
              variant,
              seats,
              seed: `bench-${variant}-${players}-${a}-${b}-${g}`,
              maxSteps: args.maxSteps,
              iterations: args.iterations,
              ...(args.cpuMs === undefined ? {} : { cpuMs: args.cpuMs }),
              ...(Object.keys(args.hardBudget).length === 0 ? {} : { hardBudget: args.hardBudget }),
            };
            jobs.push(
              (pool.run(options) as Promise<MatchResult>).then((result) => {
                if (args.perGame) {
                  const lines = result.standings.map((st) => `${st.seat}:${seats[st.seat]} rank ${st.rank} ${JSON.stringify(st.summary.params ?? {})}`);
                  console.log(`game ${options.seed} ${a} in seat ${seatOfA}: ${a} ${result.scores[seatOfA] === 1 ? 'won' : result.scores[seatOfA] === 0 ? 'lost' : 'shared'} in ${result.steps} decisions | ${lines.join(' | ')}`);
                }
                return { result, seatOfA };
              }),
            );
          }
          const results = await Promise.all(jobs);
          let wins = 0;
          let truncated = 0;
          const steps: number[] = [];
          for (const { result, seatOfA } of results) {
            wins += result.scores[seatOfA] ?? 0;
            if (result.truncated) truncated++;
            steps.push(result.steps);
            for (const t of result.timings) {
              if (t.kind === 'random' || t.kind === 'greedy') continue;
              (timings[t.kind] ??= []).push(t.ms);
              (cpuTimings[t.kind] ??= []).push(t.cpuMs);
              iterationCounts[t.kind] = (iterationCounts[t.kind] ?? 0) + t.iterations;
            }
          }
          const [lo, hi] = wilson(wins, results.length);
          const fair = 1 / players;
          console.log(
            `${variant.padEnd(12)} ${players}p  ${`${a} vs ${players === 2 ? b : `3x ${b}`}`.padEnd(20)} ${a} wins ${pct(wins / results.length).padStart(6)} [95% CI ${pct(lo)}-${pct(hi)}] of ${results.length} (even: ${pct(fair)}); median game ${median(steps)} decisions${truncated > 0 ? `; ${truncated} cut at ${args.maxSteps} decisions, scored as they stood` : ''}`,
          );
        }
      }
    }
  } finally {
    await pool.destroy();
  }
  console.log(`decision times per level (decisions with a choice; CPU = time on one core; wall = with ${args.threads} game(s) in parallel on ${os.availableParallelism()} shared cores):`);
  for (const level of ['easy', 'normal', 'hard', 'baseline']) {
    const xs = timings[level];
    const cpu = cpuTimings[level];
    if (xs === undefined || cpu === undefined || xs.length === 0) continue;
    const line = (v: number[]): string => `p50 ${median(v).toFixed(0)} ms, p95 ${percentile(v, 0.95).toFixed(0)} ms, max ${Math.max(...v).toFixed(0)} ms`;
    const perSecond = (1000 * (iterationCounts[level] ?? 0)) / cpu.reduce((x, y) => x + y, 0);
    console.log(`  ${level.padEnd(8)} n=${xs.length}  CPU ${line(cpu)}  |  wall ${line(xs)}  |  ${perSecond.toFixed(0)} iterations per CPU-second`);
  }
  console.log(`wall time ${((performance.now() - started) / 1000).toFixed(0)} s; load average at the end: ${os.loadavg().map((x) => x.toFixed(2)).join(', ')}`);
}

await main();
