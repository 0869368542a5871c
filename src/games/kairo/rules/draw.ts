/** Drawing: two cards or criers taken from the display, the draw pile or the criers' supply, then discarding down to the hand limit. */
import * as boardDataModule from '../data/board.js';
import type { KairoActionOf, KairoPlayer } from '../types.js';
import * as deckModule from './deck.js';
import type { Draft } from './draft.js';
import * as helpersModule from './helpers.js';
import * as legalModule from './legal.js';
import * as turnModule from './turn.js';

// Module bindings copied once: the dev/test transform turns every imported binding access into a getter call.
const { CARDS_PER_DRAW, HAND_LIMIT } = boardDataModule;
const { drawFromDeck } = deckModule;
const { cardName, event, player, sortCards } = helpersModule;
const { hasDrawSource } = legalModule;
const { endTurn } = turnModule;

/** The turn's choice to draw: the sources follow. */
export function startDraw(draft: Draft): void {
  draft.state.pending = { k: 'draw', taken: 0 };
}

export function takeDisplay(draft: Draft, action: KairoActionOf<'takeDisplay'>): void {
  const s = draft.state;
  const seat = s.seat;
  const p = s.players[seat] as KairoPlayer;
  const i = s.display.indexOf(action.card);
  s.display.splice(i, 1);
  p.hand.push(action.card);
  sortCards(p.hand);
  draft.checkpoint = true;
  draft.events?.push(event('kairo.event.takeDisplay', { player: player(seat), card: cardName(action.card) }, seat));
  afterTake(draft);
}

export function takeDeck(draft: Draft): void {
  const s = draft.state;
  const seat = s.seat;
  const p = s.players[seat] as KairoPlayer;
  const card = drawFromDeck(draft);
  p.hand.push(card);
  sortCards(p.hand);
  draft.checkpoint = true;
  draft.events?.push(event('kairo.event.takeDeck', { player: player(seat) }, seat));
  draft.events?.push(event('kairo.event.takeDeck.private', { card: cardName(card) }, seat, [seat]));
  afterTake(draft);
}

export function takeCrier(draft: Draft): void {
  const s = draft.state;
  const seat = s.seat;
  const p = s.players[seat] as KairoPlayer;
  s.criers -= 1;
  p.criers += 1;
  draft.checkpoint = true;
  draft.events?.push(event('kairo.event.takeCrier', { player: player(seat) }, seat));
  afterTake(draft);
}

export function discard(draft: Draft, action: KairoActionOf<'discard'>): void {
  const s = draft.state;
  const seat = s.seat;
  const p = s.players[seat] as KairoPlayer;
  const i = p.hand.indexOf(action.card);
  p.hand.splice(i, 1);
  s.discard.push(action.card);
  draft.events?.push(event('kairo.event.discard', { player: player(seat) }, seat));
  draft.events?.push(event('kairo.event.discard.private', { card: cardName(action.card) }, seat, [seat]));
  if (p.hand.length <= HAND_LIMIT) endTurn(draft);
}

function afterTake(draft: Draft): void {
  const s = draft.state;
  const pending = s.pending as { k: 'draw'; taken: number };
  pending.taken += 1;
  if (pending.taken < CARDS_PER_DRAW && hasDrawSource(s)) return;
  pending.taken = CARDS_PER_DRAW;
  const p = s.players[s.seat] as KairoPlayer;
  if (p.hand.length <= HAND_LIMIT) endTurn(draft);
}
