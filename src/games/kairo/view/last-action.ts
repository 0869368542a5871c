/**
 * What the last turn changed on the board, from its events: worked out beside the rules (the presenter
 * needs it for every picture it asks for) and drawn by render/board.ts.
 */
import type { FieldId, KairoPublicView, Seat } from './types.js';

/** The fields the last turns changed (a stall built or moved, a customer led), and who played them. */
export interface KairoLastAction {
  /** Who played the first of them. */
  readonly seat: Seat | null;
  readonly fields: readonly FieldId[];
  /** By field (same order), the player whose turn changed it last; absent: `seat`'s, every one. */
  readonly movers?: readonly (Seat | null)[];
}

/**
 * The fields the events tell of (as the game log stores them; the turns since the player to move last
 * decided): where a stall was built, moved or extended, and the entrance a customer was led to, with the
 * player who did. Null when they changed no field (cards drawn).
 */
export function lastActionFromEvents(
  view: KairoPublicView,
  events: readonly { readonly key: string; readonly params?: Readonly<Record<string, string | number>>; readonly seat?: number }[],
): KairoLastAction | null {
  const byLabel = new Map(view.board.fields.map((f) => [f.label, f.id]));
  const fields: FieldId[] = [];
  const movers: (Seat | null)[] = [];
  let seat: Seat | null = null;
  for (const e of events) {
    if (!/^kairo\.event\.(stall|neutral|startStall|neutralStall|relocate|extend|lead)\./.test(e.key)) continue;
    if (seat === null && e.seat !== undefined) seat = e.seat;
    for (const key of ['from', 'field', 'entrance']) {
      const value = e.params?.[key];
      const id = typeof value === 'string' ? byLabel.get(value) : undefined;
      if (id === undefined) continue;
      const at = fields.indexOf(id);
      if (at === -1) {
        fields.push(id);
        movers.push(e.seat ?? null);
      } else movers[at] = e.seat ?? null;
    }
  }
  return fields.length === 0 ? null : { seat, fields, movers };
}
