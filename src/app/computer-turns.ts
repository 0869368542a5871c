/**
 * Computer players take their turns here, one decision at a time, after a human's change is committed:
 * each decision sees only its seat's own view and the legal actions (the computer player runs in a worker
 * pool, off the event loop), and is committed like a click, with the version check. A restart finds the
 * games waiting for a computer and plays them on.
 */
import { createHmac } from 'node:crypto';
import type { Seat } from '../engine/index.js';
import type { Logger } from '../logger.js';
import type { ActiveSnapshot, GameService, Level } from './game-service.js';

export interface ComputerRequest {
  /** The game's definition id ('istanbul', 'kairo'). */
  readonly kind: string;
  /** The deciding seat's own view: never the state. */
  readonly seatView: unknown;
  readonly legal: readonly unknown[];
  readonly level: Level;
  /**
   * Decisions are deterministic for a seed: derived one way from the game's seed, id, version and seat
   * (`searchSeed`), never the game's seed itself, from which setup deals every hand and the deck order.
   */
  readonly seed: string;
}

export interface ComputerChoice {
  /** Index into `legal`. */
  readonly index: number;
  /** The estimated chance to win after the move, in [0, 1], when the player knows it. */
  readonly value: number | null;
}

export interface ComputerPlayer {
  choose(request: ComputerRequest): Promise<ComputerChoice>;
}

/** Bounds the computers' decisions in one go (a game bug must not spin forever). */
const MOVE_LIMIT = 2_000;

/**
 * The seed of one decision's search: HMAC-SHA-256 keyed with the game's seed over the game's id, version
 * and seat. The game's seed rebuilds the whole hidden state (`def.setup(options, seed)` deals every hand
 * and orders every pile), so it never leaves the main thread; what the search gets cannot be turned back
 * into it, and differs for every decision.
 */
export function searchSeed(gameSeed: string, gameId: number, version: number, seat: Seat): string {
  return createHmac('sha256', gameSeed).update(`bazaar-ai:${gameId}:${version}:${seat}`).digest('base64url');
}

export function computerRequest(game: ActiveSnapshot, seat: Seat, level: Level): ComputerRequest {
  const def = game.module.definition;
  return {
    kind: def.id,
    seatView: def.view(game.state, seat),
    legal: def.legalActions(game.state, seat),
    level,
    seed: searchSeed(game.row.seed, game.row.id, game.row.version, seat),
  };
}

export class ComputerTurns {
  constructor(
    private readonly service: GameService,
    private readonly player: ComputerPlayer,
    private readonly logger: Logger,
  ) {}

  /** Whether a computer must decide now in this game. */
  owed(game: ActiveSnapshot): boolean {
    return this.service.computerSeatsToPlay(game).length > 0;
  }

  /**
   * Plays every decision the game's computers owe now; the caller holds the channel's lock. Returns the
   * number of moves made. Stops at a human's decision, at the end of the game, or on a refusal (logged).
   */
  async playHeld(gameId: number): Promise<number> {
    let moves = 0;
    for (; moves < MOVE_LIMIT; moves++) {
      const loaded = await this.service.byId(gameId);
      if (!loaded.ok || loaded.game.kind !== 'active') break;
      const game = loaded.game;
      const seat = this.service.computerSeatsToPlay(game)[0];
      if (seat === undefined) break;
      const choice = await this.player.choose(computerRequest(game, seat, this.service.computerLevelOf(game, seat)));
      const result = await this.service.computerAct(gameId, seat, game.row.version, choice.index);
      if (!result.ok) {
        this.logger.error({ gameId, seat, refusal: result.code }, 'a computer player move was refused');
        break;
      }
    }
    return moves;
  }
}
