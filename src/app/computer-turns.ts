/**
 * Computer players take their turns here, one decision at a time, after a human's change is committed:
 * each decision sees only its seat's own view and the legal actions (the computer player runs in a worker
 * pool, off the event loop), and is committed like a click, with the version check. A restart finds the
 * games waiting for a computer and plays them on.
 */
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
  /** Decisions are deterministic for a seed: the game's seed, version and seat. */
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

export function computerRequest(game: ActiveSnapshot, seat: Seat, level: Level): ComputerRequest {
  const def = game.module.definition;
  return {
    kind: def.id,
    seatView: def.view(game.state, seat),
    legal: def.legalActions(game.state, seat),
    level,
    seed: `${game.row.seed}:${game.row.version}:${seat}`,
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
