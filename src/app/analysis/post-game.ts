/**
 * The analysis of finished games: once a game has finished (not abandoned), the computer reviews it turn by
 * turn (review.ts) in the AI pool's idle time, and the store keeps each turn as it is reviewed, so a
 * restart goes on where it stopped: at start, and every little while, the finished games still owed an
 * analysis are found again. One game at a time, one turn at a time; a game that cannot be analysed (its log
 * no longer replays, its stored analysis does not read) is set aside with its reason and never holds up
 * another. Only the players' answers read it (src/discord/analysis.ts), and only once the game is over.
 */
import { createHmac } from 'node:crypto';
import type { Logger } from '../../logger.js';
import type { GameService } from '../game-service.js';
import { isRemoveSeat } from '../log.js';
import { buildReplayIndex, frameState } from '../replay/frames.js';
import { AiPoolClosedError } from '../workers/ai-errors.js';
import { applyMove, type TurnReview, type TurnReviewTask } from './review.js';
import { readReviewed, type ReviewedTurn } from './stored.js';

/** Reviews turns: the AI pool (its idle time), or a test's own. */
export interface Analyst {
  /** The games it can review (their definitions' ids): those with a computer player. */
  readonly games: readonly string[];
  review(task: TurnReviewTask): Promise<TurnReview>;
}

export interface PostGameOptions {
  /** How often the store is asked for finished games still owed an analysis (default 60 s). */
  readonly pollMs?: number;
}

const DEFAULT_POLL_MS = 60_000;

/** The seed of a turn's review, derived one way from the game's seed (as a computer decision's). */
export function analysisSeed(gameSeed: string, gameId: number, turn: number): string {
  return createHmac('sha256', gameSeed).update(`bazaar-analysis:${gameId}:${turn}`).digest('base64url');
}

export class PostGameAnalyses {
  readonly #service: GameService;
  readonly #analyst: Analyst;
  readonly #logger: Logger;
  readonly #pollMs: number;
  /** Games told of (a game that just finished), before those the store names. */
  readonly #told = new Set<number>();
  #running: Promise<void> | null = null;
  #timer: ReturnType<typeof setInterval> | null = null;
  #stopped = false;

  constructor(service: GameService, analyst: Analyst, logger: Logger, options: PostGameOptions = {}) {
    this.#service = service;
    this.#analyst = analyst;
    this.#logger = logger;
    this.#pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  }

  /** Looks for the analyses owed now and then every little while. */
  start(): void {
    this.#timer = setInterval(() => this.#kick(), this.#pollMs);
    this.#timer.unref();
    this.#kick();
  }

  /** Whether games of this kind (a definition's id) are analysed. */
  covers(game: string): boolean {
    return this.#analyst.games.includes(game);
  }

  /** A game that may just have finished: analysed next. */
  owe(gameId: number): void {
    if (this.#stopped) return;
    this.#told.add(gameId);
    this.#kick();
  }

  /** Once nothing owed is being reviewed (what is owed then waits for the next look). */
  async settled(): Promise<void> {
    while (this.#running !== null) await this.#running;
  }

  /** Stops after the turn under way (its review is thrown away by the closing pool). */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer !== null) clearInterval(this.#timer);
    await this.#running?.catch(() => undefined);
  }

  #kick(): void {
    if (this.#stopped || this.#running !== null || this.#analyst.games.length === 0) return;
    this.#running = this.#run()
      .catch((error: unknown) => this.#logger.warn({ err: error }, 'the analyses of finished games stopped; they go on at the next look'))
      .finally(() => {
        this.#running = null;
        // Told of a game meanwhile: it is not left for the next look.
        if (this.#told.size > 0) this.#kick();
      });
  }

  async #run(): Promise<void> {
    const { analyses } = this.#service;
    while (!this.#stopped) {
      const [told] = this.#told;
      const gameId = told ?? (await analyses.owed(this.#analyst.games, 1))[0];
      if (gameId === undefined) return;
      this.#told.delete(gameId);
      try {
        await this.#analyse(gameId);
      } catch (error) {
        // The pool closed under it (the bot stops): owed still, for the next start.
        if (error instanceof AiPoolClosedError || this.#stopped) return;
        const reason = error instanceof Error ? error.message : String(error);
        this.#logger.error({ err: error, gameId }, 'a finished game could not be analysed; it is set aside');
        await analyses.setAside(gameId, reason);
      }
    }
  }

  async #analyse(gameId: number): Promise<void> {
    const { analyses } = this.#service;
    const loaded = await this.#service.byId(gameId);
    if (!loaded.ok) throw new Error(`the game cannot be loaded (${loaded.code})`);
    const game = loaded.game;
    if (game.kind !== 'active' || game.row.status !== 'finished') return;
    const def = game.module.definition;
    if (!this.#analyst.games.includes(def.id)) return;
    const entries = await this.#service.effectiveLog(game);
    const index = buildReplayIndex({ module: game.module, options: game.options, seed: game.row.seed, seats: game.seats.length, entries, ended: true });
    const turns = index.frames.length - 1;
    await analyses.begin(gameId, turns);
    const row = await analyses.find(gameId);
    if (row === undefined || row.status !== 'pending') return;
    const reviewed: ReviewedTurn[] = readReviewed(row.reviewed);
    if (reviewed.length >= turns) {
      await analyses.saveReviewed(gameId, JSON.stringify(reviewed.slice(0, turns)), true);
      return;
    }
    let state = frameState(def, index, index.frames[reviewed.length] as (typeof index.frames)[number]);
    for (let turn = reviewed.length + 1; turn <= turns; turn++) {
      if (this.#stopped) return;
      const frame = index.frames[turn] as (typeof index.frames)[number];
      const moves = entries.slice(frame.from, frame.to).map((entry) => ({ seat: entry.seat, action: entry.action }));
      const seat = moves.find((move) => !isRemoveSeat(move.action))?.seat ?? moves[0]?.seat ?? 0;
      const review = await this.#analyst.review({ game: def.id, before: state, moves, seat, withStart: turn === 1, seed: analysisSeed(game.row.seed, gameId, turn) });
      if (turn === 1 && review.startChances === undefined) throw new Error('the first turn was reviewed without the start');
      reviewed.push({ turn, seat, chances: review.chances, ...(turn === 1 ? { start: review.startChances as readonly number[] } : {}), alternative: review.alternative });
      await analyses.saveReviewed(gameId, JSON.stringify(reviewed), turn === turns);
      for (const move of moves) state = applyMove(def, state, move);
    }
    this.#logger.info({ gameId, turns }, 'a finished game was analysed');
  }
}
