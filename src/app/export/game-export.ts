/**
 * A game to take away, as JSON in a documented, versioned format (docs/export-format.md). A game that has
 * ended gives everything: its engine options, its seed and every move in effect with all its events, from
 * which the engine replays it to the same end (replay-export.ts). A running game gives only what anyone at
 * the table could read: its seats and each move's public events; never its seed, an action or an event
 * meant for one player, from which a hand could be rebuilt.
 */
import { visibleEvents, type GameEvent, type Seat } from '../../engine/index.js';
import type { GameService } from '../game-service.js';
import { isRemoveSeat, type EffectiveEntry } from '../log.js';
import { isComputerSeatId } from '../service/seat-identity.js';
import type { ActiveSnapshot } from '../service/types.js';

export const GAME_EXPORT_FORMAT = 'bazaar-game';
export const GAME_EXPORT_VERSION = 1;

export interface ExportedSeat {
  readonly seat: Seat;
  readonly name: string;
  /** The Discord user who holds the seat; null for a seat added as a computer player. */
  readonly userId: string | null;
  /** The level of the computer player that plays the seat now (null: its human plays it). */
  readonly computer: string | null;
  /** The player left the game, or was removed from it, before it ended. */
  readonly left: boolean;
  /**
   * Who held the seat, in order, each from the log sequence of their first move on it (0: from the start),
   * for a seat that changed hands (a substitute took it from the bench); absent for one that never did.
   */
  readonly holders?: readonly { readonly userId: string; readonly name: string; readonly fromSequence: number }[];
}

/** One move in effect, in the order played (moves taken back with undo are not in the log). */
export interface ExportedMove {
  readonly sequence: number;
  readonly seat: Seat;
  /** The engine's action (a complete export only). */
  readonly action?: unknown;
  /** The rules took the seat out of the game here (a player left); no action (a complete export only). */
  readonly removeSeat?: true;
  /** What happened: every event in a complete export; the public ones only in a running game's. */
  readonly events: readonly GameEvent[];
  /** A computer player made this move (for a computer's seat, or standing in for its human). */
  readonly computer?: true;
  /** The computer could not decide in time, and a safe legal move was played for it. */
  readonly fallback?: true;
}

export interface GameExport {
  readonly format: typeof GAME_EXPORT_FORMAT;
  readonly version: typeof GAME_EXPORT_VERSION;
  /** True for a game that has ended: options, seed and actions are there, and it replays. */
  readonly complete: boolean;
  readonly game: {
    readonly id: number;
    readonly kind: string;
    readonly status: 'active' | 'finished' | 'abandoned';
    /** When the game was created (its lobby opened), ISO 8601 in UTC. */
    readonly createdAt: string;
    /** When it ended, ISO 8601 in UTC; null while it runs. */
    readonly endedAt: string | null;
    /** The options the table was opened with (layout, variant, expansion, clock...): public. */
    readonly settings: unknown;
    /** The engine's options built from them (a complete export only). */
    readonly options?: unknown;
    /** The seed of the game's random generator (a complete export only). */
    readonly seed?: string;
    readonly seats: readonly ExportedSeat[];
    /** The stored result of a finished game, one rank per seat (1 = won; equal ranks tie). */
    readonly result?: readonly { readonly seat: Seat; readonly rank: number; readonly left: boolean }[];
  };
  readonly moves: readonly ExportedMove[];
}

/** The export of `game`: complete once it has ended, the public log while it runs. */
export async function exportGame(service: GameService, game: ActiveSnapshot): Promise<GameExport> {
  const status = game.row.status === 'finished' || game.row.status === 'abandoned' ? game.row.status : 'active';
  const complete = status !== 'active';
  const entries = await service.effectiveLog(game);
  const holders = await service.seatHolders(game);
  const seats = game.seats.map((s): ExportedSeat => {
    const held = holders.get(s.seat) ?? [];
    return {
      seat: s.seat,
      name: s.displayName,
      userId: isComputerSeatId(s.userId) ? null : s.userId,
      computer: s.computer,
      left: s.leftAt !== null,
      ...(held.length > 1 ? { holders: held.map((h) => ({ userId: h.userId, name: h.displayName, fromSequence: h.fromSequence })) } : {}),
    };
  });
  const result = status === 'finished' ? (await service.finalResult(game.row.id)).map(({ seat, rank, left }) => ({ seat, rank, left })) : undefined;
  return {
    format: GAME_EXPORT_FORMAT,
    version: GAME_EXPORT_VERSION,
    complete,
    game: {
      id: game.row.id,
      kind: game.row.kind,
      status,
      createdAt: new Date(game.row.createdAt).toISOString(),
      endedAt: complete ? new Date(game.row.updatedAt).toISOString() : null,
      settings: game.settings,
      ...(complete ? { options: game.options, seed: game.row.seed } : {}),
      seats,
      ...(result === undefined || result.length === 0 ? {} : { result }),
    },
    moves: entries.map((entry) => (complete ? completeMove(entry) : publicMove(entry))),
  };
}

function completeMove(entry: EffectiveEntry): ExportedMove {
  const removed = isRemoveSeat(entry.action);
  return {
    sequence: entry.sequence,
    seat: entry.seat,
    ...(removed ? { removeSeat: true as const } : { action: entry.action }),
    events: entry.events,
    ...marks(entry),
  };
}

/** A running game's move: who moved and what everyone was told, nothing meant for one player. */
function publicMove(entry: EffectiveEntry): ExportedMove {
  return { sequence: entry.sequence, seat: entry.seat, events: visibleEvents(entry.events, null), ...marks(entry) };
}

function marks(entry: EffectiveEntry): Pick<ExportedMove, 'computer' | 'fallback'> {
  return { ...(entry.computer === true ? { computer: true as const } : {}), ...(entry.fallback === true ? { fallback: true as const } : {}) };
}
