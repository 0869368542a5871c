/**
 * Your data to take away: a game that has ended exports as its whole log with its seed, and the file, read
 * back as untrusted input, replays in the engine to the very state the bot holds and the ranks it stored; a
 * running game exports its public log only (no seed, no action, no event meant for one player); a server's
 * results export as CSV, a row per seat, safe to open in a spreadsheet. Whole fuzzed games of Istanbul (with
 * undos: a move taken back is not in the file) and Kairo, played through the game service on each store.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { exportGame, GAME_EXPORT_FORMAT, GAME_EXPORT_VERSION } from '../../src/app/export/game-export.js';
import { readGameExport, replayGameExport } from '../../src/app/export/replay-export.js';
import { RESULT_COLUMNS, resultsCsv } from '../../src/app/export/results-csv.js';
import { createGameService, type ActiveSnapshot, type GameService } from '../../src/app/game-service.js';
import { seedRng } from '../../src/engine/index.js';
import { GAMES } from '../../src/games/index.js';
import type { IstanbulAction, IstanbulState } from '../../src/games/istanbul/index.js';
import type { KairoAction, KairoState } from '../../src/games/kairo/index.js';
import type { Store } from '../../src/persistence/store.js';
import { chooseIstanbul } from '../discord/istanbul-policy.js';
import { pickKairo } from '../discord/kairo-policy.js';
import { must, silentLogger, standingClock } from '../support/service-fixtures.js';
import { testStores } from '../support/test-stores.js';

const stores = testStores('export');
const clock = standingClock();
const users = ['100000000000000001', '100000000000000002', '100000000000000003'];
const GUILD = '7';
let store: Store;

function service(seed: string): GameService {
  return createGameService({ store, modules: GAMES.modules, clock, logger: silentLogger, newSeed: () => seed });
}

/** A game of `kind` for `names.length` players, started; the players named as given. */
async function started(svc: GameService, kind: string, channelId: string, names: readonly string[]): Promise<ActiveSnapshot> {
  const lobby = must(await svc.createLobby({ guildId: GUILD, channelId, kind, host: { userId: users[0]!, displayName: names[0]! }, locale: 'en' })).game;
  for (let i = 1; i < names.length; i++) must(await svc.join(lobby.row.id, { userId: users[i]!, displayName: names[i]! }));
  const game = must(await svc.start(lobby.row.id, users[0]!, must(await svc.byId(lobby.row.id)).game.row.version)).game;
  return reloaded(svc, game);
}

/** Plays on (taking a move back now and then) until the game ends or `until` says stop. */
async function play(svc: GameService, game: ActiveSnapshot, until: (game: ActiveSnapshot, step: number) => boolean = () => false): Promise<ActiveSnapshot> {
  const rng = seedRng(`export-policy:${game.row.id}`);
  for (let step = 0; step < 4000 && game.row.status === 'active' && !until(game, step); step++) {
    const seat = svc.activeSeats(game)[0]!;
    const user = game.seats.find((s) => s.seat === seat)!.userId;
    if (step % 11 === 5 && (await svc.canUndo(game, seat))) {
      must(await svc.undo(game.row.id, user, seat, game.row.version));
      game = await reloaded(svc, game);
      continue;
    }
    const legal = svc.legalActions(game, seat);
    const action =
      game.row.kind === 'istanbul'
        ? chooseIstanbul(game.state as IstanbulState, seat, legal as IstanbulAction[])
        : pickKairo(game.state as KairoState, seat, legal as KairoAction[], new Set(legal.keys()), rng);
    must(await svc.act(game.row.id, user, seat, game.row.version, action));
    // As stored: what followed the move (a forced answer played for the next seat) included.
    game = await reloaded(svc, game);
  }
  return game;
}

async function reloaded(svc: GameService, game: ActiveSnapshot): Promise<ActiveSnapshot> {
  return must(await svc.byId(game.row.id)).game as ActiveSnapshot;
}

/** The file as the user downloads it, read back as the bot reads any file from outside. */
async function downloaded(svc: GameService, game: ActiveSnapshot) {
  const read = readGameExport(`${JSON.stringify(await exportGame(svc, game), null, 1)}\n`);
  if (!read.ok) throw new Error(`the export does not read back: ${read.reason}`);
  return read.exported;
}

describe.each(stores)('/game export on $label', (under) => {
  beforeEach(async () => {
    if (under.available) ({ store } = await under.open({ now: () => clock.now() }));
  });

  it.runIf(under.available).each([
    { kind: 'istanbul', names: ['Aylin', 'Bram', 'Cem'] },
    { kind: 'kairo', names: ['Aylin', 'Bram'] },
  ])('a finished $kind game replays from its file, move by move, to the state and the ranks the bot stored', async ({ kind, names }) => {
    const svc = service(`export-${kind}`);
    const game = await play(svc, await started(svc, kind, `5${kind.length}`, names));
    expect(game.row.status).toBe('finished');

    const file = await downloaded(svc, game);
    expect(file).toMatchObject({ format: GAME_EXPORT_FORMAT, version: GAME_EXPORT_VERSION, complete: true, game: { id: game.row.id, kind, status: 'finished', seed: game.row.seed } });
    expect(file.game.seats.map((s) => s.name)).toEqual(game.seats.map((s) => s.displayName));
    // Only the moves in effect: as many as the log the bot replays, fewer than were clicked.
    expect(file.moves).toHaveLength((await svc.effectiveLog(game)).length);

    const replayed = replayGameExport(GAMES.modules, file);
    if (!replayed.ok) throw new Error(replayed.reason);
    expect(JSON.stringify(replayed.state)).toBe(JSON.stringify(game.state));
    expect(replayed.over).toBe(true);
    const stored = await svc.finalResult(game.row.id);
    expect(replayed.standings.map(({ seat, rank }) => ({ seat, rank })).sort((a, b) => a.seat - b.seat)).toEqual(stored.map(({ seat, rank }) => ({ seat, rank })));
    expect(file.game.result).toEqual(stored.map(({ seat, rank, left }) => ({ seat, rank, left })));
  });

  it.runIf(under.available)('a running game exports what the table was told: no seed, no action, no private event, and it does not replay', async () => {
    const svc = service('export-running');
    const game = await play(svc, await started(svc, 'istanbul', '61', ['Aylin', 'Bram']), (_, step) => step === 120);
    expect(game.row.status).toBe('active');
    const entries = await svc.effectiveLog(game);
    // The game's log holds events meant for one player (a card drawn): the public file must not.
    expect(entries.some((e) => e.events.some((ev) => ev.visibleTo !== undefined))).toBe(true);

    const file = await downloaded(svc, game);
    expect(file.complete).toBe(false);
    expect(file.game).not.toHaveProperty('seed');
    expect(file.game).not.toHaveProperty('options');
    expect(file.moves).toHaveLength(entries.length);
    for (const move of file.moves) {
      expect(move).not.toHaveProperty('action');
      for (const event of move.events) expect(event.visibleTo).toBeUndefined();
    }
    expect(JSON.stringify(file)).not.toContain(game.row.seed);
    expect(replayGameExport(GAMES.modules, file)).toMatchObject({ ok: false });
  });

  it.runIf(under.available)("a server's results: a row per seat of each ended game, newest first, names that cannot run as formulas", async () => {
    const svc = service('export-results');
    const first = await play(svc, await started(svc, 'kairo', '71', ['=HYPERLINK("http://x")', 'Bram, "the Bold"']));
    const second = await play(svc, await started(svc, 'kairo', '72', ['Aylin', '@Bram']));
    const rows = await svc.serverResults(GUILD, 100);
    expect(rows.map((r) => [r.gameId, r.seat])).toEqual([
      [second.row.id, 0],
      [second.row.id, 1],
      [first.row.id, 0],
      [first.row.id, 1],
    ]);
    // Another server's results are not this server's.
    expect(await svc.serverResults('8', 100)).toEqual([]);

    const lines = resultsCsv(rows).split('\r\n');
    expect(lines[0]).toBe(RESULT_COLUMNS.join(','));
    expect(lines).toHaveLength(rows.length + 2);
    expect(lines.at(-1)).toBe('');
    const winner = (await svc.finalResult(first.row.id)).find((r) => r.rank === 1)!;
    const firstRows = lines.filter((l) => l.startsWith(`${first.row.id},kairo,finished,71,`));
    expect(firstRows).toHaveLength(2);
    expect(firstRows[winner.seat]).toMatch(/,1,no$/);
    // A name a spreadsheet would run is written as text; a comma or a quote is quoted, as RFC 4180 says.
    const written = (name: string): string => (name.startsWith('=') ? `"'=HYPERLINK(""http://x"")"` : '"Bram, ""the Bold"""');
    for (const seat of first.seats) {
      expect(firstRows.filter((l) => l.includes(`,${seat.seat},${seat.userId},${written(seat.displayName)},`))).toHaveLength(1);
    }
    expect(lines.some((l) => l.includes(`,'@Bram,`))).toBe(true);
  });
});

describe('an export read back from outside', () => {
  const base = { format: GAME_EXPORT_FORMAT, version: GAME_EXPORT_VERSION, complete: true, game: { id: 1, kind: 'tally', seed: 's', seats: [{ seat: 0 }, { seat: 1 }] }, moves: [] };

  it.each([
    ['not JSON at all', '{"format":', /not JSON/],
    ['another format', JSON.stringify({ ...base, format: 'chess-pgn' }), /not a bazaar-game file/],
    ['a later version', JSON.stringify({ ...base, version: 2 }), /version 2; this reads version 1/],
    ['a complete file without its seed', JSON.stringify({ ...base, game: { ...base.game, seed: undefined } }), /game\.seed/],
    ['a move by a seat the game does not have', JSON.stringify({ ...base, moves: [{ sequence: 1, seat: 2, action: {}, events: [] }] }), /moves\[0\]: .*seat/],
    ['a move of a complete file without its action', JSON.stringify({ ...base, moves: [{ sequence: 1, seat: 0, events: [] }] }), /moves\[0\]: an action/],
  ])('is refused with the reason when it is %s', (_, text, reason) => {
    const read = readGameExport(text);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.reason).toMatch(reason);
  });
});
