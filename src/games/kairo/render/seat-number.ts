/**
 * The number a seat's discs carry: its place in the playing order from the start player (1 starts). The
 * seats are stored in the lobby's shuffled order and the setup draws the start player, so the storage
 * order would contradict the messages, which number the players in playing order.
 */
import type { KairoPublicView, StallOwner } from '../view/types.js';

export function seatNumber(view: KairoPublicView, seat: number): number {
  const n = view.players.length;
  return ((seat - view.startSeat + n) % n) + 1;
}

/** What an owner's disc shows: the seat's number, or neutral ("N"). */
export function ownerMark(view: KairoPublicView, owner: StallOwner): number | 'neutral' {
  return owner === 'neutral' ? 'neutral' : seatNumber(view, owner);
}
