/** Card "at the Sultan's Palace 13: do the action once more": right after that action; the cost grows as usual. */
import type { IstanbulAction } from '../../actions.js';
import type { IstanbulState, PlayerState } from '../../state.js';
import type { Tx } from '../draft.js';
import type { Good, Seat } from '../../types.js';
import { playCard } from '../deck.js';
import { sultanChoiceSets, sultanEffect } from '../places/sultan.js';

export function sultanTwiceOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  if (s.turn.repeatPlace !== 13 || !(s.players[seat] as PlayerState).hand.includes('sultanTwice')) return;
  for (const choices of sultanChoiceSets(s, seat)) out.push({ type: 'repeatAction', card: 'sultanTwice', choices });
}

export function applySultanTwice(tx: Tx, seat: Seat, choices: readonly Good[]): void {
  playCard(tx, seat, 'sultanTwice');
  sultanEffect(tx, seat, choices);
}
