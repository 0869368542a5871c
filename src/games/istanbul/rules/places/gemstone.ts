/** Gemstone Dealer 16: pay the highest uncovered number in lira for the next ruby; the next one costs 1 more. */
import type { IstanbulAction } from '../../actions.js';
import { GEMSTONE_TOP_PRICE, gemstoneSetup } from '../../data/gemstone.js';
import type { IstanbulState, PlayerState } from '../../state.js';
import { checkRubies, finishAction } from '../turn.js';
import type { Tx } from '../draft.js';
import type { Seat } from '../../types.js';
import { gemstoneRubiesOn, replaceLastRuby } from '../letters-and-seals/rubies.js';

export function gemstoneRubiesLeft(s: IstanbulState): number {
  return gemstoneRubiesOn(s);
}

/** The next ruby's price, or null when none is left (with Letters & Seals the replacement costs the top price). */
export function gemstonePrice(s: IstanbulState): number | null {
  if (gemstoneRubiesLeft(s) <= 0) return null;
  return Math.min(GEMSTONE_TOP_PRICE, gemstoneSetup(s.players.length).firstPrice + s.gemstoneTaken);
}

export function canBuyGemstone(s: IstanbulState, seat: Seat): boolean {
  const price = gemstonePrice(s);
  return price !== null && (s.players[seat] as PlayerState).lira >= price;
}

export function gemstoneOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  if (canBuyGemstone(s, seat)) out.push({ type: 'gemstone' });
}

/** The effect alone (also for the "once more" card). */
export function gemstoneEffect(tx: Tx, seat: Seat): void {
  const price = gemstonePrice(tx.s) as number;
  const p = tx.player(seat);
  p.lira -= price;
  p.rubies += 1;
  tx.s.gemstoneTaken += 1;
  replaceLastRuby(tx, gemstoneSetup(tx.s.players.length).rubies, tx.s.gemstoneTaken, 16);
  tx.log('gemstoneBought', seat, { player: seat, lira: price });
  tx.log('rubyTaken', seat, { player: seat, place: 16 });
  checkRubies(tx, seat);
}

export function applyGemstone(tx: Tx, seat: Seat): void {
  gemstoneEffect(tx, seat);
  finishAction(tx, seat, 16);
}
