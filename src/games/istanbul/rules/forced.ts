/**
 * The decisions that leave a seat no choice, when the decision was handed to it (see `forcedAnswer` in the
 * engine's definition): the game plays them for the seat and tells why.
 * - Letters & Seals' auction: a bidder whose lira do not reach above the highest bid can only pass.
 * - Letters & Seals' Kiosk: the last pick, one tile left that cannot be carried out: it is simply taken.
 * - Back to the turn player after the others' picks or bids, with nothing left to do: the turn ends.
 */
import type { GameEvent } from '../../../engine/index.js';
import type { IstanbulAction } from '../actions.js';
import type { Frame, IstanbulState } from '../state.js';
import type { Seat } from '../types.js';

const event = (key: string, seat: Seat, params: Record<string, number>): GameEvent => ({ key: `istanbul.event.${key}`, seat, params: { player: seat, ...params } });

/** The line that tells a forced answer with its reason, or null when the seat has a real choice. */
export function istanbulForcedAnswer(s: IstanbulState, seat: Seat, legal: readonly IstanbulAction[]): GameEvent | null {
  const top = s.pending[s.pending.length - 1] as Frame | undefined;
  const only = legal.length === 1 ? legal[0] : undefined;
  if (top === undefined || top.seat !== seat || only === undefined) return null;
  if (top.k === 'auction' && only.type === 'auctionPass') return event('auctionCannotOutbid', seat, { lira: s.ls?.auction?.high ?? 0 });
  if (top.k === 'kiosk' && only.type === 'kioskTile' && !only.carry) return event('kioskLastTile', seat, { tile: only.tile });
  if (top.k === 'encounters' && only.type === 'endTurn') return event('turnEndedNothingLeft', seat, {});
  return null;
}
