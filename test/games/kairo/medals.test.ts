import { describe, expect, it } from 'vitest';
import type { Seat } from '../../../src/engine/index.js';
import type { CardType } from '../../../src/games/kairo/data/board.js';
import { sectionOf } from '../../../src/games/kairo/data/geometry.js';
import type { KairoPlayer, KairoState, Medal } from '../../../src/games/kairo/types.js';
import { F, play, scenario, type StallSpec } from './helpers.js';

/**
 * Four red stalls: player 1 (seat 0) at E5, seat 1 at K2, seat 2 at C8, seat 3 at K8, each with room to
 * grow. `ext` gives each stall's extensions; `medal` the red medals before the extension.
 */
function redBoard(ext: readonly (readonly string[])[], medal: Medal, seat: Seat, scores = [0, 0, 0, 0]): KairoState {
  const base: StallSpec[] = [
    { owner: 0, colour: 'red', main: 'E5', entrance: 'E4' },
    { owner: 1, colour: 'red', main: 'K2', entrance: 'K3' },
    { owner: 2, colour: 'red', main: 'C8', entrance: 'C7' },
    { owner: 3, colour: 'red', main: 'K8', entrance: 'K7' },
  ];
  return scenario({
    players: 4,
    seat,
    stalls: base.map((s, i) => ({ ...s, ext: ext[i] ?? [] })),
    customers: { violet: 'H1', red: 'H2', yellow: 'H3', green: 'H4', blue: 'H9', orange: null },
    hands: [['s4', 's5'], ['s3', 's2'], ['s7', 's8'], ['s9', 's6']],
    coins: [{ red: 9 }, { red: 9 }, { red: 9 }, { red: 9 }],
    medals: { red: medal },
    scores,
  });
}

/** Extends `seat`'s red stall onto `field` (payment all in red, which is forced with only red coins). */
function extend(state: KairoState, field: string, seat: Seat = state.seat): KairoState {
  const s = structuredClone(state);
  s.seat = seat;
  // Hand the player exactly the card for the field's section, so card and section are forced.
  const card = `s${sectionOf(F(field))}` as CardType;
  s.discard.push(...(s.players[seat] as KairoPlayer).hand);
  s.deck.splice(s.deck.indexOf(card), 1);
  (s.players[seat] as KairoPlayer).hand = [card];
  let after = play(s, { t: 'build', kind: 'extend', colour: 'red' }).state;
  // The field is asked for unless it is the only one in the section.
  if (after.pending.k === 'build') after = play(after, { t: 'field', field: F(field) }).state;
  expect(after.stalls.find((st) => st.owner === seat && st.colour === 'red')?.ext).toContain(F(field));
  return after;
}

describe('medals', () => {
  it('the first extension of a colour takes both medals: size points plus gold 4 and silver 2', () => {
    const s = extend(redBoard([], { gold: null, silver: null }, 0), 'D5');
    expect(s.medals.red).toEqual({ gold: 0, silver: 0 });
    expect(s.players[0]?.score).toBe(2 + 4 + 2);
  });

  it('tying the biggest stall takes the silver from its holder', () => {
    const s = extend(redBoard([['D5']], { gold: 0, silver: 0 }, 1), 'L2');
    expect(s.medals.red).toEqual({ gold: 0, silver: 1 });
    expect(s.players[1]?.score).toBe(2 + 2);
  });

  it('a later player who ties the biggest too takes the silver on', () => {
    const s = extend(redBoard([['D5'], ['L2']], { gold: 0, silver: 1 }, 2), 'D8');
    expect(s.medals.red).toEqual({ gold: 0, silver: 2 });
    expect(s.players[2]?.score).toBe(2 + 2);
  });

  it('the sole biggest stall takes both medals back; only the newly gained medal scores', () => {
    const s = extend(redBoard([['D5'], ['L2']], { gold: 0, silver: 1 }, 0), 'F5');
    expect(s.medals.red).toEqual({ gold: 0, silver: 0 });
    expect(s.players[0]?.score).toBe(3 + 2);
  });

  it('a silver holder who becomes the sole biggest takes the gold (4 points) and keeps the silver', () => {
    const s = extend(redBoard([['D5'], ['L2']], { gold: 0, silver: 1 }, 1), 'M2');
    expect(s.medals.red).toEqual({ gold: 1, silver: 1 });
    expect(s.players[1]?.score).toBe(3 + 4);
  });

  it('a player who already holds both medals scores only the stall size', () => {
    const s = extend(redBoard([['D5', 'F5']], { gold: 0, silver: 0 }, 0), 'D4');
    expect(s.medals.red).toEqual({ gold: 0, silver: 0 });
    expect(s.players[0]?.score).toBe(4);
  });

  it('an extension that stays below the biggest stall wins no medal', () => {
    const s = extend(redBoard([['D5', 'F5', 'D4']], { gold: 0, silver: 0 }, 3), 'L8');
    expect(s.medals.red).toEqual({ gold: 0, silver: 0 });
    expect(s.players[3]?.score).toBe(2);
  });

  it('medals of other colours are untouched', () => {
    const s0 = redBoard([], { gold: null, silver: null }, 0);
    s0.medals.blue = { gold: 2, silver: 3 };
    const s = extend(s0, 'D5');
    expect(s.medals.blue).toEqual({ gold: 2, silver: 3 });
  });

  it('the rulebook example: the third red stall of size 3 takes the silver (2 points) and scores 3 for the size', () => {
    const s = extend(redBoard([['D5', 'F5'], ['L2', 'M2']], { gold: 0, silver: 1 }, 2), 'D8');
    expect(s.players[2]?.score).toBe(2);
    expect(s.medals.red).toEqual({ gold: 0, silver: 1 });
    const t = extend(s, 'B8', 2);
    expect(t.medals.red).toEqual({ gold: 0, silver: 2 });
    expect(t.players[2]?.score).toBe(2 + 3 + 2);
  });
});
