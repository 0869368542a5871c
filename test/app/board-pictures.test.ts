/**
 * When the channel gets a board picture (src/app/module.ts, boardMarkerOf): when the turn player changes,
 * at the start and at the end; a decision that passes to another seat inside a turn (Letters & Seals:
 * Kiosk picks, auction bids, and back to the turn player) owes a short text instead. Played as a fuzzed
 * 4-player Letters & Seals game through the game service (the outbox rows are what the deliverer posts),
 * and the deliverer's merging of boards owed one after another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGameService, type ActiveSnapshot, type Result } from '../../src/app/game-service.js';
import { GAMES } from '../../src/games/index.js';
import { parseDeliveryPayload, type Delivery, type DeliveryPayload } from '../../src/app/outbox.js';
import { planDeliveries } from '../../src/discord/delivery/plan.js';
import type { GameEvent } from '../../src/engine/index.js';
import type { IstanbulAction, IstanbulState } from '../../src/games/istanbul/index.js';
import { createLogger } from '../../src/logger.js';
import { openDatabase } from '../../src/persistence/database.js';
import { SqliteStore } from '../../src/persistence/sqlite-store.js';
import type { DeliveryRow } from '../../src/persistence/schema.js';
import { chooseIstanbul } from '../discord/istanbul-policy.js';

type BoardPayload = Extract<DeliveryPayload, { kind: 'board' }>;

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

function board(row: DeliveryRow): BoardPayload {
  const payload = parseDeliveryPayload(row.kind, row.payload);
  if (typeof payload === 'string' || payload.kind !== 'board') throw new Error(`not a board: ${row.payload}`);
  return payload;
}

/** The turn player as the rules name it: whose turn it is (a double move's extra turn is a turn of its own). */
function turnOf(state: IstanbulState): string {
  return state.phase === 'over' ? 'over' : `${state.round}:${state.phase}:${state.turnSeat}:${state.turn.extra === true}`;
}

/** A fuzzed game: a progress-biased policy with every fifth decision at random (seeded). */
async function playLettersAndSeals(seed: string) {
  const store = new SqliteStore(openDatabase(':memory:'), { now: () => Date.UTC(2025, 5, 1) });
  const svc = createGameService({ store, modules: GAMES.modules, clock: { now: () => Date.UTC(2025, 5, 1) }, logger: createLogger({ level: 'silent', format: 'json' }), newSeed: () => seed });
  const users = ['100000000000000001', '100000000000000002', '100000000000000003', '100000000000000004'];
  const lobby = must(await svc.createLobby({ guildId: '1', channelId: '77', kind: 'istanbul', host: { userId: users[0]!, displayName: 'A' }, locale: 'en', expansion: 'letters-and-seals' })).game;
  for (let i = 1; i < 4; i++) must(await svc.join(lobby.row.id, { userId: users[i]!, displayName: String.fromCharCode(65 + i) }));
  let game = must(await svc.start(lobby.row.id, users[0]!, must(await svc.byId(lobby.row.id)).game.row.version)).game;
  /** Per commit that owed a board: whether the turn player changed. */
  const owed: { delivery: number; turnChanged: boolean; deciders: number[] }[] = [];
  let random = 12345;
  let decisions = 0;
  let outOfTurn = 0;
  for (; decisions < 5000 && game.row.status === 'active'; decisions++) {
    const seat = svc.activeSeats(game)[0]!;
    if (seat !== (game.state as IstanbulState).turnSeat) outOfTurn++;
    const user = game.seats.find((s) => s.seat === seat)!.userId;
    const legal = svc.legalActions(game, seat) as IstanbulAction[];
    random = (random * 1103515245 + 12345) % 2147483648;
    const index = random % 5 === 0 ? random % legal.length : chooseIstanbul(game.state as IstanbulState, seat, legal);
    const outcome = must(await svc.act(game.row.id, user, seat, game.row.version, index)).outcome;
    if (outcome.boardDelivery !== null) {
      owed.push({ delivery: outcome.boardDelivery, turnChanged: turnOf(outcome.before.state as IstanbulState) !== turnOf(outcome.after.state as IstanbulState), deciders: [...svc.activeSeats(outcome.after)] });
    }
    game = outcome.after;
  }
  const rows = (await svc.outbox.rows.ofGame(game.row.id)).filter((d) => d.kind === 'board');
  return { svc, store, game, rows, owed, decisions, outOfTurn };
}

describe('board pictures in a 4-player Letters & Seals game', () => {
  let played: Awaited<ReturnType<typeof playLettersAndSeals>>;
  beforeAll(async () => {
    played = await playLettersAndSeals('ls-pictures-1');
  }, 360_000);
  afterAll(() => played?.store.close());

  it('a picture per turn player (and at the start and the end); a short text for every decision passed inside a turn', async () => {
    const { game, rows, owed, decisions, outOfTurn } = played;
    expect(game.row.status).toBe('finished');
    const pictures = rows.filter((r) => board(r).picture);
    const texts = rows.filter((r) => !board(r).picture);
    // The first board (the start) is owed by /game start, the rest by the decisions.
    expect(board(rows[0]!).picture).toBe(true);
    for (const o of owed) expect(board(rows.find((r) => r.id === o.delivery)!).picture, `delivery ${o.delivery}`).toBe(o.turnChanged);
    expect(pictures).toHaveLength(1 + owed.filter((o) => o.turnChanged).length);
    // Kiosk picks and auction bids happened, and each called its seat with a text.
    expect(outOfTurn).toBeGreaterThan(10);
    expect(texts.length).toBeGreaterThan(10);
    // A picture after texts tells the whole turn: the texts' events come first in its summary.
    const afterTexts = rows.findIndex((r, i) => i > 0 && board(r).picture && !board(rows[i - 1]!).picture);
    let first = afterTexts - 1;
    while (first > 0 && !board(rows[first - 1]!).picture) first--;
    const told = rows.slice(first, afterTexts).flatMap((r) => board(r).summary);
    expect(told.length).toBeGreaterThan(0);
    expect(board(rows[afterTexts]!).summary.slice(0, told.length)).toEqual(told);
    console.log(
      `Letters & Seals, 4 players, seed ls-pictures-1: ${(game.state as IstanbulState).round} rounds, ${decisions} decisions (${outOfTurn} outside the turn player's); ` +
        `board deliveries ${rows.length}: ${pictures.length} pictures, ${texts.length} short texts (before: ${rows.length} pictures)`,
    );
  });

  it('boards owed one after another are posted as one; a text told by a later picture is not repeated', async () => {
    const { game, rows } = played;
    // A run of rows: texts, then the picture that tells them, then a text after it (as after a Discord outage).
    const pictureAfterTexts = rows.findIndex((r, i) => i > 1 && board(r).picture && !board(rows[i - 1]!).picture && rows[i + 1] !== undefined && !board(rows[i + 1]!).picture);
    expect(pictureAfterTexts).toBeGreaterThan(0);
    let first = pictureAfterTexts - 1;
    while (first > 0 && !board(rows[first - 1]!).picture) first--;
    const batch = rows.slice(first, pictureAfterTexts + 2);
    const claimed: Delivery[] = batch.map((r) => ({ id: r.id, gameId: r.gameId, channelId: r.channelId, version: r.version, attempts: 0, payload: board(r), createdAt: r.createdAt }));
    const { steps, dropped } = planDeliveries({ ...game, row: { ...game.row, status: 'active' } } as ActiveSnapshot, claimed);
    expect(dropped).toEqual([]);
    expect(steps).toHaveLength(1);
    const step = steps[0] as Extract<(typeof steps)[number], { kind: 'board' }>;
    expect(step.picture).toBe(true);
    const picture = board(batch.at(-2)!);
    const lastText = board(batch.at(-1)!);
    const expected: GameEvent[] = [...picture.summary, ...lastText.summary];
    expect(step.summary).toEqual(expected);
  });
});
