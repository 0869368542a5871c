/** Istanbul's computer player: the determinizer, evaluation and rollout policy the generic search uses. */
import type { GamePolicy } from '../policy.js';
import { istanbulActionKey, type IstanbulAction } from '../../../../src/games/istanbul/actions.js';
import { applyIstanbul } from '../../../../src/games/istanbul/apply.js';
import { legalActions } from '../../../../src/games/istanbul/legal.js';
import type { IstanbulState } from '../../../../src/games/istanbul/state.js';
import type { IstanbulSeatView } from '../../../../src/games/istanbul/view.js';
import { ISTANBUL_SEAT_VIEW_FIELDS } from '../../../../src/games/istanbul/view-fields.js';
import { istanbulDeterminizer, reseedIstanbul } from './determinize.js';
import { evaluateIstanbul } from './evaluate.js';
import { istanbulGreedyAction, istanbulPrior } from './rollout.js';

export { istanbulDeterminizer, reseedIstanbul } from './determinize.js';
export { evaluateIstanbul, worth } from './evaluate.js';
export { istanbulGreedyAction } from './rollout.js';

export const baselineIstanbulPolicy: GamePolicy<IstanbulState, IstanbulAction, IstanbulSeatView> = {
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
