/**
 * Replays of fuzzed games of all three games: the frames cover the whole log, turn by turn, each
 * frame's state is exactly the log replayed to its end (from the state kept at its round's start), and no
 * frame shows anything hidden: its view is the public one (scanned as the hidden-information checks of
 * the fuzz tests scan it) and its text, in every language, holds none of that turn's private events.
 */
import { describe, expect, it } from 'vitest';
import { playingSeats, isOver, standings } from '../../src/app/service/queries.js';
import type { ActiveSnapshot, GameService } from '../../src/app/game-service.js';
import type { EffectiveEntry } from '../../src/app/log.js';
import { ReplayBook, type OpenReplay, type ReplayFrameView } from '../../src/app/replay/book.js';
import { buildReplayIndex } from '../../src/app/replay/frames.js';
import { replayFrameMessage } from '../../src/discord/replay/frame-message.js';
import { step, type AnyGameDefinition, type GameEvent, type Locale, type Seat } from '../../src/engine/index.js';
import { GAMES } from '../../src/games/index.js';
import type { IstanbulState } from '../../src/games/istanbul/index.js';
import type { KairoState } from '../../src/games/kairo/types.js';
import { inProcessBoardRenderer } from '../../src/render/board-job.js';
import { playout, uniformPolicy } from '../harness/playout.js';
import { setupFor, type GameVariant } from '../bench/ai-match.js';
import { biasedPolicy } from '../games/istanbul/policy.js';
import { expansionPolicy } from '../games/istanbul/expansion/policy.js';
import { checkViews } from '../games/istanbul/invariants.js';
import { viewInvariants } from '../games/kairo/fuzz-invariants.js';

const FUZZ_POLICY = { istanbul: biasedPolicy, 'istanbul-ls': expansionPolicy, kairo: uniformPolicy } as const;
const presenters = GAMES.presenters(inProcessBoardRenderer(GAMES));

interface Fuzzed {
  readonly def: AnyGameDefinition;
  readonly kind: 'istanbul' | 'kairo';
  readonly options: unknown;
  readonly entries: EffectiveEntry[];
  /** The state after each entry (index i: after entries[0..i]). */
  readonly states: unknown[];
  readonly setup: unknown;
}

/** A fuzzed game played to its end, as the effective log the service would store (with each step's events). */
function fuzzedGame(variant: GameVariant, players: number, seed: string): Fuzzed {
  const { def, options } = setupFor(variant, players) as { def: AnyGameDefinition; options: unknown };
  const policy = FUZZ_POLICY[variant] as (s: unknown, seat: Seat, legal: readonly unknown[], rng: unknown) => unknown;
  const result = playout({ def, options, seed, maxSteps: 20_000, checkReplay: false, checkJsonRoundTrip: false, policy });
  expect(def.isOver(result.final.state)).toBe(true);
  const setup = def.setup(options, seed);
  let current = { state: setup, version: 0 };
  const entries: EffectiveEntry[] = [];
  const states: unknown[] = [];
  result.log.forEach((logged, sequence) => {
    const stepped = step(def, current, logged);
    if (!stepped.ok) throw new Error(`the log does not replay at ${sequence}`);
    entries.push({ sequence, seat: logged.seat, action: logged.action, events: stepped.events, checkpoint: stepped.checkpoint });
    states.push(stepped.next.state);
    current = stepped.next;
  });
  return { def, kind: variant === 'kairo' ? 'kairo' : 'istanbul', options, entries, states, setup };
}

/** The game as the Discord layer sees it once finished: its players, seated as in the lobby. */
function finishedSnapshot(game: Fuzzed, players: number): ActiveSnapshot {
  const module = GAMES.modules.get(game.kind)!;
  return {
    kind: 'active',
    row: { id: 7, version: game.entries.length, status: 'finished', locale: 'en', seed: 'fuzz', kind: game.kind },
    seats: Array.from({ length: players }, (_, seat) => ({ gameId: 7, seat, userId: `10000000000000000${seat}`, displayName: `Player ${seat + 1}`, leftAt: null, removedAt: null, computer: null })),
    module,
    settings: { capacity: players, layout: null, variant: null },
    options: game.options,
    state: game.states.at(-1),
  } as unknown as ActiveSnapshot;
}

/** What a private event says, in every language, with the players' names: none of it may be in a frame. */
function privateTexts(kind: string, events: readonly GameEvent[], names: readonly string[]): string[] {
  const presenter = presenters.get(kind)!;
  return events.filter((e) => e.visibleTo !== undefined).flatMap((e) => (['en', 'de', 'nl'] as const).map((locale) => presenter.format(e, locale, names)));
}

describe('replays of fuzzed games', () => {
  it.each([
    ['istanbul', 3, 'replay-i3'],
    ['istanbul-ls', 4, 'replay-ls4'],
    ['kairo', 3, 'replay-k3'],
    ['kairo', 2, 'replay-k2'],
  ] as const)('%s with %i players: frames cover the log, replay exactly, and show nothing hidden', async (variant, players, seed) => {
    const game = fuzzedGame(variant, players, seed);
    const module = GAMES.modules.get(game.kind)!;
    const index = buildReplayIndex({ module, options: game.options, seed, seats: players, entries: game.entries, ended: true });
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

    const snapshot = finishedSnapshot(game, players);
    const open: OpenReplay = { ok: true, game: snapshot, index };
    const book = new ReplayBook(null as unknown as GameService);
    const service = { isOver, standings, playingSeats, finalResult: async () => [] } as unknown as GameService;
    const presenter = presenters.get(game.kind)!;
    const names = snapshot.seats.map((s) => s.displayName);
    let privateChecked = 0;
    for (const frame of index.frames) {
      const shown: ReplayFrameView = book.frame(open, frame);
      // The state shown is the log replayed to the frame's end.
      const expected = frame.to === 0 ? game.setup : game.states[frame.to - 1];
      expect(JSON.stringify(shown.view), `frame ${frame.index}`).toBe(JSON.stringify(game.def.view(expected, null)));
      // The view is the public one, scanned as the fuzz tests scan it.
      if (game.kind === 'istanbul') checkViews(expected as IstanbulState);
      else viewInvariants(expected as KairoState);
      expect(JSON.stringify(shown.view)).not.toMatch(/"(hand|deck|rng)"/);
      // The text, in every language: none of this turn's private events; the picture gets public events only.
      const secrets = privateTexts(game.kind, shown.entries.flatMap((e) => e.events), names);
      for (const locale of ['en', 'de', 'nl'] as Locale[]) {
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
  }, 300_000);

  it('a running game leaves its turn in progress out; an ended one shows its last moves', () => {
    const game = fuzzedGame('kairo', 2, 'replay-running');
    const module = GAMES.modules.get('kairo')!;
    const ended = buildReplayIndex({ module, options: game.options, seed: 'replay-running', seats: 2, entries: game.entries, ended: true });
    // Cut the log inside a turn: the frames of a running game stop at the last finished turn.
    const turn = ended.frames.find((f) => f.index > 3 && f.to - f.from >= 2)!;
    const cut = game.entries.slice(0, turn.from + 1);
    const running = buildReplayIndex({ module, options: game.options, seed: 'replay-running', seats: 2, entries: cut, ended: false });
    expect(running.frames.at(-1)!.to).toBe(turn.from);
    expect(running.frames).toEqual(ended.frames.slice(0, turn.index));
    // Abandoned there, the same log ends with that turn's first move as a frame of its own.
    const abandoned = buildReplayIndex({ module, options: game.options, seed: 'replay-running', seats: 2, entries: cut, ended: true });
    expect(abandoned.frames.at(-1)).toMatchObject({ from: turn.from, to: turn.from + 1 });
  });
});
