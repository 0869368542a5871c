import { describe, expect, it } from 'vitest';
import { occupancy } from '../../../src/games/kairo/rules/board.js';
import { entranceDirs, mainStallFieldOk, stallSections, stallSpots } from '../../../src/games/kairo/rules/placement.js';
import type { KairoState } from '../../../src/games/kairo/types.js';
import { F, allReachable, keys, play, scenario } from './helpers.js';

function dirs(state: KairoState, colour: Parameters<typeof mainStallFieldOk>[1], field: string, setup = false): readonly string[] {
  const occ = occupancy(state);
  if (!mainStallFieldOk(occ, colour, F(field), setup)) return [];
  return entranceDirs(occ, F(field));
}

describe('a) new main stall: placement rules', () => {
  it('needs the stall field and one orthogonally adjacent entrance field, both free, the entrance in the market', () => {
    const s = scenario();
    expect(dirs(s, 'red', 'E5')).toEqual(['n', 'e', 's', 'w']);
    // B1 is the market's north-west corner: north and west leave the market.
    expect(dirs(s, 'red', 'B1')).toEqual(['e', 's']);
  });

  it('cannot stand on or put its entrance on a customer', () => {
    const s = scenario({ customers: { red: 'F5' } });
    expect(dirs(s, 'blue', 'E5')).toEqual(['n', 's', 'w']);
    expect(dirs(s, 'blue', 'F5')).toEqual([]);
  });

  it('cannot put its entrance on another entrance (no two entrances on one field) or on a stall tile', () => {
    const s = scenario({
      stalls: [
        { owner: 1, colour: 'blue', main: 'H5', entrance: 'G5' }, // entrance two fields east of E5's east side
        { owner: 1, colour: 'green', main: 'E3', entrance: 'D3', ext: [] },
      ],
      customers: { yellow: 'B9' },
    });
    // F5's east side is G5 (an entrance): a stall on F5 cannot have its entrance there.
    expect(dirs(s, 'red', 'F5')).toEqual(['n', 's', 'w']);
    // A stall cannot stand on an entrance either.
    expect(dirs(s, 'red', 'G5')).toEqual([]);
    expect(dirs(s, 'red', 'D3')).toEqual([]);
  });

  it('may not touch another main stall or an extension orthogonally (diagonally is fine)', () => {
    const s = scenario({
      stalls: [
        { owner: 1, colour: 'blue', main: 'E7', entrance: 'E8' },
        { owner: 2, colour: 'green', main: 'J4', entrance: 'J3', ext: ['K4'] },
      ],
    });
    expect(dirs(s, 'red', 'E6')).toEqual([]); // north of a main stall
    expect(dirs(s, 'red', 'D7')).toEqual([]); // west of a main stall
    expect(dirs(s, 'red', 'D6').length).toBeGreaterThan(0); // diagonal
    expect(dirs(s, 'red', 'L4')).toEqual([]); // east of an extension
    expect(dirs(s, 'red', 'K5')).toEqual([]); // south of an extension
    expect(dirs(s, 'red', 'L5').length).toBeGreaterThan(0); // diagonal to the extension
    // My own stalls count too.
    const own = scenario({ stalls: [{ owner: 0, colour: 'blue', main: 'E7', entrance: 'E8' }] });
    expect(dirs(own, 'red', 'F7')).toEqual([]);
  });

  it('may stand next to an entrance', () => {
    const s = scenario({ stalls: [{ owner: 1, colour: 'blue', main: 'E7', entrance: 'E6' }] });
    // E5 touches the entrance E6, not the stall.
    expect(dirs(s, 'red', 'E5')).toEqual(['n', 'e', 'w']);
  });

  it('violet only in the restaurant, every other colour only in the market; the entrance always in the market', () => {
    const s = scenario();
    expect(dirs(s, 'violet', 'E5')).toEqual([]);
    expect(dirs(s, 'red', 'A5')).toEqual([]);
    expect(dirs(s, 'red', 'E10')).toEqual([]);
    // West column: only the east side is in the market.
    expect(dirs(s, 'violet', 'A5')).toEqual(['e']);
    // South row: only north; corners touch no market field at all.
    expect(dirs(s, 'violet', 'E10')).toEqual(['n']);
    expect(dirs(s, 'violet', 'A10')).toEqual([]);
    expect(dirs(s, 'violet', 'N10')).toEqual([]);
    expect(dirs(s, 'violet', 'N4')).toEqual(['w']);
  });

  it('at most 1 main stall per colour in a section; other colours, extensions and entrances do not count', () => {
    const s = scenario({
      stalls: [
        { owner: 1, colour: 'red', main: 'G4', entrance: 'G5' }, // red main stall in section 5
        { owner: 2, colour: 'blue', main: 'E2', entrance: 'E3', ext: [] },
      ],
      customers: { yellow: 'B9' },
    });
    expect(dirs(s, 'red', 'I6')).toEqual([]); // section 5
    expect(dirs(s, 'blue', 'I6').length).toBeGreaterThan(0);
    expect(dirs(s, 'red', 'J6').length).toBeGreaterThan(0); // section 6
    // A red entrance and a red extension in section 5 do not block a red main stall there.
    const t = scenario({
      stalls: [
        { owner: 1, colour: 'red', main: 'E4', entrance: 'F4', ext: ['E5', 'F5'] }, // main in section 4
      ],
      customers: { yellow: 'B9' },
    });
    expect(dirs(t, 'red', 'H6').length).toBeGreaterThan(0);
    expect(dirs(t, 'red', 'C6')).toEqual([]); // section 4 already has the red main stall
  });

  it('the restaurant fields belong to the section they touch, also for the colour limit', () => {
    const s = scenario({ stalls: [{ owner: 1, colour: 'violet', main: 'A5', entrance: 'B5' }] });
    // A4..A6 touch section 4; A7 touches section 7.
    expect(dirs(s, 'violet', 'A7')).toEqual(['e']);
    const occ = occupancy(s);
    expect(mainStallFieldOk(occ, 'violet', F('A4'), false)).toBe(false); // also orthogonal to A5
    const t = scenario({ stalls: [{ owner: 1, colour: 'violet', main: 'A4', entrance: 'B4' }] });
    expect(dirs(t, 'violet', 'A6')).toEqual([]); // section 4 has a violet main stall
    expect(dirs(t, 'violet', 'N6')).toEqual(['w']); // section 6
  });

  it('the start placement allows at most 2 main stalls in a section', () => {
    const s = scenario({
      phase: 'setup',
      stalls: [
        { owner: 1, colour: 'red', main: 'G4', entrance: 'G5' },
        { owner: 2, colour: 'blue', main: 'I6', entrance: 'I5' },
      ],
      customers: { yellow: 'B9' },
    });
    expect(dirs(s, 'green', 'F6', true)).toEqual([]);
    expect(dirs(s, 'green', 'F6', false).length).toBeGreaterThan(0);
    expect(stallSections(occupancy(s), 'green', { setup: true }).has(5)).toBe(false);
    expect(stallSections(occupancy(s), 'green', { setup: false }).has(5)).toBe(true);
  });

  it('is refused when it would cut an entrance off from the customers', () => {
    // The blue entrance B1 sits in the corner; its only open neighbour is C1.
    const s = scenario({ stalls: [{ owner: 1, colour: 'blue', main: 'B2', entrance: 'B1' }], customers: { violet: 'H8' } });
    expect(allReachable(s)).toBe(true);
    expect(dirs(s, 'red', 'C1')).toEqual([]);
    // One field further east leaves the corridor open (its entrance may even lie on C1).
    expect(dirs(s, 'red', 'D1')).toEqual(['e', 's', 'w']);
    expect(stallSpots(occupancy(s), 'red', { setup: false }).some((spot) => spot.field === F('C1'))).toBe(false);
  });

  it('is refused when its own entrance could not be reached', () => {
    // An empty pocket C1..D1 closed by stall tiles: a new entrance inside would be unreachable.
    const s = scenario({
      stalls: [
        { owner: 1, colour: 'blue', main: 'B1', entrance: 'B2', ext: [] },
        { owner: 1, colour: 'green', main: 'E1', entrance: 'F1', ext: ['E2', 'D2', 'C2'] },
      ],
      customers: { violet: 'H8' },
    });
    expect(allReachable(s)).toBe(true);
    // C1 and D1 are walled in by B1, C2, D2, E1: a stall on D1 with its entrance on C1 is unreachable.
    expect(dirs(s, 'red', 'D1')).toEqual([]);
  });
});

describe('a) new main stall: the turn, with card payments', () => {
  const board = { customers: { yellow: 'B9' } } as const;

  it('a standard card builds in its section only', () => {
    const s = scenario({ ...board, hands: [['s5']] });
    expect(keys(s)).toContain('build:stall:red');
    // The only payment (s5) and the only section (5) are taken automatically; the fields are those of section 5.
    const fields = play(s, { t: 'build', kind: 'stall', colour: 'red' }).state;
    expect(fields.pending).toMatchObject({ k: 'build', step: 'field', section: 5, payment: { t: 'card', card: 's5' } });
    const labels = keys(fields).map((k) => Number(k.split(':')[1]));
    expect(labels.length).toBe(12);
    const done = play(fields, { t: 'field', field: F('G4') }, { t: 'entrance', dir: 'n' });
    expect(done.state.stalls).toEqual([{ owner: 0, colour: 'red', main: F('G4'), entrance: F('G3'), ext: [] }]);
    expect(done.state.players[0]?.hand).toEqual([]);
    expect(done.state.discard).toEqual(['s5']);
    expect(done.state.seat).toBe(1);
    expect(done.checkpoint).toBe(true);
  });

  it('a card for a section without a legal space cannot be played', () => {
    // Section 1 is full of obstacles for red: a red main stall stands there already.
    const s = scenario({ ...board, hands: [['s1', 's5']], stalls: [{ owner: 1, colour: 'red', main: 'C1', entrance: 'D1' }] });
    const b = play(s, { t: 'build', kind: 'stall', colour: 'red' }).state;
    expect(b.pending).toMatchObject({ k: 'build', step: 'field', section: 5, payment: { t: 'card', card: 's5' } });
    expect(b.players[0]?.hand).toEqual(['s1']);
  });

  it('a joker costs 1 coin of any colour and builds in one of its 3 sections', () => {
    const s = scenario({ ...board, hands: [['jc2', 's1']], coins: [{ blue: 1, green: 2 }] });
    const b = play(s, { t: 'build', kind: 'stall', colour: 'red' }).state;
    expect(keys(b)).toEqual(['card:s1', 'joker:jc2']);
    const coin = play(b, { t: 'joker', card: 'jc2' }).state;
    expect(keys(coin)).toEqual(['jokerCoin:green', 'jokerCoin:blue']);
    const section = play(coin, { t: 'jokerCoin', colour: 'blue' }).state;
    expect(section.players[0]?.coins.blue).toBe(0);
    expect(keys(section)).toEqual(['section:2', 'section:5', 'section:8']);
  });

  it('a joker without any coin cannot be played', () => {
    const s = scenario({ ...board, hands: [['jc2']], coins: [{}] });
    expect(keys(s)).not.toContain('build:stall:red');
  });

  it('any 3 cards build in any section; jokers discarded this way cost nothing', () => {
    const s = scenario({ ...board, hands: [['s1', 's1', 'jr1', 'jc3']], coins: [{}] });
    const b = play(s, { t: 'build', kind: 'stall', colour: 'red' }).state;
    expect(keys(b)).toEqual(['card:s1', 'three:s1,s1,jr1', 'three:s1,s1,jc3', 'three:s1,jr1,jc3']);
    const sec = play(b, { t: 'three', cards: ['jr1', 'jc3', 's1'] }).state;
    expect(keys(sec)).toEqual(['section:1', 'section:2', 'section:3', 'section:4', 'section:5', 'section:6', 'section:7', 'section:8', 'section:9']);
    expect(sec.players[0]?.hand).toEqual(['s1']);
    expect(sec.discard).toEqual(['s1', 'jr1', 'jc3']);
    const done = play(sec, { t: 'section', section: 9 }, { t: 'field', field: F('M9') }, { t: 'entrance', dir: 'n' }).state;
    expect(done.stalls[0]).toMatchObject({ colour: 'red', main: F('M9'), entrance: F('M8') });
  });

  it('without a fitting card and fewer than 3 cards there is no build', () => {
    const s = scenario({ ...board, hands: [['s1', 's1']], stalls: [{ owner: 1, colour: 'red', main: 'C1', entrance: 'D1' }, { owner: 1, colour: 'blue', main: 'G2', entrance: 'G3' }] });
    expect(keys(s)).not.toContain('build:stall:red');
    expect(keys(s)).toContain('build:stall:blue');
  });

  it('each player has one main stall per colour', () => {
    const s = scenario({ ...board, hands: [['s5', 's6', 's7']], stalls: [{ owner: 0, colour: 'red', main: 'C1', entrance: 'D1' }] });
    expect(keys(s)).not.toContain('build:stall:red');
    expect(keys(s)).toContain('build:stall:blue');
  });
});

describe('cut-off empty fields (rulebook example)', () => {
  // The yellow stall of player 1 (seat 0), main C2 with extensions B2, D2, D1, closes the corner B1..C1
  // off the customers: it holds no entrance and no customer, so cutting it off was allowed.
  const s = scenario({
    stalls: [{ owner: 0, colour: 'yellow', main: 'C2', entrance: 'C3', ext: ['B2', 'D2', 'D1'] }],
    customers: { violet: 'H8' },
    hands: [['s1', 's1']],
    coins: [{ yellow: 9 }],
  });

  it('the cut-off fields can only take yellow extensions of that stall, no new main stall', () => {
    expect(allReachable(s)).toBe(true);
    const occ = occupancy(s);
    // A main stall in the pocket would have an unreachable entrance.
    expect(stallSpots(occ, 'blue', { setup: false }).some((spot) => spot.field === F('B1') || spot.field === F('C1'))).toBe(false);
    expect(stallSpots(occ, 'violet', { setup: false }).length).toBeGreaterThan(0);
    const r = play(s, { t: 'build', kind: 'extend', colour: 'yellow' });
    expect(keys(r.state)).toEqual(expect.arrayContaining([`field:${F('B1')}`, `field:${F('C1')}`]));
    const done = play(r.state, { t: 'field', field: F('C1') });
    expect(done.state.stalls[0]?.ext).toContain(F('C1'));
  });
});
