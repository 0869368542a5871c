/**
 * Tactical positions of Kairo for 2 players, set up from the rules: building extensions for points and medals
 * (the first extension of a colour takes gold and silver; the sole biggest stall takes the gold back), the
 * final phase (only building or stopping; a player who stops is out for good; the last building ends the
 * game), the last extension that ends the game with the win, and not wasting a turn.
 *
 * Every position could arise in a game: each player has their 3 main stalls and the 6 neutral stalls (one
 * per colour) stand on the board (at most 2 main stalls per section, one per colour), every board passes the
 * board checks of the rule tests, the coins are at least the 1 of each colour dealt at setup, the extension
 * supply is what the board leaves (a final phase only after it was triggered), and the scores are what the
 * extensions and medals on the board paid (1 point per stall tile after building, gold 4, silver 2).
 */
import { expect } from 'vitest';
import { kairo } from '../../../src/games/kairo/index.js';
import type { Coins, KairoAction, KairoState } from '../../../src/games/kairo/types.js';
import { checkBoard, scenario, type ScenarioSpec, type StallSpec } from '../../games/kairo/helpers.js';
import type { Tactic } from './suite.js';

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

/**
 * The final phase with seat 1 out (it stopped building): seat 0's build is the game's last. Green and blue
 * have 1 extension left each (seat 0's green stall and seat 1's blue stall took 5: 26 points each); seat 1 may
 * have taken orange's medals with its first orange extension (2 + 6), seat 0 yellow's with its (2 + 6).
 */
function finalWithRivalOut(spec: { scores: [number, number]; orange?: boolean; ownYellow?: boolean; rivalCoins?: Partial<Coins> }): KairoState {
  const s = position({
    phase: 'final',
    own: [red0, greenFive, spec.ownYellow === true ? { ...yellow0, ext: ['H8'] } : yellow0],
    rival: [red1, blueFive, spec.orange === true ? { ...orange1, ext: ['J6'] } : orange1],
    medals: {
      green: { gold: 0, silver: 0 },
      blue: { gold: 1, silver: 1 },
      ...(spec.orange === true ? { orange: { gold: 1, silver: 1 } } : {}),
      ...(spec.ownYellow === true ? { yellow: { gold: 0, silver: 0 } } : {}),
    },
    scores: spec.scores,
    coins: [purse({ red: 9 }), purse(spec.rivalCoins ?? { red: 2, blue: 2 })],
  });
  (s.players[1] as KairoState['players'][number]).out = true;
  return s;
}

export const KAIRO_TACTICS: readonly Tactic<KairoState, KairoAction>[] = [
  {
    name: 'The first extension of a colour takes both medals: extend the red stall',
    position: () => {
      const s = position({});
      return s;
    },
    finds: (a) => key(a) === 'build:extend:red',
  },
  {
    name: 'The sole biggest stall takes the gold back: extend the red stall past the other',
    position: () => {
      // Seat 1 extended first (2 + gold 4 + silver 2), seat 0 drew level and took the silver (2 + 2).
      const s = position({
        own: [{ ...red0, ext: ['D5'] }, green0, yellow0],
        rival: [{ ...red1, ext: ['L2'] }, blue1, orange1],
        medals: { red: { gold: 1, silver: 0 } },
        scores: [4, 8],
      });
      return s;
    },
    finds: (a) => key(a) === 'build:extend:red',
  },
  {
    name: 'A joker for one coin: with no card of the section, the joker builds the first red extension',
    position: () => {
      const s = position({ hands: [['jr2'], ['s2', 's8']] });
      return s;
    },
    finds: (a) => key(a) === 'build:extend:red',
  },
  {
    name: 'A medal more for the same card: extend the stall that wins the medals, not the one that stays below',
    position: () => {
      // Seat 0's blue stall reaches into section 4 too, but stays below seat 1's blue stall of 3: no medal.
      const s = position({
        own: [red0, green0, { owner: 0, colour: 'blue', main: 'E7', entrance: 'F7' }],
        rival: [red1, { ...blue1, ext: ['L8', 'M8'] }, orange1],
        medals: { blue: { gold: 1, silver: 1 } },
        scores: [0, 2 + 3 + 6],
        coins: [purse({ red: 3, blue: 3 }), purse({ red: 2, blue: 2 })],
      });
      return s;
    },
    finds: (a) => key(a) === 'build:extend:red',
  },
  {
    name: 'Final phase, behind: build the extension that draws level rather than stop for good',
    position: () => {
      // Seat 1 also took orange's medals with the first orange extension (2 + 6): 34 against 26.
      const s = position({
        phase: 'final',
        own: [red0, greenFive, yellow0],
        rival: [red1, blueFive, { ...orange1, ext: ['J6'] }],
        medals: { green: { gold: 0, silver: 0 }, blue: { gold: 1, silver: 1 }, orange: { gold: 1, silver: 1 } },
        scores: [26, 34],
      });
      return s;
    },
    finds: (a) => key(a) === 'build:extend:red',
  },
  {
    name: 'Final phase, narrowly ahead: still build the extension, the rival may hold the cards to catch up',
    position: () => {
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
      return s;
    },
    finds: (a) => key(a) === 'build:extend:red',
    // A judgement of the rival's hidden cards, not a win within reach: hard at its own budget finds it, normal's
    // shorter look (3 seeds of 5 at its own budget) is not held to it.
    heldAt: ['hard'],
    ownBudget: true,
  },
  {
    name: 'Final phase, level with a single card: the extension scores, a new main stall or stopping does not',
    position: () => {
      const s = position({
        phase: 'final',
        own: [red0, greenFive, yellow0],
        rival: [red1, blueFive, orange1],
        medals: { green: { gold: 0, silver: 0 }, blue: { gold: 1, silver: 1 } },
        scores: [26, 26],
      });
      return s;
    },
    finds: (a) => key(a) === 'build:extend:red',
  },
  {
    name: 'Far ahead, the win all but certain: still the extension that scores, not a wasted turn',
    position: () => {
      // Seat 0's green stall took 5 (2+3+4+5+6 and both medals: 26), its yellow stall 4 (2+3+4+5 and both
      // medals: 20); seat 1 has built nothing: 46 against 0, a win chance of 0.99999 by the evaluation, where
      // every move looks alike unless the search still tells the scoring one apart (Istanbul once wandered so).
      const s = position({
        own: [red0, greenFive, { ...yellow0, ext: ['H8', 'F8', 'G9', 'F9'] }],
        medals: { green: { gold: 0, silver: 0 }, yellow: { gold: 0, silver: 0 } },
        scores: [46, 0],
      });
      return s;
    },
    finds: (a) => key(a) === 'build:extend:red',
  },
  {
    name: 'The last extension of a colour starts the final phase: with the lead and the rival out of cards, end the game at once',
    position: () => {
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
      return s;
    },
    finds: (a) => key(a) === 'build:extend:red',
  },
  {
    name: 'The last extension ends the game: the rival is out, and the extension with its medals wins where stopping loses',
    // As "Final phase, behind" (26 against 34), but seat 1 stopped and is out: seat 0's build is the game's last.
    // Red's first extension (2 + 6, its medals again at the end) draws level in points and seat 0's coins
    // (14) make a point more than seat 1's (8); green's last extension (7 points, no medal) falls short.
    position: () => finalWithRivalOut({ scores: [26, 34], orange: true }),
    finds: (a) => key(a) === 'build:extend:red',
  },
  {
    name: 'Level at 26 with the rival out, a point behind at the final scoring (its coins): an extension wins, stopping loses',
    // Final medals 6 each (green, blue); coins 14 (4 points) against 16 (5): stopping or a new main stall (no
    // points at once) loses by a point, red's first extension (2 + 6 and 6 at the end) or green's last (7) wins.
    position: () => finalWithRivalOut({ scores: [26, 26], rivalCoins: { red: 6, blue: 6 } }),
    finds: (a) => key(a) === 'build:extend:red' || key(a) === 'build:extend:green',
  },
  {
    name: 'Level at 34 with the rival out, a point behind at the final scoring (its coins): an extension wins, stopping loses',
    // Final medals 12 each (green and yellow, blue and orange); coins 14 against 16, as above.
    position: () => finalWithRivalOut({ scores: [34, 34], orange: true, ownYellow: true, rivalCoins: { red: 6, blue: 6 } }),
    finds: (a) => key(a) === 'build:extend:red' || key(a) === 'build:extend:green',
  },
];
