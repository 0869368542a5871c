/**
 * Every text a full fuzzed game shows, in every language, built the way the bot builds it: the game service
 * plays the game (a real SQLite database in memory), and at every decision the bot's message builders
 * (src/discord/messages/) make the panel (prompt, what the last click did, every action label and group
 * label), the hand, the board's status line, the log after each turn, the reminder, the idle vote, and the
 * first and final boards with the standings. Nothing may show a catalogue key, a placeholder,
 * "undefined", "NaN" or an empty label.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGameService, type ActiveSnapshot, type LobbySnapshot, type Result, type Snapshot } from '../../src/app/game-service.js';
import { GAMES } from '../../src/games/index.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';
import type { GamePresenter } from '../../src/games/contract.js';
import {
  boardMessage,
  handMessage,
  lobbyMessage,
  logLines,
  logMessage,
  names,
  panelActions,
  panelMessage,
  reminderMessage,
  standingsLines,
  voteMessage,
  type BoardNotes,
} from '../../src/discord/messages/index.js';
import { LOCALES, seedRng, type GameEvent, type Locale, type Seat } from '../../src/engine/index.js';
import { createLogger } from '../../src/logger.js';
import { openDatabase, type OpenDatabase } from '../../src/persistence/database.js';
import { SqliteStore } from '../../src/persistence/sqlite-store.js';
import { uniformPolicy } from '../harness/playout.js';
import { SPREAD_TABLES, type Table } from '../conformance/games.js';
import { allowUserTexts, expectReadable, expectReadableComponents } from './readable.js';

let db: OpenDatabase;
let store: SqliteStore;
const clock = { t: Date.UTC(2026, 0, 5), now() { return this.t; } };
const USERS = ['100000000000000001', '100000000000000002', '100000000000000003', '100000000000000004', '100000000000000005'];
/** Display names with the characters names really have: an apostrophe, braces, a hash, accents. */
const DISPLAY = ["Dave O'Neil", 'Zoë {the} Bold', 'Ana #1', 'Jörg', 'Eef'];

beforeEach(() => {
  db = openDatabase(':memory:');
  store = new SqliteStore(db, { now: () => clock.now() });
  // A name cut short is the users' text too: shortened in a compound's label, or where a label is cut to fit.
  const cut = DISPLAY.flatMap((name) => [...name].map((_, n) => `${[...name].slice(0, n).join('')}…`).slice(1).reverse());
  allowUserTexts([...DISPLAY, ...cut]);
});
afterEach(() => {
  db.close();
  allowUserTexts([]);
});

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

/** The same game as another server would see it: only the stored locale differs. */
function inLocale<S extends Snapshot>(game: S, locale: Locale): S {
  return { ...game, row: { ...game.row, locale } };
}

/**
 * The games the bot hosts, as the conformance suite spreads their tables (test/conformance/games.ts): each at
 * its fewest and its most seats, and at its fewest with each expansion, the layouts and variants taken in
 * turn; played with the game's own playout policy (its conformance fixture).
 */
const CONFIGS: readonly Table[] = SPREAD_TABLES.filter((table) => table.game.fixture.plugin === undefined);

const MAX_ACTIONS = 6000;

function expectPublic(message: { content: string; components: unknown; files?: { description?: string }[] }, where: string): void {
  expectReadable(message.content, where);
  expectReadableComponents(message.components, where);
  for (const file of message.files ?? []) if (file.description !== undefined) expectReadable(file.description, `${where} file description`);
}

describe('a fuzzed game shows no key, placeholder, undefined, NaN or empty label in any language', () => {
  for (const config of CONFIGS) {
    const policy = config.game.fixture.playoutPolicy ?? uniformPolicy;
    it(config.name, async () => {
      const seed = `i18n:${config.name}`;
      const svc = createGameService({ store, modules: GAMES.modules, clock, logger: createLogger({ level: 'silent', format: 'json' }), newSeed: () => seed });
      const presenter = GAMES.presenters(inProcessBoardRenderer(GAMES)).get(config.game.id) as GamePresenter;
      const lobby = must(
        await svc.createLobby({
          guildId: '1',
          channelId: '2',
          kind: config.game.id,
          host: { userId: USERS[0]!, displayName: DISPLAY[0]! },
          locale: 'en',
          capacity: config.players,
          layout: config.settings.layout,
          variant: config.settings.variant,
          expansion: config.settings.expansion ?? null,
        }),
      ).game;
      for (let i = 1; i < config.players; i++) must(await svc.join(lobby.row.id, { userId: USERS[i]!, displayName: DISPLAY[i]! }));
      const full = must(await svc.byId(lobby.row.id)).game as LobbySnapshot;
      for (const locale of LOCALES) expectPublic(lobbyMessage(inLocale(full, locale), presenter), `lobby ${locale}`);

      let game: ActiveSnapshot = must(await svc.start(lobby.row.id, USERS[0]!, full.row.version)).game;
      for (const locale of LOCALES) expectPublic(await boardMessage(svc, inLocale(game, locale), presenter), `first board ${locale}`);

      const rng = seedRng(`policy:${seed}`);
      const userOf = (seat: Seat): string => game.seats.find((s) => s.seat === seat)!.userId;
      let did: readonly GameEvent[] = [];
      let summary: BoardNotes = {};
      let actions = 0;
      let turns = 0;
      const keysSeen = new Set<string>();
      while (game.row.status === 'active') {
        expect(actions, 'the game ends').toBeLessThan(MAX_ACTIONS);
        const seat = svc.activeSeats(game)[0]!;
        const at = `action ${actions} seat ${seat}`;
        // Each state's panel in one language, the languages in turn: over a game every kind of panel is read
        // in each of them many times, at a third of the cost (the compound labels have their own scan).
        for (const locale of [LOCALES[actions % LOCALES.length]!]) {
          const panel = await panelMessage(svc, game, presenter, seat, locale, { did });
          expectPublic(panel, `${at} panel ${locale}`);
          for (const action of panelActions(svc, game, presenter, seat, locale)) {
            expectReadable(action.label, `${at} action label ${locale}`);
            expectReadable(action.groupLabel, `${at} group label ${locale}`);
          }
          expectReadable(handMessage(svc, game, presenter, seat, locale).content, `${at} hand ${locale}`);
          const status = presenter.status(svc.publicView(game), locale, names(game));
          if (status !== '') expectReadable(status, `${at} status ${locale}`);
        }
        if (actions === 20) {
          for (const locale of LOCALES) {
            const g = inLocale(game, locale);
            expectPublic(reminderMessage(g, presenter, [seat], 1, 3), `reminder ${locale}`);
            expectPublic(voteMessage(g, [seat], 24, false, [null]), `vote ${locale}`);
            expectPublic(voteMessage(g, [seat], 1, true, [{ skip: ['x'], kick: [], needed: 1 }]), `vote repeat ${locale}`);
          }
        }
        const legal = svc.legalActions(game, seat);
        const index = legal.indexOf(policy(game.state, seat, legal, rng));
        expect(index).toBeGreaterThanOrEqual(0);
        const outcome = must(await svc.act(game.row.id, userOf(seat), seat, game.row.version, index)).outcome;
        actions++;
        did = outcome.entries.flatMap((e) => e.events);
        for (const e of did) keysSeen.add(e.key);
        game = outcome.after;
        if (outcome.turnEnded) {
          turns++;
          summary = { summary: outcome.summary };
          // The log as /game log shows it during play (its title, page count and buttons), public and private,
          // every fifth turn, the languages in turn. Every line of the log is read in every language at the end:
          // reading the whole log after every turn cost the square of the game's length.
          if (turns % 5 === 0) {
            const locale = LOCALES[(turns / 5) % LOCALES.length]!;
            expectPublic((await logMessage(svc, game, presenter, null, locale, { perPage: 3 })) ?? { content: '', components: [] }, `log after turn ${turns} ${locale}`);
            expectPublic((await logMessage(svc, game, presenter, seat, locale, { perPage: 3 })) ?? { content: '', components: [] }, `private log after turn ${turns} ${locale}`);
          }
        }
      }
      expect(svc.isOver(game)).toBe(true);
      for (const locale of LOCALES) {
        const g = inLocale(game, locale);
        expectPublic(await boardMessage(svc, g, presenter, summary), `final board ${locale}`);
        for (const line of await standingsLines(svc, g, presenter, locale)) expectReadable(line, `standings ${locale}`);
        // Every line of the finished game's log, as the table and as each player (their private events too).
        for (const viewer of [null, ...game.seats.map((s) => s.seat)]) {
          const lines = await logLines(svc, game, presenter, viewer, locale);
          expect(lines.length, `log lines ${locale}`).toBeGreaterThan(turns);
          lines.forEach((line, n) => expectReadable(line, `log line ${n + 1} for ${viewer ?? 'the table'} ${locale}`));
        }
        expectPublic((await logMessage(svc, game, presenter, null, locale, { perPage: 3 })) ?? { content: '', components: [] }, `final log ${locale}`);
      }
      expect(turns).toBeGreaterThan(10);
      expect(keysSeen.size).toBeGreaterThan(15);
    }, 600_000);
  }
});
