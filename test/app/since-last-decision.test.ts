/**
 * What happened since a seat last decided (the start of its player's panel, the marks of the board) is the
 * log after that decision: while this process plays the game it is known without reading the log, and it is
 * the same as read from the log, after an undo and after a restart.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGameService, type ActiveSnapshot, type GameService } from '../../src/app/game-service.js';
import { effectiveLog, markComputer, markForced, sinceLastDecision, type StoredEntry } from '../../src/app/log.js';
import { GAMES } from '../../src/games/index.js';
import type { IstanbulAction, IstanbulState } from '../../src/games/istanbul/index.js';
import type { Store } from '../../src/persistence/store.js';
import { chooseIstanbul } from '../discord/istanbul-policy.js';
import { must, silentLogger, standingClock } from '../support/service-fixtures.js';
import { storeOnFresh, storesUnderTest } from '../support/stores.js';

const users = ['100000000000000001', '100000000000000002', '100000000000000003'];
const service = (store: Store): GameService => createGameService({ store, modules: GAMES.modules, clock: standingClock(), logger: silentLogger, newSeed: () => 'since-last-decision' });

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

const [sqlite] = storesUnderTest('since');

async function startIstanbul(svc: GameService): Promise<ActiveSnapshot> {
  const lobby = must(await svc.createLobby({ guildId: '1', channelId: '3001', kind: 'istanbul', host: { userId: users[0]!, displayName: 'A' }, locale: 'en' })).game;
  for (let i = 1; i < 3; i++) must(await svc.join(lobby.row.id, { userId: users[i]!, displayName: String.fromCharCode(65 + i) }));
  return must(await svc.start(lobby.row.id, users[0]!, must(await svc.byId(lobby.row.id)).game.row.version)).game;
}

/** Each seat's entries since its last decision, as the service tells them, against the whole log read. */
async function expectAsTheLog(svc: GameService, game: ActiveSnapshot): Promise<void> {
  const log = await svc.effectiveLog(game);
  for (const seat of [0, 1, 2]) expect(await svc.sinceLastDecision(game, [seat])).toEqual(sinceLastDecision(log, [seat]).entries);
  expect(await svc.sinceLastDecision(game, [0, 1, 2])).toEqual(sinceLastDecision(log, [0, 1, 2]).entries);
}

describe('what happened since a seat last decided', () => {
  it('is the log after its decision: known without a read while this process plays, the same after an undo and a restart', async () => {
    const fresh = await sqlite!.fresh();
    cleanup.push(() => fresh.drop());
    const store = await storeOnFresh(fresh);
    cleanup.push(() => store.close());
    const svc = service(store);
    let game = await startIstanbul(svc);
    const reads = vi.spyOn(svc.repo, 'recentActions');
    let undone = false;
    for (let moves = 0; moves < 60 && game.row.status === 'active'; moves++) {
      const before = reads.mock.calls.length;
      for (const seat of [0, 1, 2]) await svc.sinceLastDecision(game, [seat]);
      // The game this process started and played: every seat's since, without reading the log.
      if (!undone) expect(reads.mock.calls.length).toBe(before);
      await expectAsTheLog(svc, game);
      const seat = svc.activeSeats(game)[0]!;
      const user = game.seats.find((s) => s.seat === seat)!.userId;
      if (moves === 20 && (await svc.canUndo(game, seat))) {
        game = must(await svc.undo(game.row.id, user, seat, game.row.version)).outcome.after;
        undone = true;
        await expectAsTheLog(svc, game);
        continue;
      }
      const index = chooseIstanbul(game.state as IstanbulState, seat, svc.legalActions(game, seat) as IstanbulAction[]);
      game = must(await svc.act(game.row.id, user, seat, game.row.version, index)).outcome.after;
    }
    expect(undone).toBe(true);

    // Another process (a restart): it reads the log once, then knows it again.
    const restarted = service(store);
    game = must(await restarted.byId(game.row.id)).game as ActiveSnapshot;
    await expectAsTheLog(restarted, game);
    reads.mockRestore();
    const again = vi.spyOn(restarted.repo, 'recentActions');
    for (const seat of [0, 1, 2]) await restarted.sinceLastDecision(game, [seat]);
    expect(again).not.toHaveBeenCalled();
  }, 120_000);

  it("is after the seat's own last choice: a computer's move for it and a forced answer played for it are news, not its decision", () => {
    const row = (sequence: number, seat: number, action: unknown): StoredEntry => ({ sequence, seat, kind: 'action', action, events: [{ key: `e${sequence}`, seat }], checkpoint: false });
    const log = effectiveLog([row(1, 0, 'chose'), row(2, 1, 'bid'), row(3, 0, markForced('pass')), row(4, 1, 'bid'), row(5, 0, markComputer('moved')), row(6, 2, 'moved')]);
    expect(log[2]).toMatchObject({ action: 'pass', forced: true });
    expect(sinceLastDecision(log, [0]).entries.map((e) => e.sequence)).toEqual([2, 3, 4, 5, 6]);
    expect(sinceLastDecision(log, [1]).entries.map((e) => e.sequence)).toEqual([5, 6]);
    // Several seats: since the oldest of their last decisions; a seat that never chose: the whole log.
    expect(sinceLastDecision(log, [0, 1]).entries.map((e) => e.sequence)).toEqual([2, 3, 4, 5, 6]);
    expect(sinceLastDecision(log, [2, 3])).toEqual({ entries: log, found: false });
  });
});
