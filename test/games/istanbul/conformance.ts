/** Istanbul's part of the conformance suite (test/conformance/): data, not tests. */
import type { MessageParam, RngState, Seat } from '../../../src/engine/index.js';
import type { IstanbulAction, IstanbulState } from '../../../src/games/istanbul/index.js';
import { handFromPile, type ConformanceFixture } from '../../conformance/fixture.js';
import { expansionPolicy } from './expansion/policy.js';
import { checkViews } from './invariants.js';

/** The seat's bonus cards swapped for cards of other kinds from the deck (none to swap: null). */
function changeHand(raw: unknown, seat: Seat): IstanbulState | null {
  const state = raw as IstanbulState;
  const player = state.players[seat];
  const hand = player === undefined ? null : handFromPile(player.hand, state.deck);
  if (hand === null) return null;
  return { ...state, players: state.players.map((p) => (p.seat === seat ? { ...p, hand } : p)) };
}

/** Istanbul's parameter conventions (see localiseIstanbulParams): seats, places, goods, cards, tiles. */
const MESSAGE_SAMPLES: Record<string, MessageParam> = {
  player: 0,
  other: 1,
  seat: 3,
  place: 13,
  from: 7,
  to: 11,
  good: 'green',
  colour: 'blue',
  card: 'sultanTwice',
  reward: 'card',
  tile: 19,
  tiles: '0,10,19',
  goods: 'red,blue,blue',
  choices: 'green,yellow',
  mosqueTiles: 'red,yellow',
  via: 'istanbul.action.take5Lira',
  rubies: 3,
  prompt: 'Move your merchant',
  cards: 'Stay, Take 5 lira',
  letters: 'Embassy, Kiosk',
  companion: 'Kiosk',
};

export const conformance: ConformanceFixture = {
  game: 'istanbul',
  // Uniformly random play wanders for hundreds of rounds; this policy leans towards rubies (Letters &
  // Seals' actions too) and leaves every action a chance.
  playoutPolicy: (state, seat, legal, rng: RngState) => expansionPolicy(state as IstanbulState, seat, legal as IstanbulAction[], rng),
  maxActions: 20_000,
  changeSecrets: (state, seat) => changeHand(state, seat),
  checkViews: (state) => checkViews(state as IstanbulState),
  messageSamples: MESSAGE_SAMPLES,
};
