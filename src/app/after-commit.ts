/**
 * What follows a committed change before its maker is answered, under the game's lock: the computer
 * players whose turn it now is play, then the channel gets what the game owes it. One call, so the side
 * that took the click awaits the game as it now stands instead of sequencing the app itself.
 */
import type { ComputerTurns } from './computer-turns.js';
import type { ActiveSnapshot, Snapshot } from './game-service.js';

/** Delivers what a game owes its channel (the Discord deliverer); the caller holds the game's lock. */
export interface HeldDelivery {
  /**
   * The ids of the game's deliveries that are in the channel now (posted, or superseded by one that was).
   * `current`: the game as it stands under the lock, when the caller has it (it is then not read again).
   */
  deliverHeld(gameId: number, current?: Snapshot): Promise<ReadonlySet<number>>;
}

/** What settles a game after a change: its computer players, and the delivery to its channel (the bot has both). */
export interface SettleWith {
  readonly computers: ComputerTurns;
  readonly deliverer: HeldDelivery;
  /** Told of a game that finished, to analyse it (src/app/analysis/post-game.ts). */
  readonly analyses?: { owe(gameId: number): void } | null;
}

/** A game after its change settled, and what of it reached the channel. */
export interface Settled {
  /**
   * The game as its last change (the computers' or the caller's) left it, current under the lock: delivering
   * changes no version (null: it cannot be read).
   */
  readonly game: Snapshot | null;
  readonly delivered: ReadonlySet<number>;
}

/**
 * Settles the game after a committed change (the caller holds its lock): the computer players whose turn
 * it is play first, so the channel sees one board after their turns; then what is owed is delivered.
 * `after`: the game as the change committed it: when no computer decides in it, it is not read again.
 */
export async function settleAfterCommit(parts: SettleWith, gameId: number, after?: ActiveSnapshot): Promise<Settled> {
  const { computers, deliverer } = parts;
  const game = after !== undefined && !computers.owed(after) ? after : (await computers.playOn(gameId)).game;
  // Delivering reads the game only when settling could not give it.
  const delivered = await deliverer.deliverHeld(gameId, game ?? undefined);
  if (game?.kind === 'active' && game.row.status === 'finished') parts.analyses?.owe(gameId);
  return { game, delivered };
}
