/** Kairo's computer player: the determinizer, evaluation and rollout policy the generic search uses. */
import type { GamePolicy, Level, SearchBudget } from '../../../engine/ai/index.js';
import { applyUntold, kairo } from '../index.js';
import type { KairoAction, KairoState } from '../types.js';
import { seatView } from '../view/build.js';
import type { KairoSeatView } from '../view/types.js';
import { KAIRO_SEAT_VIEW_FIELDS } from '../view/fields.js';
import { kairoDeterminizer, reseedKairo } from './determinize.js';
import { evaluateKairo } from './evaluate.js';
import { kairoGreedyAction, kairoPrior } from './rollout.js';

export { kairoDeterminizer, reseedKairo } from './determinize.js';
export { evaluateKairo, kairoWorth } from './evaluate.js';
export { kairoGreedyAction } from './rollout.js';

const KAIRO_BUDGETS: Readonly<Record<Level, SearchBudget>> = {
  easy: { iterations: 30, rolloutSteps: 6, exploration: 0.7, rolloutNoise: 0.3 },
  normal: { iterations: 150, rolloutSteps: 8, exploration: 0.3, rolloutNoise: 0.2, priorVisits: 6 },
  // The work cap bounds the slowest decisions' CPU (test/bench/ai-decision.ts measures it).
  hard: { iterations: 600, maxWork: 35_000, rolloutSteps: 10, exploration: 0.3, rolloutNoise: 0.2, priorVisits: 6 },
};

/**
 * Placing a stall (the start placements, and a stall's build under way: its card, section, field and
 * entrance): the rollouts ahead place stalls too, and every placement searches the board for the spots
 * left and whether it stays connected, so a unit of work costs several times what it costs elsewhere. A
 * smaller cap keeps these decisions' CPU near the others' (docs/computer-players.md, "What bounds hard's CPU").
 */
const HARD_PLACING_A_STALL: SearchBudget = { ...KAIRO_BUDGETS.hard, maxWork: 20_000 };

function placingAStall(view: KairoSeatView): boolean {
  const pending = view.bookkeeping?.pending;
  return view.phase === 'setup' || (pending?.k === 'build' && pending.mode !== 'extend');
}

function kairoBudget(view: KairoSeatView, level: Level): SearchBudget {
  return level === 'hard' && placingAStall(view) ? HARD_PLACING_A_STALL : KAIRO_BUDGETS[level];
}

export const kairoPolicy: GamePolicy<KairoState, KairoAction, KairoSeatView> = {
  game: 'kairo',
  rules: {
    legalActions: (state, seat) => kairo.legalActions(state, seat),
    apply: (state, action, seat) => applyUntold(state, action, seat),
    activeSeats: (state) => kairo.activeSeats(state),
    isOver: (state) => kairo.isOver(state),
    actionKey: (action) => kairo.actionKey(action),
  },
  viewRules: { fields: KAIRO_SEAT_VIEW_FIELDS },
  seatView: (state, seat) => seatView(state, seat),
  budgets: KAIRO_BUDGETS,
  budgetOf: kairoBudget,
  // The final phase: each seat builds until it cannot or will not, then the game is scored.
  endInSight: (view) => view.phase === 'final',
  determinizer: kairoDeterminizer,
  reseed: reseedKairo,
  evaluate: evaluateKairo,
  rolloutAction: kairoGreedyAction,
  prior: kairoPrior,
};
