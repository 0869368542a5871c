/**
 * A game's replay as frames, computed from its deterministic action log. Frame 0 is the start (the setup,
 * before any move); frame k is the board after the k-th turn, as the channel saw it: a turn ends where the
 * game's board marker changes (see boardMarkerOf), so the frames are the boards the channel was posted.
 * A running game's turn in progress is left out: its moves are not public yet (they may still be undone).
 *
 * Rounds follow the playing order: a round begins when the turn comes back to a seat at or before the
 * previous turn's seat in that order (the same seat again, a double move's extra turn, stays in its round).
 * Building the index replays the whole log once and keeps the state at the start of each round; a frame
 * is then at most one round's moves away from a kept state, so stepping never replays from the start.
 */
import { step, type AnyGameDefinition, type Seat } from '../../engine/index.js';
import { isRemoveSeat, type EffectiveEntry } from '../log.js';
import { boardMarkerOf, playingOrder, type GameModule } from '../module.js';

export interface ReplayFrame {
  /** 0: the start. */
  readonly index: number;
  /** 0 for the start; from 1 on, the round this turn was played in. */
  readonly round: number;
  /** The turn's entries: `entries[from]` up to (not including) `entries[to]`. */
  readonly from: number;
  readonly to: number;
}

export interface ReplayIndex {
  readonly frames: readonly ReplayFrame[];
  /** How many rounds (0 when no turn was played yet). */
  readonly rounds: number;
  /** The first frame of each round; `[0]` is the start frame. */
  readonly roundStarts: readonly number[];
  /** The effective log replayed (a running game's turn in progress included, though no frame shows it). */
  readonly entries: readonly EffectiveEntry[];
  /** The state before each round's first move; `[0]` is the setup. */
  readonly kept: readonly { readonly entry: number; readonly state: unknown }[];
}

export class ReplayBrokenError extends Error {
  override readonly name = 'ReplayBrokenError';
}

/** One entry of the effective log applied to a state, as the game service applied it. */
function advance(def: AnyGameDefinition, state: unknown, entry: EffectiveEntry, index: number): unknown {
  if (isRemoveSeat(entry.action)) {
    const removed = def.removeSeat?.(state, entry.seat) ?? null;
    if (removed === null) throw new ReplayBrokenError(`entry ${index}: the game no longer removes seat ${entry.seat}`);
    return removed.state;
  }
  const result = step(def, { state, version: 0 }, { seat: entry.seat, action: entry.action });
  if (!result.ok) throw new ReplayBrokenError(`entry ${index} (sequence ${entry.sequence}): ${result.code}: ${result.detail}`);
  return result.next.state;
}

export interface ReplaySource {
  readonly module: GameModule;
  readonly options: unknown;
  readonly seed: string;
  readonly seats: number;
  readonly entries: readonly EffectiveEntry[];
  /** The game has ended (finished or abandoned): its last moves form a frame even if no new turn began. */
  readonly ended: boolean;
}

/** Replays the log once: where each turn ends, its round, and the states kept at round starts. */
export function buildReplayIndex(source: ReplaySource): ReplayIndex {
  const { module, entries } = source;
  const def = module.definition;
  const setup = def.setup(source.options, source.seed);
  const order = playingOrder(module, setup, source.seats);
  const position = (seat: Seat): number => order.indexOf(seat);
  const frames: ReplayFrame[] = [{ index: 0, round: 0, from: 0, to: 0 }];
  const roundStarts = [0];
  const kept = [{ entry: 0, state: setup }];
  let state = setup;
  let marker = boardMarkerOf(module, state);
  let from = 0;
  let turnStart = state;
  let round = 0;
  let previousSeat: Seat | undefined;

  const closeTurn = (to: number): void => {
    const turn = entries.slice(from, to);
    // The turn's player: who made its first move (a seat taken out by the rules only ends the turn).
    const seat = turn.find((e) => !isRemoveSeat(e.action))?.seat ?? previousSeat ?? turn[0]?.seat ?? 0;
    const wrapped = previousSeat !== undefined && seat !== previousSeat && position(seat) <= position(previousSeat);
    if (round === 0 || wrapped) {
      round++;
      roundStarts.push(frames.length);
      kept.push({ entry: from, state: turnStart });
    }
    frames.push({ index: frames.length, round, from, to });
    previousSeat = seat;
    from = to;
    turnStart = state;
  };

  entries.forEach((entry, i) => {
    state = advance(def, state, entry, i);
    const next = boardMarkerOf(module, state);
    if (next !== marker) {
      marker = next;
      closeTurn(i + 1);
    }
  });
  if (source.ended && from < entries.length) closeTurn(entries.length);
  return { frames, rounds: round, roundStarts, entries, kept };
}

/** The state a frame shows: replayed from the state kept at the start of its round. */
export function frameState(def: AnyGameDefinition, index: ReplayIndex, frame: ReplayFrame): unknown {
  const start = index.kept[frame.round];
  if (start === undefined) throw new ReplayBrokenError(`no state kept for round ${frame.round}`);
  let state = start.state;
  for (let i = start.entry; i < frame.to; i++) state = advance(def, state, index.entries[i] as EffectiveEntry, i);
  return state;
}
