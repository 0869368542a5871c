/**
 * Tea House 9: announce 3..12, roll 2d6; a sum at least the announced number gains that many lira, else 2.
 * The red tile may modify the roll.
 */
import type { IstanbulAction } from '../../actions.js';
import type { IstanbulState } from '../../state.js';
import { finishAction } from '../turn.js';
import type { Tx } from '../draft.js';
import type { Seat } from '../../types.js';
import { offerRedTile } from '../tiles/red-tile.js';

export const TEA_MIN = 3;
export const TEA_MAX = 12;
export const TEA_CONSOLATION = 2;

export function teaHouseOptions(_s: IstanbulState, _seat: Seat, out: IstanbulAction[]): void {
  for (let announce = TEA_MIN; announce <= TEA_MAX; announce++) out.push({ type: 'teaHouse', announce });
}

export function applyTeaHouse(tx: Tx, seat: Seat, announce: number): void {
  const dice = tx.roll2d6(seat, 'teaHouse');
  tx.log('teaHouseAnnounced', seat, { player: seat, announce, die1: dice[0], die2: dice[1], sum: dice[0] + dice[1] });
  if (!offerRedTile(tx, seat, 9, dice, announce)) resolveTeaHouse(tx, seat, dice, announce);
}

export function teaHousePayout(sum: number, announced: number): number {
  return sum >= announced ? announced : TEA_CONSOLATION;
}

export function resolveTeaHouse(tx: Tx, seat: Seat, dice: readonly [number, number], announced: number): void {
  const sum = dice[0] + dice[1];
  const lira = teaHousePayout(sum, announced);
  tx.player(seat).lira += lira;
  tx.log('teaHouseResult', seat, { player: seat, sum, announce: announced, lira });
  finishAction(tx, seat, 9);
}
