/**
 * Letters & Seals: whenever the last ruby leaves the Sultan's Palace 13 or the Gemstone Dealer 16, a ruby
 * from the general supply replaces it at once, so these places never run out; the replacement lies on the
 * last field (the Sultan's 10 goods, the Gemstone Dealer's 23 lira). The box's 32 rubies can run short (5
 * players with the target of 6): rubies beyond the box are then added (counted in `extraRubies`).
 */
import { gemstoneSetup } from '../../data/gemstone.js';
import { sultanSetup } from '../../data/sultan.js';
import type { IstanbulState } from '../../state.js';
import type { Tx } from '../draft.js';

/** Rubies lying on the Sultan's Palace (or the Gemstone Dealer) given the rubies printed there and the number taken. */
export function rubiesOnPlace(s: IstanbulState, printed: number, taken: number): number {
  const left = printed - taken;
  if (s.ls !== undefined) return Math.max(1, left);
  return left;
}

export function sultanRubiesOn(s: IstanbulState): number {
  return rubiesOnPlace(s, sultanSetup(s.players.length).rubies, s.sultanTaken);
}

export function gemstoneRubiesOn(s: IstanbulState): number {
  return rubiesOnPlace(s, gemstoneSetup(s.players.length).rubies, s.gemstoneTaken);
}

/** After a ruby was taken from 13 or 16 (its counter already advanced): replace the last one (expansion only). */
export function replaceLastRuby(tx: Tx, printed: number, taken: number, place: number): void {
  if (tx.s.ls === undefined || taken < printed) return;
  if (tx.s.rubySupply > 0) tx.s.rubySupply -= 1;
  else tx.ls().extraRubies += 1;
  tx.log('rubyReplaced', undefined, { place });
}
