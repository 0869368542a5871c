/**
 * Phase 4, the Smuggler (optional): take 1 good of your choice, then pay 2 lira or 1 good (the one just taken
 * too); then the Smuggler is re-rolled with 2d6. Only goods below capacity can be taken.
 */
import type { IstanbulAction } from '../../actions.js';
import { ENCOUNTER_FEE } from '../../data/players.js';
import { gainGood, room } from '../helpers.js';
import type { Frame, IstanbulState, PlayerState } from '../../state.js';
import type { Tx } from '../draft.js';
import { GOODS, type Good, type Seat } from '../../types.js';

export function smugglerOptions(s: IstanbulState, frame: Extract<Frame, { k: 'encounters' }>, out: IstanbulAction[]): void {
  if (!frame.smuggler) return;
  const p = s.players[frame.seat] as PlayerState;
  for (const good of GOODS) if (room(p, good) > 0) out.push({ type: 'smuggler', good });
}

export function smugglerPayOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  const p = s.players[seat] as PlayerState;
  if (p.lira >= ENCOUNTER_FEE) out.push({ type: 'smugglerPay', good: null });
  for (const good of GOODS) if (p.goods[good] > 0) out.push({ type: 'smugglerPay', good });
}

export function applySmuggler(tx: Tx, seat: Seat, good: Good): void {
  const frame = tx.top();
  if (frame.k !== 'encounters') throw new Error('no encounters pending');
  tx.replaceTop({ ...frame, smuggler: false });
  tx.s.turn.repeatPlace = null;
  gainGood(tx.player(seat), good, 1);
  tx.log('smugglerUsed', seat, { player: seat, good });
  tx.push({ k: 'smugglerPay', seat });
}

export function applySmugglerPay(tx: Tx, seat: Seat, good: Good | null): void {
  const p = tx.player(seat);
  if (good === null) {
    p.lira -= ENCOUNTER_FEE;
    tx.log('smugglerPaidLira', seat, { player: seat, lira: ENCOUNTER_FEE });
  } else {
    p.goods[good] -= 1;
    tx.log('smugglerPaidGood', seat, { player: seat, good });
  }
  const dice = tx.roll2d6(seat, 'smuggler');
  tx.s.smuggler = dice[0] + dice[1];
  tx.log('smugglerMoved', seat, { die1: dice[0], die2: dice[1], to: tx.s.smuggler });
  tx.pop();
}
