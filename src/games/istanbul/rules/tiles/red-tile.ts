/**
 * Red mosque tile: at the Black Market 8 and the Tea House 9, after the roll, once: turn one die to 4 or
 * reroll both dice (or keep the roll).
 */
import type { IstanbulAction } from '../../actions.js';
import type { Frame, IstanbulState, PlayerState } from '../../state.js';
import type { Tx } from '../draft.js';
import type { PlaceId, Seat } from '../../types.js';

export function hasRedTile(s: IstanbulState, seat: Seat): boolean {
  return (s.players[seat] as PlayerState).mosqueTiles.includes('red');
}

export function redTileOptions(frame: Extract<Frame, { k: 'redTile' }>, out: IstanbulAction[]): void {
  if (frame.dice[0] !== 4) out.push({ type: 'redTileSetFour', die: 0 });
  if (frame.dice[1] !== 4) out.push({ type: 'redTileSetFour', die: 1 });
  out.push({ type: 'redTileReroll' });
  out.push({ type: 'redTileKeep' });
}

/** A roll at the Black Market or the Tea House, to be resolved there: the dice and the Tea House's announcement. */
export interface PlaceRoll {
  readonly place: PlaceId;
  readonly dice: readonly [number, number];
  readonly announced: number;
}

/**
 * After a roll: the red tile's owner is asked first (true: the roll waits for that decision); without the
 * tile (false) the place resolves the roll at once.
 */
export function offerRedTile(tx: Tx, seat: Seat, place: PlaceId, dice: readonly [number, number], announced: number): boolean {
  if (!hasRedTile(tx.s, seat)) return false;
  tx.push({ k: 'redTile', seat, place, dice, announced });
  return true;
}

/** The red tile's decision: one die turned to 4, both rerolled, or the roll kept; the place then resolves the roll returned. */
export function applyRedTile(tx: Tx, seat: Seat, action: IstanbulAction): PlaceRoll {
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
  return { place: frame.place, dice, announced: frame.announced };
}
