/**
 * Red mosque tile: at the Black Market 8 and the Tea House 9, after the roll, once: turn one die to 4 or
 * reroll both dice (or keep the roll).
 */
import type { IstanbulAction } from '../../actions.js';
import type { Frame, IstanbulState, PlayerState } from '../../state.js';
import type { Tx } from '../draft.js';
import type { PlaceId, Seat } from '../../types.js';
import { resolveBlackMarketRoll } from '../places/black-market.js';
import { resolveTeaHouse } from '../places/tea-house.js';

export function hasRedTile(s: IstanbulState, seat: Seat): boolean {
  return (s.players[seat] as PlayerState).mosqueTiles.includes('red');
}

export function redTileOptions(frame: Extract<Frame, { k: 'redTile' }>, out: IstanbulAction[]): void {
  if (frame.dice[0] !== 4) out.push({ type: 'redTileSetFour', die: 0 });
  if (frame.dice[1] !== 4) out.push({ type: 'redTileSetFour', die: 1 });
  out.push({ type: 'redTileReroll' });
  out.push({ type: 'redTileKeep' });
}

/** After a roll: ask about the red tile if owned, else resolve at once. */
export function afterRoll(tx: Tx, seat: Seat, place: PlaceId, dice: readonly [number, number], announced: number): void {
  if (hasRedTile(tx.s, seat)) {
    tx.push({ k: 'redTile', seat, place, dice, announced });
    return;
  }
  resolve(tx, seat, place, dice, announced);
}

function resolve(tx: Tx, seat: Seat, place: PlaceId, dice: readonly [number, number], announced: number): void {
  if (place === 8) resolveBlackMarketRoll(tx, seat, dice);
  else resolveTeaHouse(tx, seat, dice, announced);
}

export function applyRedTile(tx: Tx, seat: Seat, action: IstanbulAction): void {
  const frame = tx.top();
  if (frame.k !== 'redTile') throw new Error('no red tile decision pending');
  tx.pop();
  let dice: readonly [number, number] = frame.dice;
  if (action.type === 'redTileSetFour') {
    dice = action.die === 0 ? [4, dice[1]] : [dice[0], 4];
    tx.s.lastRoll = { seat, purpose: 'redTile', dice: [dice[0], dice[1]] };
    tx.log('redTileSetFour', seat, { player: seat, die1: dice[0], die2: dice[1], sum: dice[0] + dice[1] });
  } else if (action.type === 'redTileReroll') {
    dice = tx.roll2d6(seat, 'redTile');
    tx.log('redTileReroll', seat, { player: seat, die1: dice[0], die2: dice[1], sum: dice[0] + dice[1] });
  }
  resolve(tx, seat, frame.place, dice, frame.announced);
}
