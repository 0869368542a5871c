/**
 * The computer turns hand a search's tree on: a computer seat's decisions within the
 * turns the bot plays for it in one go follow one another, and each request carries what that seat's
 * previous decision answered with, never another seat's. (Whether the search may use it is the search's
 * check: test/ai/carried-tree.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { ComputerTurns, type ComputerChoice, type ComputerPlayer, type ComputerRequest } from '../../src/app/computer-turns.js';
import { createGameService } from '../../src/app/game-service.js';
import type { Carry } from '../../src/engine/ai/index.js';
import { GAMES } from '../../src/games/index.js';
import { must, silentLogger, standingClock } from '../support/service-fixtures.js';
import { testStores } from '../support/test-stores.js';

const clock = standingClock();
const silent = silentLogger;
const host = '100000000000000001';

const under = testStores('carry').filter((s) => s.label.toLowerCase().includes('sqlite'))[0]!;

describe.runIf(under.available)('computer turns hand a seat its previous search', () => {
  it('each request carries the same seat’s last answer, never another seat’s', async () => {
    const { store } = await under.open({ now: () => clock.now() });
    const svc = createGameService({ store, modules: GAMES.modules, clock, logger: silent });
    const lobby = must(await svc.createLobby({ guildId: '1', channelId: '2', kind: 'istanbul', host: { userId: host, displayName: 'A' }, locale: 'en', capacity: 3 })).game;
    must(await svc.addComputer(lobby.row.id, host, 'easy'));
    must(await svc.addComputer(lobby.row.id, host, 'easy'));
    let game = must(await svc.start(lobby.row.id, host, must(await svc.byId(lobby.row.id)).game.row.version)).game;

    // A computer player that answers the first legal action with a carry naming the request it answers.
    const seen: { seat: number; carry: Carry | undefined; answered: Carry }[] = [];
    const player: ComputerPlayer = {
      async choose(request: ComputerRequest): Promise<ComputerChoice> {
        const seat = (request.seatView as { seat: number }).seat;
        const answered: Carry = { seat, viewKey: `decision ${seen.length}`, tree: ['x', null, seat, 1, 1, 1, 0.5, []] };
        seen.push({ seat, carry: request.carry, answered });
        return { index: 0, value: null, carry: answered };
      },
      async close() {},
    };
    const turns = new ComputerTurns(svc, player, silent);
    for (let step = 0; step < 200 && seen.length < 40 && game.row.status === 'active'; step++) {
      const seat = svc.activeSeats(game)[0]!;
      const row = game.seats.find((s) => s.seat === seat)!;
      if (row.userId === host) must(await svc.act(game.row.id, host, seat, game.row.version, 0));
      else await turns.playHeld(game.row.id);
      game = must(await svc.byId(game.row.id)).game as typeof game;
    }
    expect(seen.length).toBeGreaterThanOrEqual(10);
    let handedOn = 0;
    for (const [i, request] of seen.entries()) {
      if (request.carry === undefined) continue;
      handedOn++;
      // What it carries is an earlier answer to the same seat: the latest one that seat got.
      const earlier = seen.slice(0, i).filter((r) => r.seat === request.seat).at(-1);
      expect(request.carry).toEqual(earlier?.answered);
      expect(request.carry.seat).toBe(request.seat);
    }
    // Consecutive decisions of one seat happen in Istanbul turns: some requests carry a tree.
    expect(handedOn).toBeGreaterThan(0);
  }, 120_000);
});
