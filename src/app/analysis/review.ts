/**
 * One step of a finished game's analysis: one turn, as plain data (it crosses into an AI worker) and the
 * function that reviews it wherever it runs. A turn is the replay's (src/app/replay/frames.ts): the moves
 * from one board the channel saw to the next, made by the turn's player.
 *
 * Two views, on purpose. The win chances are estimated on the full state at the end of the turn: the game
 * is over when the analysis runs, so nothing is hidden from anyone any more, and the full state gives the
 * truest estimate of where each player stood (winChances: the state's future dice and draws are dealt
 * afresh, never the ones that came). The computer's alternative is searched from the player's own view at
 * their decision, as any computer player decides: it names what the player could have found with what they
 * knew then, not a move that needs another player's hand.
 */
import { budgetFor, decideWithStats, toSeatView, winChances, type GamePolicy, type RolloutBudget, type SearchBudget } from '../../engine/ai/index.js';
import type { AnyGameDefinition, Seat } from '../../engine/index.js';
import { isRemoveSeat } from '../log.js';

/** One move of the turn as the log holds it (a seat taken out of the game: the log's removeSeat mark). */
export interface ReviewedMove {
  readonly seat: Seat;
  readonly action: unknown;
}

export interface TurnReviewTask {
  /** The game's id; its definition and policy are the registered game's. */
  readonly game: string;
  /** The full state when the turn began. */
  readonly before: unknown;
  /** The turn's moves, in order. */
  readonly moves: readonly ReviewedMove[];
  /** The turn's player: whose decisions are reviewed. */
  readonly seat: Seat;
  /** Also estimate the win chances at `before` (the first turn: the start of the chart). */
  readonly withStart: boolean;
  /** Derived one way from the game's seed (never the seed itself), as a computer decision's. */
  readonly seed: string;
}

/** What the computer would have played at the first decision of the turn where it chose otherwise. */
export interface Alternative {
  /** Which of the turn's moves (0: the first). */
  readonly move: number;
  readonly played: unknown;
  readonly suggested: unknown;
  /** The search's win chance for the player after the move played (null: the search never tried it). */
  readonly playedValue: number | null;
  /** Its win chance for the player after its own choice. */
  readonly suggestedValue: number;
}

export interface TurnReview {
  /** Each seat's win chance after the turn. */
  readonly chances: readonly number[];
  /** Each seat's win chance before it (asked with `withStart`). */
  readonly startChances?: readonly number[];
  readonly alternative: Alternative | null;
  /** The searches made (decisions of the player with a choice, up to the first the computer would have played otherwise). */
  readonly searches: number;
}

/**
 * The analysis budget (docs/computer-players.md, "Analysis after the game"): the win chance at each turn's
 * end from ROLLOUTS rollouts of the normal level's length and noise; the alternative from the normal level's
 * search (what "Suggest a move" plays), at most SEARCHED_DECISIONS of the player's decisions a turn.
 */
export const ANALYSIS_LEVEL = 'normal';
export const ROLLOUTS = 32;
export const SEARCHED_DECISIONS = 3;

function rolloutBudget(budget: SearchBudget): RolloutBudget {
  return { rollouts: ROLLOUTS, rolloutSteps: budget.rolloutSteps, rolloutNoise: budget.rolloutNoise };
}

/** A move of the log applied as the game service applied it. */
export function applyMove(def: AnyGameDefinition, state: unknown, move: ReviewedMove): unknown {
  if (isRemoveSeat(move.action)) {
    const removed = def.removeSeat?.(state, move.seat) ?? null;
    if (removed === null) throw new Error(`the game no longer removes seat ${move.seat}`);
    return removed.state;
  }
  return def.apply(state, move.action, move.seat).state;
}

/**
 * Reviews one turn. `shouldStop` (the pool withdrawing it for a live decision) ends it at the searches'
 * next iteration: the answer is then null, and the whole turn is reviewed again later.
 */
export function reviewTurn(def: AnyGameDefinition, policy: GamePolicy<unknown, unknown, unknown>, task: TurnReviewTask, shouldStop?: () => boolean): TurnReview | null {
  const stopped = (): boolean => shouldStop?.() === true;
  let state = task.before;
  let alternative: Alternative | null = null;
  let searches = 0;
  const normal = policy.budgets[ANALYSIS_LEVEL];
  const startChances = task.withStart ? winChances(policy, state, rolloutBudget(normal), `${task.seed}:start`) : undefined;
  for (const [i, move] of task.moves.entries()) {
    if (stopped()) return null;
    if (alternative === null && searches < SEARCHED_DECISIONS && move.seat === task.seat && !isRemoveSeat(move.action) && !def.isOver(state)) {
      const legal = def.legalActions(state, move.seat) as readonly unknown[];
      if (legal.length > 1) {
        const view = toSeatView(def.view(state, move.seat), policy.viewRules);
        const budget = budgetFor(policy, ANALYSIS_LEVEL, view);
        const result = decideWithStats(policy, view, legal, shouldStop === undefined ? budget : { ...budget, shouldStop }, `${task.seed}:${i}`);
        if (stopped()) return null;
        searches++;
        const key = def.actionKey(move.action);
        const played = legal.findIndex((action) => def.actionKey(action) === key);
        if (played !== result.index) {
          const stats = played >= 0 ? result.stats[played] : undefined;
          alternative = {
            move: i,
            played: move.action,
            suggested: legal[result.index],
            playedValue: stats !== undefined && stats.visits > 0 ? stats.value : null,
            suggestedValue: result.value,
          };
        }
      }
    }
    state = applyMove(def, state, move);
  }
  const chances = winChances(policy, state, rolloutBudget(normal), `${task.seed}:end`);
  if (stopped()) return null;
  return { chances, ...(startChances === undefined ? {} : { startChances }), alternative, searches };
}
