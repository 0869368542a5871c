/**
 * Kairo ends only when stalls are extended: the final phase begins after an extension that leaves a colour
 * without extensions (or two colours down to one each). A computer far ahead in the play phase must still
 * play towards that end; a lead is not a settled result while the end is not in sight. Against the greedy
 * player (who never extends for its own sake), hard used to play the greedy move once its lead looked
 * settled, and these two seeded games went on past 3,000 decisions without end.
 */
import { describe, expect, it } from 'vitest';
import { playMatch, type PlayerKind } from '../bench/ai-match.js';

describe('Kairo: a computer far ahead in the play phase plays on to the end of the game', () => {
  it.each([
    ['loop-3', ['greedy', 'hard']],
    ['loop-8', ['hard', 'greedy']],
  ] as const)('the game %s between hard and greedy ends, and hard wins it', (seed, seats) => {
    const result = playMatch({ variant: 'kairo', seats: [...seats] as PlayerKind[], seed, iterations: { hard: 60 }, maxSteps: 3000 });
    expect(result.truncated).toBe(false);
    expect(result.scores[seats.indexOf('hard')]).toBe(1);
  });
});
