/**
 * The action log as the service reads it. The log is append-only: an undo appends an 'undo' entry that
 * takes back the latest action still in effect. The effective log (the actions in effect, in order) is
 * what a game replays from.
 */
import { step, type AnyGameDefinition, type GameEvent, type Seat } from '../engine/index.js';

/** A log entry's `action` when a seat was taken out of the game through `definition.removeSeat`. */
export const REMOVE_SEAT = { $bazaar: 'removeSeat' } as const;

export function isRemoveSeat(action: unknown): boolean {
  return typeof action === 'object' && action !== null && (action as { $bazaar?: unknown }).$bazaar === 'removeSeat';
}

export interface StoredEntry {
  readonly sequence: number;
  readonly seat: Seat;
  readonly kind: 'action' | 'undo';
  readonly action: unknown;
  readonly events: unknown;
  readonly checkpoint: boolean;
}

export interface EffectiveEntry {
  readonly sequence: number;
  readonly seat: Seat;
  readonly action: unknown;
  readonly events: readonly GameEvent[];
  readonly checkpoint: boolean;
}

function asEvents(raw: unknown): GameEvent[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter((e): e is GameEvent => typeof e === 'object' && e !== null && typeof (e as { key?: unknown }).key === 'string');
}

export function effectiveLog(rows: readonly StoredEntry[]): EffectiveEntry[] {
  const out: EffectiveEntry[] = [];
  for (const row of rows) {
    if (row.kind === 'undo') out.pop();
    else out.push({ sequence: row.sequence, seat: row.seat, action: row.action, events: asEvents(row.events), checkpoint: row.checkpoint });
  }
  return out;
}

/**
 * The effective entries of a window of the newest rows (oldest first). `entries` is a correct suffix of
 * the whole effective log; `underflow` counts undos in the window that took back entries before it.
 */
export function effectiveWindow(rows: readonly StoredEntry[]): { entries: EffectiveEntry[]; underflow: number } {
  const entries: EffectiveEntry[] = [];
  let underflow = 0;
  for (const row of rows) {
    if (row.kind === 'undo') {
      if (entries.length > 0) entries.pop();
      else underflow++;
    } else entries.push({ sequence: row.sequence, seat: row.seat, action: row.action, events: asEvents(row.events), checkpoint: row.checkpoint });
  }
  return { entries, underflow };
}

export class RebuildError extends Error {
  override readonly name = 'RebuildError';
}

/** Replays the effective log from the setup; every action passes through `step` again. */
export function rebuild(def: AnyGameDefinition, options: unknown, seed: string, entries: readonly EffectiveEntry[]): unknown {
  return replayFrom(def, def.setup(options, seed), entries);
}

/** Replays entries on top of a state (the setup, or a snapshot taken after a checkpoint). */
export function replayFrom(def: AnyGameDefinition, start: unknown, entries: readonly EffectiveEntry[]): unknown {
  let current = { state: start, version: 0 };
  entries.forEach((entry, index) => {
    if (isRemoveSeat(entry.action)) {
      const removed = def.removeSeat?.(current.state, entry.seat) ?? null;
      if (removed === null) throw new RebuildError(`entry ${index}: the game no longer removes seat ${entry.seat}`);
      current = { state: removed.state, version: current.version + 1 };
      return;
    }
    const result = step(def, current, { seat: entry.seat, action: entry.action });
    if (!result.ok) throw new RebuildError(`entry ${index} (sequence ${entry.sequence}): ${result.code}: ${result.detail}`);
    current = result.next;
  });
  return current.state;
}
