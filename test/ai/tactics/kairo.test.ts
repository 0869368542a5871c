/**
 * Tactical positions of Kairo, set up from the rules for 2 players: building extensions
 * for points and medals (the first extension of a colour takes gold and silver; the sole biggest stall takes
 * the gold back), the final phase (only building or stopping; a player who stops is out for good; the last
 * building ends the game), and not wasting a turn. The hard computer player must find the move with each of
 * three seeds.
 *
 * Every position could arise in a game: each player has their 3 main stalls and the 6 neutral stalls (one
 * per colour) stand on the board (at most 2 main stalls per section, one per colour), every board passes the
 * board checks of the rule tests, the coins are at least the 1 of each colour dealt at setup, the extension
 * supply is what the board leaves (a final phase only after it was triggered), and the scores are what the
 * extensions and medals on the board paid (1 point per stall tile after building, gold 4, silver 2).
 */
import { describe, expect, it } from 'vitest';
import { decideWithStats, toSeatView } from '../../../src/engine/ai/index.js';
import { kairo } from '../../../src/games/kairo/index.js';
import { kairoPolicy } from '../../../src/games/kairo/ai/index.js';
import type { Coins, KairoAction, KairoState } from '../../../src/games/kairo/types.js';
import { checkBoard, scenario, type ScenarioSpec, type StallSpec } from '../../games/kairo/helpers.js';

const SEEDS = ['tactic-1', 'tactic-2', 'tactic-3'];

/** What hard chooses for the seat to move, with each seed. */
function choices(s: KairoState): KairoAction[] {
  const seat = kairo.activeSeats(s)[0] as number;
  const view = toSeatView(kairo.view(s, seat), kairoPolicy.viewRules);
  const legal = kairo.legalActions(s, seat);
  expect(legal.length).toBeGreaterThan(1);
  return SEEDS.map((seed) => decideWithStats(kairoPolicy, view, legal, 'hard', seed).action);
}

const key = (a: KairoAction): string => kairo.actionKey(a);

/** Coins: the 1 of each colour from setup plus what was earned. */
function purse(earned: Partial<Coins>): Partial<Coins> {
  return { violet: 1, red: 1, yellow: 1, green: 1, blue: 1, orange: 1, ...earned };
}

// Seat 0: red in section 4 (the one its card builds in), green in section 1, yellow in section 8.
const red0: StallSpec = { owner: 0, colour: 'red', main: 'E5', entrance: 'E4' };
const green0: StallSpec = { owner: 0, colour: 'green', main: 'C2', entrance: 'C3' };
const yellow0: StallSpec = { owner: 0, colour: 'yellow', main: 'G8', entrance: 'G7' };
// Seat 1: red in section 3, blue in section 9, orange in section 6.
const red1: StallSpec = { owner: 1, colour: 'red', main: 'K2', entrance: 'K3' };
const blue1: StallSpec = { owner: 1, colour: 'blue', main: 'K8', entrance: 'K7' };
const orange1: StallSpec = { owner: 1, colour: 'orange', main: 'J5', entrance: 'J4' };
const neutral: StallSpec[] = [
  { owner: 'neutral', colour: 'violet', main: 'A6', entrance: 'B6' },
  { owner: 'neutral', colour: 'red', main: 'C8', entrance: 'C7' },
  { owner: 'neutral', colour: 'yellow', main: 'G2', entrance: 'G3' },
  { owner: 'neutral', colour: 'green', main: 'L5', entrance: 'L4' },
  { owner: 'neutral', colour: 'blue', main: 'E2', entrance: 'E3' },
  { owner: 'neutral', colour: 'orange', main: 'I2', entrance: 'I3' },
];
const customers = { violet: 'H1', red: 'H2', yellow: 'H3', green: 'H4', blue: 'H9', orange: null } as const;

// The final phase: green and blue have 1 extension left each. Seat 0's green stall took its 5 (2+3+4+5+6
// points and both medals: 26), seat 1's blue stall its 5 (26).
const greenFive: StallSpec = { ...green0, ext: ['C1', 'B1', 'D1', 'B2', 'B3'] };
const blueFive: StallSpec = { ...blue1, ext: ['L8', 'M8', 'K9', 'L9', 'M9'] };

/** A 2-player position with seat 0 to move, holding a section-4 card; its board checked. */
function position(spec: ScenarioSpec & { own?: StallSpec[]; rival?: StallSpec[] }): KairoState {
  const { own = [red0, green0, yellow0], rival = [red1, blue1, orange1], ...rest } = spec;
  const s = scenario({
    players: 2,
    customers,
    stalls: [...own, ...rival, ...neutral],
    hands: [['s4'], ['s2', 's8']],
    coins: [purse({ red: 5 }), purse({ red: 2, blue: 2 })],
    ...rest,
  });
  checkBoard(s);
  return s;
}

describe('Kairo tactics: hard finds the move with 3 seeds of 3', () => {
  it('The first extension of a colour takes both medals: extend the red stall', () => {
    const s = position({});
    for (const a of choices(s)) expect(key(a)).toBe('build:extend:red');
  });

  it('The sole biggest stall takes the gold back: extend the red stall past the other', () => {
    // Seat 1 extended first (2 + gold 4 + silver 2), seat 0 drew level and took the silver (2 + 2).
    const s = position({
      own: [{ ...red0, ext: ['D5'] }, green0, yellow0],
      rival: [{ ...red1, ext: ['L2'] }, blue1, orange1],
      medals: { red: { gold: 1, silver: 0 } },
      scores: [4, 8],
    });
    for (const a of choices(s)) expect(key(a)).toBe('build:extend:red');
  });

  it('A joker for one coin: with no card of the section, the joker builds the first red extension', () => {
    const s = position({ hands: [['jr2'], ['s2', 's8']] });
    for (const a of choices(s)) expect(key(a)).toBe('build:extend:red');
  });

  it('A medal more for the same card: extend the stall that wins the medals, not the one that stays below', () => {
    // Seat 0's blue stall reaches into section 4 too, but stays below seat 1's blue stall of 3: no medal.
    const s = position({
      own: [red0, green0, { owner: 0, colour: 'blue', main: 'E7', entrance: 'F7' }],
      rival: [red1, { ...blue1, ext: ['L8', 'M8'] }, orange1],
      medals: { blue: { gold: 1, silver: 1 } },
      scores: [0, 2 + 3 + 6],
      coins: [purse({ red: 3, blue: 3 }), purse({ red: 2, blue: 2 })],
    });
    for (const a of choices(s)) expect(key(a)).toBe('build:extend:red');
  });

  it('Final phase, behind: build the extension that draws level rather than stop for good', () => {
    // Seat 1 also took orange's medals with the first orange extension (2 + 6): 34 against 26.
    const s = position({
      phase: 'final',
      own: [red0, greenFive, yellow0],
      rival: [red1, blueFive, { ...orange1, ext: ['J6'] }],
      medals: { green: { gold: 0, silver: 0 }, blue: { gold: 1, silver: 1 }, orange: { gold: 1, silver: 1 } },
      scores: [26, 34],
    });
    for (const a of choices(s)) expect(key(a)).toBe('build:extend:red');
  });

  it('Final phase, narrowly ahead: still build the extension, the rival may hold the cards to catch up', () => {
    // Seat 0 took red's medals earlier (2 + 6): 34 against 26, final medals 12 against 6. Seat 1's two hidden
    // cards could still build orange's first extension (2 + 6, 6 more at the end) and draw level in red (2 +
    // the silver): 53 against 47 if seat 0 stops; a red stall of 3 keeps both red medals and the lead.
    const s = position({
      phase: 'final',
      own: [{ ...red0, ext: ['D5'] }, greenFive, yellow0],
      rival: [red1, blueFive, orange1],
      medals: { red: { gold: 0, silver: 0 }, green: { gold: 0, silver: 0 }, blue: { gold: 1, silver: 1 } },
      scores: [34, 26],
    });
    for (const a of choices(s)) expect(key(a)).toBe('build:extend:red');
  });

  it('Final phase, level with a single card: the extension scores, a new main stall or stopping does not', () => {
    const s = position({
      phase: 'final',
      own: [red0, greenFive, yellow0],
      rival: [red1, blueFive, orange1],
      medals: { green: { gold: 0, silver: 0 }, blue: { gold: 1, silver: 1 } },
      scores: [26, 26],
    });
    for (const a of choices(s)) expect(key(a)).toBe('build:extend:red');
  });

  it('Far ahead, the win all but certain: still the extension that scores, not a wasted turn', () => {
    // Seat 0's green stall took 5 (2+3+4+5+6 and both medals: 26), its yellow stall 4 (2+3+4+5 and both
    // medals: 20); seat 1 has built nothing: 46 against 0, a win chance of 0.99999 by the evaluation, where
    // every move looks alike unless the search still tells the scoring one apart (Istanbul once wandered so).
    const s = position({
      own: [red0, greenFive, { ...yellow0, ext: ['H8', 'F8', 'G9', 'F9'] }],
      medals: { green: { gold: 0, silver: 0 }, yellow: { gold: 0, silver: 0 } },
      scores: [46, 0],
    });
    for (const a of choices(s)) expect(key(a)).toBe('build:extend:red');
  });

  it('The last extension of a colour starts the final phase: with the lead and the rival out of cards, end the game at once', () => {
    // Red has 1 extension left: seat 1's red stall took 4 (2+3+4+5 and both medals: 20), seat 0's one when it
    // was already smaller (2); seat 0's green stall took 4 (2+3+4+5 and both medals: 20). Seat 1 holds no
    // card: in the final phase it cannot build and is out, and so is seat 0 after building: 33 against 28.
    const s = position({
      own: [{ ...red0, ext: ['D5'] }, { ...green0, ext: ['C1', 'B1', 'D1', 'B2'] }, yellow0],
      rival: [{ ...red1, ext: ['L2', 'M2', 'L1', 'M1'] }, blue1, orange1],
      medals: { red: { gold: 1, silver: 1 }, green: { gold: 0, silver: 0 } },
      scores: [22, 20],
      hands: [['s4'], []],
    });
    expect(s.extensions.red).toBe(1);
    for (const a of choices(s)) expect(key(a)).toBe('build:extend:red');
  });
});
