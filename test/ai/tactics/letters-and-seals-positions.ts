/**
 * Tactical positions of Istanbul with Letters & Seals for 2 players on the starter layout, reached by the
 * expansion's rules: seals converted into a ruby at the Secret Society and the move there, the last seal or the
 * letter that makes the sixth ruby (a one-turn win), the family member card's step to a ruby, and the base
 * game's conversions and places as the expansion plays them. Starter layout, rows from the top:
 *   16 15 22  3 10
 *    8  1  7 21  4
 *    2 23  6 12  9
 *   24 11  5 14 13
 */
import { expect } from 'vitest';
import type { IstanbulAction, IstanbulState } from '../../../src/games/istanbul/index.js';
import { gemstonePrice } from '../../../src/games/istanbul/rules/places/gemstone.js';
import { buildLs, decide, giveCards, giveLetters, goods, placeMerchant, player } from '../../games/istanbul/expansion/builders.js';
import { arrive, rubiesTaken } from './istanbul-positions.js';
import type { Tactic } from './suite.js';

/** A 2-player expansion game with empty wheelbarrows, seat 0 to move. */
export function twoPlayers(): IstanbulState {
  const s = buildLs({ players: 2 });
  player(s, 0).goods = goods();
  player(s, 1).goods = goods();
  return s;
}

/** Five rubies each (two from the Gemstone Dealer, two from the Sultan, the Wainwright's): the sixth ends the game. */
function fiveEach(): IstanbulState {
  const s = twoPlayers();
  rubiesTaken(s, 0, { gemstone: 2, sultan: 2, wainwright: true });
  rubiesTaken(s, 1, { gemstone: 2, sultan: 2, wainwright: true });
  player(s, 1).lira = 10;
  return s;
}

/**
 * Seat 0 holds the family member card, its family member beside the Gemstone Dealer 16 (on 15) and 30 lira;
 * its merchant on 13 reaches nothing as good: only the card's step to 16 buys a ruby this turn.
 */
export function familyBesideGemstoneDealer(): IstanbulState {
  const s = decide(twoPlayers(), { k: 'move', seat: 0 });
  placeMerchant(s, 0, 13);
  giveCards(s, 0, 'familyStep');
  player(s, 0).family = 15;
  player(s, 0).lira = 30;
  return s;
}

export const LETTERS_AND_SEALS_TACTICS: readonly Tactic<IstanbulState, IstanbulAction>[] = [
  {
    name: 'Secret Society: letters showing 6 seals buy the next ruby (and the first visitor gets 3 lira)',
    position: () => {
      const s = twoPlayers();
      giveLetters(s, 0, [1, true], [3, true], [4, true]);
      return arrive(s, 11, 24);
    },
    finds: (a) => a.type === 'secretSociety',
  },
  {
    name: 'Move: with letters showing 6 seals, go to the Secret Society',
    position: () => {
      const s = decide(twoPlayers(), { k: 'move', seat: 0 });
      placeMerchant(s, 0, 5);
      giveLetters(s, 0, [1, true], [3, true], [4, true]);
      return s;
    },
    finds: (a) => a.type === 'move' && a.to === 24,
  },
  {
    name: 'The last seal within reach: with five rubies and 6 seals, the Secret Society ruby ends the game',
    position: () => {
      const s = fiveEach();
      giveLetters(s, 0, [1, true], [3, true], [4, true]);
      return arrive(s, 11, 24);
    },
    finds: (a) => a.type === 'secretSociety',
  },
  {
    name: 'A letter that wins: the letter for the Secret Society is delivered on arrival, its sixth seal buys the sixth ruby',
    position: () => {
      // 2 + 2 + 1 seals: the undelivered letter names the Secret Society itself. The family member is out on
      // the board, so the Police Station cannot send it there instead.
      const s = decide(fiveEach(), { k: 'move', seat: 0 });
      placeMerchant(s, 0, 5);
      player(s, 0).family = 1;
      giveLetters(s, 0, [1, true], [3, true], 24);
      return s;
    },
    finds: (a) => a.type === 'move' && a.to === 24,
  },
  {
    name: "The family member card's step to the Gemstone Dealer buys a ruby this turn",
    position: familyBesideGemstoneDealer,
    finds: (a) => a.type === 'familyStep' && a.to === 16,
    // Not a win within reach: hard, its 20-step rollouts among twelve moves, finds it with 4 seeds of 5 at its
    // own budget (test/bench/ai-tactics.ts), so only normal is held to it here; the prior and the rollout
    // policy put the step first (letters-and-seals.test.ts).
    heldAt: ['normal'],
  },
  {
    name: 'The game ends at six rubies: with five, buy the sixth at the Gemstone Dealer',
    position: () => {
      const s = fiveEach();
      player(s, 0).lira = 30;
      return arrive(s, 8, 16);
    },
    finds: (a) => a.type === 'gemstone',
  },
  {
    name: 'The sixth ruby costs exactly what is in hand: buy it',
    position: () => {
      const s = fiveEach();
      player(s, 0).lira = (gemstonePrice(s) as number) + 2;
      const at = arrive(s, 8, 16);
      expect(player(at, 0).lira).toBe(gemstonePrice(at));
      return at;
    },
    finds: (a) => a.type === 'gemstone',
  },
  {
    name: 'The sixth ruby one move away: go to the Gemstone Dealer with its price in hand',
    position: () => {
      const s = decide(fiveEach(), { k: 'move', seat: 0 });
      placeMerchant(s, 0, 1);
      player(s, 0).lira = (gemstonePrice(s) as number) + 2;
      return s;
    },
    finds: (a) => (a.type === 'move' || a.type === 'moveFar') && a.to === 16,
  },
  {
    name: 'Wainwright: the third extension completes the wheelbarrow and brings a ruby',
    position: () => {
      const s = twoPlayers();
      player(s, 0).extensions = 2;
      s.wainwrightExtensions -= 2;
      player(s, 0).lira = 8;
      return arrive(s, 7, 1);
    },
    finds: (a) => a.type === 'wainwright',
  },
  {
    name: "Sultan's Palace: with the goods the Sultan asks for, deliver them for a ruby",
    position: () => {
      const s = twoPlayers();
      player(s, 0).goods = goods(1, 1, 1, 2);
      return arrive(s, 14, 13);
    },
    finds: (a) => a.type === 'sultan',
  },
  {
    name: 'Fabric Warehouse: fill the wheelbarrow with fabric rather than waste the action',
    position: () => arrive(twoPlayers(), 23, 2),
    finds: (a) => a.type === 'warehouse',
  },
  {
    name: 'Post Office: take what the post office gives rather than waste the action',
    position: () => arrive(twoPlayers(), 6, 5),
    finds: (a) => a.type === 'postOffice',
  },
];
