/** Istanbul's computer player: the determinizer, evaluation and rollout policy the generic search uses. */
import type { GamePolicy, Level, SearchBudget } from '../../../engine/ai/index.js';
import { istanbulActionKey, type IstanbulAction } from '../actions.js';
import { applyIstanbulUntold } from '../rules/apply.js';
import { istanbulView } from '../view/build.js';
import { legalActions } from '../rules/legal.js';
import type { IstanbulState } from '../state.js';
import type { IstanbulSeatView } from '../view/types.js';
import { ISTANBUL_SEAT_VIEW_FIELDS } from '../view/fields.js';
import { istanbulDeterminizer, reseedIstanbul } from './determinize.js';
import { evaluateIstanbul } from './evaluate.js';
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
 * A win within reach (the seat a ruby from the target): the seat can end the game this turn, and an ended
 * game must weigh more than any estimate of one still in play. There any win is worth more than any lead
 * and a win sooner more than the same win later (SearchBudget.soonerWin), whatever the win chance: with the
 * estimates of every move between 0.95 and 0.99, hard once walked past the purchase that won in half of its
 * seeds, and at 99 % or more it once put the win off for thousands of moves. Before that ruby the rollouts
 * rarely reach the end, where soonerWin changes nothing (every value in play is scaled alike), so earlier in
 * the game the budget is the plain one: a lead in worth (extensions, mosque tiles) decides nothing yet.
 */
const SOONER_WIN = { unfinished: 0.9, discount: 0.95 } as const;

function winWithinReach(view: IstanbulSeatView): boolean {
  const own = view.players.find((p) => p.seat === view.seat);
  return own !== undefined && own.rubies >= view.rubyTarget - 1;
}

function istanbulBudget(view: IstanbulSeatView, level: Level): SearchBudget {
  const base = level === 'hard' && view.lettersAndSeals !== undefined ? HARD_LETTERS_AND_SEALS : ISTANBUL_BUDGETS[level];
  return winWithinReach(view) ? { ...base, soonerWin: SOONER_WIN } : base;
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
  warmUpOptions: [{ players: 4 }, { players: 4, lettersAndSeals: { cards: 'mixed' } }],
  determinizer: istanbulDeterminizer,
  reseed: reseedIstanbul,
  evaluate: evaluateIstanbul,
  rolloutAction: istanbulGreedyAction,
  prior: istanbulPrior,
};
