import { describe, expect, it } from 'vitest';
import { voteClosure, type VoteClosureFacts } from '../../src/app/vote-closure.js';

const open: VoteClosureFacts = { status: 'active', seats: [2], laterNotes: [], deciding: [2], newerVote: false };

describe('why an idle vote closed', () => {
  it('the game ended, or was ended early', () => {
    expect(voteClosure({ ...open, status: 'finished' })).toEqual({ reason: 'over' });
    expect(voteClosure({ ...open, status: 'abandoned' })).toEqual({ reason: 'abandoned' });
  });

  it('what happened to the seat first: handed to a computer, removed, left, or taken back by its player', () => {
    expect(voteClosure({ ...open, laterNotes: [{ kind: 'handedToComputer', seat: 2 }, { kind: 'reclaimed', seat: 2 }] })).toEqual({ reason: 'passedSkip', seat: 2 });
    expect(voteClosure({ ...open, laterNotes: [{ kind: 'removedAutopilot', seat: 2 }] })).toEqual({ reason: 'passedKick', seat: 2 });
    expect(voteClosure({ ...open, laterNotes: [{ kind: 'leftAutopilot', seat: 2 }] })).toEqual({ reason: 'left', seat: 2 });
    expect(voteClosure({ ...open, laterNotes: [{ kind: 'left', seat: 0 }, { kind: 'reclaimed', seat: 2 }] })).toEqual({ reason: 'reclaimed', seat: 2 });
  });

  it("the seat's time bank ran out: a computer plays it, or the game ended with it", () => {
    expect(voteClosure({ ...open, laterNotes: [{ kind: 'outOfTime', seat: 2 }] })).toEqual({ reason: 'outOfTime', seat: 2 });
    expect(voteClosure({ ...open, laterNotes: [{ kind: 'outOfTimeWaits', seat: 2 }] })).toEqual({ reason: 'outOfTime', seat: 2 });
    // Rows written when running out could still end the game are read as before.
    expect(voteClosure({ ...open, laterNotes: [{ kind: 'outOfTimeEnds', seat: 2 }] })).toEqual({ reason: 'outOfTime', seat: 2 });
  });

  it('its player decided after all; else the vote came up again, or the game moved on', () => {
    expect(voteClosure({ ...open, deciding: [0] })).toEqual({ reason: 'played', seat: 2 });
    expect(voteClosure({ ...open, newerVote: true })).toEqual({ reason: 'repeated' });
    expect(voteClosure({ ...open, laterNotes: [{ kind: 'reclaimed', seat: 1 }] })).toEqual({ reason: 'movedOn' });
  });
});
