/**
 * Computer players take their turns here, one decision at a time, after a human's change is committed:
 * each decision sees only its seat's own view and the legal actions (the computer player runs in a worker
 * pool, off the event loop), and is committed like a click, with the version check. A decision that fails
 * is tried again and then replaced by the greedy one-ply move (no search), told in the log and the channel;
 * one past its limit is given up (withdrawn from the player) with the same fallback. A computer turn that
 * is owed is also a scheduled job (service/jobs/computer-turn.ts), so one that stalled (a failure, a restart) is played by the scheduler when it comes due.
 */
import { createHmac } from 'node:crypto';
import type { Carry } from '../engine/ai/index.js';
import type { Seat } from '../engine/index.js';
import type { Logger } from '../logger.js';
import { fallbackAiChoice } from './workers/ai-task.js';
import { AiDecisionAbandonedError, AiPoolClosedError } from './workers/ai-errors.js';
import type { ActiveSnapshot, GameService, Level, Snapshot } from './game-service.js';

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
  /** What this seat's previous decision handed on (the search uses it only for the view it was grown for). */
  readonly carry?: Carry;
}

export interface ComputerChoice {
  /** Index into `legal`. */
  readonly index: number;
  /** For this seat's next decision (see ComputerRequest.carry). */
  readonly carry?: Carry;
  /** The estimated chance to win after the move, in [0, 1], when the player knows it. */
  readonly value: number | null;
  /** Each legal action's estimated chance to win (null where unknown), when the player knows them: the coaching compares the learner's move with it. */
  readonly values?: readonly (number | null)[];
}

export interface ComputerPlayer {
  /** `signal` is aborted when the decision is given up: a player stops working on it (the AI pool withdraws it). */
  choose(request: ComputerRequest, signal?: AbortSignal): Promise<ComputerChoice>;
  /** Stops for good (the bot is stopping): decisions in flight fail with AiPoolClosedError. */
  close?(): Promise<void>;
}

export interface ComputerTurnsOptions {
  /** Further attempts after a decision failed (default 1); one abandoned past its deadline is not tried again. */
  readonly retries?: number;
  /**
   * A decision with no answer after this long is given up (default 60 s), whatever the player: the AI pool
   * abandons its own well before (its deadline plus a margin) and replaces the worker.
   */
  readonly decisionLimitMs?: number;
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

class DecisionTimeout extends Error {
  constructor(ms: number) {
    super(`the computer player gave no answer within ${ms} ms`);
    this.name = 'DecisionTimeout';
  }
}

/**
 * The move played for a computer player that could not decide: the game policy's greedy one-ply choice from
 * the seat's view (no search: made here, in microseconds to milliseconds), deterministic for the seed.
 */
export function fallbackMove(request: ComputerRequest): number {
  const index = fallbackAiChoice({ game: request.kind, view: request.seatView, legalActions: request.legal, seed: request.seed });
  if (!Number.isInteger(index) || index < 0 || index >= request.legal.length) throw new Error(`the fallback chose ${index} of ${request.legal.length} actions`);
  return index;
}

export class ComputerTurns {
  readonly #retries: number;
  readonly #limitMs: number;

  constructor(
    private readonly service: GameService,
    private readonly player: ComputerPlayer,
    private readonly logger: Logger,
    options: ComputerTurnsOptions = {},
  ) {
    this.#retries = options.retries ?? 1;
    this.#limitMs = options.decisionLimitMs ?? 60_000;
  }

  /** Whether a computer plays a seat that decides now in this game (the game may wait there for its owner). */
  owed(game: ActiveSnapshot): boolean {
    return this.service.computerSeatsToPlay(game).length > 0;
  }

  /**
   * Plays every decision the game's computers owe now; the caller holds the game's lock. Returns the
   * number of moves made. Stops at a human's decision (or one the game waits at for its owner, see
 * seatsWaitingForOwner), at the end of the game, on a refusal (logged), or
   * when the computer player is closing (the turn stays owed: its scheduled job plays it later). A decision
   * that fails is tried again, then, like one abandoned past its deadline, replaced by the greedy one-ply move,
   * which the log and the channel are told of: a game never waits on a computer that cannot answer.
   */
  async playHeld(gameId: number): Promise<number> {
    return (await this.playOn(gameId)).moves;
  }

  /**
   * As `playHeld`, answering also the game as the computers left it (null: it cannot be read): the caller
   * holds the game's lock, so it is the game as it stands, and need not be read again.
   */
  async playOn(gameId: number): Promise<{ moves: number; game: Snapshot | null }> {
    let moves = 0;
    let game: Snapshot | null = null;
    // The last search's tree for its seat's next decision: a turn's decisions follow one another here.
    let carried: { seat: Seat; carry: Carry } | null = null;
    for (; moves < MOVE_LIMIT; moves++) {
      const loaded = await this.service.byId(gameId);
      game = loaded.ok ? loaded.game : null;
      if (game === null || game.kind !== 'active') break;
      // Not a seat the game waits at for its owner (a table no human plays at any more).
      const seat = (await this.service.computerSeatsOwed(game))[0];
      if (seat === undefined) break;
      const fresh = computerRequest(game, seat, this.service.computerLevelOf(game, seat));
      const request = carried !== null && carried.seat === seat ? { ...fresh, carry: carried.carry } : fresh;
      const choice = await this.#decide(gameId, seat, request);
      if (choice === null) break;
      carried = choice.carry === undefined ? null : { seat, carry: choice.carry };
      const result = await this.service.computerAct(gameId, seat, game.row.version, choice.index, choice.fallback);
      if (!result.ok) {
        this.logger.error({ gameId, seat, refusal: result.code }, 'a computer player move was refused');
        // Refused: the game is not as it was read; as it stands, it is read again.
        const stored = await this.service.byId(gameId);
        game = stored.ok ? stored.game : null;
        break;
      }
      game = result.outcome.after;
    }
    return { moves, game };
  }

  /**
   * An owed computer turn the scheduler found (its job was due): played like `playHeld` (the caller holds
   * the game's lock); then the job is settled: gone when nothing is owed any more, else due again later.
   */
  async playOwed(gameId: number): Promise<number> {
    try {
      return await this.playHeld(gameId);
    } finally {
      await this.service.settleComputerTurn(gameId);
    }
  }

  /** The index to play, whether it is the fallback move; null when the computer player is closing. */
  async #decide(gameId: number, seat: Seat, request: ComputerRequest): Promise<{ index: number; fallback: boolean; carry?: Carry } | null> {
    for (let attempt = 0; attempt <= this.#retries; attempt++) {
      try {
        const choice = await this.#chooseWithin(request);
        if (Number.isInteger(choice.index) && choice.index >= 0 && choice.index < request.legal.length) {
          return { index: choice.index, fallback: false, ...(choice.carry === undefined ? {} : { carry: choice.carry }) };
        }
        throw new Error(`the computer player chose ${choice.index} of ${request.legal.length} actions`);
      } catch (error) {
        if (error instanceof AiPoolClosedError) return null;
        this.logger.warn({ err: error, gameId, seat, attempt }, 'a computer player could not decide');
        // A decision past its deadline is not asked again: the game would wait as long once more.
        if (error instanceof AiDecisionAbandonedError || error instanceof DecisionTimeout) break;
      }
    }
    let index = 0;
    try {
      index = fallbackMove(request);
    } catch (error) {
      this.logger.error({ err: error, gameId, seat }, 'the greedy fallback failed; the first legal action is played');
    }
    this.logger.error({ gameId, seat, legal: request.legal.length, index }, 'a computer player could not decide; the greedy one-ply move is played for it');
    return { index, fallback: true };
  }

  /** The player's choice, or DecisionTimeout at the limit: the decision is then withdrawn from the player. */
  #chooseWithin(request: ComputerRequest): Promise<ComputerChoice> {
    const withdrawal = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const timeout = new DecisionTimeout(this.#limitMs);
        withdrawal.abort(timeout);
        reject(timeout);
      }, this.#limitMs);
    });
    return Promise.race([this.player.choose(request, withdrawal.signal), limit]).finally(() => clearTimeout(timer));
  }
}
