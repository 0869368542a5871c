/** The board's summary is told in whole events and whole lines: what does not fit is counted, never cut. */
import { describe, expect, it } from 'vitest';
import { wholeWithin } from '../../src/discord/messages/index.js';
import { newestWithin } from '../../src/discord/messages/catch-up.js';

const more = (count: number): string => `… and ${count} more`;

describe('wholeWithin', () => {
  it('keeps every part when all fit', () => {
    expect(wholeWithin(['Ann moves', 'Ann pays Bo 2 lira'], '; ', 100, more)).toBe('Ann moves; Ann pays Bo 2 lira');
  });

  it('leaves whole parts out from the end and counts them, never cutting one', () => {
    const parts = ['Ann moves the merchant to the Great Market', 'Ann pays Bo 2 lira', 'The last round is over'];
    expect(wholeWithin(parts, '; ', 70, more)).toBe('Ann moves the merchant to the Great Market; … and 2 more');
    expect(wholeWithin(parts, '; ', 80, more)).toBe('Ann moves the merchant to the Great Market; Ann pays Bo 2 lira; … and 1 more');
  });

  it('measures as asked: an emoji counts twice in UTF-16 units', () => {
    const parts = ['Ann', '🟦🟦🟦🟦🟦🟦 Bo moves'];
    expect(wholeWithin(parts, '\n', 20, more)).toBe('Ann\n🟦🟦🟦🟦🟦🟦 Bo moves');
    expect(wholeWithin(parts, '\n', 20, more, (text) => text.length)).toBe('Ann\n… and 1 more');
  });
});

describe("newestWithin (the panel's Since your last turn)", () => {
  const earlier = (count: number): string => `- … and ${count} earlier turns`;
  const turns = Array.from({ length: 9 }, (_, i) => `- Player ${i + 1} moves the merchant to the Great Market and sells 3 goods`);

  it('keeps every turn when all fit', () => {
    expect(newestWithin(turns.slice(0, 2), 400, earlier)).toEqual(turns.slice(0, 2));
  });

  it('after a long absence keeps the most recent turns, whole, and counts the older ones first', () => {
    const shown = newestWithin(turns, 260, earlier);
    expect(shown).toEqual([earlier(6), ...turns.slice(-3)]);
    expect(shown.join('\n').length).toBeLessThanOrEqual(260);
  });
});
