/**
 * Many tables in one channel, in the game service: the games of a channel and of a server, the
 * games that wait for a player (oldest waiting first), a channel with several games refusing to guess, and
 * where a game goes on when its thread is deleted.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createGameService, type GameService, type ActiveSnapshot, type Result } from '../../src/app/game-service.js';
import { createLogger } from '../../src/logger.js';
import type { Store } from '../../src/persistence/store.js';
import { testStores, type TestStore } from '../support/test-stores.js';
import type { TallyAction } from '../games/tally/index.js';
import { tallyModule } from '../games/tally/module.js';

const stores = testStores('tables');
const GUILD = '300000000000000001';
const CHANNEL = '200000000000000001';
const alice = { userId: '100000000000000001', displayName: 'Alice' };
const bob = { userId: '100000000000000002', displayName: 'Bob' };
const carol = { userId: '100000000000000003', displayName: 'Carol' };

let store: Store;
let execute: TestStore['execute'];
let time: number;

function service(): GameService {
  let seeds = 0;
  return createGameService({
    store,
    modules: new Map([['tally', tallyModule({ removeSeat: false })]]),
    clock: { now: () => time },
    logger: createLogger({ level: 'silent', format: 'json' }),
    newSeed: () => `tables-${++seeds}`,
  });
}

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

/** A game of `players` in a thread of `channelId`, started. */
async function started(svc: GameService, players: (typeof alice)[], channelId = CHANNEL, guildId = GUILD): Promise<ActiveSnapshot> {
  const lobby = must(await svc.createLobby({ guildId, channelId, kind: 'tally', host: players[0]!, locale: 'en', useThread: true })).game;
  for (const p of players.slice(1)) must(await svc.join(lobby.row.id, p));
  const current = must(await svc.byId(lobby.row.id)).game;
  return must(await svc.start(lobby.row.id, players[0]!.userId, current.row.version)).game;
}

/** Whoever must act ends their turn (adds 1, then ends it). */
async function passTurn(svc: GameService, gameId: number): Promise<void> {
  for (const type of ['add', 'end'] as const) {
    const game = must(await svc.byId(gameId)).game as ActiveSnapshot;
    const seat = svc.activeSeats(game)[0]!;
    const index = svc.legalActions(game, seat).findIndex((a) => (a as TallyAction).type === type);
    must(await svc.act(gameId, game.seats.find((s) => s.seat === seat)!.userId, seat, game.row.version, index));
  }
}

function turnOf(svc: GameService, game: ActiveSnapshot): string {
  return game.seats.find((s) => s.seat === svc.activeSeats(game)[0])!.userId;
}

describe.each(stores)('many tables in the game service on $label', (under) => {
  beforeEach(async () => {
    time = Date.UTC(2026, 0, 1);
    if (under.available) ({ store, execute } = await under.open({ now: () => time }));
  });

  it.runIf(under.available)('a channel with several games does not guess which one a command means', async () => {
    const svc = service();
    const one = await started(svc, [alice, bob]);
    expect((await svc.byChannel(CHANNEL)).ok).toBe(true);
    const two = await started(svc, [bob, carol]);
    expect(await svc.byChannel(CHANNEL)).toEqual({ ok: false, code: 'several_games', count: 2 });
    expect((await svc.runningInChannel(CHANNEL)).map((r) => r.id)).toEqual([one.row.id, two.row.id]);
    // Elsewhere in the server, a third game; the server's list has all three, the channel's its two.
    const three = await started(svc, [carol, alice], '200000000000000002');
    expect((await svc.tables({ guildId: GUILD })).map((e) => e.row.id)).toEqual([one.row.id, two.row.id, three.row.id]);
    expect((await svc.tables({ channelId: CHANNEL })).map((e) => [e.row.id, e.game?.kind])).toEqual([
      [one.row.id, 'active'],
      [two.row.id, 'active'],
    ]);
    // A damaged game is listed all the same, without its state.
    await execute("UPDATE games SET state = '{broken' WHERE id = ?", two.row.id);
    expect((await svc.tables({ channelId: CHANNEL })).map((e) => e.game === null)).toEqual([false, true]);
  });

  it.runIf(under.available)('the games that wait for a player: their decisions, oldest waiting first, and their full lobbies', async () => {
    const svc = service();
    /** Turns are passed in the game until it is `userId`'s; answers the game then. */
    const untilTurnOf = async (gameId: number, userId: string): Promise<ActiveSnapshot> => {
      for (let turns = 0; turns < 3; turns++) {
        const game = must(await svc.byId(gameId)).game as ActiveSnapshot;
        if (turnOf(svc, game) === userId) return game;
        await passTurn(svc, gameId);
      }
      throw new Error(`game #${gameId} never came to ${userId}`);
    };
    const one = await started(svc, [alice, bob]);
    const two = await started(svc, [alice, carol]);
    const elsewhere = await started(svc, [alice, bob], '200000000000000009', '300000000000000009');
    await untilTurnOf(elsewhere.row.id, alice.userId);
    // Game two comes to Alice first; game one later (after Bob's turn): game two has waited longer.
    time += 60_000;
    const twoWaits = time;
    await untilTurnOf(two.row.id, alice.userId);
    await untilTurnOf(one.row.id, bob.userId);
    time += 60_000;
    const oneWaits = time;
    await passTurn(svc, one.row.id);
    const waiting = await svc.waitingFor(GUILD, alice.userId);
    // Only this server's games.
    expect(waiting.map((w) => [w.kind, w.game.row.id, w.since])).toEqual([
      ['turn', two.row.id, (await svc.gameRow(two.row.id))!.updatedAt],
      ['turn', one.row.id, oneWaits],
    ]);
    expect(waiting[0]!.since).toBeLessThanOrEqual(twoWaits);
    expect(await svc.waitingFor(GUILD, bob.userId)).toEqual([]);
    // Bob's turn in game one; a seat a computer plays for him does not wait for him.
    await passTurn(svc, one.row.id);
    expect((await svc.waitingFor(GUILD, bob.userId)).map((w) => w.game.row.id)).toEqual([one.row.id]);
    await execute("UPDATE seats SET computer = 'normal' WHERE game_id = ? AND user_id = ?", one.row.id, bob.userId);
    expect(await svc.waitingFor(GUILD, bob.userId)).toEqual([]);
    // A full lobby waits for its host to start it.
    const lobby = must(await svc.createLobby({ guildId: GUILD, channelId: CHANNEL, kind: 'tally', host: carol, locale: 'en', useThread: true, capacity: 2 })).game;
    expect((await svc.waitingFor(GUILD, carol.userId)).filter((w) => w.kind === 'start')).toEqual([]);
    must(await svc.join(lobby.row.id, bob));
    expect((await svc.waitingFor(GUILD, carol.userId)).filter((w) => w.kind === 'start').map((w) => w.game.row.id)).toEqual([lobby.row.id]);
  });

  it.runIf(under.available)('a deleted thread: the game moves to its channel only when no other game runs there', async () => {
    const svc = service();
    const one = await started(svc, [alice, bob]);
    await svc.threadOpened(one.row.id, '200000000000000101');
    const two = await started(svc, [bob, carol]);
    await svc.threadOpened(two.row.id, '200000000000000102');
    // Another game runs in the channel: the game waits for a new thread of its own.
    expect(await svc.threadGone(one.row.id, CHANNEL)).toBe('new-thread');
    expect(await svc.gameRow(one.row.id)).toMatchObject({ useThread: true, threadId: null });
    must(await svc.abandon(CHANNEL, bob.userId, false, { gameId: two.row.id, version: (await svc.gameRow(two.row.id))!.version }));
    // Alone in the channel now: the next lost thread sends the game to the channel itself.
    await svc.threadOpened(one.row.id, '200000000000000103');
    expect(await svc.threadGone(one.row.id, CHANNEL)).toBe('channel');
    expect(await svc.gameRow(one.row.id)).toMatchObject({ useThread: false, threadId: null });
    expect((await svc.byChannel(CHANNEL)).ok).toBe(true);
  });
});
