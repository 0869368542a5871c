/**
 * The seed is no channel to hidden information: what a computer player's decision posts to the AI worker
 * (the task, captured at the pool's door) holds neither the game's seed nor anything from which
 * `def.setup(options, s)` deals the game's real hands and piles. The search's seed is derived one way from
 * the game's seed (HMAC-SHA-256, see computer-turns.ts).
 */
import Tinypool from 'tinypool';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ComputerTurns, computerRequest, searchSeed } from '../../src/app/computer-turns.js';
import { aiComputerPlayer } from '../../src/app/computer-player.js';
import { createGameService, type ActiveSnapshot } from '../../src/app/game-service.js';
import type { AiTask } from '../../src/app/workers/ai-task.js';
import { GAMES } from '../../src/games/index.js';
import { TABLES } from '../conformance/games.js';
import { must, silentLogger, standingClock } from '../support/service-fixtures.js';
import { testStores } from '../support/test-stores.js';

const clock = standingClock();
const silent = silentLogger;
const host = '100000000000000001';

/** What setup deals, the hidden (the PRNG, the draw piles, every seat's hand) with the open. */
function dealt(state: unknown): string {
  return JSON.stringify(state);
}

/** Every string in `value`, and every piece of one split at ':' (the old seed was `${seed}:${version}:${seat}`). */
function strings(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    out.add(value);
    for (const piece of value.split(':')) out.add(piece);
  } else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

/** Every game of the registry with a computer player, with each expansion: a human and two computers. */
const GAMES_TO_CHECK = TABLES.filter((table) => table.game.fixture.plugin === undefined && table.game.plugin.policy !== undefined && table.players === 3).map((table) => ({
  label: `${table.game.id}${table.settings.expansion === null ? '' : ` with ${table.settings.expansion}`}`,
  kind: table.game.id,
  capacity: 3,
  computers: 2,
  expansion: table.settings.expansion,
}));

const stores = testStores('aiseed').filter((s) => s.label.toLowerCase().includes('sqlite'));
const under = stores[0]!;

describe.runIf(under.available)('the computer player gets no way back to the game seed', () => {
  const player = aiComputerPlayer({ threads: 1, deadlineMs: 30 });
  afterAll(() => player.close());

  it('the search seed is a keyed hash: it differs for each decision and is not the game seed or made of it', () => {
    const a = searchSeed('secret', 7, 3, 1);
    expect(a).toBe(searchSeed('secret', 7, 3, 1));
    expect(new Set([a, searchSeed('secret', 7, 4, 1), searchSeed('secret', 7, 3, 0), searchSeed('secret', 8, 3, 1), searchSeed('other', 7, 3, 1)]).size).toBe(5);
    expect(a).not.toContain('secret');
  });

  it.each(GAMES_TO_CHECK.map((game) => [game.label, game] as const))('%s: nothing posted to the AI worker reproduces the setup', async (_label, { kind, capacity, computers, expansion }) => {
    const { store } = await under.open({ now: () => clock.now() });
    const gameSeed = `the-game-seed-${kind}-${expansion ?? 'base'}`;
    const svc = createGameService({ store, modules: GAMES.modules, clock, logger: silent, newSeed: () => gameSeed });
    const lobby = must(await svc.createLobby({ guildId: '1', channelId: '2', kind, host: { userId: host, displayName: 'A' }, locale: 'en', capacity, ...(expansion === null ? {} : { expansion }) })).game;
    for (let i = 0; i < computers; i++) must(await svc.addComputer(lobby.row.id, host, 'easy'));
    let game = must(await svc.start(lobby.row.id, host, must(await svc.byId(lobby.row.id)).game.row.version)).game;
    const def = game.module.definition;
    // The test has teeth: the game's seed does deal the game's hidden state.
    const real = dealt(def.setup(game.options, gameSeed));
    expect(dealt(game.state)).toBe(real);

    const run = vi.spyOn(Tinypool.prototype, 'run');
    const turns = new ComputerTurns(svc, player, silent);
    try {
      for (let step = 0; step < 400 && run.mock.calls.length < 6 && game.row.status === 'active'; step++) {
        const seat = svc.activeSeats(game)[0]!;
        const row = game.seats.find((s) => s.seat === seat)!;
        if (row.userId === host) must(await svc.act(game.row.id, host, seat, game.row.version, 0));
        else await turns.playHeld(game.row.id);
        game = must(await svc.byId(game.row.id)).game as ActiveSnapshot;
      }
      const posted = run.mock.calls.map((call) => call[0] as AiTask);
      expect(posted.length).toBeGreaterThanOrEqual(3);
      for (const task of posted) {
        // `carry`: the seat's previous search tree (its own hypothetical lines, from the derived seed).
        expect(Object.keys(task).filter((key) => key !== 'carry').sort()).toEqual(['deadlineMs', 'game', 'legalActions', 'level', 'seed', 'view']);
        expect(JSON.stringify(task)).not.toContain(gameSeed);
        for (const candidate of strings(task)) expect(dealt(def.setup(game.options, candidate)), candidate).not.toBe(real);
      }
      // And the old seed would have been caught: it began with the game's seed.
      expect(strings(`${gameSeed}:12:1`).has(gameSeed)).toBe(true);
      // What the request carried is what was posted: the derived seed.
      const request = computerRequest(game, svc.activeSeats(game)[0]!, 'easy');
      expect(request.seed).toBe(searchSeed(gameSeed, game.row.id, game.row.version, svc.activeSeats(game)[0]!));
    } finally {
      run.mockRestore();
    }
  }, 120_000);
});
