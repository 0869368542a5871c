/** Kairo's computer player: the determinizer, evaluation and rollout policy the generic search uses. */
import type { GamePolicy } from '../policy.js';
import { kairo } from '../../../../src/games/kairo/index.js';
import type { KairoAction, KairoState } from '../../../../src/games/kairo/types.js';
import type { KairoSeatView } from '../../../../src/games/kairo/view.js';
import { KAIRO_SEAT_VIEW_FIELDS } from '../../../../src/games/kairo/view-fields.js';
import { kairoDeterminizer, reseedKairo } from './determinize.js';
import { evaluateKairo } from './evaluate.js';
import { kairoGreedyAction, kairoPrior } from './rollout.js';

export { kairoDeterminizer, reseedKairo } from './determinize.js';
export { evaluateKairo, kairoWorth } from './evaluate.js';
export { kairoGreedyAction } from './rollout.js';

export const baselineKairoPolicy: GamePolicy<KairoState, KairoAction, KairoSeatView> = {
  game: 'kairo',
  rules: {
    legalActions: (state, seat) => kairo.legalActions(state, seat),
    apply: (state, action, seat) => kairo.apply(state, action, seat),
    activeSeats: (state) => kairo.activeSeats(state),
    isOver: (state) => kairo.isOver(state),
    actionKey: (action) => kairo.actionKey(action),
  },
  viewRules: { fields: KAIRO_SEAT_VIEW_FIELDS },
  budgets: {
    easy: { iterations: 30, rolloutSteps: 6, exploration: 0.7, rolloutNoise: 0.3 },
    normal: { iterations: 150, rolloutSteps: 8, exploration: 0.3, rolloutNoise: 0.2, priorVisits: 6 },
    hard: { iterations: 600, rolloutSteps: 10, exploration: 0.3, rolloutNoise: 0.2, priorVisits: 6 },
  },
  determinizer: kairoDeterminizer,
  reseed: reseedKairo,
  evaluate: evaluateKairo,
  rolloutAction: kairoGreedyAction,
  prior: kairoPrior,
};
