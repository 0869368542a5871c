/** Post Office 5: take the four uncovered fields, then move the leftmost top marker down (all up after four). */
import type { IstanbulAction } from '../../actions.js';
import { nextPostState, postPayout } from '../../data/post-office.js';
import { gainGood } from '../helpers.js';
import type { IstanbulState } from '../../state.js';
import { finishAction } from '../turn.js';
import type { Tx } from '../draft.js';
import type { Seat } from '../../types.js';

export function postOfficeOptions(_s: IstanbulState, _seat: Seat, out: IstanbulAction[]): void {
  out.push({ type: 'postOffice' });
}

/** The effect alone (also for the "once more" card). */
export function postOfficeEffect(tx: Tx, seat: Seat): void {
  const { lira, goods } = postPayout(tx.s.post);
  const p = tx.player(seat);
  p.lira += lira;
  const gained: string[] = [];
  for (const good of goods) if (gainGood(p, good, 1) > 0) gained.push(good);
  tx.s.post = nextPostState(tx.s.post);
  tx.log('postOfficeUsed', seat, { player: seat, lira, goods: gained.join(',') });
}

export function applyPostOffice(tx: Tx, seat: Seat): void {
  postOfficeEffect(tx, seat);
  finishAction(tx, seat, 5);
}
