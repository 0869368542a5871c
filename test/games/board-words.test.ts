/**
 * The alt text of a picture of the board (board-words.ts): where the game stands first, then each player,
 * then what changed, within Discord's 1,024 characters; what does not fit is left out in whole lines, the
 * latest events first, then the last players; a line is never cut.
 */
import { describe, expect, it } from 'vitest';
import { altText, ALT_TEXT_MAX, type BoardWords } from '../../src/games/board-words.js';

const line = (label: string, length: number): string => `${label} ${'x'.repeat(length - label.length - 1)}`;

function words(players: number, events: number, length: number): BoardWords {
  return {
    now: ['Round 7. Ana decides: Move your merchant.'],
    players: Array.from({ length: players }, (_, i) => ({ heading: `P${i}`, standing: line(`standing ${i}`, length), details: ['not in the alt text'] })),
    lastTurn: events === 0 ? null : { heading: 'What changed', lines: Array.from({ length: events }, (_, i) => line(`event ${i}`, length)) },
    board: [{ heading: 'Places', lines: ['not in the alt text either'] }],
  };
}

describe('the alt text of a picture of the board', () => {
  it('says everything when it fits: where the game stands, each player, what changed; never the whole board', () => {
    expect(altText(words(2, 2, 20)).split('\n')).toEqual([
      'Round 7. Ana decides: Move your merchant.',
      `P0: ${line('standing 0', 20)}`,
      `P1: ${line('standing 1', 20)}`,
      'What changed:',
      line('event 0', 20),
      line('event 1', 20),
    ]);
  });

  it('leaves out the latest events first, then the last players, in whole lines, within 1,024 characters', () => {
    // Five players of 150 characters leave room for one event of 150, not two.
    const some = altText(words(5, 6, 150));
    expect([...some].length).toBeLessThanOrEqual(ALT_TEXT_MAX);
    expect(some.split('\n').map((l) => l.split(' ')[0])).toEqual(['Round', 'P0:', 'P1:', 'P2:', 'P3:', 'P4:', 'What', 'event']);
    // Players of 250 characters: where the game stands and the first three players; no heading without an event.
    const fewer = altText(words(5, 6, 250));
    expect(fewer.split('\n').map((l) => l.split(' ')[0])).toEqual(['Round', 'P0:', 'P1:', 'P2:']);
    for (const text of [some, fewer]) for (const l of text.split('\n')) expect(l === 'What changed:' || l.startsWith('Round') || /x$/.test(l)).toBe(true);
  });

  it('keeps where the game stands first, even alone', () => {
    expect(altText(words(3, 3, 1100))).toBe('Round 7. Ana decides: Move your merchant.');
  });
});
