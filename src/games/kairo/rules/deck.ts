/** The draw pile: its top card, and the discard pile shuffled into a new one when it runs out. */
import * as engineModule from '../../../engine/index.js';
import type { CardType } from '../data/board.js';
import type { Draft } from './draft.js';
import * as helpersModule from './helpers.js';

// Module bindings copied once: the dev/test transform turns every imported binding access into a getter call.
const { shuffle } = engineModule;
const { event } = helpersModule;

/** Top card of the draw pile; an empty pile is first replaced by the shuffled discard pile. */
export function drawFromDeck(draft: Draft): CardType {
  const s = draft.state;
  if (s.deck.length === 0) reshuffle(draft);
  const card = s.deck.shift();
  if (card === undefined) throw new Error('no card to draw');
  if (s.deck.length === 0) reshuffle(draft);
  return card;
}

function reshuffle(draft: Draft): void {
  const s = draft.state;
  if (s.discard.length === 0) return;
  s.deck = shuffle(s.rng, s.discard);
  s.discard = [];
  draft.checkpoint = true;
  draft.events?.push(event('kairo.event.reshuffle', { cards: s.deck.length }));
}
