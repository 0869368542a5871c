/**
 * Replays (issue 26) of a long game: a fuzzed 5-player Istanbul with Letters & Seals (well over a thousand
 * moves). Opening a replay the first time replays the whole log once (the frame index, with the states
 * kept at round starts); every step after that replays at most one round from a kept state, then draws
 * the frame's board in the render pool. For comparison: a step that replays from the setup each time.
 */
import { afterAll, bench, describe } from 'vitest';
import { rebuild, type EffectiveEntry } from '../../src/app/log.js';
import { buildReplayIndex, frameState, type ReplayIndex } from '../../src/app/replay/frames.js';
import { RenderPool } from '../../src/app/workers/render-pool.js';
import { step, type AnyGameDefinition, type Seat } from '../../src/engine/index.js';
import { GAMES } from '../../src/games/index.js';
import { playout } from '../harness/playout.js';
import { expansionPolicy } from '../games/istanbul/expansion/policy.js';
import { setupFor } from './ai-match.js';

const PLAYERS = 5;
const SEED = 'replay-bench';
const { def, options } = setupFor('istanbul-ls', PLAYERS) as { def: AnyGameDefinition; options: unknown };
const module = GAMES.modules.get('istanbul')!;
const played = playout({ def, options, seed: SEED, maxSteps: 20_000, checkReplay: false, checkJsonRoundTrip: false, policy: expansionPolicy as (s: unknown, seat: Seat, legal: readonly unknown[], rng: unknown) => unknown });
const entries: EffectiveEntry[] = [];
{
  let current = { state: def.setup(options, SEED), version: 0 };
  played.log.forEach((logged, sequence) => {
    const stepped = step(def, current, logged);
    if (!stepped.ok) throw new Error(`the log does not replay at ${sequence}`);
    entries.push({ sequence, seat: logged.seat, action: logged.action, events: stepped.events, checkpoint: stepped.checkpoint });
    current = stepped.next;
  });
}
const source = { module, options, seed: SEED, seats: PLAYERS, entries, ended: true };
const index: ReplayIndex = buildReplayIndex(source);
const names = ['Aylin', 'Bram', 'Chloé', 'Dieter', 'Emre'];
let pool: RenderPool | undefined;
let next = 0;
/** Frames in a fixed, spread-out order (every 7th), so no two steps in a row are neighbours. */
const frameAt = (): (typeof index.frames)[number] => index.frames[(next = (next + 7) % index.frames.length)]!;
const times = new Map<string, number[]>();
function timed<T>(name: string, run: () => T): T {
  const t = performance.now();
  const out = run();
  times.set(name, [...(times.get(name) ?? []), performance.now() - t]);
  return out;
}

describe(`replay of a ${entries.length}-move game (${index.frames.length - 1} turns, ${index.rounds} rounds)`, () => {
  bench('first open: the frame index (one replay of the whole log)', () => void timed('index', () => buildReplayIndex(source)), { time: 3000 });
  bench('a step: the frame replayed from its round\'s kept state', () => void timed('step', () => def.view(frameState(def, index, frameAt()), null)), { time: 3000 });
  bench('a step replayed from the setup instead', () => void timed('from setup', () => def.view(rebuild(def, options, SEED, entries.slice(0, frameAt().to)), null)), { time: 3000 });
  bench(
    'a step with its board drawn in the render pool (1 worker)',
    async () => {
      pool ??= new RenderPool({ workers: 1, timeoutMs: 60_000 });
      const presenter = GAMES.presenters(pool).get('istanbul')!;
      const t = performance.now();
      const view = def.view(frameState(def, index, frameAt()), null);
      await presenter.renderBoard(view, { locale: 'en', names });
      times.set('step + picture', [...(times.get('step + picture') ?? []), performance.now() - t]);
    },
    { time: 6000, warmupIterations: 2 },
  );
});

afterAll(async () => {
  const p = (xs: number[], q: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN;
  for (const [name, xs] of times) console.log(`replay, ${name}: p50 ${p(xs, 0.5).toFixed(1)} ms, p95 ${p(xs, 0.95).toFixed(1)} ms over ${xs.length}`);
  await pool?.close();
});
