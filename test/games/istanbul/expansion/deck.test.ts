import { describe, expect, it } from 'vitest';
import { deckFor } from '../../../../src/games/istanbul/data/cards.js';

const count = (deck: readonly string[], kind: string): number => deck.filter((c) => c === kind).length;

describe('the bonus card deck', () => {
  it('base game: 26 cards of 10 kinds', () => {
    const deck = deckFor(null);
    expect(deck).toHaveLength(26);
    expect(new Set(deck).size).toBe(10);
  });

  it('Letters & Seals new cards only: the 16 new cards (the counts this project decides), 2 of them "take 1 letter", 4 "depicted good + 3 lira"', () => {
    const deck = deckFor('newOnly');
    expect(deck).toHaveLength(16);
    expect(deck.some((c) => deckFor(null).includes(c))).toBe(false);
    expect(count(deck, 'takeLetter')).toBe(2);
    expect(deck.filter((c) => c.startsWith('goodLira'))).toHaveLength(4);
    expect(new Set(deck).size).toBe(15);
  });

  it('Letters & Seals mixed: the base cards and the new cards together, 42', () => {
    const deck = deckFor('mixed');
    expect(deck).toHaveLength(42);
    expect([...deck].sort()).toEqual([...deckFor(null), ...deckFor('newOnly')].sort());
  });
});
