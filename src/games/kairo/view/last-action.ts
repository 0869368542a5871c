/**
 * What the last turn changed on the board, from its events: worked out beside the rules (the presenter
 * needs it for every picture it asks for) and drawn by render/board.ts.
 */
import type { FieldId, KairoPublicView, Seat } from './types.js';

/** The fields the last turn changed (a stall built or moved, a customer led), and who played it. */
export interface KairoLastAction {
  readonly seat: Seat | null;
  readonly fields: readonly FieldId[];
}

/**
 * The last turn's fields from its events (as the game log stores them): where a stall was built, moved
 * or extended, and the entrance a customer was led to. Null when the turn changed no field (cards drawn).
 */
export function lastActionFromEvents(
  view: KairoPublicView,
  events: readonly { readonly key: string; readonly params?: Readonly<Record<string, string | number>>; readonly seat?: number }[],
): KairoLastAction | null {
  const byLabel = new Map(view.board.fields.map((f) => [f.label, f.id]));
  const fields: FieldId[] = [];
  let seat: Seat | null = null;
  for (const e of events) {
    if (!/^kairo\.event\.(stall|neutral|startStall|neutralStall|relocate|extend|lead)\./.test(e.key)) continue;
    if (seat === null && e.seat !== undefined) seat = e.seat;
    for (const key of ['from', 'field', 'entrance']) {
      const value = e.params?.[key];
      const id = typeof value === 'string' ? byLabel.get(value) : undefined;
      if (id !== undefined && !fields.includes(id)) fields.push(id);
    }
  }
  return fields.length === 0 ? null : { seat, fields };
}
