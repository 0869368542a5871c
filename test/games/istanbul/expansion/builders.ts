/**
 * Builders for Letters & Seals rule tests: a fresh expansion game on the starter layout, normalised like the
 * base builders (seat 0 starts with 2 lira, empty hands, the deck sorted) plus the expansion's parts in known
 * places: the Courier out of the way, the letter pile in place order, the kiosk tiles in id order.
 */
import { istanbul, type IstanbulState } from '../../../../src/games/istanbul/index.js';
import type { Letter, LettersAndSealsState } from '../../../../src/games/istanbul/state.js';
import type { CompanionPos, PlaceId, Seat } from '../../../../src/games/istanbul/types.js';
import { player } from '../builders.js';

export * from '../builders.js';

export interface LsBuildOptions {
  players?: number;
  cards?: 'mixed' | 'newOnly';
  layout?: 'starter' | 'random';
  neutralAssistants?: boolean;
  seed?: string;
}

/**
 * Starter layout, rows from the top:
 *   16 15 22  3 10
 *    8  1  7 21  4
 *    2 23  6 12  9
 *   24 11  5 14 13
 */
export function buildLs(opts: LsBuildOptions = {}): IstanbulState {
  const parsed = istanbul.parseOptions({
    players: opts.players ?? 3,
    layout: opts.layout ?? 'starter',
    neutralAssistants: opts.neutralAssistants ?? false,
    lettersAndSeals: { cards: opts.cards ?? 'mixed' },
  });
  if (!parsed.ok) throw new Error(parsed.error);
  const s = JSON.parse(JSON.stringify(istanbul.setup(parsed.options, opts.seed ?? 'ls-builder'))) as IstanbulState;
  (s as { startSeat: Seat }).startSeat = 0;
  s.turnSeat = 0;
  s.pending = [{ k: 'move', seat: 0 }];
  for (const p of s.players) {
    p.lira = 2 + p.seat;
    s.deck.push(...p.hand);
    p.hand = [];
  }
  s.deck.sort();
  s.governor = 2;
  s.smuggler = 3;
  if (s.players.length === 2) s.neutralMerchants = [14, 15, 16];
  const ls = lsState(s);
  ls.courier = 4;
  // Drawn from the end: the first letter drawn names place 1, then 2, ...
  ls.letterDeck = [24, 23, 22, 21, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
  // The first tiles turned up are 0, 1, 2, ...
  ls.kioskDeck = Array.from({ length: 24 }, (_, i) => 23 - i);
  return s;
}

export function lsState(s: IstanbulState): LettersAndSealsState {
  if (s.ls === undefined) throw new Error('not an expansion game');
  return s.ls;
}

/** Gives a seat letters (taken out of the letter pile): a number = face up, [n, true] = delivered. */
export function giveLetters(s: IstanbulState, seat: Seat, ...letters: (PlaceId | [PlaceId, boolean])[]): void {
  const ls = lsState(s);
  for (const l of letters) {
    const [place, delivered] = typeof l === 'number' ? [l, false] : l;
    const index = ls.letterDeck.indexOf(place);
    if (index < 0) throw new Error(`letter ${place} is not in the pile`);
    ls.letterDeck.splice(index, 1);
    (ls.letters[seat] as Letter[]).push({ place, delivered });
  }
}

export function letters(s: IstanbulState, seat: Seat): Letter[] {
  return (lsState(s).letters[seat] ?? []).slice();
}

export function setCompanion(s: IstanbulState, seat: Seat, pos: CompanionPos): void {
  lsState(s).companions[seat] = pos;
}

/** Lira of a seat, for short assertions. */
export function lira(s: IstanbulState, seat: Seat): number {
  return player(s, seat).lira;
}
