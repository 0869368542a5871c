/** Builds the views (types in types.ts): public, or a seat's (plus its own hand). */
import type { Seat } from '../../../../src/engine/index.js';
import { isOver } from '../rules/index.js';
import type { TallyState } from '../types.js';
import type { TallyView } from './types.js';

export function tallyView(s: TallyState, seat: Seat | null): TallyView {
  const base: TallyView = { scores: s.scores, handSizes: s.hands.map((h) => h.length), turn: isOver(s) ? null : s.turn };
  return seat === null ? base : { ...base, hand: s.hands[seat] ?? [] };
}
