/** Kairo's part of the conformance suite (test/conformance/): data, not tests. */
import type { MessageParam, Seat } from '../../../src/engine/index.js';
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

/** Kairo's parameter conventions: seats counted from 1, cards, fields, colours, lists as text. */
const MESSAGE_SAMPLES: Record<string, MessageParam> = {
  player: 1,
  card: '4',
  cards: '1, 2, 3',
  field: 'C2',
  from: 'D4',
  entrance: 'north',
  sections: '1/2/3',
  scores: 'Ada 3, Bo 5',
  out: 'Bo',
  what: 'New red main stall',
  step: 'choose the section.',
  coins: 'red 2 · blue 1',
  colour: 'red',
  colours: 'red, blue',
};

export const conformance: ConformanceFixture = {
  game: 'kairo',
  maxActions: 20_000,
  changeSecrets: (state, seat) => changeHand(state, seat),
  checkViews: (state) => viewInvariants(state as KairoState),
  messageSamples: MESSAGE_SAMPLES,
};
