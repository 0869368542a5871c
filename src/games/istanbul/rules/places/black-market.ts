/**
 * Black Market 8: take 1 red, green or yellow good, and roll 2d6: 7–8 one blue, 9–10 two blue, 11–12 three
 * blue. The roll may come before the choice of the good. The red tile may modify the roll.
 */
import type { IstanbulAction } from '../../actions.js';
import { gainGood, room } from '../helpers.js';
import type { Frame, IstanbulState, PlayerState } from '../../state.js';
import { finishAction } from '../turn.js';
import type { Tx } from '../draft.js';
import type { Good, Seat } from '../../types.js';
import { offerRedTile } from '../tiles/red-tile.js';

const BLACK_MARKET_GOODS: readonly Exclude<Good, 'blue'>[] = ['red', 'green', 'yellow'];

export function blueForSum(sum: number): number {
  if (sum >= 11) return 3;
  if (sum >= 9) return 2;
  if (sum >= 7) return 1;
  return 0;
}

function goodOptions(p: PlayerState, out: IstanbulAction[]): void {
  for (const good of BLACK_MARKET_GOODS) if (room(p, good) > 0) out.push({ type: 'blackMarketGood', good });
}

function canTakeAGood(p: PlayerState): boolean {
  return BLACK_MARKET_GOODS.some((g) => room(p, g) > 0);
}

/** From the 'action' frame: the good first, or the roll first. */
export function blackMarketOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  goodOptions(s.players[seat] as PlayerState, out);
  out.push({ type: 'blackMarketRoll' });
}

export function blackMarketFrameOptions(s: IstanbulState, frame: Extract<Frame, { k: 'blackMarket' }>, out: IstanbulAction[]): void {
  if (frame.dice === null) out.push({ type: 'blackMarketRoll' });
  else goodOptions(s.players[frame.seat] as PlayerState, out);
}

export function applyBlackMarketGood(tx: Tx, seat: Seat, good: Exclude<Good, 'blue'>): void {
  const top = tx.top();
  gainGood(tx.player(seat), good, 1);
  tx.log('goodTaken', seat, { player: seat, good, place: 8 });
  if (top.k === 'blackMarket' && top.dice !== null) finishAction(tx, seat, 8);
  else tx.replaceTop({ k: 'blackMarket', seat, goodTaken: true, dice: null });
}

export function applyBlackMarketRoll(tx: Tx, seat: Seat): void {
  const top = tx.top();
  const goodTaken = top.k === 'blackMarket' ? top.goodTaken : false;
  // The frame records the roll; the red tile decision (if any) goes on top of it.
  const dice = tx.roll2d6(seat, 'blackMarket');
  tx.replaceTop({ k: 'blackMarket', seat, goodTaken, dice });
  tx.log('diceRolled', seat, { player: seat, die1: dice[0], die2: dice[1], sum: dice[0] + dice[1], place: 8 });
  if (!offerRedTile(tx, seat, 8, dice, 0)) resolveBlackMarketRoll(tx, seat, dice);
}

/** The final dice: blue goods, then the good if it is still to be chosen. */
export function resolveBlackMarketRoll(tx: Tx, seat: Seat, dice: readonly [number, number]): void {
  const top = tx.top();
  if (top.k !== 'blackMarket') throw new Error('no Black Market decision pending');
  const blue = blueForSum(dice[0] + dice[1]);
  const gained = gainGood(tx.player(seat), 'blue', blue);
  tx.log('blackMarketResult', seat, { player: seat, sum: dice[0] + dice[1], blue: gained });
  if (!top.goodTaken && canTakeAGood(tx.s.players[seat] as PlayerState)) {
    tx.replaceTop({ k: 'blackMarket', seat, goodTaken: false, dice: [dice[0], dice[1]] });
  } else {
    finishAction(tx, seat, 8);
  }
}
