/**
 * The turn as a stack of pending decisions: move -> assistant -> pay -> place action (-> sub-choices) ->
 * encounters -> end of turn; then the next seat, the end of the game and the final card step.
 */
import { FINAL_STEP_CARDS } from '../data/cards.js';
import { EXPANSION_RUBY_TARGET } from '../data/letters-and-seals.js';
import { FOUNTAIN, POLICE_STATION } from '../data/places.js';
import { rubyTarget } from '../data/players.js';
import { actorPlace, hasRoomForAny, neutralMerchantsAt, payees, totalGoods } from './helpers.js';
import type { IstanbulState, PlayerState } from '../state.js';
import type { Tx } from './draft.js';
import type { PlaceId, Seat } from '../types.js';

/** Places whose action a card may repeat right afterwards (with Letters & Seals also the mosques and the Secret Society). */
const REPEATABLE: readonly PlaceId[] = [5, 13, 16];
const REPEATABLE_LS: readonly PlaceId[] = [5, 13, 14, 15, 16, 24];

/** The rubies that trigger the end: 5 (6 with 2 players); with Letters & Seals 6 for any player count. */
export function rubyTargetOf(s: IstanbulState): number {
  return s.ls !== undefined ? EXPANSION_RUBY_TARGET : rubyTarget(s.players.length);
}

/** `extra`: Letters & Seals, the extra turn of a double move. */
export function startTurn(tx: Tx, seat: Seat, extra = false): void {
  tx.s.turnSeat = seat;
  tx.s.turn = tx.s.ls !== undefined ? { yellowUsed: false, repeatPlace: null, token: 'merchant', exempt: null, extra } : { yellowUsed: false, repeatPlace: null };
  tx.setPending({ k: 'move', seat });
  tx.checkpoint = true; // hand-over to another seat
  tx.log(extra ? 'extraTurnStarted' : 'turnStarted', seat, { player: seat, round: tx.s.round });
}

/**
 * After the merchant arrived (or stayed): the assistant decision, except at the Fountain. A companion works
 * alone (no assistant): straight on to the payment.
 */
export function afterMove(tx: Tx, seat: Seat): void {
  const place = actorPlace(tx.s, seat);
  if (tx.s.turn.token === 'companion') afterAssistant(tx, seat);
  else if (place === FOUNTAIN) enterAction(tx, seat, place);
  else tx.setPending({ k: 'assistant', seat });
}

/** After the assistant: pay other merchants (and companions) if any are there (never at the Fountain), else the action. */
export function afterAssistant(tx: Tx, seat: Seat): void {
  const place = actorPlace(tx.s, seat);
  const due = payees(tx.s, place, seat);
  if (place !== FOUNTAIN && (due.merchants.length > 0 || due.companions.length > 0 || neutralMerchantsAt(tx.s, place) > 0)) {
    tx.setPending({ k: 'pay', seat });
  } else {
    enterAction(tx, seat, place);
  }
}

export function enterAction(tx: Tx, seat: Seat, place: PlaceId): void {
  tx.setPending({ k: 'action', seat, place, family: false });
}

/** The place action (at `place`) is over: open the repeat window if its card applies, then the encounters. */
export function finishAction(tx: Tx, seat: Seat, place: PlaceId | null): void {
  const repeatable = tx.s.ls !== undefined ? REPEATABLE_LS : REPEATABLE;
  tx.s.turn.repeatPlace = place !== null && repeatable.includes(place) ? place : null;
  enterEncounters(tx, seat);
}

/**
 * Phase 4 at the place of the token moved (the merchant, or the companion): captures (mandatory, not at the
 * Police Station), Governor, Smuggler, and with Letters & Seals the Courier. The family member moved by its
 * card has no encounters.
 */
export function enterEncounters(tx: Tx, seat: Seat): void {
  const s = tx.s;
  if (s.ls !== undefined && s.turn.token === 'family') {
    tx.setPending({ k: 'encounters', seat, captures: [], governor: false, smuggler: false, courier: false });
    return;
  }
  const place = actorPlace(s, seat);
  const captures: Seat[] = [];
  if (place !== POLICE_STATION) {
    for (const p of s.players) if (p.seat !== seat && p.family === place) captures.push(p.seat);
  }
  if (s.ls !== undefined) {
    tx.setPending({ k: 'encounters', seat, captures, governor: s.governor === place, smuggler: s.smuggler === place, courier: s.ls.courier === place });
  } else {
    tx.setPending({ k: 'encounters', seat, captures, governor: s.governor === place, smuggler: s.smuggler === place });
  }
}

/** Records the end trigger when a player reaches the ruby target. */
export function checkRubies(tx: Tx, seat: Seat): void {
  const p = tx.s.players[seat] as PlayerState;
  if (!tx.s.endTriggered && p.rubies >= rubyTargetOf(tx.s)) {
    tx.s.endTriggered = true;
    tx.log('endTriggered', seat, { player: seat, rubies: p.rubies });
  }
}

export function endTurn(tx: Tx, seat: Seat): void {
  const s = tx.s;
  tx.log('turnEnded', seat, { player: seat });
  const next = (seat + 1) % s.players.length;
  if (next === s.startSeat) {
    if (s.endTriggered) {
      enterFinalStep(tx);
      return;
    }
    s.round += 1;
  }
  startTurn(tx, next);
}

/** Whether a seat still has a card for the final step that would give something. */
export function hasFinalCard(s: IstanbulState, seat: Seat): boolean {
  const p = s.players[seat] as PlayerState;
  for (const card of p.hand) {
    if (!FINAL_STEP_CARDS.includes(card)) continue;
    if (card === 'takeGood' && !hasRoomForAny(p)) continue;
    if (card === 'sellGood' && totalGoods(p) === 0) continue;
    return true;
  }
  return false;
}

/** After the last round: each player in turn order gets one final step for money/goods cards. */
function enterFinalStep(tx: Tx): void {
  const s = tx.s;
  s.phase = 'finalCards';
  const n = s.players.length;
  const queue: Seat[] = [];
  for (let i = 0; i < n; i++) {
    const seat = (s.startSeat + i) % n;
    if (hasFinalCard(s, seat)) queue.push(seat);
  }
  s.finalQueue = queue;
  tx.log('lastRoundOver', undefined);
  nextFinalSeat(tx);
}

/** Hands the final step to the next seat in the queue, or ends the game. */
export function nextFinalSeat(tx: Tx): void {
  const s = tx.s;
  const queue = s.finalQueue.slice();
  const seat = queue.shift();
  s.finalQueue = queue;
  if (seat === undefined) {
    s.phase = 'over';
    tx.setPending();
    tx.log('gameOver', undefined);
    tx.checkpoint = true;
    return;
  }
  s.turnSeat = seat;
  s.turn = s.ls !== undefined ? { yellowUsed: false, repeatPlace: null, token: 'merchant', exempt: null, extra: false } : { yellowUsed: false, repeatPlace: null };
  tx.setPending({ k: 'finalCards', seat });
  tx.checkpoint = true;
  tx.log('finalStep', seat, { player: seat });
}
