/** Kairo's part of the conformance suite (test/conformance/): data, not tests. */
import type { Seat } from '../../../src/engine/index.js';
import type { KairoState } from '../../../src/games/kairo/index.js';
import type { ConformanceFixture } from '../../conformance/fixture.js';
import { viewInvariants } from './fuzz-invariants.js';

/** The seat's building cards swapped for cards of other types from the deck (none to swap: null). */
function changeHand(raw: unknown, seat: Seat): KairoState | null {
  const state = raw as KairoState;
  const player = state.players[seat];
  if (player === undefined || player.hand.length === 0) return null;
  const deck = state.deck.slice();
  const hand = player.hand.map((card) => {
    const other = deck.findIndex((type) => type !== card);
    return other < 0 ? card : (deck.splice(other, 1)[0] as typeof card);
  });
  if (hand.every((card, i) => card === player.hand[i])) return null;
  return { ...state, players: state.players.map((p, i) => (i === seat ? { ...p, hand } : p)) };
}

export const conformance: ConformanceFixture = {
  game: 'kairo',
  maxActions: 20_000,
  changeSecrets: (state, seat) => changeHand(state, seat),
  checkViews: (state) => viewInvariants(state as KairoState),
};
