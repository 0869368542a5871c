/** Letters & Seals in the game service and on /game new: options, defaults, refusals, idle defaults, autocomplete. */
import type { AutocompleteInteraction } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGameService, type GameService, type Result } from '../../src/app/game-service.js';
import { GAMES } from '../../src/games/index.js';
import { istanbulModule } from '../../src/games/istanbul/module.js';
import type { HandlerEnv } from '../../src/discord/context.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';
import { gameNew } from '../../src/discord/handlers/commands/game-new.js';
import { istanbul, type IstanbulState } from '../../src/games/istanbul/index.js';
import { createLogger } from '../../src/logger.js';
import { openDatabase, type OpenDatabase } from '../../src/persistence/database.js';
import { SqliteStore } from '../../src/persistence/sqlite-store.js';

let db: OpenDatabase;
let store: SqliteStore;
const clock = { t: Date.UTC(2025, 5, 1), now() { return this.t; } };

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

function service(): GameService {
  return createGameService({ store, modules: GAMES.modules, clock, logger: createLogger({ level: 'silent', format: 'json' }), newSeed: () => 'ls' });
}

const host = { userId: '100000000000000001', displayName: 'A' };

beforeEach(() => {
  db = openDatabase(':memory:');
  store = new SqliteStore(db, { now: () => clock.now() });
});
afterEach(() => store.close());

describe('Istanbul module with Letters & Seals', () => {
  it('turns the expansion choice into engine options: new cards mixed in or alone', () => {
    expect(istanbulModule.buildOptions({ capacity: 4, layout: 'starter', variant: 'base', expansion: 'letters-and-seals' }, 3)).toEqual({
      players: 3,
      layout: 'starter',
      neutralAssistants: false,
      lettersAndSeals: { cards: 'mixed' },
    });
    expect(istanbulModule.buildOptions({ capacity: 4, layout: 'random', variant: 'neutral', expansion: 'letters-and-seals-new-cards' }, 4)).toEqual({
      players: 4,
      layout: 'random',
      neutralAssistants: true,
      lettersAndSeals: { cards: 'newOnly' },
    });
    // a lobby without the field (stored before expansions existed) is the base game
    expect(istanbulModule.buildOptions({ capacity: 4, layout: 'long', variant: 'base' }, 3)).toEqual({ players: 3, layout: 'long', neutralAssistants: false });
  });

  it('a lobby with the expansion defaults to the starter layout and starts a 5x4 game', async () => {
    const svc = service();
    const lobby = must(await svc.createLobby({ guildId: '1', channelId: '2', kind: 'istanbul', host, locale: 'en', capacity: 2, expansion: 'letters-and-seals' })).game;
    expect(lobby.settings).toEqual({ capacity: 2, layout: 'starter', variant: 'base', expansion: 'letters-and-seals' });
    must(await svc.join(lobby.row.id, { userId: '100000000000000002', displayName: 'B' }));
    const game = must(await svc.start(lobby.row.id, host.userId, must(await svc.byId(lobby.row.id)).game.row.version)).game;
    const state = game.state as IstanbulState;
    expect(state.ls?.cards).toBe('mixed');
    expect([state.width, state.height]).toEqual([5, 4]);
    // the base game's lobby is unchanged
    const base = must(await svc.createLobby({ guildId: '1', channelId: '3', kind: 'istanbul', host, locale: 'en' })).game;
    expect(base.settings).toEqual({ capacity: 5, layout: 'short', variant: 'base' });
  });

  it('refuses an unknown expansion, a 4x4 layout with it, and the starter layout without it', async () => {
    const svc = service();
    expect(await svc.createLobby({ guildId: '1', channelId: '4', kind: 'istanbul', host, locale: 'en', expansion: 'mocha' })).toMatchObject({ ok: false, code: 'invalid_options', option: 'expansion', value: 'mocha' });
    expect(await svc.createLobby({ guildId: '1', channelId: '5', kind: 'istanbul', host, locale: 'en', layout: 'short', expansion: 'letters-and-seals' })).toMatchObject({
      ok: false,
      code: 'invalid_options',
      // Named for what it is: a layout the expansion does not use (not "does not work with N players").
      option: 'layout_for_expansion',
      value: 'short',
    });
    expect(await svc.createLobby({ guildId: '1', channelId: '6', kind: 'istanbul', host, locale: 'en', layout: 'starter' })).toMatchObject({ ok: false, option: 'layout_for_expansion', value: 'starter' });
  });

  it('an extra turn (double move) is a new turn for the board and the reminders', () => {
    const parsed = istanbul.parseOptions({ players: 3, lettersAndSeals: {} });
    if (!parsed.ok) throw new Error(parsed.error);
    const s = istanbul.setup(parsed.options, 'marker');
    const extra: IstanbulState = { ...s, turn: { ...s.turn, extra: true } };
    expect(istanbulModule.turnMarker?.(extra)).not.toBe(istanbulModule.turnMarker?.(s));
  });
});

/** The autocomplete handler of /game new, with an interaction carrying just what it reads. */
async function complete(focused: { name: string; value: string }, expansion: string | null, locale = 'en-US'): Promise<unknown[]> {
  let answer: unknown[] = [];
  const interaction = {
    locale,
    options: { getFocused: () => focused, getString: (name: string) => (name === 'game' ? 'istanbul' : name === 'expansion' ? expansion : null) },
    respond: async (choices: unknown[]) => {
      answer = choices;
    },
  } as unknown as AutocompleteInteraction;
  const env = {
    ctx: { service: { modules: GAMES.modules } as unknown as GameService, presenters: GAMES.presenters(inProcessBoardRenderer(GAMES)), client: null as never, deliverer: null as never, computers: null as never, player: null as never, followingPanels: null as never },
    logger: createLogger({ level: 'silent', format: 'json' }),
    locale: 'en',
    channelId: '1',
  } satisfies HandlerEnv;
  await gameNew.autocomplete!(env, interaction);
  return answer;
}

describe('/game new expansion: autocomplete', () => {
  it('offers the expansions in the user’s language, and the layouts that go with the chosen one', async () => {
    expect(await complete({ name: 'expansion', value: '' }, null)).toEqual([
      { name: 'Letters & Seals (new bonus cards mixed in)', value: 'letters-and-seals' },
      { name: 'Letters & Seals (new bonus cards only)', value: 'letters-and-seals-new-cards' },
    ]);
    expect(await complete({ name: 'expansion', value: 'nur' }, null, 'de')).toEqual([{ name: 'Brief & Siegel (nur die neuen Bonuskarten)', value: 'letters-and-seals-new-cards' }]);
    expect(await complete({ name: 'layout', value: '' }, 'letters-and-seals', 'nl')).toEqual([
      { name: 'Beginners (Brieven & Zegels)', value: 'starter' },
      { name: 'Willekeurig', value: 'random' },
    ]);
  });
});
