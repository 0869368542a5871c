/**
 * Letters & Seals, the 16 new bonus cards (their counts: docs/rules-decisions.md), each with its timing:
 * - at the free points of the own turn (like "take 1 good"): take 1 letter, the dice card, give 1 good for
 *   7 lira, the depicted good and 3 lira, use the Governor/Smuggler/Courier; the money and goods cards also
 *   in the final step after the last round;
 * - in the movement phase (the 'move' decision), instead of the move: the family member's step, the move to an
 *   opponent's merchant, the companion's 2 steps, 3 lira to move anywhere;
 * - right after that place's action (the repeat window): the mosque and the Secret Society once more;
 * - the top card of the discard pile: carried out with that card's own timing.
 */
import type { IstanbulAction } from '../../actions.js';
import {
  GOOD_LIRA_CARDS,
  GOOD_LIRA_CARD_LIRA,
  MOVE_ANYWHERE_PRICE,
  SELL_GOOD_LIRA,
  diceCardYield,
  type GoodLiraCard,
} from '../../data/letters-and-seals.js';
import { MOSQUE_COLOURS } from '../../data/mosques.js';
import { POLICE_STATION } from '../../data/places.js';
import { gainGood, hasRoomForAny, room } from '../helpers.js';
import type { IstanbulState, PlayerState } from '../../state.js';
import { enterAction } from '../turn.js';
import type { Tx } from '../draft.js';
import { GOODS, type Good, type LetterRef, type PlaceId, type Seat } from '../../types.js';
import { drawCard, playCard } from '../deck.js';
import { canTakeMosqueTile, mosqueEffect } from '../places/mosque.js';
import { destinations, moveMerchant } from '../turn/movement.js';
import { companionPlace, moveCompanion } from './companion.js';
import { courierPayments, useCourier } from './courier.js';
import { canDrawLetter, drawLetter } from './letters.js';

const holds = (s: IstanbulState, seat: Seat, card: PlayerState['hand'][number]): boolean =>
  (s.players[seat] as PlayerState).hand.includes(card);

// ----- free points (and the final step for money and goods) -----

export function takeLetterOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  if (holds(s, seat, 'takeLetter') && canDrawLetter(s)) out.push({ type: 'takeLetter' });
}

export function applyTakeLetter(tx: Tx, seat: Seat): void {
  playCard(tx, seat, 'takeLetter');
  drawLetter(tx, seat);
}

export function diceCardOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  if (holds(s, seat, 'diceCard')) out.push({ type: 'diceCard' });
}

/** Rolls 2d6: the lira at once; a good of your choice next (when one still fits). */
export function applyDiceCard(tx: Tx, seat: Seat): void {
  playCard(tx, seat, 'diceCard');
  const dice = tx.roll2d6(seat, 'diceCard');
  const yieldOf = diceCardYield(dice[0] + dice[1]);
  tx.player(seat).lira += yieldOf.lira;
  tx.log('diceCardRolled', seat, { player: seat, die1: dice[0], die2: dice[1], sum: dice[0] + dice[1], lira: yieldOf.lira });
  if (yieldOf.good && hasRoomForAny(tx.s.players[seat] as PlayerState)) tx.push({ k: 'cardGood', seat });
}

export function cardGoodOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  const p = s.players[seat] as PlayerState;
  for (const good of GOODS) if (room(p, good) > 0) out.push({ type: 'cardGood', good });
}

export function applyCardGood(tx: Tx, seat: Seat, good: Good): void {
  gainGood(tx.player(seat), good, 1);
  tx.log('cardGoodTaken', seat, { player: seat, good });
  tx.pop();
}

export function sellGoodOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  if (!holds(s, seat, 'sellGood')) return;
  const p = s.players[seat] as PlayerState;
  for (const good of GOODS) if (p.goods[good] > 0) out.push({ type: 'sellGood', good });
}

export function applySellGood(tx: Tx, seat: Seat, good: Good): void {
  playCard(tx, seat, 'sellGood');
  const p = tx.player(seat);
  p.goods[good] -= 1;
  p.lira += SELL_GOOD_LIRA;
  tx.log('goodSoldByCard', seat, { player: seat, good, lira: SELL_GOOD_LIRA });
}

export function goodLiraOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  const p = s.players[seat] as PlayerState;
  for (const card of Object.keys(GOOD_LIRA_CARDS) as GoodLiraCard[]) if (p.hand.includes(card)) out.push({ type: 'goodLira', card });
}

export function applyGoodLira(tx: Tx, seat: Seat, card: GoodLiraCard): void {
  playCard(tx, seat, card);
  const good = GOOD_LIRA_CARDS[card];
  const p = tx.player(seat);
  const gained = gainGood(p, good, 1);
  p.lira += GOOD_LIRA_CARD_LIRA;
  tx.log('goodLiraTaken', seat, { player: seat, good, count: gained, lira: GOOD_LIRA_CARD_LIRA });
}

/** "Use the Governor, Smuggler or Courier": wherever he stands; his usual cost; then he is re-rolled. */
export function useFigureOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  if (!holds(s, seat, 'useFigure')) return;
  const p = s.players[seat] as PlayerState;
  // The card goes to the discard pile first, so a card can always be drawn for the Governor.
  out.push({ type: 'useGovernor' });
  for (const good of GOODS) if (room(p, good) > 0) out.push({ type: 'useSmuggler', good });
  for (const letter of courierPayments(s, seat)) out.push({ type: 'useCourier', letter });
}

export function applyUseGovernor(tx: Tx, seat: Seat): void {
  playCard(tx, seat, 'useFigure');
  tx.log('governorUsed', seat, { player: seat });
  drawCard(tx, seat);
  tx.push({ k: 'governorPay', seat });
}

export function applyUseSmuggler(tx: Tx, seat: Seat, good: Good): void {
  playCard(tx, seat, 'useFigure');
  gainGood(tx.player(seat), good, 1);
  tx.log('smugglerUsed', seat, { player: seat, good });
  tx.push({ k: 'smugglerPay', seat });
}

export function applyUseCourier(tx: Tx, seat: Seat, letter: LetterRef | null): void {
  playCard(tx, seat, 'useFigure');
  useCourier(tx, seat, letter);
}

// ----- movement cards (the 'move' decision) -----

/** The family member 1 step (not from or to the Police Station), then that place's action, no encounters. */
export function familyStepOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  if (!holds(s, seat, 'familyStep')) return;
  const p = s.players[seat] as PlayerState;
  if (p.family === POLICE_STATION) return;
  for (const to of destinations(s, p.family, 1, 1)) if (to !== POLICE_STATION) out.push({ type: 'familyStep', to });
}

export function applyFamilyStep(tx: Tx, seat: Seat, to: PlaceId): void {
  playCard(tx, seat, 'familyStep');
  const p = tx.player(seat);
  const from = p.family;
  p.family = to;
  tx.s.turn.token = 'family';
  tx.s.lastMove = { seat, from, to, token: 'family' };
  tx.log('familyStepped', seat, { player: seat, from, to });
  enterAction(tx, seat, to);
}

/** The merchant stack to another player's merchant (elsewhere), not paying that merchant. */
export function moveToMerchantOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  if (!holds(s, seat, 'moveToMerchant')) return;
  const here = (s.players[seat] as PlayerState).merchant;
  for (const q of s.players) if (q.seat !== seat && q.merchant !== here) out.push({ type: 'moveToMerchant', other: q.seat });
}

export function applyMoveToMerchant(tx: Tx, seat: Seat, other: Seat): void {
  playCard(tx, seat, 'moveToMerchant');
  tx.s.turn.exempt = other;
  moveMerchant(tx, seat, (tx.s.players[other] as PlayerState).merchant);
}

/** The companion (on the board) 2 steps instead of 1. */
export function companionFarOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  if (!holds(s, seat, 'companionFar')) return;
  const from = companionPlace(s, seat);
  if (from === null) return;
  for (const to of destinations(s, from, 2, 2)) out.push({ type: 'moveCompanionFar', to });
}

export function applyMoveCompanionFar(tx: Tx, seat: Seat, to: PlaceId): void {
  playCard(tx, seat, 'companionFar');
  moveCompanion(tx, seat, to);
}

/** Pay 3 lira: the merchant stack to any other place. */
export function moveAnywhereOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  if (!holds(s, seat, 'moveAnywhere')) return;
  const p = s.players[seat] as PlayerState;
  if (p.lira < MOVE_ANYWHERE_PRICE) return;
  for (const to of s.cells) if (to !== p.merchant) out.push({ type: 'moveAnywhere', to });
}

export function applyMoveAnywhere(tx: Tx, seat: Seat, to: PlaceId): void {
  playCard(tx, seat, 'moveAnywhere');
  tx.player(seat).lira -= MOVE_ANYWHERE_PRICE;
  tx.log('liraPaidToMove', seat, { player: seat, lira: MOVE_ANYWHERE_PRICE });
  moveMerchant(tx, seat, to);
}

// ----- repeat window -----

/** Right after a mosque's action: take another of its tiles. */
export function mosqueTwiceOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  const place = s.turn.repeatPlace;
  if ((place !== 14 && place !== 15) || !holds(s, seat, 'mosqueTwice')) return;
  for (const colour of MOSQUE_COLOURS[place] as readonly Good[]) if (canTakeMosqueTile(s, seat, colour)) out.push({ type: 'repeatMosque', colour });
}

export function applyRepeatMosque(tx: Tx, seat: Seat, colour: Good): void {
  playCard(tx, seat, 'mosqueTwice');
  mosqueEffect(tx, seat, colour);
}
