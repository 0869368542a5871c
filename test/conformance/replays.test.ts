/**
 * Replays of seeded games: the frames cover the whole log, turn by turn, each frame's state is exactly the
 * log replayed to its end (from the state kept at its round's start), and no frame shows anything hidden:
 * its view is the public one (scanned with the game's own view checks) and its text, in every language,
 * holds none of that turn's private events. A running game's replay leaves its turn in progress out.
 */
import { describe, expect, it } from 'vitest';
import { playingSeats, isOver, standings } from '../../src/app/service/queries.js';
import type { ActiveSnapshot, GameService } from '../../src/app/game-service.js';
import type { EffectiveEntry } from '../../src/app/log.js';
import { ReplayBook, type OpenReplay, type ReplayFrameView } from '../../src/app/replay/book.js';
import { buildReplayIndex } from '../../src/app/replay/frames.js';
import { replayFrameMessage } from '../../src/discord/replay/frame-message.js';
import { LOCALES, step, type GameEvent } from '../../src/engine/index.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';
import { CONFORMANCE_GAMES, SPREAD_TABLES, playedGame, type Table } from './games.js';

const PRESENTERS = CONFORMANCE_GAMES.presenters(inProcessBoardRenderer(CONFORMANCE_GAMES));

interface Logged {
  readonly entries: EffectiveEntry[];
  /** The state after each entry (index i: after entries[0..i]). */
  readonly states: unknown[];
  readonly setup: unknown;
  readonly seed: string;
}

/** The table's seeded game as the effective log the service would store (with each step's events). */
function loggedGame(table: Table): Logged {
  const { def } = table.game;
  const game = playedGame(table);
  const setup = game.states[0];
  let current = { state: setup, version: 0 };
  const entries: EffectiveEntry[] = [];
  const states: unknown[] = [];
  game.steps.forEach(({ seat, action }, sequence) => {
    const stepped = step(def, current, { seat, action });
    if (!stepped.ok) throw new Error(`the log does not replay at ${sequence}`);
    entries.push({ sequence, seat, action, events: stepped.events, checkpoint: stepped.checkpoint });
    states.push(stepped.next.state);
    current = stepped.next;
  });
  return { entries, states, setup, seed: game.seed };
}

/** The game as the Discord layer sees it once finished: its players, seated as in the lobby. */
function finishedSnapshot(table: Table, game: Logged): ActiveSnapshot {
  return {
    kind: 'active',
    row: { id: 7, version: game.entries.length, status: 'finished', locale: 'en', seed: game.seed, kind: table.game.id },
    seats: Array.from({ length: table.players }, (_, seat) => ({ gameId: 7, seat, userId: `10000000000000000${seat}`, displayName: `Player ${seat + 1}`, leftAt: null, removedAt: null, computer: null })),
    module: table.game.module,
    settings: table.settings,
    options: table.options,
    state: game.states.at(-1),
  } as unknown as ActiveSnapshot;
}

/** What a private event says, in every language, with the players' names: none of it may be in a frame. */
function privateTexts(table: Table, events: readonly GameEvent[], names: readonly string[]): string[] {
  const presenter = PRESENTERS.get(table.game.id)!;
  return events.filter((e) => e.visibleTo !== undefined).flatMap((e) => LOCALES.map((locale) => presenter.format(e, locale, names)));
}

describe.each(SPREAD_TABLES.map((table) => [table.name, table] as const))('%s', (_name, table) => {
  const { def, module, fixture } = table.game;

  it('the frames of a seeded game cover the log, replay exactly, and show nothing hidden', async () => {
    const game = loggedGame(table);
    const index = buildReplayIndex({ module, options: table.options, seed: game.seed, seats: table.players, entries: game.entries, ended: true });
    // Turn after turn, without a gap, to the end; rounds counted up from 1, each starting where it says.
    expect(index.frames[0]).toEqual({ index: 0, round: 0, from: 0, to: 0 });
    for (let k = 1; k < index.frames.length; k++) {
      const frame = index.frames[k]!;
      expect(frame.from).toBe(index.frames[k - 1]!.to);
      expect(frame.to).toBeGreaterThan(frame.from);
      expect(frame.round - index.frames[k - 1]!.round).toBeGreaterThanOrEqual(k === 1 ? 1 : 0);
      expect(frame.round - index.frames[k - 1]!.round).toBeLessThanOrEqual(1);
      expect(index.roundStarts[frame.round]).toBeLessThanOrEqual(k);
    }
    expect(index.frames.at(-1)!.to).toBe(game.entries.length);
    expect(index.rounds).toBeGreaterThan(5);
    expect(index.frames.length).toBeGreaterThan(index.rounds);

    const snapshot = finishedSnapshot(table, game);
    // Nobody took a seat from the bench: no seat changed hands.
    const open: OpenReplay = { ok: true, game: snapshot, index, holders: new Map() };
    const book = new ReplayBook(null as unknown as GameService);
    const service = { isOver, standings, playingSeats, finalResult: async () => [] } as unknown as GameService;
    const presenter = PRESENTERS.get(table.game.id)!;
    const names = snapshot.seats.map((s) => s.displayName);
    let privateChecked = 0;
    for (const frame of index.frames) {
      const shown: ReplayFrameView = book.frame(open, frame);
      // The state shown is the log replayed to the frame's end.
      const expected = frame.to === 0 ? game.setup : game.states[frame.to - 1];
      expect(JSON.stringify(shown.view), `frame ${frame.index}`).toBe(JSON.stringify(def.view(expected, null)));
      // The view is the public one, scanned with the game's own checks.
      fixture.checkViews?.(expected);
      expect(JSON.stringify(shown.view)).not.toMatch(/"(hand|deck|rng)"/);
      // The text, in every language: none of this turn's private events; the picture gets public events only.
      const secrets = privateTexts(table, shown.entries.flatMap((e) => e.events), names);
      for (const locale of LOCALES) {
        const message = await replayFrameMessage(service, open, shown, presenter, locale, async (pictured, lastTurn) => {
          expect(pictured.view).toBe(shown.view);
          for (const event of lastTurn) expect(event.visibleTo).toBeUndefined();
          return null;
        });
        for (const secret of secrets) {
          expect(message.content, `frame ${frame.index}`).not.toContain(secret);
          privateChecked++;
        }
        expect(message.content.length).toBeLessThanOrEqual(2000);
      }
    }
    // The games had secrets to keep: cards drawn in private.
    expect(privateChecked).toBeGreaterThan(10);
  });

  it('a running game leaves its turn in progress out; an ended one shows its last moves', () => {
    const game = loggedGame(table);
    const ended = buildReplayIndex({ module, options: table.options, seed: game.seed, seats: table.players, entries: game.entries, ended: true });
    // Cut the log inside a turn: the frames of a running game stop at the last finished turn.
    const turn = ended.frames.find((f) => f.index > 3 && f.to - f.from >= 2)!;
    const cut = game.entries.slice(0, turn.from + 1);
    const running = buildReplayIndex({ module, options: table.options, seed: game.seed, seats: table.players, entries: cut, ended: false });
    expect(running.frames.at(-1)!.to).toBe(turn.from);
    expect(running.frames).toEqual(ended.frames.slice(0, turn.index));
    // Abandoned there, the same log ends with that turn's first move as a frame of its own.
    const abandoned = buildReplayIndex({ module, options: table.options, seed: game.seed, seats: table.players, entries: cut, ended: true });
    expect(abandoned.frames.at(-1)).toMatchObject({ from: turn.from, to: turn.from + 1 });
  });
});
