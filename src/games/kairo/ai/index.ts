/** Kairo's computer player: the determinizer, evaluation and rollout policy the generic search uses. */
import type { GamePolicy } from '../../../engine/ai/index.js';
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
  budgets: {
    easy: { iterations: 30, rolloutSteps: 6, exploration: 0.7, rolloutNoise: 0.3 },
    normal: { iterations: 150, rolloutSteps: 8, exploration: 0.3, rolloutNoise: 0.2, priorVisits: 6 },
    // The work cap bounds the slowest decisions, the first placements (each candidate a whole turn played
    // out on an open board: ~2.5x the CPU of a later unit of work); later ones lose ~20 % of their iterations.
    hard: { iterations: 600, maxWork: 35_000, rolloutSteps: 10, exploration: 0.3, rolloutNoise: 0.2, priorVisits: 6 },
  },
  determinizer: kairoDeterminizer,
  reseed: reseedKairo,
  evaluate: evaluateKairo,
  rolloutAction: kairoGreedyAction,
  prior: kairoPrior,
};
