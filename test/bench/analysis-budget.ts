/**
 * What a finished game's analysis costs: plays 3-player games of Istanbul, Letters & Seals and Kairo
 * (greedy moves, seeded), cuts them into the replay's turns and reviews every turn as an analysis step does
 * (src/app/analysis/review.ts, in this process), printing the CPU per turn (p50, p95, max) and per game.
 *
 *   npx tsx test/bench/analysis-budget.ts [--variants istanbul,istanbul-ls,kairo] [--games 1] [--players 3]
 */
import { reviewTurn } from '../../src/app/analysis/review.js';
import { buildReplayIndex, frameState } from '../../src/app/replay/frames.js';
import { isRemoveSeat, type EffectiveEntry } from '../../src/app/log.js';
import { greedyChoice, toSeatView } from '../../src/engine/ai/index.js';
import type { Seat } from '../../src/engine/index.js';
import { GAMES } from '../../src/games/index.js';
import { setupFor, type GameVariant } from './ai-match.js';

const arg = (name: string, fallback: string): string => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : (process.argv[at + 1] ?? fallback);
};
const variants = arg('variants', 'istanbul,istanbul-ls,kairo').split(',') as GameVariant[];
const games = Number(arg('games', '1'));
const players = Number(arg('players', '3'));

const cpuMs = (from: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};
const quantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

for (const variant of variants) {
  const { def, options } = setupFor(variant, players);
  const plugin = GAMES.plugins.find((p) => p.id === def.id);
  const policy = GAMES.policy(def.id);
  if (plugin === undefined || policy === undefined) throw new Error(`no computer player for ${def.id}`);
  const perTurn: number[] = [];
  const perGame: number[] = [];
  const turnsPerGame: number[] = [];
  for (let g = 0; g < games; g++) {
    const seed = `analysis-bench-${variant}-${g}`;
    let state: unknown = def.setup(options, seed);
    const entries: EffectiveEntry[] = [];
    for (let i = 0; i < 4000 && !def.isOver(state); i++) {
      const seat = def.activeSeats(state)[0] as Seat;
      const legal = def.legalActions(state, seat) as readonly unknown[];
      const action = legal.length > 1 ? legal[greedyChoice(policy, toSeatView(def.view(state, seat), policy.viewRules), legal, `${seed}:${i}`)] : legal[0];
      entries.push({ sequence: i, seat, action, events: [], checkpoint: false });
      state = def.apply(state, action, seat).state;
    }
    const index = buildReplayIndex({ module: plugin.module, options, seed, seats: players, entries, ended: true });
    const turns = index.frames.length - 1;
    let gameMs = 0;
    for (let k = 1; k <= turns; k++) {
      const frame = index.frames[k]!;
      const moves = entries.slice(frame.from, frame.to).map((e) => ({ seat: e.seat, action: e.action }));
      const seat = moves.find((m) => !isRemoveSeat(m.action))?.seat ?? 0;
      const before = frameState(def, index, index.frames[k - 1]!);
      const started = process.cpuUsage();
      reviewTurn(def, policy, { game: def.id, before, moves, seat, withStart: k === 1, seed: `${seed}:${k}` });
      const ms = cpuMs(started);
      perTurn.push(ms);
      gameMs += ms;
    }
    perGame.push(gameMs);
    turnsPerGame.push(turns);
    console.log(`${variant} game ${g}: ${entries.length} moves, ${turns} turns, ${(gameMs / 1000).toFixed(1)} s of CPU`);
  }
  const sorted = [...perTurn].sort((a, b) => a - b);
  console.log(
    `${variant} ${players}p: ${perTurn.length} turns of ${games} game(s) (${turnsPerGame.join(', ')} turns); CPU per turn p50 ${quantile(sorted, 0.5).toFixed(0)} ms, p95 ${quantile(sorted, 0.95).toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms; per game ${perGame.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s`,
  );
}
