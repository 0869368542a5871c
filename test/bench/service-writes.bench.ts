/**
 * The game service on a real SQLite file (WAL, as in production):
 *   - a move: `act` (load the game, check, apply, commit with the outbox and jobs), median and p99, over
 *     whole 3-player Istanbul games, and the commit alone (the database write);
 *   - undo and a fresh load (as after a restart: the stored state checked by a replay) at ~10 moves and at
 *     ~1,000 moves: they start from the newest snapshot, so the cost does not grow with the log.
 * Run with `npm run bench`; the figures are printed as a table.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, bench, describe } from 'vitest';
import { createGameService, type GameService, type ActiveSnapshot, type Result } from '../../src/app/game-service.js';
import { GAMES } from '../../src/games/index.js';
import type { IstanbulAction, IstanbulState } from '../../src/games/istanbul/index.js';
import { createLogger } from '../../src/logger.js';
import { openDatabase } from '../../src/persistence/database.js';
import { SqliteStore } from '../../src/persistence/sqlite-store.js';
import { chooseIstanbul } from '../discord/istanbul-policy.js';
import { median, percentile } from './stats.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-bench-writes-'));
/** One store, as in one process: every service below (a fresh one: as after a restart) shares it. */
const store = new SqliteStore(openDatabase(path.join(dir, 'bench.db')));
const users = ['100000000000000001', '100000000000000002', '100000000000000003', '100000000000000004', '100000000000000005'];
const ONCE = { iterations: 1, time: 0, warmupIterations: 0, warmupTime: 0 };
let channel = 1000;
let seedNo = 0;
const results: Record<string, string | number>[] = [];

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

function service(seed?: string): GameService {
  return createGameService({
    store,
    modules: GAMES.modules,
    clock: { now: () => Date.now() },
    logger: createLogger({ level: 'silent', format: 'json' }),
    newSeed: () => seed ?? `bench-${seedNo++}`,
  });
}

async function start(svc: GameService, players = 3): Promise<ActiveSnapshot> {
  const lobby = must(await svc.createLobby({ guildId: '1', channelId: String(channel++), kind: 'istanbul', host: { userId: users[0]!, displayName: 'A' }, locale: 'en' })).game;
  for (let i = 1; i < players; i++) must(await svc.join(lobby.row.id, { userId: users[i]!, displayName: String.fromCharCode(65 + i) }));
  return must(await svc.start(lobby.row.id, users[0]!, must(await svc.byId(lobby.row.id)).game.row.version)).game;
}

/** Plays `moves` policy moves (or to the end); returns the game and each `act`'s duration in ms. */
async function play(svc: GameService, game: ActiveSnapshot, moves: number): Promise<{ game: ActiveSnapshot; times: number[] }> {
  const times: number[] = [];
  for (let i = 0; i < moves && game.row.status === 'active'; i++) {
    const seat = svc.activeSeats(game)[0]!;
    const user = game.seats.find((s) => s.seat === seat)!.userId;
    const index = chooseIstanbul(game.state as IstanbulState, seat, svc.legalActions(game, seat) as IstanbulAction[]);
    const t0 = performance.now();
    game = must(await svc.act(game.row.id, user, seat, game.row.version, index)).outcome.after;
    times.push(performance.now() - t0);
  }
  return { game, times };
}

function row(measure: string, xs: readonly number[]): Record<string, string | number> {
  return { measure, n: xs.length, median_ms: median(xs).toFixed(3), p99_ms: percentile(xs, 0.99).toFixed(3), max_ms: Math.max(...xs).toFixed(3) };
}

afterAll(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
  console.log('\nGame service on a SQLite file (3-player Istanbul):');
  console.table(results);
});

describe('service writes', () => {
  bench(
    'moves over 5 whole games (act: load, apply, commit)',
    async () => {
      const svc = service();
      const all: number[] = [];
      for (let g = 0; g < 5; g++) all.push(...(await play(svc, await start(svc), 5000)).times);
      results.push(row('a move (act), whole games', all));
    },
    ONCE,
  );

  bench(
    'undo and fresh load at ~10 and ~1,000 log entries',
    async () => {
      // A whole 5-player game decides how long the log can get; the same seed and policy replay its
      // first moves exactly, leaving 40 moves to time undo and load at ~10 and at the longest log.
      const probe = service('bench-long');
      const total = (await play(probe, await start(probe, 5), 5000)).times.length;
      for (const moves of [10, total - 45]) {
        const svc = service('bench-long');
        let game = (await play(svc, await start(svc, 5), moves)).game;
        const undo: number[] = [];
        const load: number[] = [];
        for (let i = 0; i < 40 && game.row.status === 'active'; i++) {
          const seat = svc.activeSeats(game)[0]!;
          const user = game.seats.find((s) => s.seat === seat)!.userId;
          // One move, then its undo (when the rules allow it), then a fresh service's load.
          game = (await play(svc, game, 1)).game;
          if (await svc.canUndo(game, seat)) {
            const t0 = performance.now();
            game = must(await svc.undo(game.row.id, user, seat, game.row.version)).outcome.after;
            undo.push(performance.now() - t0);
          }
          const t1 = performance.now();
          must(await service().byId(game.row.id));
          load.push(performance.now() - t1);
        }
        const entries = (await svc.repo.actions(game.row.id)).length;
        if (undo.length > 0) results.push(row(`undo at ${entries} log entries`, undo));
        results.push(row(`fresh load at ${entries} log entries`, load));
      }
    },
    ONCE,
  );
});
