/** Kairo's part of the conformance suite (test/conformance/): data, not tests. */
import type { Seat } from '../../../src/engine/index.js';
import type { KairoState } from '../../../src/games/kairo/index.js';
import { handFromPile, type ConformanceFixture } from '../../conformance/fixture.js';
import { viewInvariants } from './fuzz-invariants.js';

/** The seat's building cards swapped for cards of other types from the deck (none to swap: null). */
function changeHand(raw: unknown, seat: Seat): KairoState | null {
  const state = raw as KairoState;
  const player = state.players[seat];
  const hand = player === undefined ? null : handFromPile(player.hand, state.deck);
  if (hand === null) return null;
  return { ...state, players: state.players.map((p, i) => (i === seat ? { ...p, hand } : p)) };
}

export const conformance: ConformanceFixture = {
  game: 'kairo',
  maxActions: 20_000,
  changeSecrets: (state, seat) => changeHand(state, seat),
  checkViews: (state) => viewInvariants(state as KairoState),
};
