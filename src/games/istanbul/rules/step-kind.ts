/**
 * What a step achieves, for compound choices (see src/engine/chain.ts): whether "Move → leave the assistant →
 * pay → skip the action → end the turn" does anything. Leaving or picking up the assistant follows from the
 * move; paying the other merchants buys the right to act; skipping the action gives it up.
 */
import type { StepKind } from '../../../engine/index.js';
import type { IstanbulAction } from '../actions.js';
import type { IstanbulState } from '../state.js';
import type { Seat } from '../types.js';

export function istanbulStepKind(_s: IstanbulState, _seat: Seat, a: IstanbulAction): StepKind {
  switch (a.type) {
    case 'leaveAssistant':
    case 'pickUpAssistant':
    case 'declineExtraGood':
    case 'fountainDone':
      return 'routine';
    case 'payMerchants':
      return 'payment';
    case 'skipAction':
      return 'skip';
    case 'endTurn':
      return 'end';
    default:
      return 'action';
  }
}
