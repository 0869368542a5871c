/** Letters & Seals, Embassy 21: take 2 letters from the supply, face up (as many as are left, at least 1). */
import type { IstanbulAction } from '../../actions.js';
import { EMBASSY_LETTERS } from '../../data/letters-and-seals.js';
import { EMBASSY } from '../../data/places.js';
import type { IstanbulState } from '../../state.js';
import { finishAction } from '../turn.js';
import type { Tx } from '../draft.js';
import type { Seat } from '../../types.js';
import { canDrawLetter, drawLetters } from './letters.js';

export function embassyOptions(s: IstanbulState, _seat: Seat, out: IstanbulAction[]): void {
  if (canDrawLetter(s)) out.push({ type: 'embassy' });
}

export function applyEmbassy(tx: Tx, seat: Seat): void {
  drawLetters(tx, seat, EMBASSY_LETTERS);
  finishAction(tx, seat, EMBASSY);
}
