/**
 * The legal decisions: add 1 or 2 up to three times, draw a secret card, play a card, pick one of 30
 * numbers at the start of a turn, end the turn.
 */
import type { Seat } from '../../../../src/engine/index.js';
import type { TallyAction, TallyState } from '../types.js';
import { isOver } from './scoring.js';

export function activeSeats(s: TallyState): Seat[] {
  return isOver(s) ? [] : [s.turn];
}

export function legalActions(s: TallyState, seat: Seat): TallyAction[] {
  if (isOver(s) || seat !== s.turn) return [];
  const out: TallyAction[] = [];
  if (s.steps < 3) out.push({ type: 'add', n: 1 }, { type: 'add', n: 2 });
  out.push({ type: 'draw' });
  (s.hands[seat] ?? []).forEach((_c, card) => out.push({ type: 'play', card }));
  if (s.steps === 0 && s.picked === null) for (let n = 1; n <= 30; n++) out.push({ type: 'pick', n });
  out.push({ type: 'end' });
  return out;
}
