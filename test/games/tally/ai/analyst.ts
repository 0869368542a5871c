/**
 * A turn reviewer for the test game (Tally has no search policy), answering as the AI pool's does: each
 * seat's win chance after the turn, and the first decision of the turn's player where its greedy choice
 * (add 2 while it may, then end the turn) differs from the move played, with both moves' win chances.
 *
 * The win chance is the race as it stands: with everyone adding the most from here on, in what order each
 * seat would reach the target; a seat's chance halves with each turn further back it would get there. A
 * game over is won (1) or lost (0). Runs in the test's process; `hold` lets a test stop it before a turn.
 */
import type { Analyst } from '../../../../src/app/analysis/post-game.js';
import type { Alternative, TurnReview, TurnReviewTask } from '../../../../src/app/analysis/review.js';
import { applyMove } from '../../../../src/app/analysis/review.js';
import type { AnyGameDefinition, Seat } from '../../../../src/engine/index.js';
import type { TallyAction, TallyState } from '../types.js';

/** The most a seat adds in a turn: three times 2. */
const MOST_A_TURN = 6;

export function raceChances(state: TallyState): number[] {
  const n = state.scores.length;
  if (state.scores.some((score) => score >= state.target)) return state.scores.map((score) => (score >= state.target ? 1 : 0));
  const weights = state.scores.map((score, seat) => {
    if (state.removed[seat] === true) return 0;
    const turnsNeeded = Math.ceil((state.target - score) / MOST_A_TURN);
    const behind = (seat - state.turn + n) % n;
    return 2 ** -((turnsNeeded - 1) * n + behind);
  });
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => (sum === 0 ? 0 : w / sum));
}

function greedy(state: TallyState, seat: Seat, legal: readonly TallyAction[]): TallyAction {
  return legal.find((a) => a.type === 'add' && a.n === 2) ?? legal.find((a) => a.type === 'end') ?? (legal[0] as TallyAction);
}

export interface TallyAnalyst extends Analyst {
  /** The turns reviewed, in order (game id unknown here: by their seeds). */
  readonly reviewed: string[];
}

export function tallyAnalyst(def: AnyGameDefinition, hold?: (task: TurnReviewTask) => Promise<void>): TallyAnalyst {
  const reviewed: string[] = [];
  /** The seat's win chance once it has played `first` and then its greedy choices to the end of its turn. */
  const valueAfter = (state: TallyState, seat: Seat, first: TallyAction): number => {
    let current = def.apply(state, first, seat).state as TallyState;
    for (let i = 0; i < 10 && !def.isOver(current) && current.turn === seat; i++) current = def.apply(current, greedy(current, seat, def.legalActions(current, seat) as TallyAction[]), seat).state as TallyState;
    return raceChances(current)[seat] ?? 0;
  };
  return {
    games: ['tally'],
    reviewed,
    async review(task: TurnReviewTask): Promise<TurnReview> {
      await hold?.(task);
      let state = task.before as TallyState;
      const startChances = task.withStart ? raceChances(state) : undefined;
      let alternative: Alternative | null = null;
      let searches = 0;
      for (const [i, move] of task.moves.entries()) {
        const legal = def.legalActions(state, move.seat) as TallyAction[];
        if (alternative === null && searches === 0 && move.seat === task.seat && legal.length > 1) {
          searches++;
          const suggested = greedy(state, move.seat, legal);
          if (def.actionKey(suggested) !== def.actionKey(move.action)) {
            alternative = { move: i, played: move.action, suggested, playedValue: valueAfter(state, move.seat, move.action as TallyAction), suggestedValue: valueAfter(state, move.seat, suggested) };
          }
        }
        state = applyMove(def, state, move) as TallyState;
      }
      reviewed.push(task.seed);
      return { chances: raceChances(state), ...(startChances === undefined ? {} : { startChances }), alternative, searches };
    },
  };
}
