/**
 * The one sensible next step where the rules leave a single sensible path (for compound choices, see
 * src/engine/chain.ts): after moving, pick up your own assistant waiting there or leave one; pay the other
 * merchants to do the action you came for; take the one thing left to do besides playing a card (end the
 * turn when nothing is met, skip an action that cannot be done). Everywhere else the seat has a real choice.
 * The step-by-step path keeps every option.
 */
import { cardOfAction, type IstanbulAction } from '../actions.js';
import type { Frame, IstanbulState } from '../state.js';
import type { Seat } from '../types.js';

export function istanbulObviousNext(s: IstanbulState, seat: Seat, legal: readonly IstanbulAction[]): IstanbulAction | null {
  const top = s.pending[s.pending.length - 1] as Frame | undefined;
  if (top === undefined || top.seat !== seat) return null;
  switch (top.k) {
    case 'assistant': {
      const own = legal.find((a) => a.type === 'pickUpAssistant' && !a.neutral);
      if (own !== undefined) return own;
      // A neutral assistant to pick up instead of leaving one is a choice.
      if (legal.some((a) => a.type === 'pickUpAssistant')) return null;
      return legal.find((a) => a.type === 'leaveAssistant') ?? null;
    }
    case 'pay':
      return legal.find((a) => a.type === 'payMerchants') ?? null;
    default: {
      // One thing left to do besides playing a card (nothing met at the end of the turn: end it; the good
      // taken at the Black Market: roll; no action here: skip it): do it.
      const real = legal.filter((a) => cardOfAction(a) === null && a.type !== 'yellowTile');
      return real.length === 1 ? (real[0] as IstanbulAction) : null;
    }
  }
}
