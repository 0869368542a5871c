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

/**
 * The steps of one compound choice (see src/engine/chain.ts) are stored as one entry each, their action
 * wrapped with this mark so that undo can take back the whole compound: `id` is the game's version when it
 * was chosen (one per commit), `step` counts from 0 of `of` steps. Reading the log unwraps it; the engine
 * never sees it.
 */
export interface CompoundMark {
  readonly id: number;
  readonly step: number;
  readonly of: number;
}

const COMPOUND = 'compound';

export function markCompound(action: unknown, mark: CompoundMark): unknown {
  return { $bazaar: COMPOUND, id: mark.id, step: mark.step, of: mark.of, action };
}

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;

/**
 * A move a computer player made (for a computer seat, or for a human's seat it plays) is stored wrapped
 * with this mark, so that the log can say so after the seat has changed hands; the engine never sees it.
 * `fallback`: the computer player could not decide (it failed, or ran past its deadline) and a safe legal
 * move was played for it; the log says so.
 */
const COMPUTER = 'computer';

export function markComputer(action: unknown, fallback = false): unknown {
  return fallback ? { $bazaar: COMPUTER, action, fallback: true } : { $bazaar: COMPUTER, action };
}

/**
 * A forced answer (service/forced.ts: the only legal action, played for the seat by the commit that handed it
 * the decision) is stored wrapped with this mark: no choice of its player's, so not their last decision (see
 * `sinceLastDecision`); the engine never sees it.
 */
const FORCED = 'forced';

export function markForced(action: unknown): unknown {
  return { $bazaar: FORCED, action };
}

const isMarked = (raw: unknown, mark: string): raw is Record<string, unknown> =>
  typeof raw === 'object' && raw !== null && (raw as { $bazaar?: unknown }).$bazaar === mark;

/** A stored action, its compound mark if it has a well-formed one, whether a computer made it, and whether the rules forced it. */
export function readLogAction(raw: unknown): { action: unknown; compound?: CompoundMark; computer?: true; fallback?: true; forced?: true } {
  if (isMarked(raw, FORCED) && 'action' in raw) return { ...readLogAction(raw.action), forced: true };
  if (isMarked(raw, COMPUTER) && 'action' in raw) return { ...readLogAction(raw.action), computer: true, ...(raw.fallback === true ? { fallback: true as const } : {}) };
  if (!isMarked(raw, COMPOUND)) return { action: raw };
  const { id, step, of, action } = raw as { id?: unknown; step?: unknown; of?: unknown; action?: unknown };
  if (!isCount(id) || !isCount(step) || !isCount(of) || step >= of) return { action: raw };
  return { action, compound: { id, step, of } };
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
  /** The compound choice this entry was a step of. */
  readonly compound?: CompoundMark;
  /** A computer player made this move (absent: the seat's player, or a log written before the mark). */
  readonly computer?: true;
  /** The computer player could not decide; this fallback move (the greedy one-ply choice) was played for it. */
  readonly fallback?: true;
  /** A forced answer played for the seat (absent: a choice, or a log written before the mark). */
  readonly forced?: true;
}

function asEvents(raw: unknown): GameEvent[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter((e): e is GameEvent => typeof e === 'object' && e !== null && typeof (e as { key?: unknown }).key === 'string');
}

export function effectiveLog(rows: readonly StoredEntry[]): EffectiveEntry[] {
  const out: EffectiveEntry[] = [];
  for (const row of rows) {
    if (row.kind === 'undo') out.pop();
    else out.push(effectiveEntry(row));
  }
  return out;
}

function effectiveEntry(row: StoredEntry): EffectiveEntry {
  return { sequence: row.sequence, seat: row.seat, ...readLogAction(row.action), events: asEvents(row.events), checkpoint: row.checkpoint };
}

/**
 * How many of the newest entries are the seat's steps of one compound choice still in effect (at least
 * two; 0 when the newest entry is not such a step): what "undo the whole compound" takes back. None of them
 * is a checkpoint, so undo never goes back past a die roll, a card draw or a hand-over.
 */
export function compoundTail(log: readonly EffectiveEntry[], seat: Seat): number {
  const last = log[log.length - 1];
  const mark = last?.compound;
  if (mark === undefined) return 0;
  const count = mark.step + 1;
  if (count < 2 || count > log.length) return 0;
  for (let k = 0; k < count; k++) {
    const entry = log[log.length - count + k] as EffectiveEntry;
    if (entry.seat !== seat || entry.checkpoint || entry.compound?.id !== mark.id || entry.compound.step !== k) return 0;
  }
  return count;
}

/**
 * What happened since each of `seats` last decided: the entries after the oldest of their newest own
 * entries (for one seat: after its last decision). A computer's move for a seat is not its player's
 * decision (it is news to them), nor is a forced answer played for it, nor a seat taken out. `found`: every seat's decision lies in `log`
 * (else the entries are all of `log`: a seat that never decided, or decided before the window read).
 */
export function sinceLastDecision(log: readonly EffectiveEntry[], seats: readonly Seat[]): { entries: EffectiveEntry[]; found: boolean } {
  const waiting = new Set(seats);
  if (waiting.size === 0) return { entries: [], found: true };
  let start = 0;
  for (let i = log.length - 1; i >= 0 && waiting.size > 0; i--) {
    const entry = log[i] as EffectiveEntry;
    if (entry.computer === true || entry.forced === true || isRemoveSeat(entry.action) || !waiting.delete(entry.seat)) continue;
    if (waiting.size === 0) start = i + 1;
  }
  return { entries: log.slice(start), found: waiting.size === 0 };
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
    } else entries.push(effectiveEntry(row));
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
