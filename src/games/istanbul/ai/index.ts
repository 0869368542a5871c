/** Istanbul's computer player: the determinizer, evaluation and rollout policy the generic search uses. */
import type { GamePolicy, Level, SearchBudget } from '../../../engine/ai/index.js';
import { seedRng } from '../../../engine/index.js';
import { istanbulActionKey, type IstanbulAction } from '../actions.js';
import { applyIstanbulUntold } from '../rules/apply.js';
import { istanbulView } from '../view/build.js';
import { legalActions } from '../rules/legal.js';
import type { IstanbulState, PlayerState } from '../state.js';
import { rubyTargetOf } from '../rules/turn.js';
import type { IstanbulSeatView } from '../view/types.js';
import { ISTANBUL_SEAT_VIEW_FIELDS } from '../view/fields.js';
import { istanbulDeterminizer, reseedIstanbul } from './determinize.js';
import { bestOpponentWorth, evaluateIstanbul, winChance, worth } from './evaluate.js';
import { istanbulGreedyAction, istanbulPrior } from './rollout.js';

export { istanbulDeterminizer, reseedIstanbul } from './determinize.js';
export { evaluateIstanbul, worth } from './evaluate.js';
export { istanbulGreedyAction } from './rollout.js';

const ISTANBUL_BUDGETS: Readonly<Record<Level, SearchBudget>> = {
  // Rollout length, measured with bench:ai at equal CPU against the frozen baseline (40 ms a decision): 3
  // steps won 35 % of 60 games, 10 won 57.7 % of 300, 20 won 72.0 % of 200, 30 won 63.0 % of 200
  // (docs/computer-players.md). Hard's work cap bounds its CPU per decision whatever the length.
  // Normal keeps 10: its iterations are not capped by work, and its answer time is what a player waits for.
  easy: { iterations: 40, rolloutSteps: 6, exploration: 0.7, rolloutNoise: 0.3 },
  normal: { iterations: 500, rolloutSteps: 10, exploration: 0.3, rolloutNoise: 0.1, priorVisits: 8 },
  // The work cap keeps the slowest decisions under ~0.8 s of CPU (ai-decision.ts, 2026-11-26: ~2 µs of CPU
  // a unit of work); with 20-step rollouts most decisions reach it (~800-1,000 iterations) or are decided.
  hard: { iterations: 2000, maxWork: 400_000, rolloutSteps: 20, exploration: 0.3, rolloutNoise: 0.1, priorVisits: 8 },
};

/**
 * Letters & Seals: a unit of work costs ~3.5 µs (a reseed shuffles the letters and Kiosk tiles too), so fewer:
 * at 170,000 the p95 stays near 0.8 s (190,000 came within 2 % of 1 s in one run).
 */
const HARD_LETTERS_AND_SEALS: SearchBudget = { ...ISTANBUL_BUDGETS.hard, maxWork: 170_000 };

/**
 * Far ahead (a ruby from the target, with a win chance of 99 % or more at the decision), the win chance alone
 * no longer tells the moves apart: hard once put off its winning purchase for thousands of moves, every move
 * scoring 0.997. There any win is worth more than any lead and a win sooner more than the same win later
 * (SearchBudget.soonerWin), so the move that wins beats the moves that only keep the lead. Everywhere else the
 * budget is the plain one (a lead in worth earlier in the game, extensions and mosque tiles, decides nothing yet).
 */
const FAR_AHEAD = 0.99;
const SOONER_WIN = { unfinished: 0.9, discount: 0.95 } as const;

function farAhead(view: IstanbulSeatView): boolean {
  // The seat's worth and its opponents' use public counts only (hand sizes, not the cards), so any sample
  // of the view gives the same figures.
  const state = istanbulDeterminizer(view)(seedRng('far-ahead'));
  const own = state.players[view.seat] as PlayerState;
  return own.rubies >= rubyTargetOf(state) - 1 && winChance(worth(state, view.seat), bestOpponentWorth(state, view.seat)) >= FAR_AHEAD;
}

function istanbulBudget(view: IstanbulSeatView, level: Level): SearchBudget {
  const base = level === 'hard' && view.lettersAndSeals !== undefined ? HARD_LETTERS_AND_SEALS : ISTANBUL_BUDGETS[level];
  return farAhead(view) ? { ...base, soonerWin: SOONER_WIN } : base;
}

export const istanbulPolicy: GamePolicy<IstanbulState, IstanbulAction, IstanbulSeatView> = {
  game: 'istanbul',
  rules: {
    legalActions,
    apply: applyIstanbulUntold,
    activeSeats(state) {
      const frame = state.pending[state.pending.length - 1];
      return frame === undefined ? [] : [frame.seat];
    },
    isOver: (state) => state.phase === 'over',
    actionKey: istanbulActionKey,
  },
  viewRules: { fields: ISTANBUL_SEAT_VIEW_FIELDS },
  seatView: (state, seat) => istanbulView(state, seat) as IstanbulSeatView,
  budgets: ISTANBUL_BUDGETS,
  budgetOf: istanbulBudget,
  determinizer: istanbulDeterminizer,
  reseed: reseedIstanbul,
  evaluate: evaluateIstanbul,
  rolloutAction: istanbulGreedyAction,
  prior: istanbulPrior,
};
