import { describe, expect, it } from 'vitest';
import { canUndo, describe as describeAction } from '../../../src/engine/index.js';
import { COLOURS } from '../../../src/games/kairo/data/board.js';
import { kairo } from '../../../src/games/kairo/index.js';
import { kairoMessagesEn } from '../../../src/games/kairo/messages.en.js';
import type { KairoAction } from '../../../src/games/kairo/types.js';
import { F, play, scenario } from './helpers.js';

const ONE_OF_EACH: KairoAction[] = [
  ...COLOURS.flatMap((colour) => [
    { t: 'build', kind: 'stall', colour } as const,
    { t: 'build', kind: 'extend', colour } as const,
    { t: 'build', kind: 'relocate', colour } as const,
    { t: 'lead', colour } as const,
    { t: 'jokerCoin', colour } as const,
    { t: 'payStall', colour, count: 2 } as const,
    { t: 'payOther', colour, count: 0 } as const,
  ]),
  { t: 'draw' },
  { t: 'pass' },
  { t: 'card', card: 's4' },
  { t: 'joker', card: 'jc2' },
  { t: 'three', cards: ['s1', 's1', 'jr3'] },
  { t: 'section', section: 7 },
  { t: 'field', field: F('C4') },
  { t: 'entrance', dir: 'n' },
  { t: 'entrance', dir: 'e' },
  { t: 'entrance', dir: 's' },
  { t: 'entrance', dir: 'w' },
  { t: 'target', field: F('M9') },
  { t: 'takeDisplay', card: 'jr1' },
  { t: 'takeDeck' },
  { t: 'takeCrier' },
  { t: 'discard', card: 's9' },
];

describe('actions', () => {
  it('every kind of action parses from its JSON form and has a distinct key', () => {
    const keys = new Set<string>();
    for (const a of ONE_OF_EACH) {
      const parsed = kairo.parseAction(JSON.parse(JSON.stringify(a)));
      expect(parsed).toEqual(a);
      keys.add(kairo.actionKey(a));
    }
    expect(keys.size).toBe(ONE_OF_EACH.length);
  });

  it('every kind of action has an English label with its placeholders filled', () => {
    for (const a of ONE_OF_EACH) {
      const m = kairo.describeAction(a);
      expect(kairoMessagesEn[m.key], m.key).toBeDefined();
      expect(describeAction(kairo, a, 'en')).not.toMatch(/\{|kairo\./);
    }
    expect(describeAction(kairo, { t: 'field', field: F('C4') }, 'en')).toBe('Field C4');
    expect(describeAction(kairo, { t: 'three', cards: ['s1', 's1', 'jr3'] }, 'en')).toBe('Discard 3 cards (1, 1, 7/8/9): any section');
  });

  it('rejects malformed actions', () => {
    for (const raw of [
      null,
      'draw',
      {},
      { t: 'fly' },
      { t: 'draw', extra: 1 },
      { t: 'build', kind: 'tower', colour: 'red' },
      { t: 'build', kind: 'stall', colour: 'pink' },
      { t: 'field', field: 140 },
      { t: 'field', field: 1.5 },
      { t: 'section', section: 0 },
      { t: 'three', cards: ['s1', 's2'] },
      { t: 'card', card: 's10' },
      { t: 'payStall', colour: 'red', count: -1 },
      { t: 'entrance', dir: 'up' },
    ]) {
      expect(kairo.parseAction(raw)).toBeNull();
    }
  });

  it('three cards are one action whatever their order', () => {
    const a = kairo.parseAction({ t: 'three', cards: ['jr3', 's1', 's1'] });
    expect(a).toEqual({ t: 'three', cards: ['s1', 's1', 'jr3'] });
    expect(kairo.actionKey(a as KairoAction)).toBe('three:s1,s1,jr3');
  });
});

describe('undo checkpoints', () => {
  it('choices inside a turn can be undone; a card draw and the end of a turn cannot', () => {
    const s = scenario({ hands: [['s4', 's5']], customers: { yellow: 'B9' } });
    const build = play(s, { t: 'build', kind: 'stall', colour: 'red' });
    expect(build.checkpoint).toBe(false);
    const card = play(build.state, { t: 'card', card: 's5' });
    expect(card.checkpoint).toBe(false);
    const field = play(card.state, { t: 'field', field: F('G4') });
    expect(field.checkpoint).toBe(false);
    expect(canUndo([{ seat: 0, checkpoint: field.checkpoint }], 0)).toBe(true);
    const done = play(field.state, { t: 'entrance', dir: 'n' });
    expect(done.checkpoint).toBe(true);
    expect(canUndo([{ seat: 0, checkpoint: done.checkpoint }], 0)).toBe(false);
    const draw = play(s, { t: 'draw' });
    expect(draw.checkpoint).toBe(false);
    expect(play(draw.state, { t: 'takeDisplay', card: 's1' }).checkpoint).toBe(true);
  });
});

describe('seats', () => {
  it('only the seat in turn has legal actions; nobody after the end', () => {
    const s = scenario({ seat: 1, hands: [[], ['s4']] });
    expect(kairo.activeSeats(s)).toEqual([1]);
    expect(kairo.legalActions(s, 0)).toEqual([]);
    expect(kairo.legalActions(s, 1).length).toBeGreaterThan(0);
  });
});
