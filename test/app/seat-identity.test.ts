/**
 * Who holds a seat, read from its row: who may win by concession (a present human only, see the rules
 * notes, "At the table"), and which events of a turn a computer's mark belongs to.
 */
import { describe, expect, it } from 'vitest';
import type { EffectiveEntry } from '../../src/app/log.js';
import { concessionOf, isPresentHuman, movesAsTold } from '../../src/app/service/seat-identity.js';
import type { SeatRow } from '../../src/persistence/schema.js';

const T = Date.UTC(2026, 0, 1);

function seat(index: number, holder: 'human' | 'stand-in' | 'left' | 'computer'): SeatRow {
  return {
    gameId: 1,
    seat: index,
    userId: holder === 'computer' ? `computer:${index + 1}` : `10000000000000000${index}`,
    displayName: holder === 'computer' ? `Bot ${index + 1}` : `Player ${index + 1}`,
    computer: holder === 'human' ? null : 'normal',
    leftAt: holder === 'left' ? T : null,
    removedAt: null,
  };
}

describe('who holds a seat', () => {
  it('a present human plays their own seat: not a computer seat, not one a computer stands in for, not one left', () => {
    expect(isPresentHuman(seat(0, 'human'))).toBe(true);
    expect(isPresentHuman(seat(0, 'stand-in'))).toBe(false);
    expect(isPresentHuman(seat(0, 'left'))).toBe(false);
    expect(isPresentHuman(seat(0, 'computer'))).toBe(false);
  });

  it('the one present human left at the table wins by concession', () => {
    expect(concessionOf([seat(0, 'human'), seat(1, 'human')], [1], 2)).toEqual({ ends: true, winner: 0 });
  });

  it('nobody wins by concession when only a stand-in or a computer player is left', () => {
    expect(concessionOf([seat(0, 'stand-in'), seat(1, 'human')], [1], 2)).toEqual({ ends: true, winner: null });
    expect(concessionOf([seat(0, 'computer'), seat(1, 'human')], [1], 2)).toEqual({ ends: true, winner: null });
    expect(concessionOf([seat(0, 'computer'), seat(1, 'computer'), seat(2, 'human')], [2], 2)).toEqual({ ends: true, winner: null });
  });

  it('the game goes on while a present human and enough seats remain', () => {
    expect(concessionOf([seat(0, 'human'), seat(1, 'computer'), seat(2, 'human')], [2], 2)).toEqual({ ends: false, winner: null });
    expect(concessionOf([seat(0, 'human'), seat(1, 'stand-in'), seat(2, 'left'), seat(3, 'human')], [3], 2)).toEqual({ ends: false, winner: null });
  });

  it('a computer’s mark goes on the events of the seat it moved for, not on the next player’s turn its move began', () => {
    const entry: EffectiveEntry = {
      sequence: 1,
      seat: 0,
      action: { type: 'end' },
      events: [
        { key: 'moved', seat: 0 },
        { key: 'round' },
        { key: 'turnStarted', seat: 1 },
      ],
      checkpoint: true,
      computer: true,
    };
    expect(movesAsTold([entry])).toEqual([{ key: 'moved', seat: 0, byComputer: true }, { key: 'round', byComputer: true }, { key: 'turnStarted', seat: 1 }]);
    expect(movesAsTold([{ ...entry, computer: undefined } as EffectiveEntry])).toEqual(entry.events);
  });
});
