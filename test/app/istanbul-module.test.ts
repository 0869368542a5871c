/**
 * Istanbul in the game service: options from the lobby, the stored-state check, and computer players
 * taking over an idle or departed seat at every kind of decision a turn can be in.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createGameService, type GameService, type ActiveSnapshot, type Result } from '../../src/app/game-service.js';
import { GAMES } from '../../src/games/index.js';
import { istanbulModule } from '../../src/games/istanbul/module.js';
import type { IstanbulAction, IstanbulState } from '../../src/games/istanbul/index.js';
import { createLogger } from '../../src/logger.js';
import type { Store } from '../../src/persistence/store.js';
import { ComputerTurns } from '../../src/app/computer-turns.js';
import { chooseIstanbul } from '../discord/istanbul-policy.js';
import { testStores, type TestStore } from '../support/test-stores.js';
import { aiTestPlayer } from './ai-test-player.js';

const HOUR = 3_600_000;
const stores = testStores('istanbul');
let store: Store;
let execute: TestStore['execute'];
const clock = { t: Date.UTC(2025, 5, 1), now() { return this.t; } };

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

function service(): GameService {
  return createGameService({ store, modules: GAMES.modules, clock, logger: createLogger({ level: 'silent', format: 'json' }), newSeed: () => 'e' });
}

const users = ['100000000000000001', '100000000000000002', '100000000000000003'];

async function start(svc: GameService, players: number): Promise<ActiveSnapshot> {
  const lobby = must(await svc.createLobby({ guildId: '1', channelId: '2', kind: 'istanbul', host: { userId: users[0]!, displayName: 'A' }, locale: 'en' })).game;
  for (let i = 1; i < players; i++) must(await svc.join(lobby.row.id, { userId: users[i]!, displayName: String.fromCharCode(65 + i) }));
  return must(await svc.start(lobby.row.id, users[0]!, must(await svc.byId(lobby.row.id)).game.row.version)).game;
}

function userOf(game: ActiveSnapshot, seat: number): string {
  return game.seats.find((s) => s.seat === seat)!.userId;
}

/** One policy decision by whoever must act. */
async function policyStep(svc: GameService, game: ActiveSnapshot): Promise<ActiveSnapshot> {
  const seat = svc.activeSeats(game)[0]!;
  const legal = svc.legalActions(game, seat) as IstanbulAction[];
  const index = chooseIstanbul(game.state as IstanbulState, seat, legal);
  return must(await svc.act(game.row.id, userOf(game, seat), seat, game.row.version, index)).outcome.after;
}

describe.each(stores)('Istanbul module on $label', (under) => {
  beforeEach(async () => {
    if (under.available) ({ store, execute } = await under.open({ now: () => clock.now() }));
  });

  it.runIf(under.available)('turns the lobby settings into engine options; refuses the neutral variant for a 5-seat lobby', async () => {
    expect(istanbulModule.buildOptions({ capacity: 4, layout: 'long', variant: 'neutral' }, 3)).toEqual({ players: 3, layout: 'long', neutralAssistants: true });
    const svc = service();
    expect(await svc.createLobby({ guildId: '1', channelId: '9', kind: 'istanbul', host: { userId: users[0]!, displayName: 'A' }, locale: 'en', variant: 'neutral' })).toMatchObject({
      ok: false,
      code: 'invalid_options',
      detail: expect.stringContaining('2 to 4 players'),
    });
    expect(await svc.createLobby({ guildId: '1', channelId: '9', kind: 'istanbul', host: { userId: users[0]!, displayName: 'A' }, locale: 'en', layout: 'spiral' })).toMatchObject({ ok: false, code: 'invalid_options' });
    must(await svc.createLobby({ guildId: '1', channelId: '9', kind: 'istanbul', host: { userId: users[0]!, displayName: 'A' }, locale: 'en', variant: 'neutral', capacity: 4 }));
  });

  it.runIf(under.available)('recognises its stored state and refuses something else', async () => {
    const svc = service();
    const game = await start(svc, 2);
    expect(istanbulModule.isState?.(JSON.parse(game.row.state!))).toBe(true);
    expect(istanbulModule.isState?.({ players: [], pending: [] })).toBe(false);
    await execute('UPDATE games SET state = ? WHERE id = ?', JSON.stringify({ scores: [1, 2] }), game.row.id);
    expect(await service().byId(game.row.id)).toMatchObject({ ok: false, code: 'damaged', reason: expect.stringContaining('shape') });
  });

  it.runIf(under.available)('an idle seat handed to a computer by vote at any point of the turn: the computer finishes the turn, the owner takes the seat back', async () => {
    const svc = service();
    const computers = new ComputerTurns(svc, aiTestPlayer(), createLogger({ level: 'silent', format: 'json' }));
    let game = await start(svc, 2);
    const kinds = new Set<string>();
    for (let turn = 0; turn < 30 && game.row.status === 'active'; turn++) {
      const seat = svc.activeSeats(game)[0]!;
      for (let i = 0; i < turn % 5 && svc.activeSeats(game).includes(seat) && game.row.status === 'active'; i++) game = await policyStep(svc, game);
      if (game.row.status !== 'active' || !svc.activeSeats(game).includes(seat)) continue;
      kinds.add((game.state as IstanbulState).pending.at(-1)!.k);
      clock.t += 48 * HOUR;
      await svc.runDueJobs();
      const voted = await svc.vote(game.row.id, userOf(game, 1 - seat), seat, 'skip');
      if (!voted.ok || voted.passed !== 'skip') throw new Error(JSON.stringify(voted));
      expect(voted.outcome.after.seats.find((s) => s.seat === seat)!.computer).toBe('normal');
      await computers.playHeld(game.row.id);
      game = must(await svc.byId(game.row.id)).game as ActiveSnapshot;
      if (game.row.status !== 'active') break;
      expect(svc.activeSeats(game)).not.toContain(seat);
      game = must(await svc.reclaim(game.row.id, userOf(game, seat))).game;
    }
    expect(kinds.size).toBeGreaterThanOrEqual(3);
  });

  it.runIf(under.available)('a player who leaves a 3-player game is played by a computer player; the others finish the game', async () => {
    const svc = service();
    const computers = new ComputerTurns(svc, aiTestPlayer(), createLogger({ level: 'silent', format: 'json' }));
    let game = await start(svc, 3);
    for (let i = 0; i < 25; i++) game = await policyStep(svc, game);
    const leaver = game.seats.find((s) => s.userId === users[1])!.seat;
    must(await svc.leave(game.row.id, users[1]!));
    let computerMoves = await computers.playHeld(game.row.id);
    game = must(await svc.byId(game.row.id)).game as ActiveSnapshot;
    for (let i = 0; i < 3000 && game.row.status === 'active'; i++) {
      expect(svc.activeSeats(game)).not.toContain(leaver);
      game = await policyStep(svc, game);
      computerMoves += await computers.playHeld(game.row.id);
      game = must(await svc.byId(game.row.id)).game as ActiveSnapshot;
    }
    expect(game.row.status).toBe('finished');
    expect(computerMoves).toBeGreaterThan(0);
    expect(svc.standings(game)).toHaveLength(3);
  });
});
