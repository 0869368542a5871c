/**
 * A reseed sorts the face-down piles before shuffling them, so the result does not hang on the order the
 * sampler left them in; it sorts by counting, which must give exactly the comparison sort's arrays.
 */
import { describe, expect, it } from 'vitest';
import { seedRng, shuffle } from '../../src/engine/index.js';
import { sortedCards, sortedSmallNumbers } from '../../src/games/istanbul/ai/determinize.js';
import { CARD_KINDS, EXPANSION_CARD_COUNTS } from '../../src/games/istanbul/data/cards.js';
import type { CardKind } from '../../src/games/istanbul/types.js';

describe('the piles a reseed sorts', () => {
  const kinds = [...CARD_KINDS, ...(Object.keys(EXPANSION_CARD_COUNTS) as CardKind[])];

  it('bonus cards: the default string order, duplicates kept, for shuffled piles of every size', () => {
    const rng = seedRng('sorted-cards');
    for (let size = 0; size <= 60; size++) {
      const pile = Array.from({ length: size }, (_, i) => kinds[(i * 7 + size) % kinds.length] as CardKind);
      const shuffled = shuffle(rng, pile);
      expect(sortedCards(shuffled)).toEqual(shuffled.slice().sort());
    }
  });

  it('letters and Kiosk tiles: ascending numbers, duplicates kept; numbers out of range still sorted', () => {
    const rng = seedRng('sorted-numbers');
    for (let size = 0; size <= 40; size++) {
      const pile = shuffle(rng, Array.from({ length: size }, (_, i) => (i * 5) % 24));
      expect(sortedSmallNumbers(pile)).toEqual(pile.slice().sort((a, b) => a - b));
    }
    expect(sortedSmallNumbers([300, 2, 1000, 2])).toEqual([2, 2, 300, 1000]);
  });

  it('a card the tally does not know is sorted the plain way', () => {
    expect(sortedCards(['zzz' as CardKind, 'take5Lira', 'aaa' as CardKind])).toEqual(['aaa', 'take5Lira', 'zzz']);
  });
});
