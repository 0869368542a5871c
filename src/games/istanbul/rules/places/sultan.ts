/**
 * Sultan's Palace 13: deliver every uncovered good ("any" = one good of your choice) and take the next ruby;
 * the next one costs one good more.
 */
import type { IstanbulAction } from '../../actions.js';
import { sultanCost, sultanSetup } from '../../data/sultan.js';
import type { IstanbulState, PlayerState } from '../../state.js';
import { checkRubies, finishAction } from '../turn.js';
import type { Tx } from '../draft.js';
import { GOODS, type Good, type Goods, type Seat } from '../../types.js';
import { replaceLastRuby, sultanRubiesOn } from '../letters-and-seals/rubies.js';

export function sultanRubiesLeft(s: IstanbulState): number {
  return sultanRubiesOn(s);
}

/** The goods the next ruby costs with these choices for the "any" fields. */
export function sultanPayment(s: IstanbulState, choices: readonly Good[]): Goods {
  const pay: Goods = { red: 0, green: 0, yellow: 0, blue: 0 };
  let k = 0;
  for (const slot of sultanCost(s.players.length, s.sultanTaken)) {
    if (slot === 'any') pay[choices[k++] as Good] += 1;
    else pay[slot] += 1;
  }
  return pay;
}

function anySlots(s: IstanbulState): number {
  return sultanCost(s.players.length, s.sultanTaken).filter((slot) => slot === 'any').length;
}

function affordable(p: PlayerState, pay: Goods): boolean {
  return p.goods.red >= pay.red && p.goods.green >= pay.green && p.goods.yellow >= pay.yellow && p.goods.blue >= pay.blue;
}

/** Every affordable set of choices for the "any" fields (as multisets, in GOODS order). */
export function sultanChoiceSets(s: IstanbulState, seat: Seat): Good[][] {
  if (sultanRubiesLeft(s) <= 0) return [];
  const p = s.players[seat] as PlayerState;
  const n = anySlots(s);
  const out: Good[][] = [];
  const visit = (prefix: Good[], from: number): void => {
    if (prefix.length === n) {
      if (affordable(p, sultanPayment(s, prefix))) out.push(prefix);
      return;
    }
    for (let i = from; i < GOODS.length; i++) visit([...prefix, GOODS[i] as Good], i);
  };
  visit([], 0);
  return out;
}

export function sultanOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  for (const choices of sultanChoiceSets(s, seat)) out.push({ type: 'sultan', choices });
}

/** The effect alone (also for the "once more" card). */
export function sultanEffect(tx: Tx, seat: Seat, choices: readonly Good[]): void {
  const pay = sultanPayment(tx.s, choices);
  const p = tx.player(seat);
  for (const good of GOODS) p.goods[good] -= pay[good];
  tx.s.sultanTaken += 1;
  replaceLastRuby(tx, sultanSetup(tx.s.players.length).rubies, tx.s.sultanTaken, 13);
  p.rubies += 1;
  tx.log('sultanDelivered', seat, { player: seat, red: pay.red, green: pay.green, yellow: pay.yellow, blue: pay.blue });
  tx.log('rubyTaken', seat, { player: seat, place: 13 });
  checkRubies(tx, seat);
}

export function applySultan(tx: Tx, seat: Seat, choices: readonly Good[]): void {
  sultanEffect(tx, seat, choices);
  finishAction(tx, seat, 13);
}
