/** Wainwright 1: pay 7 lira for a wheelbarrow extension; the third extension brings the Wainwright's ruby once. */
import type { IstanbulAction } from '../../actions.js';
import { EXTENSION_PRICE, MAX_EXTENSIONS } from '../../data/players.js';
import type { IstanbulState, PlayerState } from '../../state.js';
import { checkRubies, finishAction } from '../turn.js';
import type { Tx } from '../draft.js';
import type { Seat } from '../../types.js';

export function canUseWainwright(s: IstanbulState, seat: Seat): boolean {
  const p = s.players[seat] as PlayerState;
  return p.lira >= EXTENSION_PRICE && p.extensions < MAX_EXTENSIONS && s.wainwrightExtensions > 0;
}

export function wainwrightOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  if (canUseWainwright(s, seat)) out.push({ type: 'wainwright' });
}

/** Whether the seat can still take a wheelbarrow extension (fewer than 3, and one is left at the Wainwright). */
export function canExtend(s: IstanbulState, seat: Seat): boolean {
  return (s.players[seat] as PlayerState).extensions < MAX_EXTENSIONS && s.wainwrightExtensions > 0;
}

/** Takes an extension from the Wainwright (paid elsewhere); the third brings the Wainwright's ruby once. */
export function takeExtension(tx: Tx, seat: Seat): void {
  const p = tx.player(seat);
  p.extensions += 1;
  tx.s.wainwrightExtensions -= 1;
  if (p.extensions === MAX_EXTENSIONS && tx.s.wainwrightRubies > 0) {
    tx.s.wainwrightRubies -= 1;
    p.rubies += 1;
    tx.log('rubyTaken', seat, { player: seat, place: 1 });
    checkRubies(tx, seat);
  }
}

export function applyWainwright(tx: Tx, seat: Seat): void {
  const p = tx.player(seat);
  p.lira -= EXTENSION_PRICE;
  tx.log('extensionBought', seat, { player: seat, extensions: p.extensions + 1, lira: EXTENSION_PRICE });
  takeExtension(tx, seat);
  finishAction(tx, seat, 1);
}
