/**
 * Tactical positions of Istanbul, set up from the rules for 2 players: the conversions of
 * lira, goods and seals into rubies, the move to the place that scores, the ruby that ends the game, and not
 * wasting a place action. The hard computer player must find the move with each of three seeds.
 *
 * A position at a place action is reached the way the rules reach it: the merchant moves there, leaves an
 * assistant and pays the merchants met (a neutral merchant met is paid 2 lira and rolled away). Rubies on a
 * wheelbarrow are taken from where they came (the Gemstone Dealer's and the Sultan's next ruby cost more).
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { IstanbulState } from '../../../src/games/istanbul/index.js';
import type { Seat } from '../../../src/games/istanbul/types.js';
import { build, decide, goods, placeMerchant, player } from '../../games/istanbul/builders.js';
import { arrive, hardChoices } from './istanbul-positions.js';

/** A 2-player game with empty wheelbarrows, seat 0 to move. */
function twoPlayers(): IstanbulState {
  const s = build({ players: 2 });
  player(s, 0).goods = goods();
  player(s, 1).goods = goods();
  return s;
}

/** Rubies a seat took earlier, each from its place (the next one there costs more). */
function rubiesTaken(s: IstanbulState, seat: Seat, from: { gemstone?: number; sultan?: number; wainwright?: boolean }): void {
  const p = player(s, seat);
  p.rubies += (from.gemstone ?? 0) + (from.sultan ?? 0) + (from.wainwright === true ? 1 : 0);
  s.gemstoneTaken += from.gemstone ?? 0;
  s.sultanTaken += from.sultan ?? 0;
  if (from.wainwright === true) {
    p.extensions = 3;
    s.wainwrightExtensions -= 3;
    s.wainwrightRubies -= 1;
  }
}

describe('Istanbul tactics: hard finds the move with 3 seeds of 3', () => {
  it('Far ahead (5 rubies to 2) with 54 lira, one move from the Gemstone Dealer: go and buy the sixth now', () => {
    // A position of a benchmark game (bench-istanbul-2-hard-greedy-92, move 558), where hard, its win
    // chance saturated, wandered for thousands of moves instead (see SearchBudget.soonerWin and istanbulBudget).
    const s = JSON.parse(fs.readFileSync(new URL('./positions/istanbul-far-ahead.json', import.meta.url), 'utf8')) as IstanbulState;
    expect(s.players.map((p) => p.rubies)).toEqual([5, 2]);
    for (const a of hardChoices(s)) expect(a).toEqual({ type: 'move', to: 16 });
  });

  it('Gemstone Dealer: with the price in lira, buy the ruby', () => {
    const s = twoPlayers();
    player(s, 0).lira = 19;
    const at = arrive(s, 14, 16);
    expect(player(at, 0).lira).toBe(17);
    for (const a of hardChoices(at)) expect(a.type).toBe('gemstone');
  });

  it("Sultan's Palace: with the goods the Sultan asks for, deliver them for a ruby", () => {
    const s = twoPlayers();
    player(s, 0).goods = goods(1, 1, 1, 2);
    for (const a of hardChoices(arrive(s, 14, 13))) expect(a.type).toBe('sultan');
  });

  it('Great Mosque: the second tile of the mosque brings its ruby', () => {
    // Seat 0 took the blue tile earlier (it paid a blue good and brought the fifth assistant).
    const s = twoPlayers();
    player(s, 0).mosqueTiles = ['blue'];
    s.mosqueTiles.blue = s.mosqueTiles.blue.slice(1);
    player(s, 0).supply -= 1;
    player(s, 0).stack.push(0);
    player(s, 0).goods = goods(0, 0, 2, 0);
    for (const a of hardChoices(arrive(s, 11, 15))) expect(a).toEqual({ type: 'mosque', colour: 'yellow' });
  });

  it('The game ends at six rubies: with five, buy the sixth at the Gemstone Dealer', () => {
    const s = twoPlayers();
    rubiesTaken(s, 0, { gemstone: 2, sultan: 2, wainwright: true });
    rubiesTaken(s, 1, { gemstone: 2, sultan: 2, wainwright: true });
    player(s, 0).lira = 21;
    const at = arrive(s, 14, 16);
    expect(player(at, 0).lira).toBe(19);
    for (const a of hardChoices(at)) expect(a.type).toBe('gemstone');
  });

  it('Wainwright: the third extension completes the wheelbarrow and brings a ruby', () => {
    const s = twoPlayers();
    player(s, 0).extensions = 2;
    s.wainwrightExtensions -= 2;
    player(s, 0).lira = 8;
    for (const a of hardChoices(arrive(s, 3, 1))) expect(a.type).toBe('wainwright');
  });

  it("Move: with the Sultan's goods in the wheelbarrow, go to the Sultan's Palace", () => {
    const s = decide(twoPlayers(), { k: 'move', seat: 0 });
    placeMerchant(s, 0, 15);
    player(s, 0).goods = goods(1, 1, 1, 2);
    player(s, 0).lira = 3;
    // The family member is out on the board, so the Police Station cannot send it to the palace instead.
    player(s, 0).family = 1;
    for (const a of hardChoices(s)) expect(a).toEqual({ type: 'move', to: 13 });
  });

  it('Fabric Warehouse: fill the wheelbarrow with fabric rather than waste the action', () => {
    for (const a of hardChoices(arrive(twoPlayers(), 6, 2))) expect(a.type).toBe('warehouse');
  });

  it('Post Office: take what the post office gives rather than waste the action', () => {
    for (const a of hardChoices(arrive(twoPlayers(), 6, 5))) expect(a.type).toBe('postOffice');
  });
});
