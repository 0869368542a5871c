/** Reading a loaded game: its seats, who decides, the legal actions and their details, views, the log. */
import { canUndo as logAllowsUndo, compoundChoices, compoundSteps as stepsOfCompound, MAX_CHAIN, type AnyGameDefinition, type Message, type Seat, type Standing, type StepKind } from '../../engine/index.js';
import type { SeatRow } from '../../persistence/schema.js';
import { compoundTail, effectiveLog, effectiveWindow, sinceLastDecision as entriesSinceDecision, type EffectiveEntry } from '../log.js';
import { RECENT_LOG_ENTRIES, type GameCore } from './core.js';
import { isComputerPlayed } from './seat-identity.js';
import type { ActiveSnapshot, Snapshot } from './types.js';

export function seatOf(game: Snapshot, userId: string): SeatRow | undefined {
  return game.seats.find((s) => s.userId === userId);
}

/** Seats still playing (not left). */
export function playingSeats(game: Snapshot): SeatRow[] {
  return game.seats.filter((s) => s.leftAt === null);
}

export function activeSeats(game: ActiveSnapshot): readonly Seat[] {
  const def = game.module.definition;
  return def.isOver(game.state) ? [] : def.activeSeats(game.state);
}

/**
 * The deciding seats their humans play (not a computer's seat, nor one a computer stands in for): those the
 * game waits for, whom reminders, idle votes and time banks are about.
 */
export function decidingHumans(game: ActiveSnapshot): Seat[] {
  const computers = new Set(game.seats.filter((s) => isComputerPlayed(s)).map((s) => s.seat));
  return activeSeats(game).filter((s) => !computers.has(s));
}

export function legalActions(game: ActiveSnapshot, seat: Seat): readonly unknown[] {
  return game.module.definition.legalActions(game.state, seat);
}

/** Per legal action of the seat (same order): what choosing it costs, gives or leads to (see GameDefinition). */
export function optionDetails(game: ActiveSnapshot, seat: Seat, actions: readonly unknown[] = legalActions(game, seat)): readonly (readonly Message[])[] {
  return game.module.definition.optionDetails?.(game.state, seat, actions) ?? actions.map(() => []);
}

/**
 * The seat's compound choices (see src/engine/chain.ts), in a fixed order for a state. On the panel, the
 * k-th compound choice's index is the number of legal actions plus k.
 */
export function compounds(game: ActiveSnapshot, seat: Seat, legal: readonly unknown[] = legalActions(game, seat)): unknown[][] {
  return compoundChoices(game.module.definition, game.state, seat, legal);
}

/** A step of a compound choice as the panel tells it: what it achieves, costs and gives, and why it is skipped. */
export interface CompoundStepInfo {
  readonly action: unknown;
  readonly kind: StepKind;
  /** The step only opens the next decision (Kairo's "Draw 2 cards"): the option taken there tells the rest. */
  readonly opens: boolean;
  /** What the step costs, gives or leads to where it is taken (see GameDefinition.optionDetails). */
  readonly details: readonly Message[];
  /** For a step that skips the action: why nothing can be done there (see GameDefinition.decisionNotes). */
  readonly reasons: readonly Message[];
}

export function compoundSteps(game: ActiveSnapshot, seat: Seat, steps: readonly unknown[]): CompoundStepInfo[] {
  return compoundStepInfo(game.module.definition, game.state, seat, steps);
}

/** The same, from a state of the game (pure; the key-words test scans fuzzed games with it). */
export function compoundStepInfo(def: AnyGameDefinition, state: unknown, seat: Seat, steps: readonly unknown[]): CompoundStepInfo[] {
  return stepsOfCompound(def, state, seat, steps).map((step, i) => ({
    action: step.action,
    kind: step.kind,
    opens: i === 0 && steps.length > 1 && def.opensDecision?.(step.state, seat, step.action) === true,
    details: def.optionDetails?.(step.state, seat, [step.action])[0] ?? [],
    reasons: step.kind === 'skip' ? (def.decisionNotes?.(step.state, seat) ?? []) : [],
  }));
}

/** Why the seat's choice is narrow now, or what it still owes (see GameDefinition). */
export function decisionNotes(game: ActiveSnapshot, seat: Seat): readonly Message[] {
  return game.module.definition.decisionNotes?.(game.state, seat) ?? [];
}

export function isOver(game: ActiveSnapshot): boolean {
  return game.module.definition.isOver(game.state);
}

export function standings(game: ActiveSnapshot): readonly Standing[] {
  return game.module.definition.standings(game.state);
}

export function publicView(game: ActiveSnapshot): unknown {
  return game.module.definition.view(game.state, null);
}

export function seatView(game: ActiveSnapshot, seat: Seat): unknown {
  return game.module.definition.view(game.state, seat);
}

/** The whole effective log (the actions in effect, undone ones removed), oldest first. */
export async function effectiveLogOf(core: GameCore, game: Snapshot): Promise<EffectiveEntry[]> {
  return effectiveLog(await core.repo.actions(game.row.id));
}

/** The newest `count` entries of the effective log, reading only as many rows as needed. */
export async function recentEffective(core: GameCore, game: Snapshot, count: number): Promise<EffectiveEntry[]> {
  for (let window = Math.max(32, count * 2); ; window *= 2) {
    const rows = await core.repo.recentActions(game.row.id, window);
    const { entries } = effectiveWindow(rows);
    // The window's entries are a correct suffix of the effective log; enough of them, or all rows read.
    if (entries.length >= count || rows.length < window) return entries.slice(-count);
  }
}

/** At most this many of the newest rows are read for what happened since a seat last decided. */
const SINCE_DECISION_ROWS = 4096;

/**
 * The entries since `seats` last decided (see log.ts, sinceLastDecision): what a returning player's panel
 * tells first, and what the board picture marks for the player to move. From the newest entries this process
 * keeps of the game at its version (GameCore.recentLogs); else read from the newest rows in growing windows
 * (a round is a few dozen rows, so a turn does not read the game's whole log), and kept when the read ends
 * where this process knows the log to end at that version.
 */
export async function sinceLastDecision(core: GameCore, game: Snapshot, seats: readonly Seat[]): Promise<EffectiveEntry[]> {
  const id = game.row.id;
  const known = core.recentLogs.get(id);
  if (known?.version === game.row.version) {
    const since = entriesSinceDecision(known.entries, seats);
    if (since.found || known.whole) return since.entries;
  }
  for (let window = 32; ; window *= 4) {
    const rows = await core.repo.recentActions(id, window);
    const { entries } = effectiveWindow(rows);
    const since = entriesSinceDecision(entries, seats);
    const whole = rows.length < window;
    if (since.found || whole || window >= SINCE_DECISION_ROWS) {
      const end = core.logEnds.get(id);
      if (end?.version === game.row.version && end.sequence === (rows.at(-1)?.sequence ?? null)) {
        core.recentLogs.set(id, { version: game.row.version, entries: entries.slice(-RECENT_LOG_ENTRIES), whole: whole && entries.length <= RECENT_LOG_ENTRIES });
      }
      return since.entries;
    }
  }
}

/** How many steps "undo the whole compound" takes back for the seat now (0: the newest step is not of one). */
export async function compoundUndoSteps(core: GameCore, game: ActiveSnapshot, seat: Seat, log?: readonly EffectiveEntry[]): Promise<number> {
  log ??= await recentEffective(core, game, MAX_CHAIN + 1);
  return activeSeats(game).includes(seat) ? compoundTail(log, seat) : 0;
}

export async function canUndo(core: GameCore, game: ActiveSnapshot, seat: Seat, log?: readonly EffectiveEntry[]): Promise<boolean> {
  log ??= await recentEffective(core, game, 1);
  return activeSeats(game).includes(seat) && logAllowsUndo(log, seat);
}
