/**
 * Phase 1, movement: the merchant with the stack under it moves 1 or 2 orthogonal steps to another place
 * (distance on the grid). Movement cards (stay, 3 or 4 steps, return an assistant) are played here only.
 */
import type { IstanbulAction } from '../../actions.js';
import { distance } from '../helpers.js';
import type { IstanbulState, PlayerState } from '../../state.js';
import { afterMove } from '../turn.js';
import type { Tx } from '../draft.js';
import type { PlaceId, Seat } from '../../types.js';

export function destinations(s: IstanbulState, from: PlaceId, min: number, max: number): PlaceId[] {
  const out: PlaceId[] = [];
  for (const place of s.cells) {
    const d = distance(s, from, place);
    if (d >= min && d <= max) out.push(place);
  }
  return out;
}

export function moveOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  const p = s.players[seat] as PlayerState;
  for (const to of destinations(s, p.merchant, 1, 2)) out.push({ type: 'move', to });
}

/** Moves the merchant (with its stack) and goes on to the assistant decision. */
export function moveMerchant(tx: Tx, seat: Seat, to: PlaceId): void {
  const p = tx.player(seat);
  const from = p.merchant;
  p.merchant = to;
  tx.s.lastMove = { seat, from, to };
  tx.log('moved', seat, { player: seat, from, to });
  afterMove(tx, seat);
}

export function applyMove(tx: Tx, seat: Seat, to: PlaceId): void {
  moveMerchant(tx, seat, to);
}
