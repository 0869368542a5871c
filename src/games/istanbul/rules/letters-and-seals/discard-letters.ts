/**
 * Letters & Seals, discarding letters one at a time:
 * - the double move: at the end of a turn, letters showing at least 3 seals (the excess is lost) for one
 *   extra turn; at most once per round per player, never at the end of an extra turn (docs/rules-decisions.md);
 * - the Secret Society 24: letters showing exactly 6 seals, then the next ruby of the Sultan's Palace 13 or
 *   the Gemstone Dealer 16, and 3, 2, 1 lira to the first three players to do it.
 */
import type { IstanbulAction } from '../../actions.js';
import { DOUBLE_MOVE_SEALS, SECRET_SOCIETY_BONUS, SECRET_SOCIETY_SEALS } from '../../data/letters-and-seals.js';
import { gemstoneSetup } from '../../data/gemstone.js';
import { sultanSetup } from '../../data/sultan.js';
import { SECRET_SOCIETY } from '../../data/places.js';
import type { Frame, IstanbulState } from '../../state.js';
import { checkRubies, finishAction, startTurn } from '../turn.js';
import type { Tx } from '../draft.js';
import type { LetterRef, PlaceId, Seat } from '../../types.js';
import { canMakeExactly, discardLetter, letterCounts, letterRefs, seals, sealsOfRef } from './letters.js';
import { replaceLastRuby } from './rubies.js';

type LettersFrame = Extract<Frame, { k: 'letters' }>;

// ----- the double move -----

export function canDoubleMove(s: IstanbulState, seat: Seat): boolean {
  const ls = s.ls;
  if (ls === undefined || s.phase !== 'playing' || s.turn.extra === true) return false;
  if (ls.doubleMoveRound[seat] === s.round) return false;
  return seals(s, seat) >= DOUBLE_MOVE_SEALS;
}

/** Offered wherever "end the turn" is. */
export function doubleMoveOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  if (canDoubleMove(s, seat)) out.push({ type: 'doubleMove' });
}

export function applyDoubleMove(tx: Tx, seat: Seat): void {
  tx.push({ k: 'letters', seat, purpose: 'doubleMove', need: DOUBLE_MOVE_SEALS, ruby: null, repeat: false });
}

// ----- the Secret Society -----

export function canUseSecretSociety(s: IstanbulState, seat: Seat): boolean {
  return s.ls !== undefined && seals(s, seat) >= SECRET_SOCIETY_SEALS;
}

/** The place action: choose where the ruby comes from (the Sultan's Palace and the Gemstone Dealer never run out). */
export function secretSocietyOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  if (!canUseSecretSociety(s, seat)) return;
  out.push({ type: 'secretSociety', ruby: 13 });
  out.push({ type: 'secretSociety', ruby: 16 });
}

export function applySecretSociety(tx: Tx, seat: Seat, ruby: PlaceId): void {
  tx.replaceTop({ k: 'letters', seat, purpose: 'secretSociety', need: SECRET_SOCIETY_SEALS, ruby, repeat: false });
}

/** Card "at the Secret Society: once more": right after that action, with 6 more seals. */
export function secretSocietyTwiceOptions(s: IstanbulState, seat: Seat, out: IstanbulAction[]): void {
  if (s.turn.repeatPlace !== SECRET_SOCIETY || !(s.players[seat]?.hand.includes('secretSocietyTwice') ?? false)) return;
  if (!canUseSecretSociety(s, seat)) return;
  out.push({ type: 'repeatSecretSociety', ruby: 13 });
  out.push({ type: 'repeatSecretSociety', ruby: 16 });
}

export function startRepeatSecretSociety(tx: Tx, seat: Seat, ruby: PlaceId): void {
  tx.push({ k: 'letters', seat, purpose: 'secretSociety', need: SECRET_SOCIETY_SEALS, ruby, repeat: true });
}

function takeSecretSocietyReward(tx: Tx, seat: Seat, ruby: PlaceId): void {
  const s = tx.s;
  const n = s.players.length;
  if (ruby === 13) {
    s.sultanTaken += 1;
    replaceLastRuby(tx, sultanSetup(n).rubies, s.sultanTaken, 13);
  } else {
    s.gemstoneTaken += 1;
    replaceLastRuby(tx, gemstoneSetup(n).rubies, s.gemstoneTaken, 16);
  }
  const p = tx.player(seat);
  p.rubies += 1;
  tx.log('rubyTaken', seat, { player: seat, place: ruby });
  const ls = tx.ls();
  if (!ls.secretSociety.includes(seat) && ls.secretSociety.length < SECRET_SOCIETY_BONUS.length) {
    const lira = SECRET_SOCIETY_BONUS[ls.secretSociety.length] as number;
    tx.secretSocietyPaid().push(seat);
    p.lira += lira;
    tx.log('secretSocietyBonus', seat, { player: seat, lira, rank: ls.secretSociety.length });
  }
  checkRubies(tx, seat);
}

// ----- discarding, one letter at a time -----

export function letterDiscardOptions(s: IstanbulState, frame: LettersFrame, out: IstanbulAction[]): void {
  const refs = letterRefs(s, frame.seat);
  if (frame.purpose === 'doubleMove') {
    for (const letter of refs) out.push({ type: 'discardLetter', letter });
    return;
  }
  // Exactly `need` seals: only letters after which the rest can still be made exactly.
  const { twos, ones } = letterCounts(s, frame.seat);
  for (const letter of refs) {
    const v = sealsOfRef(letter);
    const rest = frame.need - v;
    if (rest < 0) continue;
    const ok = letter === 'delivered' ? canMakeExactly(rest, twos - 1, ones) : canMakeExactly(rest, twos, ones - 1);
    if (ok) out.push({ type: 'discardLetter', letter });
  }
}

export function applyDiscardLetter(tx: Tx, seat: Seat, letter: LetterRef): void {
  const frame = tx.top();
  if (frame.k !== 'letters') throw new Error('no letters to discard');
  const need = frame.need - discardLetter(tx, seat, letter);
  if (need > 0) {
    tx.replaceTop({ ...frame, need });
    return;
  }
  if (frame.purpose === 'doubleMove') {
    tx.doubleMoveRound()[seat] = tx.s.round;
    tx.log('doubleMove', seat, { player: seat });
    tx.log('turnEnded', seat, { player: seat });
    startTurn(tx, seat, true);
    return;
  }
  tx.log('secretSocietyUsed', seat, { player: seat });
  takeSecretSocietyReward(tx, seat, frame.ruby as PlaceId);
  if (frame.repeat) tx.pop();
  else finishAction(tx, seat, SECRET_SOCIETY);
}
