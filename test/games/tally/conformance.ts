/** Tally's part of the conformance suite (test/conformance/): the toy game keeps every promise a game makes. */
import type { Seat } from '../../../src/engine/index.js';
import type { ConformanceFixture } from '../../conformance/fixture.js';
import { tallyGame } from './game.js';
import type { TallyState } from './index.js';

/** The seat's secret cards, each turned into another value (an empty hand: null). */
function changeHand(raw: unknown, seat: Seat): TallyState | null {
  const state = raw as TallyState;
  const hand = state.hands[seat] ?? [];
  if (hand.length === 0) return null;
  return { ...state, hands: state.hands.map((h, i) => (i === seat ? h.map((card) => (card % 3) + 1) : h)) };
}

export const conformance: ConformanceFixture = {
  game: 'tally',
  // A longer race than the Discord tests' (12), so that its games run over several rounds.
  plugin: tallyGame({ removeSeat: false, target: 30 }),
  maxActions: 2_000,
  changeSecrets: (state, seat) => changeHand(state, seat),
  // The rules' words are English only (the presenter's own are in every language).
  locales: ['en'],
};
