import { describe, expect, it } from 'vitest';
import { DECK_SIZE } from '../../../src/games/kairo/data/board.js';
import type { KairoState } from '../../../src/games/kairo/types.js';
import { keys, play, scenario } from './helpers.js';

function cardsTotal(s: KairoState): number {
  return s.deck.length + s.display.length + s.discard.length + s.players.reduce((n, p) => n + p.hand.length, 0);
}

describe('draw 2 cards', () => {
  it('each card from the display, the deck top or the crier cards', () => {
    const s = scenario({ display: ['s1', 's2', 's2', 's4'] });
    const r = play(s, { t: 'draw' });
    expect(r.checkpoint).toBe(false);
    // Two equal display cards are one choice.
    expect(keys(r.state)).toEqual(['takeDisplay:s1', 'takeDisplay:s2', 'takeDisplay:s4', 'takeDeck', 'takeCrier']);
  });

  it('the display refills only at the end of the turn', () => {
    const s = scenario({ display: ['s1', 's2', 's3', 's4'] });
    const top = s.deck[0];
    const one = play(s, { t: 'draw' }, { t: 'takeDisplay', card: 's2' });
    expect(one.checkpoint).toBe(true);
    expect(one.state.display).toEqual(['s1', 's3', 's4']);
    expect(keys(one.state)).toEqual(['takeDisplay:s1', 'takeDisplay:s3', 'takeDisplay:s4', 'takeDeck', 'takeCrier']);
    const two = play(one.state, { t: 'takeDisplay', card: 's4' });
    expect(two.state.players[0]?.hand).toEqual(['s2', 's4']);
    expect(two.state.display).toEqual(['s1', 's3', top, two.state.display[3]]);
    expect(two.state.display.length).toBe(4);
    expect(two.state.seat).toBe(1);
    expect(cardsTotal(two.state)).toBe(DECK_SIZE);
  });

  it('a deck card goes to the hand and is told only to the drawing player', () => {
    const s = scenario();
    const top = s.deck[0];
    const r = play(s, { t: 'draw' }, { t: 'takeDeck' });
    expect(r.state.players[0]?.hand).toEqual([top]);
    const priv = r.events.find((e) => e.key === 'kairo.event.takeDeck.private');
    expect(priv?.visibleTo).toEqual([0]);
    const pub = r.events.find((e) => e.key === 'kairo.event.takeDeck');
    expect(pub?.visibleTo).toBeUndefined();
    expect(pub?.params).not.toHaveProperty('card');
  });

  it('crier cards lie open and do not count for the hand limit', () => {
    const s = scenario({ hands: [['s5', 's6', 's7', 's8']] });
    const r = play(s, { t: 'draw' }, { t: 'takeCrier' }, { t: 'takeCrier' });
    expect(r.state.players[0]?.criers).toBe(2);
    expect(r.state.criers).toBe(5);
    expect(r.state.players[0]?.hand.length).toBe(4);
    expect(r.state.seat).toBe(1);
  });

  it('no crier card can be taken when the supply is empty', () => {
    const s = scenario({ criers: [4, 3] });
    expect(s.criers).toBe(0);
    expect(keys(play(s, { t: 'draw' }).state)).not.toContain('takeCrier');
  });

  it('hand limit 4: the player keeps 4 building cards and discards the rest', () => {
    const s = scenario({ hands: [['s5', 's6', 's7', 's8']], display: ['s1', 's2', 's3', 's4'] });
    const r = play(s, { t: 'draw' }, { t: 'takeDisplay', card: 's1' }, { t: 'takeDisplay', card: 's2' });
    expect(r.state.seat).toBe(0);
    expect(r.state.pending).toEqual({ k: 'draw', taken: 2 });
    expect(keys(r.state)).toEqual(['discard:s1', 'discard:s2', 'discard:s5', 'discard:s6', 'discard:s7', 'discard:s8']);
    const d1 = play(r.state, { t: 'discard', card: 's6' });
    expect(d1.state.seat).toBe(0);
    const d2 = play(d1.state, { t: 'discard', card: 's1' });
    expect(d2.state.players[0]?.hand).toEqual(['s2', 's5', 's7', 's8']);
    expect(d2.state.discard).toEqual(['s6', 's1']);
    expect(d2.state.seat).toBe(1);
    expect(d2.events.find((e) => e.key === 'kairo.event.discard.private')?.visibleTo).toEqual([0]);
    expect(cardsTotal(d2.state)).toBe(DECK_SIZE);
  });

  it('an empty deck is replaced by the shuffled discard pile', () => {
    const s = scenario({ display: ['s1', 's2', 's3', 's4'] });
    s.discard = s.deck.slice(1);
    s.deck = s.deck.slice(0, 1);
    const last = s.deck[0];
    const r = play(s, { t: 'draw' }, { t: 'takeDeck' });
    // The last card was drawn; the discard pile became the new deck at once.
    expect(r.state.players[0]?.hand).toEqual([last]);
    expect(r.state.discard).toEqual([]);
    expect(r.state.deck.length).toBe(DECK_SIZE - 5);
    expect(r.events.map((e) => e.key)).toContain('kairo.event.reshuffle');
    expect([...r.state.deck].sort()).toEqual([...s.discard].sort());
  });

  it('a draw turn is not offered in the final phase', () => {
    const s = scenario({ phase: 'final', hands: [['s5']] });
    expect(keys(s)).not.toContain('draw');
    expect(keys(s).some((k) => k.startsWith('lead'))).toBe(false);
  });
});
