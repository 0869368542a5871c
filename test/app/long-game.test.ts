/**
 * Undo and loading start from the newest snapshot (taken after a checkpoint), not from the first move.
 * Property over whole fuzzed games of Istanbul played through the service with undos sprinkled in: after
 * every undo, and on a fresh load by a new service (as after a restart), the state equals a full replay of
 * the effective log from the setup.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createGameService, type GameService, type ActiveSnapshot, type Result } from '../../src/app/game-service.js';
import { GAMES } from '../../src/games/index.js';
import { effectiveLog, rebuild } from '../../src/app/log.js';
import type { IstanbulAction, IstanbulState } from '../../src/games/istanbul/index.js';
import { createLogger } from '../../src/logger.js';
import type { Store } from '../../src/persistence/store.js';
import { chooseIstanbul } from '../discord/istanbul-policy.js';
import { testStores, type TestStore } from '../support/test-stores.js';

const stores = testStores('long');
/**
 * The seeds vary the game, not the store: SQLite plays all of them; PostgreSQL plays the longest (most
 * snapshots), so its half costs about what SQLite's does (a move there takes a few round trips more).
 */
const SEEDS = { sqlite: ['long-1', 'long-2', 'long-3'], postgres: ['long-3'] };
let store: Store;
let execute: TestStore['execute'];
const clock = { now: () => Date.UTC(2025, 5, 1) };
const users = ['100000000000000001', '100000000000000002', '100000000000000003'];

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

function service(seed: string): GameService {
  return createGameService({ store, modules: GAMES.modules, clock, logger: createLogger({ level: 'silent', format: 'json' }), newSeed: () => seed });
}

/** The state a full replay of the stored log gives, from the setup. */
async function fullReplay(svc: GameService, game: ActiveSnapshot): Promise<string> {
  return JSON.stringify(rebuild(game.module.definition, game.options, game.row.seed, effectiveLog(await svc.repo.actions(game.row.id))));
}

describe.each(stores)('undo and load from the newest snapshot on $label', (under) => {
  beforeEach(async () => {
    if (under.available) ({ store, execute } = await under.open({ now: () => clock.now() }));
  });

  for (const seed of SEEDS[under.kind]) {
    it.runIf(under.available)(`game ${seed}: after every undo and on a fresh load, the state equals a full replay of the log`, async () => {
      const svc = service(seed);
      const channelId = `9${seed.length}${seed.at(-1)}`;
      const lobby = must(await svc.createLobby({ guildId: '1', channelId, kind: 'istanbul', host: { userId: users[0]!, displayName: 'A' }, locale: 'en' })).game;
      for (let i = 1; i < 3; i++) must(await svc.join(lobby.row.id, { userId: users[i]!, displayName: String.fromCharCode(65 + i) }));
      let game = must(await svc.start(lobby.row.id, users[0]!, must(await svc.byId(lobby.row.id)).game.row.version)).game;
      let undos = 0;
      for (let step = 0; step < 3000 && game.row.status === 'active'; step++) {
        const seat = svc.activeSeats(game)[0]!;
        const user = game.seats.find((s) => s.seat === seat)!.userId;
        if (step % 7 === 3 && await svc.canUndo(game, seat)) {
          game = must(await svc.undo(game.row.id, user, seat, game.row.version)).outcome.after;
          undos++;
          expect(JSON.stringify(game.state)).toBe(await fullReplay(svc, game));
          continue;
        }
        const legal = svc.legalActions(game, seat) as IstanbulAction[];
        game = must(await svc.act(game.row.id, user, seat, game.row.version, chooseIstanbul(game.state as IstanbulState, seat, legal))).outcome.after;
        if (step % 150 === 149) {
          // A new service (as after a restart) checks the stored state by replaying from the snapshot.
          const fresh = must(await service(seed).byId(game.row.id)).game as ActiveSnapshot;
          expect(JSON.stringify(fresh.state)).toBe(await fullReplay(svc, game));
        }
      }
      expect(game.row.status).toBe('finished');
      expect(undos).toBeGreaterThan(10);
      // The log is long and snapshots were taken: replays started from them, not from the first move.
      const [snapshots] = await execute<{ n: number | string }>('SELECT count(*) AS n FROM snapshots WHERE game_id = ?', game.row.id);
      expect(Number(snapshots!.n)).toBeGreaterThan(2);
      // A damaged state is still caught by the replay from the snapshot.
      await execute('UPDATE games SET state = ? WHERE id = ?', JSON.stringify({ ...(game.state as object), round: 999 }), game.row.id);
      expect(await service(seed).byId(game.row.id)).toMatchObject({ ok: false, code: 'damaged', reason: 'the stored state differs from a replay of its action log' });
    });
  }
});
