/**
 * Letters & Seals, the companion: taken from the general supply into the own supply at a Fountain action (a
 * later Fountain action may return him from the board); at the start of a turn placed beside the merchant
 * for free; while he is on the board the turn moves either the merchant or him. He moves exactly 1
 * orthogonal step (2 with his card), needs no assistant, and cards or tiles showing the merchant do not
 * apply to him. He pays and is paid like a merchant (not at the Fountain).
 */
import type { IstanbulAction } from '../../actions.js';
import type { IstanbulState, PlayerState } from '../../state.js';
import { afterMove } from '../turn.js';
import type { Tx } from '../draft.js';
import type { CompanionPos, PlaceId, Seat } from '../../types.js';
import { destinations } from '../turn/movement.js';

export function companionOf(s: IstanbulState, seat: Seat): CompanionPos | null {
  return s.ls?.companions[seat] ?? null;
}

/** The companion's place when he stands on the board, else null. */
export function companionPlace(s: IstanbulState, seat: Seat): PlaceId | null {
  const c = companionOf(s, seat);
  return typeof c === 'number' ? c : null;
}

/** In the 'move' decision: place the companion from the own supply beside the merchant; move him 1 step. */
export function companionMoveOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  const c = companionOf(s, seat);
  if (c === 'supply') out.push({ type: 'placeCompanion' });
  if (typeof c === 'number') for (const to of destinations(s, c, 1, 1)) out.push({ type: 'moveCompanion', to });
}

export function applyPlaceCompanion(tx: Tx, seat: Seat): void {
  const place = (tx.s.players[seat] as PlayerState).merchant;
  tx.companions()[seat] = place;
  tx.log('companionPlaced', seat, { player: seat, place });
}

/** Moves the companion (this turn's token) and goes on: no assistant, then the payment or the action. */
export function moveCompanion(tx: Tx, seat: Seat, to: PlaceId): void {
  const from = companionPlace(tx.s, seat);
  if (from === null) throw new Error(`seat ${seat}'s companion is not on the board`);
  tx.companions()[seat] = to;
  tx.s.turn.token = 'companion';
  tx.s.turn.at = to;
  tx.s.lastMove = { seat, from, to, token: 'companion' };
  tx.log('companionMoved', seat, { player: seat, from, to });
  afterMove(tx, seat);
}

/** Whether the companion can be put into the own supply (Fountain action, kiosk tile): he is elsewhere. */
export function canTakeCompanion(s: IstanbulState, seat: Seat): boolean {
  const c = companionOf(s, seat);
  return c !== null && c !== 'supply';
}

/** The companion into the own supply: from the general supply, or back from the board. */
export function takeCompanion(tx: Tx, seat: Seat): void {
  const c = companionOf(tx.s, seat);
  tx.companions()[seat] = 'supply';
  if (c === 'box') tx.log('companionTaken', seat, { player: seat });
  else tx.log('companionReturned', seat, { player: seat, place: c as PlaceId });
}
