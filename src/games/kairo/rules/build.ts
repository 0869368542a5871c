/**
 * Building a main stall (a new one, a start stall, a neutral one or a relocation): the colour chosen at
 * the turn's choice, the card payment, a joker's coin, the section, the field and the entrance side.
 * An extension shares the first steps and is paid and placed in extend.ts.
 */
import * as boardDataModule from '../data/board.js';
import * as geometryModule from '../data/geometry.js';
import type { Direction, FieldId } from '../data/geometry.js';
import type { BuildMode, BuildPending, KairoActionOf, KairoPlayer, KairoStall, StallOwner } from '../types.js';
import * as draftModule from './draft.js';
import type { Draft } from './draft.js';
import * as helpersModule from './helpers.js';
import * as setupModule from './setup.js';
import * as turnModule from './turn.js';

// Module bindings copied once: the dev/test transform turns every imported binding access into a getter call.
const { CARD_SECTIONS, JOKER_COIN_COST } = boardDataModule;
const { DIRECTIONS, fieldLabel, sectionOf, step: stepField } = geometryModule;
const { newBuild, writableStalls } = draftModule;
const { cardName, event, player, stallOf, stallSize } = helpersModule;
const { nextSetupPlacement } = setupModule;
const { endTurn } = turnModule;

/** The turn's choice to build (in the variable start: the colour of the next start stall). */
export function startBuild(draft: Draft, action: KairoActionOf<'build'>): void {
  const s = draft.state;
  const seat = s.seat;
  if (s.phase === 'setup') {
    s.pending = newBuild('setup', action.colour, 'section');
  } else {
    const mode: BuildMode = action.kind;
    const b = newBuild(mode, action.colour, 'card');
    if (mode === 'extend') b.cost = stallSize(s.stalls[stallOf(s, seat, action.colour)] as KairoStall) + 1;
    s.pending = b;
    draft.events?.push(event(`kairo.event.start.${mode}.${action.colour}`, { player: player(seat) }, seat));
  }
}

/** The card payment: one standard card, a joker (its coin follows) or any three cards. */
export function payCards(draft: Draft, action: KairoActionOf<'card' | 'joker' | 'three'>): void {
  const s = draft.state;
  const seat = s.seat;
  const p = s.players[seat] as KairoPlayer;
  const b = s.pending as BuildPending;
  const cards = action.t === 'three' ? action.cards.slice() : [action.card];
  for (const card of cards) {
    const i = p.hand.indexOf(card);
    if (i < 0) throw new Error(`card ${card} not in hand`);
    p.hand.splice(i, 1);
    s.discard.push(card);
  }
  if (action.t === 'card') {
    b.payment = { t: 'card', card: action.card };
    b.sections = CARD_SECTIONS[action.card].slice();
    b.step = 'section';
    draft.events?.push(event('kairo.event.card', { player: player(seat), card: cardName(action.card) }, seat));
  } else if (action.t === 'joker') {
    b.payment = { t: 'joker', card: action.card, coin: null };
    b.sections = CARD_SECTIONS[action.card].slice();
    b.step = 'jokerCoin';
    draft.events?.push(event('kairo.event.joker', { player: player(seat), card: cardName(action.card) }, seat));
  } else {
    b.payment = { t: 'three', cards: action.cards.slice() };
    b.sections = null;
    b.step = 'section';
    draft.events?.push(event('kairo.event.three', { player: player(seat), cards: action.cards.map(cardName).join(', ') }, seat));
  }
}

export function payJokerCoin(draft: Draft, action: KairoActionOf<'jokerCoin'>): void {
  const s = draft.state;
  const seat = s.seat;
  const p = s.players[seat] as KairoPlayer;
  const b = s.pending as BuildPending;
  p.coins[action.colour] -= JOKER_COIN_COST;
  if (b.payment?.t === 'joker') b.payment.coin = action.colour;
  b.step = 'section';
  draft.events?.push(event(`kairo.event.jokerCoin.${action.colour}`, { player: player(seat) }, seat));
}

export function chooseSection(draft: Draft, action: KairoActionOf<'section'>): void {
  const b = draft.state.pending as BuildPending;
  b.section = action.section;
  b.step = 'field';
}

/** The field of the main stall (its entrance side follows) or of the extension (its coins follow). */
export function chooseField(draft: Draft, action: KairoActionOf<'field'>): void {
  const b = draft.state.pending as BuildPending;
  b.field = action.field;
  b.step = b.mode === 'extend' ? 'payStall' : 'entrance';
}

export function placeEntrance(draft: Draft, action: KairoActionOf<'entrance'>): void {
  const b = draft.state.pending as BuildPending;
  const main = b.field as FieldId;
  const entrance = stepField(main, action.dir) as FieldId;
  completeStall(draft, b, main, entrance);
}

function completeStall(draft: Draft, b: BuildPending, main: FieldId, entrance: FieldId): void {
  const s = draft.state;
  const seat = s.seat;
  const params = { player: player(seat), field: fieldLabel(main), entrance: fieldLabel(entrance) };
  const stalls = writableStalls(draft);
  if (b.mode === 'relocate') {
    const index = stallOf(s, seat, b.colour);
    const stall = stalls[index] as KairoStall;
    const from = stall.main;
    stall.main = main;
    stall.entrance = entrance;
    draft.events?.push(event(`kairo.event.relocate.${b.colour}`, { ...params, from: fieldLabel(from) }, seat));
  } else {
    const owner: StallOwner = b.mode === 'neutral' ? 'neutral' : seat;
    stalls.push({ owner, colour: b.colour, main, entrance, ext: [] });
    if (b.mode === 'setup' || b.mode === 'neutral') {
      // A start stall is told as the players read the board while the next one is placed: its section, its
      // field by the picture's column letter and row number, and the side of its entrance.
      const side = DIRECTIONS.find((d) => stepField(main, d) === entrance) as Direction;
      const key = `kairo.event.${b.mode === 'neutral' ? 'neutralStall' : 'startStall'}.${b.colour}.${side}`;
      draft.events?.push(event(key, { ...params, section: sectionOf(main) }, seat));
    } else {
      draft.events?.push(event(`kairo.event.stall.${b.colour}`, params, seat));
    }
  }
  if (b.mode === 'setup' || b.mode === 'neutral') nextSetupPlacement(draft);
  else endTurn(draft);
}
