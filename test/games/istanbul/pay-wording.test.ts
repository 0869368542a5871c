/**
 * Letters & Seals: "you must pay 2 Lira for each of those tokens" (a merchant and a companion each count).
 * Whom a move pays is said as a person would: a player whose merchant and companion both stand there is
 * paid twice and named once, "Bob (merchant and companion)", in every language.
 */
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../../src/games/index.js';
import { inProcessBoardRenderer } from '../../../src/render/board-job.js';

const presenter = GAMES.presenters(inProcessBoardRenderer(GAMES)).get('istanbul')!;
const names = ['Ann', 'Bob', 'Carol'];
const pay = (payees: string, lira: number, locale: 'en' | 'de' | 'nl'): string => presenter.format({ key: 'istanbul.detail.pay', params: { lira, payees } }, locale, names);

describe('whom a move pays', () => {
  it('a player whose merchant and companion stand there: 4 lira, named once', () => {
    expect(pay('1,1', 4, 'en')).toBe('pay 4 lira to Bob (merchant and companion)');
    expect(pay('1,1', 4, 'de')).toBe('4 Lira an Bob (Kaufmann und Kompagnon) zahlen');
    expect(pay('1,1', 4, 'nl')).toBe('4 lira betalen aan Bob (handelaar en compagnon)');
  });

  it('beside another player paid once, each named once', () => {
    expect(pay('1,2,1', 6, 'en')).toBe('pay 6 lira to Bob (merchant and companion) and Carol');
    expect(pay('2,1', 4, 'en')).toBe('pay 4 lira to Carol and Bob');
  });
});
