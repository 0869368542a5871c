/**
 * Replays of a long game: a fuzzed 5-player Istanbul with Letters & Seals (well over a thousand
 * moves). Opening a replay the first time replays the whole log once (the frame index, with the states
 * kept at round starts); every step after that replays at most one round from a kept state, then draws
 * the frame's board in the render pool. For comparison: a step that replays from the setup each time.
 * Then the same through the game service, on a SQLite file holding a whole 3-player Istanbul game played
 * through act(): the first open (the row, the game loaded, the log read, the index) and a step after it
 * (the game loaded, the frame, its board drawn in the render pool), as a click on ◀ ▶ costs the bot.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, bench, describe } from 'vitest';
import { createGameService, type ActiveSnapshot, type Result } from '../../src/app/game-service.js';
import { ReplayBook, type OpenReplay } from '../../src/app/replay/book.js';
import type { IstanbulAction, IstanbulState } from '../../src/games/istanbul/index.js';
import { createLogger } from '../../src/logger.js';
import { openDatabase } from '../../src/persistence/database.js';
import { SqliteStore } from '../../src/persistence/sqlite-store.js';
import { chooseIstanbul } from '../discord/istanbul-policy.js';
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

// ----- through the game service ----------------------------------------------------------------------------

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-replay-bench-'));
const store = new SqliteStore(openDatabase(path.join(dir, 'replay.db')));
const service = createGameService({ store, modules: GAMES.modules, clock: { now: () => Date.now() }, logger: createLogger({ level: 'silent', format: 'json' }), newSeed: () => 'replay-service-bench' });
const users = ['100000000000000001', '100000000000000002', '100000000000000003'];
const storedGame = await (async (): Promise<ActiveSnapshot> => {
  const lobby = must(await service.createLobby({ guildId: '1', channelId: '2', kind: 'istanbul', host: { userId: users[0]!, displayName: 'A' }, locale: 'en' })).game;
  for (let i = 1; i < 3; i++) must(await service.join(lobby.row.id, { userId: users[i]!, displayName: String.fromCharCode(65 + i) }));
  let game = must(await service.start(lobby.row.id, users[0]!, must(await service.byId(lobby.row.id)).game.row.version)).game;
  for (let moves = 0; game.row.status === 'active' && moves < 3000; moves++) {
    const seat = service.activeSeats(game)[0]!;
    const user = game.seats.find((s) => s.seat === seat)!.userId;
    const index = chooseIstanbul(game.state as IstanbulState, seat, service.legalActions(game, seat) as IstanbulAction[]);
    game = must(await service.act(game.row.id, user, seat, game.row.version, index)).outcome.after;
  }
  return game;
})();
const book = new ReplayBook(service);
const opened = (await book.open(storedGame.row.id, '1')) as OpenReplay;

describe(`through the game service: a stored ${opened.index.entries.length}-move Istanbul game (${opened.index.frames.length - 1} turns, ${opened.index.rounds} rounds)`, () => {
  bench(
    'the first open of the game (row, game, log, index)',
    async () => {
      const t = performance.now();
      await new ReplayBook(service).open(storedGame.row.id, '1');
      times.set('service: first open', [...(times.get('service: first open') ?? []), performance.now() - t]);
    },
    { time: 3000 },
  );
  bench(
    'a step after it (game, frame, its board in the render pool)',
    async () => {
      pool ??= new RenderPool({ workers: 1, timeoutMs: 60_000 });
      const presenter = GAMES.presenters(pool).get('istanbul')!;
      const t = performance.now();
      const open = (await book.open(storedGame.row.id, '1')) as OpenReplay;
      const frame = open.index.frames[(next = (next + 7) % open.index.frames.length)]!;
      await presenter.renderBoard(book.frame(open, frame).view, { locale: 'en', names: ['A', 'B', 'C'] });
      times.set('service: step + picture', [...(times.get('service: step + picture') ?? []), performance.now() - t]);
    },
    { time: 6000, warmupIterations: 2 },
  );
});

afterAll(async () => {
  const p = (xs: number[], q: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN;
  for (const [name, xs] of times) console.log(`replay, ${name}: p50 ${p(xs, 0.5).toFixed(1)} ms, p95 ${p(xs, 0.95).toFixed(1)} ms over ${xs.length}`);
  await pool?.close();
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
