/**
 * Tactical positions of Kairo (issue 24, item 5), set up from the rules: building extensions for points and
 * medals (the first extension of a colour takes gold and silver; the sole biggest stall takes the gold
 * back), the final phase (only building or stopping; a player who stops is out for good), and not wasting
 * a turn. The hard computer player must find the move with each of three seeds (2 players).
 */
import { describe, expect, it } from 'vitest';
import { decideWithStats, toSeatView } from '../../../src/engine/ai/index.js';
import { kairo } from '../../../src/games/kairo/index.js';
import { kairoPolicy } from '../../../src/games/kairo/ai/index.js';
import type { KairoAction, KairoState } from '../../../src/games/kairo/types.js';
import { scenario, type ScenarioSpec, type StallSpec } from '../../games/kairo/helpers.js';

const SEEDS = ['tactic-1', 'tactic-2', 'tactic-3'];

function choices(s: KairoState): KairoAction[] {
  const seat = kairo.activeSeats(s)[0] as number;
  const view = toSeatView(kairo.view(s, seat), kairoPolicy.viewRules);
  const legal = kairo.legalActions(s, seat);
  expect(legal.length).toBeGreaterThan(1);
  return SEEDS.map((seed) => decideWithStats(kairoPolicy, view, legal, 'hard', seed).action);
}

const key = (a: KairoAction): string => kairo.actionKey(a);

// Seat 0's red stall at E5 (section 4), entrance E4, room to grow; seat 1's red stall at K2, entrance K3.
const red0: StallSpec = { owner: 0, colour: 'red', main: 'E5', entrance: 'E4' };
const red1: StallSpec = { owner: 1, colour: 'red', main: 'K2', entrance: 'K3' };
const blue1: StallSpec = { owner: 1, colour: 'blue', main: 'K8', entrance: 'K7' };
const customers = { violet: 'H1', red: 'H2', yellow: 'H3', green: 'H4', blue: 'H9', orange: null } as const;

function twoPlayers(spec: ScenarioSpec): KairoState {
  return scenario({ players: 2, customers, stalls: [red0, red1, blue1], hands: [['s4'], ['s2', 's8']], coins: [{ red: 5 }, { red: 2, blue: 2 }], ...spec });
}

describe('Kairo tactics: hard finds the move with 3 seeds of 3', () => {
  it('The first extension of a colour takes both medals: extend the red stall', () => {
    const s = twoPlayers({});
    for (const a of choices(s)) expect(key(a)).toBe('build:extend:red');
  });

  it('The sole biggest stall takes the gold back: extend the red stall past the other', () => {
    const s = twoPlayers({
      stalls: [{ ...red0, ext: ['D5'] }, { ...red1, ext: ['L2'] }, blue1],
      medals: { red: { gold: 1, silver: 0 } },
    });
    for (const a of choices(s)) expect(key(a)).toBe('build:extend:red');
  });

  it('Final phase, behind: build the extension that scores rather than stop', () => {
    const s = twoPlayers({ phase: 'final', scores: [10, 14] });
    for (const a of choices(s)) expect(key(a)).toBe('build:extend:red');
  });

  it('Final phase, ahead: still build, every extension is a point more', () => {
    const s = twoPlayers({ phase: 'final', scores: [20, 10] });
    for (const a of choices(s)) expect(a.t).toBe('build');
  });

  it('Final phase with a single card: the extension scores, a new main stall does not', () => {
    const s = twoPlayers({ phase: 'final', scores: [12, 12] });
    for (const a of choices(s)) expect(key(a)).toBe('build:extend:red');
  });

  it('No card and no coins: draw cards rather than stop for good', () => {
    const s = twoPlayers({ hands: [[], ['s2', 's8']], coins: [{}, { red: 2, blue: 2 }] });
    for (const a of choices(s)) expect(a.t).not.toBe('pass');
  });

  it('A medal more for the same card: extend the stall that wins the medals, not the one that stays below', () => {
    // Seat 0 also has a blue stall in section 4 below seat 1's bigger blue stall: extending it wins nothing.
    const s = twoPlayers({
      stalls: [red0, red1, { ...blue1, ext: ['L8', 'M8'] }, { owner: 0, colour: 'blue', main: 'E7', entrance: 'F7' }],
      medals: { blue: { gold: 1, silver: 1 } },
      coins: [{ red: 3, blue: 3 }, { red: 2, blue: 2 }],
    });
    for (const a of choices(s)) expect(key(a)).toBe('build:extend:red');
  });

  it('The last extension of a colour starts the final phase: with the lead and the rival out of cards, end the game at once', () => {
    // Seat 1 holds no card: in the final phase it cannot build and is out, and so is seat 0 after building.
    const s = twoPlayers({
      scores: [20, 12],
      hands: [['s4'], []],
      extensions: { red: 1 },
      medals: { red: { gold: 0, silver: 0 } },
      stalls: [{ ...red0, ext: ['D5'] }, red1, blue1],
    });
    for (const a of choices(s)) expect(key(a)).toBe('build:extend:red');
  });
});
