/**
 * Every move is told to the table once. A seat handed to a computer in the middle of its turn (or taken
 * back) moves nothing: its board is a line about the seat; the moves of the turn come on the board that
 * ends it, each once.
 */
import { describe, expect, it } from 'vitest';
import { ComputerTurns } from '../../src/app/computer-turns.js';
import { createGameService, type ActiveSnapshot, type Result } from '../../src/app/game-service.js';
import { parseDeliveryPayload, type DeliveryPayload } from '../../src/app/outbox.js';
import type { GameEvent } from '../../src/engine/index.js';
import { GAMES } from '../../src/games/index.js';
import type { IstanbulAction, IstanbulState } from '../../src/games/istanbul/index.js';
import { createLogger } from '../../src/logger.js';
import { openDatabase } from '../../src/persistence/database.js';
import { SqliteStore } from '../../src/persistence/sqlite-store.js';
import { chooseIstanbul } from '../discord/istanbul-policy.js';
import { aiTestPlayer } from './ai-test-player.js';

type BoardPayload = Extract<DeliveryPayload, { kind: 'board' }>;

const HOUR = 3_600_000;

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

describe('the moves of a turn are told once', () => {
  it('a seat handed to a computer by the idle vote in the middle of its turn: its line tells no move, the board that ends the turn tells each once', async () => {
    const clock = { t: Date.UTC(2025, 5, 1), now() { return this.t; } };
    const store = new SqliteStore(openDatabase(':memory:'), { now: () => clock.now() });
    const logger = createLogger({ level: 'silent', format: 'json' });
    const svc = createGameService({ store, modules: GAMES.modules, clock, logger, newSeed: () => 'told-once' });
    const users = ['100000000000000001', '100000000000000002'];
    const lobby = must(await svc.createLobby({ guildId: '1', channelId: '2', kind: 'istanbul', host: { userId: users[0]!, displayName: 'A' }, locale: 'en' })).game;
    must(await svc.join(lobby.row.id, { userId: users[1]!, displayName: 'B' }));
    let game: ActiveSnapshot = must(await svc.start(lobby.row.id, users[0]!, must(await svc.byId(lobby.row.id)).game.row.version)).game;
    const board = async (delivery: number | null): Promise<BoardPayload> => {
      const row = (await svc.outbox.rows.ofGame(game.row.id)).find((d) => d.id === delivery);
      const payload = row === undefined ? 'no such delivery' : parseDeliveryPayload(row.kind, row.payload);
      if (typeof payload === 'string' || payload.kind !== 'board') throw new Error(`delivery ${delivery} is not a board`);
      return payload;
    };

    // The turn player makes the first decision of their turn, which does not end it.
    const seat = svc.activeSeats(game)[0]!;
    const userOf = (s: number): string => game.seats.find((row) => row.seat === s)!.userId;
    const legal = svc.legalActions(game, seat) as IstanbulAction[];
    const first = must(await svc.act(game.row.id, userOf(seat), seat, game.row.version, chooseIstanbul(game.state as IstanbulState, seat, legal))).outcome;
    game = first.after;
    expect(first.turnEnded).toBe(false);
    expect(svc.activeSeats(game)).toContain(seat);
    const played = first.entries.flatMap((e) => e.events).filter((ev) => ev.visibleTo === undefined);
    expect(played.length).toBeGreaterThan(0);

    // They go quiet; the other player's vote hands the seat to a computer.
    clock.t += 48 * HOUR;
    await svc.runDueJobs();
    const voted = await svc.vote(game.row.id, userOf(1 - seat), seat, 'skip');
    if (!voted.ok || voted.passed !== 'skip') throw new Error(JSON.stringify(voted));
    const handedOver = await board(voted.outcome.boardDelivery);
    expect(handedOver.notes).toEqual([{ kind: 'handedToComputer', seat }]);
    expect(handedOver.summary).toEqual([]);

    // The computer finishes the turn: the board that ends it tells the owner's move and the computer's, each once.
    await new ComputerTurns(svc, aiTestPlayer(), logger).playHeld(game.row.id);
    const rows = (await svc.outbox.rows.ofGame(game.row.id)).filter((d) => d.kind === 'board');
    const ended = await board(rows.at(-1)!.id);
    expect(ended.picture).toBe(true);
    const times = (event: GameEvent): number => ended.summary.filter((told) => JSON.stringify(told) === JSON.stringify(event)).length;
    for (const event of played) expect(times(event), JSON.stringify(event)).toBe(1);
    await store.close();
  });
});
