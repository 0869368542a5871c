/**
 * Tactical positions of Istanbul (issue 24, item 5), set up from the rules: the conversions of lira and goods
 * into rubies, the move that scores, the last ruby, and not wasting a place action. The hard computer player
 * must find the move with each of three seeds.
 */
import { describe, expect, it } from 'vitest';
import { decideWithStats, toSeatView } from '../../../src/engine/ai/index.js';
import { istanbul, type IstanbulAction, type IstanbulState } from '../../../src/games/istanbul/index.js';
import { istanbulPolicy } from '../../../src/games/istanbul/ai/index.js';
import { atAction, build, decide, goods, player, placeMerchant } from '../../games/istanbul/builders.js';

const SEEDS = ['tactic-1', 'tactic-2', 'tactic-3'];

/** What hard chooses in `s` for the deciding seat, with each seed. */
function choices(s: IstanbulState): IstanbulAction[] {
  const seat = istanbul.activeSeats(s)[0] as number;
  const view = toSeatView(istanbul.view(s, seat), istanbulPolicy.viewRules);
  const legal = istanbul.legalActions(s, seat);
  expect(legal.length).toBeGreaterThan(1);
  return SEEDS.map((seed) => decideWithStats(istanbulPolicy, view, legal, 'hard', seed).action);
}

function twoPlayers(): IstanbulState {
  const s = build({ players: 2 });
  player(s, 0).goods = goods();
  player(s, 1).goods = goods();
  return s;
}

describe('Istanbul tactics: hard finds the move with 3 seeds of 3', () => {
  it('Gemstone Dealer: with the price in lira, buy the ruby', () => {
    const s = atAction(twoPlayers(), 0, 16);
    player(s, 0).lira = 17;
    for (const a of choices(s)) expect(a.type).toBe('gemstone');
  });

  it("Sultan's Palace: with the goods the Sultan asks for, deliver them for a ruby", () => {
    const s = atAction(twoPlayers(), 0, 13);
    player(s, 0).goods = goods(1, 1, 1, 2);
    for (const a of choices(s)) expect(a.type).toBe('sultan');
  });

  it('The game ends at six rubies: with five, buy the sixth at the Gemstone Dealer', () => {
    const s = atAction(twoPlayers(), 0, 16);
    player(s, 0).rubies = 5;
    player(s, 1).rubies = 5;
    player(s, 0).lira = 15;
    for (const a of choices(s)) expect(a.type).toBe('gemstone');
  });

  it('Wainwright: the third extension completes the wheelbarrow and brings a ruby', () => {
    const s = atAction(twoPlayers(), 0, 1);
    player(s, 0).extensions = 2;
    player(s, 0).lira = 8;
    for (const a of choices(s)) expect(a.type).toBe('wainwright');
  });

  it('Move: with the price in hand, go to the Gemstone Dealer', () => {
    const s = decide(twoPlayers(), { k: 'move', seat: 0 });
    placeMerchant(s, 0, 14);
    player(s, 0).lira = 18;
    for (const a of choices(s)) expect(a).toEqual({ type: 'move', to: 16 });
  });

  it("Move: with the Sultan's goods in the wheelbarrow, go to the Sultan's Palace", () => {
    const s = decide(twoPlayers(), { k: 'move', seat: 0 });
    placeMerchant(s, 0, 15);
    player(s, 0).goods = goods(1, 1, 1, 2);
    player(s, 0).lira = 3;
    // The family member is out on the board, so the Police Station cannot send it to the palace instead.
    player(s, 0).family = 1;
    for (const a of choices(s)) expect(a).toEqual({ type: 'move', to: 13 });
  });

  it('Fabric Warehouse: fill the wheelbarrow with fabric rather than waste the action', () => {
    const s = atAction(twoPlayers(), 0, 2);
    for (const a of choices(s)) expect(a.type).toBe('warehouse');
  });

  it('Post Office: take what the post office gives rather than waste the action', () => {
    const s = atAction(twoPlayers(), 0, 5);
    for (const a of choices(s)) expect(a.type).toBe('postOffice');
  });

  it('A ruby ahead at the end: the Gemstone Dealer wins the game rather than another good', () => {
    const s = atAction(twoPlayers(), 0, 16);
    player(s, 0).rubies = 5;
    player(s, 1).rubies = 4;
    player(s, 0).lira = 30;
    player(s, 0).goods = goods(0, 0, 0, 0);
    for (const a of choices(s)) expect(a.type).toBe('gemstone');
  });
});
