/**
 * Kairo actions from the outside world: shape validation (zod), canonical keys, descriptions.
 */
import { z } from 'zod';
import type { Message } from '../../engine/index.js';
import { CARD_TYPES, COLOURS, FIELD_COUNT, type CardType } from './data/board.js';
import { DIRECTIONS, fieldLabel } from './data/geometry.js';
import { cardName, sortCards } from './rules/index.js';
import type { KairoAction } from './types.js';

const colour = z.enum(COLOURS);
const card = z.enum(CARD_TYPES as [CardType, ...CardType[]]);
const field = z.number().int().min(0).max(FIELD_COUNT - 1);
const count = z.number().int().min(0).max(1000);

const actionSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('build'), kind: z.enum(['stall', 'extend', 'relocate']), colour }).strict(),
  z.object({ t: z.literal('lead'), colour }).strict(),
  z.object({ t: z.literal('draw') }).strict(),
  z.object({ t: z.literal('pass') }).strict(),
  z.object({ t: z.literal('card'), card }).strict(),
  z.object({ t: z.literal('joker'), card }).strict(),
  z.object({ t: z.literal('three'), cards: z.array(card).length(3) }).strict(),
  z.object({ t: z.literal('jokerCoin'), colour }).strict(),
  z.object({ t: z.literal('section'), section: z.number().int().min(1).max(9) }).strict(),
  z.object({ t: z.literal('field'), field }).strict(),
  z.object({ t: z.literal('entrance'), dir: z.enum(DIRECTIONS as ['n', 'e', 's', 'w']) }).strict(),
  z.object({ t: z.literal('payStall'), colour, count }).strict(),
  z.object({ t: z.literal('payOther'), colour, count }).strict(),
  z.object({ t: z.literal('target'), field }).strict(),
  z.object({ t: z.literal('takeDisplay'), card }).strict(),
  z.object({ t: z.literal('takeDeck') }).strict(),
  z.object({ t: z.literal('takeCrier') }).strict(),
  z.object({ t: z.literal('discard'), card }).strict(),
]);

export function parseKairoAction(raw: unknown): KairoAction | null {
  const parsed = actionSchema.safeParse(raw);
  if (!parsed.success) return null;
  const action = parsed.data;
  if (action.t === 'three') return { t: 'three', cards: sortCards(action.cards.slice()) };
  return action as KairoAction;
}

export function kairoActionKey(a: KairoAction): string {
  switch (a.t) {
    case 'build':
      return `build:${a.kind}:${a.colour}`;
    case 'lead':
    case 'jokerCoin':
      return `${a.t}:${a.colour}`;
    case 'draw':
    case 'pass':
    case 'takeDeck':
    case 'takeCrier':
      return a.t;
    case 'card':
    case 'joker':
    case 'takeDisplay':
    case 'discard':
      return `${a.t}:${a.card}`;
    case 'three':
      return `three:${sortCards(a.cards.slice()).join(',')}`;
    case 'section':
      return `section:${a.section}`;
    case 'field':
    case 'target':
      return `${a.t}:${a.field}`;
    case 'entrance':
      return `entrance:${a.dir}`;
    case 'payStall':
    case 'payOther':
      return `${a.t}:${a.colour}:${a.count}`;
  }
}

export function describeKairoAction(a: KairoAction): Message {
  switch (a.t) {
    case 'build':
      return { key: `kairo.action.${a.kind}.${a.colour}` };
    case 'lead':
      return { key: `kairo.action.lead.${a.colour}` };
    case 'draw':
    case 'pass':
    case 'takeDeck':
    case 'takeCrier':
      return { key: `kairo.action.${a.t}` };
    case 'card':
    case 'joker':
    case 'takeDisplay':
    case 'discard':
      return { key: `kairo.action.${a.t}`, params: { card: cardName(a.card) } };
    case 'three':
      return { key: 'kairo.action.three', params: { cards: a.cards.map(cardName).join(', ') } };
    case 'jokerCoin':
      return { key: `kairo.action.jokerCoin.${a.colour}` };
    case 'section':
      return { key: 'kairo.action.section', params: { section: a.section } };
    case 'field':
    case 'target':
      return { key: `kairo.action.${a.t}`, params: { field: fieldLabel(a.field) } };
    case 'entrance':
      return { key: `kairo.action.entrance.${a.dir}` };
    case 'payStall':
    case 'payOther':
      return { key: `kairo.action.${a.t}.${a.colour}`, params: { count: a.count } };
  }
}
