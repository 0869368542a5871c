/**
 * Istanbul's computer player takes a win within reach: a ruby from the target, whatever its win chance, its
 * search prefers a win sooner to the same win later and values a game not yet over below any win. Before
 * that (an even game, a lead in worth earlier in the game, an opponent a ruby from the target) the search is
 * the plain one, so those choices are as before.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toSeatView, type SearchBudget } from '../../src/engine/ai/index.js';
import { istanbul, type IstanbulState } from '../../src/games/istanbul/index.js';
import { istanbulPolicy } from '../../src/games/istanbul/ai/index.js';
import type { IstanbulSeatView } from '../../src/games/istanbul/view/types.js';
import type { Seat } from '../../src/games/istanbul/types.js';
import { build, player } from '../games/istanbul/builders.js';

function hardBudget(s: IstanbulState): SearchBudget {
  const seat = istanbul.activeSeats(s)[0] as Seat;
  const view = toSeatView(istanbul.view(s, seat), istanbulPolicy.viewRules) as unknown as IstanbulSeatView;
  return istanbulPolicy.budgetOf?.(view, 'hard') ?? istanbulPolicy.budgets.hard;
}

describe('Istanbul hard: a ruby from the target, it converts', () => {
  it('at the start nobody is ahead: the plain hard budget', () => {
    expect(hardBudget(build({ players: 2 }))).toEqual(istanbulPolicy.budgets.hard);
  });

  it('far ahead in worth but three rubies from the target (3 extensions, 2 mosque tiles, 40 lira): still the plain budget', () => {
    const s = build({ players: 2 });
    player(s, 0).rubies = 3;
    player(s, 0).extensions = 3;
    player(s, 0).mosqueTiles = ['red', 'green'];
    player(s, 0).lira = 40;
    expect(hardBudget(s)).toEqual(istanbulPolicy.budgets.hard);
  });

  it('a race at 5 rubies each, one with 19 lira and the other with 7: the win is within reach, an ended game counts above any lead', () => {
    const s = build({ players: 2 });
    player(s, 0).rubies = 5;
    player(s, 1).rubies = 5;
    player(s, 0).lira = 19;
    player(s, 1).lira = 7;
    const { soonerWin, ...rest } = hardBudget(s);
    expect(soonerWin!.unfinished).toBeLessThan(1);
    expect(rest).toEqual(istanbulPolicy.budgets.hard);
  });

  it('4 rubies against an opponent at 5: its own win is not within reach, still the plain budget', () => {
    const s = build({ players: 2 });
    player(s, 0).rubies = 4;
    player(s, 1).rubies = 5;
    player(s, 0).lira = 19;
    expect(hardBudget(s)).toEqual(istanbulPolicy.budgets.hard);
  });

  it('5 rubies to 2 with 54 lira: a win sooner is worth more, and no position still in play is worth a win', () => {
    const s = JSON.parse(fs.readFileSync(new URL('./tactics/positions/istanbul-far-ahead.json', import.meta.url), 'utf8')) as IstanbulState;
    const budget = hardBudget(s);
    const { soonerWin, ...rest } = budget;
    expect(soonerWin!.unfinished).toBeLessThan(1);
    expect(soonerWin!.discount).toBeLessThan(1);
    expect(rest).toEqual(istanbulPolicy.budgets.hard);
  });
});
