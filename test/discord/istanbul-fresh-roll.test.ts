/**
 * The board header shows the last roll only when it is news: the Istanbul presenter tells the renderer
 * whether the view's last roll is among the events under the board (rolled since the previous board).
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/engine/index.js';
import type { IstanbulPublicView } from '../../src/games/istanbul/index.js';
import { rolledInSummary } from '../../src/games/istanbul/presenter/index.js';

const view = { lastRoll: { seat: 2, purpose: 'governor', dice: [4, 5] } } as unknown as IstanbulPublicView;
const governorMoved: GameEvent = { key: 'istanbul.event.governorMoved', seat: 2, params: { die1: 4, die2: 5, to: 9 } };

describe('a fresh roll', () => {
  it('is one whose event is under the board; an older roll (the state keeps the last for good) is not', () => {
    expect(rolledInSummary(view, [governorMoved])).toBe(true);
    expect(rolledInSummary(view, [])).toBe(false);
    // the same numbers rolled by another seat, or other numbers by the same seat: not this roll
    expect(rolledInSummary(view, [{ ...governorMoved, seat: 1 }])).toBe(false);
    expect(rolledInSummary(view, [{ ...governorMoved, params: { die1: 1, die2: 5, to: 6 } }])).toBe(false);
    expect(rolledInSummary({ ...view, lastRoll: null }, [governorMoved])).toBe(false);
  });
});
