/**
 * The Letters & Seals card that moves the family member instead of the merchant, as the German card reads:
 * "Bewege dein Familienmitglied beim Abschnitt „Bewegung“ in einen senkrecht oder waagerecht benachbarten Ort
 * und führe die Aktion dort ohne Begegnungen aus. Dein normaler Zug mit Kaufmann oder Kompagnon entfällt. Das
 * Familienmitglied darf sich dafür weder in der Polizeiwache befinden noch dorthin gehen."
 * One orthogonal step, never to or from the Police Station, whatever the layout.
 */
import { describe, expect, it } from 'vitest';
import type { PlaceId } from '../../../../src/games/istanbul/types.js';
import { act, buildLs, giveCards, giveLetters, keys, letters, lira, lsState, player, setCompanion, top, type IstanbulState } from './builders.js';

const POLICE_STATION = 12;

/** The places the card offers seat 0's family member, in number order. */
function offered(s: IstanbulState): number[] {
  return keys(s)
    .filter((k) => k.startsWith('familyStep:'))
    .map((k) => Number(k.slice('familyStep:'.length)))
    .sort((a, b) => a - b);
}

/** Seat 0 holds the card and its family member stands on `from`. */
function withCard(from: PlaceId, opts: Parameters<typeof buildLs>[0] = {}): IstanbulState {
  const s = buildLs(opts);
  giveCards(s, 0, 'familyStep');
  player(s, 0).family = from;
  return s;
}

describe('the family member card on the starter layout', () => {
  // Starter layout, rows from the top:
  //   16 15 22  3 10
  //    8  1  7 21  4
  //    2 23  6 12  9
  //   24 11  5 14 13

  it('from place 1: the four places beside it (7, 8, 15, 23), none two places away (2, 6, 11, 16, 21, 22)', () => {
    expect(offered(withCard(1))).toEqual([7, 8, 15, 23]);
  });

  it('from the corner 16: only the two places beside it, 8 and 15', () => {
    expect(offered(withCard(16))).toEqual([8, 15]);
  });

  it('from the edge 5: the places beside it, 11, 6 and 14', () => {
    expect(offered(withCard(5))).toEqual([6, 11, 14]);
  });

  it('beside the Police Station, from 6, 21, 9 or 14: every place beside it but the Police Station', () => {
    expect(offered(withCard(6))).toEqual([5, 7, 23]);
    expect(offered(withCard(21))).toEqual([3, 4, 7]);
    expect(offered(withCard(9))).toEqual([4, 13]);
    expect(offered(withCard(14))).toEqual([5, 13]);
  });

  it('not from the Police Station: a family member there (as at the start) cannot be moved by the card, which stays in hand', () => {
    const s = withCard(POLICE_STATION);
    expect(offered(s)).toEqual([]);
    expect(keys(s)).toContain('move:1');
    expect(player(s, 0).hand).toEqual(['familyStep']);
  });

  it('not from the Police Station either when the family member was captured and sent back there', () => {
    const s = withCard(21);
    expect(offered(s)).toEqual([3, 4, 7]);
    player(s, 0).family = POLICE_STATION; // captured by another merchant
    expect(offered(s)).toEqual([]);
  });
});

describe('the family member card on a random layout', () => {
  // Seed "random-b", rows from the top:
  //   24 13  3 15 11
  //    1  6  7 21 10
  //   22  8 23 14  4
  //    2 16  5 12  9
  const layout = { layout: 'random', seed: 'random-b' } as const;

  it('the layout is the one drawn here (the Police Station on the bottom edge)', () => {
    const s = buildLs(layout);
    expect(s.cells).toEqual([24, 13, 3, 15, 11, 1, 6, 7, 21, 10, 22, 8, 23, 14, 4, 2, 16, 5, 12, 9]);
  });

  it('from the middle place 23: the four places beside it on this layout (5, 7, 8, 14)', () => {
    expect(offered(withCard(23, layout))).toEqual([5, 7, 8, 14]);
  });

  it('from 5 and 14, beside the Police Station: the places beside them but the Police Station', () => {
    expect(offered(withCard(5, layout))).toEqual([16, 23]);
    expect(offered(withCard(14, layout))).toEqual([4, 21, 23]);
  });

  it('not from the Police Station on this layout either', () => {
    expect(offered(withCard(POLICE_STATION, layout))).toEqual([]);
  });
});

describe('the Police Station in a corner (random layout, seed "ls-builder")', () => {
  // Rows from the top:
  //   16  9 14 11  6
  //    4  5 13  2 10
  //    8  7  3 15 22
  //   12  1 24 23 21
  const layout = { layout: 'random', seed: 'ls-builder' } as const;

  it('from 8 and 1, its only neighbours: never onto it', () => {
    expect(buildLs(layout).cells.slice(15)).toEqual([12, 1, 24, 23, 21]);
    expect(offered(withCard(8, layout))).toEqual([4, 7]);
    expect(offered(withCard(1, layout))).toEqual([7, 24]);
  });
});

describe('the family member card replaces the turn', () => {
  it('the merchant and the companion stay; the family member does the place action with no encounters', () => {
    const s = withCard(1);
    setCompanion(s, 0, 8);
    player(s, 1).merchant = 23;
    player(s, 2).family = 23;
    s.governor = 23;
    s.smuggler = 23;
    lsState(s).courier = 23;
    const stepped = act(s, { type: 'familyStep', to: 23 }).state;
    expect(player(stepped, 0).family).toBe(23);
    expect(player(stepped, 0).merchant).toBe(7);
    expect(lsState(stepped).companions[0]).toBe(8);
    expect(player(stepped, 0).hand).toEqual([]);
    // No payment to the merchant there, straight to that place's action.
    expect(lira(stepped, 0)).toBe(2);
    expect(top(stepped)).toEqual({ k: 'action', seat: 0, place: 23, family: false });
  });

  it('a letter for the place the family member steps to is delivered', () => {
    const s = withCard(1);
    giveLetters(s, 0, 15);
    const stepped = act(s, { type: 'familyStep', to: 15 }).state;
    expect(letters(stepped, 0)).toEqual([{ place: 15, delivered: true }]);
  });
});
