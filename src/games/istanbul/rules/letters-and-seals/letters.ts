/**
 * Letters & Seals, the letters: a draw pile and a discard pile (reshuffled when the draw pile is empty);
 * received letters lie face up (the place number, 1 seal); a letter is delivered (turned to 2 seals) whenever
 * any of its owner's tokens (merchant, family member, companion on the board) stands at its place.
 */
import { shuffle } from '../../../../engine/index.js';
import { SEALS_DELIVERED, SEALS_UNDELIVERED } from '../../data/letters-and-seals.js';
import type { IstanbulState, Letter, PlayerState } from '../../state.js';
import type { Tx } from '../draft.js';
import type { LetterRef, PlaceId, Seat } from '../../types.js';

export function lettersOf(s: IstanbulState, seat: Seat): readonly Letter[] {
  return s.ls?.letters[seat] ?? [];
}

export function sealsOfLetter(l: Letter): number {
  return l.delivered ? SEALS_DELIVERED : SEALS_UNDELIVERED;
}

export function seals(s: IstanbulState, seat: Seat): number {
  let n = 0;
  for (const l of lettersOf(s, seat)) n += sealsOfLetter(l);
  return n;
}

export function canDrawLetter(s: IstanbulState): boolean {
  const ls = s.ls;
  return ls !== undefined && ls.letterDeck.length + ls.letterDiscard.length > 0;
}

/** The letters a seat may pay or discard: 'delivered' once if it has any, then each undelivered one by place. */
export function letterRefs(s: IstanbulState, seat: Seat): LetterRef[] {
  const out: LetterRef[] = [];
  const letters = lettersOf(s, seat);
  if (letters.some((l) => l.delivered)) out.push('delivered');
  const places = letters.filter((l) => !l.delivered).map((l) => l.place);
  places.sort((a, b) => a - b);
  for (const place of places) out.push(place);
  return out;
}

export function sealsOfRef(ref: LetterRef): number {
  return ref === 'delivered' ? SEALS_DELIVERED : SEALS_UNDELIVERED;
}

/** Draws one letter face up in front of the seat; null when no letter is left anywhere. A checkpoint. */
export function drawLetter(tx: Tx, seat: Seat): PlaceId | null {
  const ls = tx.ls();
  if (ls.letterDeck.length === 0) {
    if (ls.letterDiscard.length === 0) return null;
    ls.letterDeck = shuffle(tx.rng(), ls.letterDiscard);
    ls.letterDiscard = [];
    tx.log('lettersReshuffled', undefined, { letters: ls.letterDeck.length });
  }
  const place = tx.letterDeck().pop() as PlaceId;
  tx.lettersOf(seat).push({ place, delivered: false });
  tx.checkpoint = true;
  tx.log('letterTaken', seat, { player: seat, place });
  return place;
}

/** Draws up to `n` letters; returns how many were drawn. */
export function drawLetters(tx: Tx, seat: Seat, n: number): number {
  let drawn = 0;
  for (let i = 0; i < n; i++) if (drawLetter(tx, seat) !== null) drawn++;
  return drawn;
}

/** Discards one letter of the seat onto the letter discard pile; returns its seals. */
export function discardLetter(tx: Tx, seat: Seat, ref: LetterRef): number {
  const letters = tx.lettersOf(seat);
  const index = ref === 'delivered' ? letters.findIndex((l) => l.delivered) : letters.findIndex((l) => !l.delivered && l.place === ref);
  if (index < 0) throw new Error(`seat ${seat} holds no letter ${String(ref)}`);
  const [letter] = letters.splice(index, 1) as [Letter];
  tx.letterDiscard().push(letter.place);
  tx.log(letter.delivered ? 'deliveredLetterDiscarded' : 'letterDiscarded', seat, { player: seat, place: letter.place });
  return sealsOfLetter(letter);
}

/** The places where a seat's tokens stand: merchant, family member, companion (when on the board). */
export function tokenPlaces(s: IstanbulState, p: PlayerState): PlaceId[] {
  const out = [p.merchant, p.family];
  const companion = s.ls?.companions[p.seat];
  if (typeof companion === 'number') out.push(companion);
  return out;
}

/** Turns every letter whose place holds one of its owner's tokens (run after every action). */
export function deliverLetters(tx: Tx): void {
  const s = tx.s;
  const ls = s.ls;
  if (ls === undefined) return;
  for (const p of s.players) {
    const letters = ls.letters[p.seat] as readonly Letter[];
    if (!letters.some((l) => !l.delivered)) continue;
    const at = tokenPlaces(s, p);
    if (!letters.some((l) => !l.delivered && at.includes(l.place))) continue;
    const mine = tx.lettersOf(p.seat);
    for (let i = 0; i < mine.length; i++) {
      const l = mine[i] as Letter;
      if (!l.delivered && at.includes(l.place)) {
        mine[i] = { place: l.place, delivered: true };
        tx.log('letterDelivered', p.seat, { player: p.seat, place: l.place });
      }
    }
  }
}

/** Whether exactly `need` seals can be made of `twos` delivered and `ones` undelivered letters. */
export function canMakeExactly(need: number, twos: number, ones: number): boolean {
  for (let t = 0; t <= twos && 2 * t <= need; t++) if (need - 2 * t <= ones) return true;
  return false;
}

/** Counts of delivered and undelivered letters of a seat. */
export function letterCounts(s: IstanbulState, seat: Seat): { twos: number; ones: number } {
  let twos = 0;
  let ones = 0;
  for (const l of lettersOf(s, seat)) if (l.delivered) twos++;
  else ones++;
  return { twos, ones };
}
