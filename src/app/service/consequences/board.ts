/**
 * After a commit: a new decider, the end, or a line about a seat (it left, was removed) owes the channel a
 * board, in the same transaction, with the turn's summary under it.
 */
import { visibleEvents, type Seat } from '../../../engine/index.js';
import { effectiveWindow, isRemoveSeat, type EffectiveEntry } from '../../log.js';
import { boardMarkerOf } from '../../module.js';
import type { CommitConsequence, GameCore } from '../core.js';
import { isComputerPlayed, movesAsTold } from '../seat-identity.js';
import type { ActiveSnapshot } from '../types.js';

/** At most this many entries make the summary of a turn under the new board. */
const SUMMARY_ENTRIES = 200;

export const boardOwed: CommitConsequence = {
  name: 'board',
  // A new decider, the end, or a line about a seat (it left, was removed): the channel is owed a board,
  // with a picture only when the turn player changed (boardMarkerOf says why) or pieces left the board.
  async follow(core, { before, after, markerBefore, markerAfter, results, activeBefore, appended, notes, concededTo }) {
    if (markerAfter === markerBefore && notes.length === 0) return {};
    // What the boards told and the turn since are known when this process committed the version changed.
    const known = core.boardsTold.get(after.row.id);
    const cached = known?.version === before.row.version ? known : undefined;
    const told = cached ?? (await core.outbox.toldSoFar(after.row.id));
    const toldUpTo = told.upTo;
    // A change that played nothing and began no turn (a seat handed to a computer or taken back) tells only
    // its lines: the turn's moves are told once, on the board that ends it.
    const summary =
      appended.length === 0 && markerAfter === markerBefore
        ? []
        : cached !== undefined
          ? turnSummary([...cached.turn, ...appended], activeBefore, after, toldUpTo).slice(-SUMMARY_ENTRIES)
          : await turnSummaryOf(core, after, activeBefore, toldUpTo);
    const upTo = appended.at(-1)?.sequence ?? toldUpTo;
    // A seat handed to a computer moves nothing on the board: a short text; its pieces taken out do.
    const moved = notes.some((n) => n.kind === 'left' || n.kind === 'removed');
    const picture = moved || results !== null || boardMarkerOf(after.module, after.state) !== boardMarkerOf(before.module, before.state);
    // The board of the new turn is owed from this very commit: a crash after it still posts it.
    const events = visibleEvents(movesAsTold(summary), null);
    const delivery = await core.owe(after.row, 'board', { kind: 'board', summary: picture ? [...told.textEvents, ...events] : events, notes, concededTo, picture, ...(upTo === null ? {} : { upTo }) });
    // A picture tells the texts before it; a text adds its events to those the next picture tells.
    return { board: { delivery, picture, summary, told: { upTo, textEvents: picture ? [] : [...told.textEvents, ...events] } } };
  },
};

/**
 * The entries of the turn that just ended, read from the newest rows in growing windows: a turn is a
 * few rows, so a move does not read (or parse) the game's whole log to describe it.
 */
async function turnSummaryOf(core: GameCore, after: ActiveSnapshot, activeBefore: readonly Seat[], toldUpTo: number | null): Promise<EffectiveEntry[]> {
  for (let window = 16; ; window *= 4) {
    const rows = await core.repo.recentActions(after.row.id, window);
    const { entries } = effectiveWindow(rows);
    const summary = turnSummary(entries, activeBefore, after, toldUpTo);
    // The walk stopped inside the window, or the window holds the whole log.
    if (summary.length < entries.length || rows.length < window || window >= 4 * SUMMARY_ENTRIES) return summary.slice(-SUMMARY_ENTRIES);
  }
}

/**
 * The entries of the turn that just ended: walking back from the newest, every entry by a seat that
 * was deciding before the change or that plays on autopilot, down to what an earlier board told.
 */
function turnSummary(log: readonly EffectiveEntry[], activeBefore: readonly Seat[], after: ActiveSnapshot, toldUpTo: number | null): EffectiveEntry[] {
  const autopilot = new Set(after.seats.filter((s) => isComputerPlayed(s)).map((s) => s.seat));
  const out: EffectiveEntry[] = [];
  for (let i = log.length - 1; i >= 0; i--) {
    const entry = log[i] as EffectiveEntry;
    // What an earlier board told is not told again (a computer's turn just before a vote, say).
    if (toldUpTo !== null && entry.sequence <= toldUpTo) break;
    if (!activeBefore.includes(entry.seat) && !autopilot.has(entry.seat) && !isRemoveSeat(entry.action)) break;
    out.unshift(entry);
  }
  return out;
}
