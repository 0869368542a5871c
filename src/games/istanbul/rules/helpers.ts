/** Small read-only helpers over the state, shared by the rules. */
import { BASE_CAPACITY } from '../data/players.js';
import type { IstanbulState, PlayerDraft, PlayerState } from '../state.js';
import { GOODS, type Good, type PlaceId, type Seat } from '../types.js';

export function capacity(p: PlayerDraft): number {
  return BASE_CAPACITY + p.extensions;
}

export function room(p: PlayerDraft, good: Good): number {
  return BASE_CAPACITY + p.extensions - p.goods[good];
}

export function hasRoomForAny(p: PlayerDraft): boolean {
  for (const g of GOODS) if (room(p, g) > 0) return true;
  return false;
}

export function totalGoods(p: PlayerDraft): number {
  return p.goods.red + p.goods.green + p.goods.yellow + p.goods.blue;
}

/** Adds up to `n` of a good, never above capacity; returns how many were gained. */
export function gainGood(p: PlayerDraft, good: Good, n: number): number {
  const gained = Math.max(0, Math.min(n, room(p, good)));
  p.goods[good] += gained;
  return gained;
}

export function distance(s: IstanbulState, a: PlaceId, b: PlaceId): number {
  const ca = s.cellOf[a] as number;
  const cb = s.cellOf[b] as number;
  const w = s.width;
  return Math.abs((ca % w) - (cb % w)) + Math.abs(((ca / w) | 0) - ((cb / w) | 0));
}

/** Other players' merchants at a place (not the given seat). */
export function otherMerchantsAt(s: IstanbulState, place: PlaceId, seat: Seat): Seat[] {
  const out: Seat[] = [];
  for (const p of s.players) if (p.seat !== seat && p.merchant === place) out.push(p.seat);
  return out;
}

export function neutralMerchantsAt(s: IstanbulState, place: PlaceId): number {
  let n = 0;
  for (const m of s.neutralMerchants) if (m === place) n++;
  return n;
}

/** Whether the own assistant of `seat` stands loose on `place`. */
export function ownAssistantAt(s: IstanbulState, place: PlaceId, seat: Seat): boolean {
  const list = s.assistantsAt[place];
  return list !== undefined && list.includes(seat);
}

export function neutralAssistantAt(s: IstanbulState, place: PlaceId): boolean {
  const list = s.assistantsAt[place];
  return list !== undefined && list.includes('neutral');
}

/** Places (in place-id order) where `seat` has an own loose assistant. */
export function placesWithOwnAssistant(s: IstanbulState, seat: Seat): PlaceId[] {
  const out: PlaceId[] = [];
  for (let place = 1; place < s.assistantsAt.length; place++) {
    const list = s.assistantsAt[place];
    if (list !== undefined && list.length > 0 && list.includes(seat)) out.push(place);
  }
  return out;
}

/** A card can be drawn (from the deck, or the discard pile reshuffled). */
export function canDrawCard(s: IstanbulState): boolean {
  return s.deck.length + s.discard.length > 0;
}

export function onBoard(s: IstanbulState, place: PlaceId): boolean {
  return (s.cellOf[place] ?? -1) >= 0;
}

/** Letters & Seals: where the token moved this turn stands (the merchant, the companion, or the family member). */
export function actorPlace(s: IstanbulState, seat: Seat): PlaceId {
  const p = s.players[seat] as PlayerState;
  const token = s.turn.token;
  if (token === 'companion' && s.turn.at !== undefined) return s.turn.at;
  if (token === 'family') return p.family;
  return p.merchant;
}

/** Letters & Seals: other players' companions at a place (not the given seat's). */
export function otherCompanionsAt(s: IstanbulState, place: PlaceId, seat: Seat): Seat[] {
  const out: Seat[] = [];
  const companions = s.ls?.companions;
  if (companions === undefined) return out;
  companions.forEach((c, other) => {
    if (other !== seat && c === place) out.push(other);
  });
  return out;
}

/**
 * The other players' tokens the seat must pay 2 lira each at a place: merchants (but the one exempted by the
 * card "move to an opponent's merchant") and, with Letters & Seals, companions.
 */
export function payees(s: IstanbulState, place: PlaceId, seat: Seat): { merchants: Seat[]; companions: Seat[] } {
  const exempt = s.turn.exempt ?? null;
  return {
    merchants: otherMerchantsAt(s, place, seat).filter((m) => m !== exempt),
    companions: otherCompanionsAt(s, place, seat),
  };
}
