/**
 * Tactical positions of Istanbul for 2 players, reached by the rules: the conversions of lira, goods and seals
 * into rubies, the move to the place that scores, the ruby that ends the game (a one-turn win, at the price in
 * hand), and not wasting a place action. A position at a place action is reached the way the rules reach it:
 * the merchant moves there, leaves an assistant and pays the merchants met (a neutral merchant met is paid 2
 * lira and rolled away). Rubies on a wheelbarrow are taken from where they came (the Gemstone Dealer's and the
 * Sultan's next ruby cost more). Some come from games played to there (positions/*.json).
 */
import fs from 'node:fs';
import { expect } from 'vitest';
import type { IstanbulAction, IstanbulState } from '../../../src/games/istanbul/index.js';
import { gemstonePrice } from '../../../src/games/istanbul/rules/places/gemstone.js';
import type { PlaceId, Seat } from '../../../src/games/istanbul/types.js';
import { build, decide, goods, placeMerchant, play, player, top } from '../../games/istanbul/builders.js';
import type { Tactic } from './suite.js';

/** Seat 0's merchant moves from `from` to `to`, leaves an assistant and pays whom it meets: the place action is next. */
export function arrive(s: IstanbulState, from: PlaceId, to: PlaceId): IstanbulState {
  placeMerchant(s, 0, from);
  decide(s, { k: 'move', seat: 0 });
  let state = play(s, { type: 'move', to }, { type: 'leaveAssistant' }).state;
  if (top(state)?.k === 'pay') state = play(state, { type: 'payMerchants' }).state;
  expect(top(state)).toEqual({ k: 'action', seat: 0, place: to, family: false });
  return state;
}

/** Rubies a seat took earlier, each from its place (the next one there costs more). */
export function rubiesTaken(s: IstanbulState, seat: Seat, from: { gemstone?: number; sultan?: number; wainwright?: boolean }): void {
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

/** A position of a game played to there (positions/<name>.json). */
export function playedPosition(name: string): IstanbulState {
  return JSON.parse(fs.readFileSync(new URL(`./positions/${name}.json`, import.meta.url), 'utf8')) as IstanbulState;
}

/** A 2-player game with empty wheelbarrows, seat 0 to move. */
function twoPlayers(): IstanbulState {
  const s = build({ players: 2 });
  player(s, 0).goods = goods();
  player(s, 1).goods = goods();
  return s;
}

/** Five rubies each (two from the Gemstone Dealer, two from the Sultan, the Wainwright's): the sixth ends the game. */
function fiveEach(): IstanbulState {
  const s = twoPlayers();
  rubiesTaken(s, 0, { gemstone: 2, sultan: 2, wainwright: true });
  rubiesTaken(s, 1, { gemstone: 2, sultan: 2, wainwright: true });
  return s;
}

const moveTo =
  (to: PlaceId) =>
  (a: IstanbulAction): boolean =>
    (a.type === 'move' || a.type === 'moveFar') && a.to === to;

export const ISTANBUL_TACTICS: readonly Tactic<IstanbulState, IstanbulAction>[] = [
  {
    // A benchmark game (bench-istanbul-2-hard-greedy-92, move 558), where hard, its win chance saturated,
    // wandered for thousands of moves instead (see SearchBudget.soonerWin and istanbulBudget).
    name: 'Far ahead (5 rubies to 2) with 54 lira, one move from the Gemstone Dealer: go and buy the sixth now',
    position: () => {
      const s = playedPosition('istanbul-far-ahead');
      expect(s.players.map((p) => p.rubies)).toEqual([5, 2]);
      return s;
    },
    finds: (a) => a.type === 'move' && a.to === 16,
  },
  {
    // A greedy game played to round 49: both at 5 rubies, seat 1 (the start player) beside the Gemstone Dealer
    // with 21 lira. The sixth ruby ends the game this round, and seat 0 cannot pay the next one.
    name: 'A race at 5 rubies each: the sixth ruby is one move away, go to the Gemstone Dealer',
    position: () => {
      const s = playedPosition('istanbul-race-gemstone');
      expect(s.players.map((p) => p.rubies)).toEqual([5, 5]);
      return s;
    },
    finds: moveTo(16),
  },
  {
    // A greedy game played to round 53: both at 5 rubies, seat 0 with 2 extensions and 19 lira, a move from
    // the Wainwright: its third extension brings the sixth ruby.
    name: "A race at 5 rubies each: the Wainwright's third extension is the sixth ruby, go there",
    position: () => {
      const s = playedPosition('istanbul-race-wainwright');
      expect(s.players.map((p) => p.rubies)).toEqual([5, 5]);
      return s;
    },
    finds: moveTo(1),
  },
  {
    // A greedy game played to round 53: seat 1 at 5 rubies against 4 and 29 lira, a move from the Gemstone
    // Dealer; seat 0, last in the round, cannot take two rubies in its turn.
    name: 'Ahead by a ruby: the sixth ruby one move away wins, go to the Gemstone Dealer',
    position: () => {
      const s = playedPosition('istanbul-ahead-gemstone');
      expect(s.players.map((p) => p.rubies)).toEqual([4, 5]);
      return s;
    },
    finds: moveTo(16),
  },
  {
    name: 'The game ends at six rubies: with five, buy the sixth at the Gemstone Dealer',
    position: () => {
      const s = fiveEach();
      player(s, 0).lira = 21;
      const at = arrive(s, 14, 16);
      expect(player(at, 0).lira).toBe(19);
      return at;
    },
    finds: (a) => a.type === 'gemstone',
  },
  {
    name: 'The sixth ruby costs exactly what is in hand: buy it, the lira are worth nothing more',
    position: () => {
      const s = fiveEach();
      player(s, 1).lira = 12;
      player(s, 0).lira = (gemstonePrice(s) as number) + 2;
      const at = arrive(s, 14, 16);
      expect(player(at, 0).lira).toBe(gemstonePrice(at));
      return at;
    },
    finds: (a) => a.type === 'gemstone',
  },
  {
    name: 'The sixth ruby at the price in hand, one move from the Wainwright: go there for the third extension',
    position: () => {
      // Five rubies without the Wainwright's: three from the Gemstone Dealer, two from the Sultan; 2 extensions, 7 lira.
      const s = decide(twoPlayers(), { k: 'move', seat: 0 });
      rubiesTaken(s, 0, { gemstone: 3, sultan: 2 });
      player(s, 0).extensions = 2;
      s.wainwrightExtensions -= 2;
      player(s, 0).lira = 7;
      rubiesTaken(s, 1, { sultan: 2, gemstone: 2 });
      player(s, 1).lira = 15;
      placeMerchant(s, 0, 3);
      return s;
    },
    finds: moveTo(1),
  },
  {
    name: 'Gemstone Dealer: with the price in lira, buy the ruby',
    position: () => {
      const s = twoPlayers();
      player(s, 0).lira = 19;
      const at = arrive(s, 14, 16);
      expect(player(at, 0).lira).toBe(17);
      return at;
    },
    finds: (a) => a.type === 'gemstone',
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
    name: 'Great Mosque: the second tile of the mosque brings its ruby',
    position: () => {
      // Seat 0 took the blue tile earlier (it paid a blue good and brought the fifth assistant).
      const s = twoPlayers();
      player(s, 0).mosqueTiles = ['blue'];
      s.mosqueTiles.blue = s.mosqueTiles.blue.slice(1);
      player(s, 0).supply -= 1;
      player(s, 0).stack.push(0);
      player(s, 0).goods = goods(0, 0, 2, 0);
      return arrive(s, 11, 15);
    },
    finds: (a) => a.type === 'mosque' && a.colour === 'yellow',
  },
  {
    name: 'Wainwright: the third extension completes the wheelbarrow and brings a ruby',
    position: () => {
      const s = twoPlayers();
      player(s, 0).extensions = 2;
      s.wainwrightExtensions -= 2;
      player(s, 0).lira = 8;
      return arrive(s, 3, 1);
    },
    finds: (a) => a.type === 'wainwright',
  },
  {
    name: "Move: with the Sultan's goods in the wheelbarrow, go to the Sultan's Palace",
    position: () => {
      const s = decide(twoPlayers(), { k: 'move', seat: 0 });
      placeMerchant(s, 0, 15);
      player(s, 0).goods = goods(1, 1, 1, 2);
      player(s, 0).lira = 3;
      // The family member is out on the board, so the Police Station cannot send it to the palace instead.
      player(s, 0).family = 1;
      return s;
    },
    finds: (a) => a.type === 'move' && a.to === 13,
  },
  {
    name: 'Fabric Warehouse: fill the wheelbarrow with fabric rather than waste the action',
    position: () => arrive(twoPlayers(), 6, 2),
    finds: (a) => a.type === 'warehouse',
  },
  {
    name: 'Post Office: take what the post office gives rather than waste the action',
    position: () => arrive(twoPlayers(), 6, 5),
    finds: (a) => a.type === 'postOffice',
  },
];
