/**
 * The idle defaults of the decisions a seat is asked outside its own turn (Letters & Seals: a kiosk tile, an
 * auction bid), and of the expansion's other sub-decisions, as data for the host's idle policy (the Discord
 * flow's autopilot and skipped idle turns):
 * - a kiosk tile: the first open tile, taken without carrying out its action;
 * - an auction bid (another seat's, or the opener's last bid): pass; the opening bid (it is compulsory): 1 lira;
 * - a kiosk exchange, the letters to discard, the dice card's good (once started, they must be finished): the
 *   first legal choice.
 * Returns null for every other decision: the host then applies its own policy (for Istanbul the smallest legal
 * step: end the turn, skip the action, decline, pay in lira).
 */
import type { IstanbulAction } from '../actions.js';
import { legalActions } from './legal.js';
import type { IstanbulState } from '../state.js';
import type { Seat } from '../types.js';

export function defaultActionFor(s: IstanbulState, seat: Seat): IstanbulAction | null {
  const frame = s.pending[s.pending.length - 1];
  if (frame === undefined || frame.seat !== seat) return null;
  switch (frame.k) {
    case 'kiosk': {
      const tile = s.ls?.kiosk?.open[0];
      return tile === undefined ? null : { type: 'kioskTile', tile, carry: false };
    }
    case 'auction':
      return frame.stage === 'open' ? { type: 'auctionBid', amount: 1 } : { type: 'auctionPass' };
    case 'kioskEffect':
    case 'letters':
    case 'cardGood':
      return legalActions(s, seat)[0] ?? null;
    default:
      return null;
  }
}
