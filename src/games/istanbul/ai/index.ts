/** Istanbul's computer player: the determinizer, evaluation and rollout policy the generic search uses. */
import type { GamePolicy } from '../../../engine/ai/index.js';
import { istanbulActionKey, type IstanbulAction } from '../actions.js';
import { applyIstanbul } from '../apply.js';
import { istanbulView } from '../buildView.js';
import { legalActions } from '../legal.js';
import type { IstanbulState } from '../state.js';
import type { IstanbulSeatView } from '../view.js';
import { ISTANBUL_SEAT_VIEW_FIELDS } from '../view-fields.js';
import { istanbulDeterminizer, reseedIstanbul } from './determinize.js';
import { evaluateIstanbul } from './evaluate.js';
import { istanbulGreedyAction, istanbulPrior } from './rollout.js';

export { istanbulDeterminizer, reseedIstanbul } from './determinize.js';
export { evaluateIstanbul, worth } from './evaluate.js';
export { istanbulGreedyAction } from './rollout.js';

export const istanbulPolicy: GamePolicy<IstanbulState, IstanbulAction, IstanbulSeatView> = {
  game: 'istanbul',
  rules: {
    legalActions,
    apply: applyIstanbul,
    activeSeats(state) {
      const frame = state.pending[state.pending.length - 1];
      return frame === undefined ? [] : [frame.seat];
    },
    isOver: (state) => state.phase === 'over',
    actionKey: istanbulActionKey,
  },
  viewRules: { fields: ISTANBUL_SEAT_VIEW_FIELDS },
  seatView: (state, seat) => istanbulView(state, seat) as IstanbulSeatView,
  budgets: {
    // Short rollouts: the evaluation is better than a long noisy simulation (measured with bench:ai).
    easy: { iterations: 40, rolloutSteps: 6, exploration: 0.7, rolloutNoise: 0.3 },
    normal: { iterations: 500, rolloutSteps: 10, exploration: 0.3, rolloutNoise: 0.1, priorVisits: 8 },
    hard: { iterations: 2000, rolloutSteps: 10, exploration: 0.3, rolloutNoise: 0.1, priorVisits: 8 },
  },
  determinizer: istanbulDeterminizer,
  reseed: reseedIstanbul,
  evaluate: evaluateIstanbul,
  rolloutAction: istanbulGreedyAction,
  prior: istanbulPrior,
};
