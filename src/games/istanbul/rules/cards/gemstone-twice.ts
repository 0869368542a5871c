/** Card "at the Gemstone Dealer 16: do the action once more": right after that action, at the next price. */
import type { IstanbulAction } from '../../actions.js';
import type { IstanbulState, PlayerState } from '../../state.js';
import type { Tx } from '../draft.js';
import type { Seat } from '../../types.js';
import { playCard } from '../deck.js';
import { canBuyGemstone, gemstoneEffect } from '../places/gemstone.js';

export function gemstoneTwiceOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  if (s.turn.repeatPlace === 16 && (s.players[seat] as PlayerState).hand.includes('gemstoneTwice') && canBuyGemstone(s, seat)) {
    out.push({ type: 'repeatAction', card: 'gemstoneTwice', choices: [] });
  }
}

export function applyGemstoneTwice(tx: Tx, seat: Seat): void {
  playCard(tx, seat, 'gemstoneTwice');
  gemstoneEffect(tx, seat);
}
