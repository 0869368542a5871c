/**
 * A turn's jobs: written when it begins (its first reminder and idle deadline for the humans it waits for,
 * the time banks carried on in a game with a clock with their low-bank warning, and the computer's job when
 * one owes a decision; every job of the turn before goes), and moved when the game's settings change.
 */
import type { NewJob } from '../../persistence/game-repository.js';
import type { GameRow } from '../../persistence/schema.js';
import { turnMarkerOf } from '../module.js';
import { clockChoice } from '../time-bank.js';
import type { GameCore } from './core.js';
import { jobOf, JOB_KINDS, sinceOf, type IdlePayload, type ReminderPayload, type VotePayload } from './scheduled-jobs.js';
import { lowBankWarningJob } from './jobs/bank-warning.js';
import { owedComputerSeats, scheduleComputerTurn } from './jobs/computer-turn.js';
import { decidingHumans } from './queries.js';
import { storedBanks, turnBanks } from './time-bank.js';
import type { ActiveSnapshot, TurnTimers } from './types.js';

/** Writes the jobs of a new turn: the first reminder and the idle deadline; an open vote closes. */
export async function scheduleTurn(core: GameCore, game: ActiveSnapshot): Promise<void> {
  const id = game.row.id;
  const now = core.now();
  const marker = turnMarkerOf(game.module, game.state);
  // Reminders and idle votes are for humans: computer players never keep anyone waiting.
  const seats = decidingHumans(game);
  // The time banks (a game with a clock) are carried from turn to turn: read before every job goes. A game
  // without a clock reads nothing (a turn's end is a hot path: on PostgreSQL a read is a round trip).
  const clocked = clockChoice(game.settings.clock) !== null;
  const banks = clocked ? await storedBanks(core, id) : undefined;
  const warning = banks === undefined ? undefined : await jobOf(core, id, JOB_KINDS.bankWarning);
  // Every job of the turn before goes. The time banks and a computer's job are written after that; without
  // them, the new turn's jobs replace the old ones in one statement (on PostgreSQL no round trip of its own).
  const between = clocked || owedComputerSeats(game).length > 0;
  if (between) {
    await core.repo.deleteJobs(id);
    await turnBanks(core, game, banks);
    // A computer's job is written only when one owes a decision.
    if (owedComputerSeats(game).length > 0) await scheduleComputerTurn(core, game);
  }
  const jobs: NewJob[] = [];
  if (seats.length > 0) {
    const idle: IdlePayload = { marker, seats, since: now };
    jobs.push({ kind: JOB_KINDS.idle, gameId: id, dueAt: now + game.row.idleAfterMinutes * 60_000, payload: idle });
    if (game.row.reminderLimit > 0) {
      const payload: ReminderPayload = { marker, seats, count: 0, since: now };
      jobs.unshift({ kind: JOB_KINDS.reminder, gameId: id, dueAt: now + game.row.reminderIntervalMinutes * 60_000, payload });
    }
    const lowBank = await lowBankWarningJob(core, game, seats, banks, warning);
    if (lowBank !== null) jobs.push(lowBank);
  }
  if (between) await core.repo.scheduleJobs(jobs);
  else await core.repo.replaceJobs(id, jobs);
}

/**
 * Moves the turn's pending jobs to the new settings (`before` -> `after`), never into the past:
 * - the next reminder comes one new interval after the last reminder (or the start of the turn); when
 *   the new limit is already reached, none comes; when reminders had run out (or were off) and the new
 *   limit allows more, the next is counted from the start of the turn;
 * - the idle vote opens the new idle time after the start of the turn; an open vote comes up again one
 *   new idle time after it last did.
 * Returns the new times, or null when nobody is being waited for (a computer's turn).
 */
export async function retime(core: GameCore, before: GameRow, after: GameRow): Promise<TurnTimers | null> {
  const now = core.now();
  const id = after.id;
  const waiting = await jobOf(core, id, JOB_KINDS.vote) ?? await jobOf(core, id, JOB_KINDS.idle);
  if (waiting === undefined) return null;
  const since = sinceOf(waiting.job, waiting.payload, before);
  const { marker, seats } = waiting.payload;
  const interval = after.reminderIntervalMinutes * 60_000;
  const reminder = await jobOf(core, id, JOB_KINDS.reminder);
  let nextReminderAt: number | null = null;
  if (reminder !== undefined) {
    const count = reminder.payload.count ?? 0;
    if (count >= after.reminderLimit) await core.repo.deleteJobs(id, JOB_KINDS.reminder);
    else {
      // The interval being counted began one old interval before the job was due.
      const base = reminder.job.dueAt - before.reminderIntervalMinutes * 60_000;
      nextReminderAt = Math.max(now, base + interval);
      const payload: ReminderPayload = { marker: reminder.payload.marker, seats: reminder.payload.seats, count, since: sinceOf(reminder.job, reminder.payload, before) };
      await core.repo.rescheduleJob({ kind: JOB_KINDS.reminder, gameId: id, dueAt: nextReminderAt, payload });
    }
  } else if (after.reminderLimit > before.reminderLimit) {
    // Reminders had run out (all `before.reminderLimit` came) or were off: the rest follow at the new interval.
    const count = before.reminderLimit;
    nextReminderAt = Math.max(now, since + (count + 1) * interval);
    const payload: ReminderPayload = { marker, seats, count, since };
    await core.repo.scheduleJob({ kind: JOB_KINDS.reminder, gameId: id, dueAt: nextReminderAt, payload });
  }
  const idleTime = after.idleAfterMinutes * 60_000;
  let idleAt: number;
  if (waiting.job.kind === JOB_KINDS.vote) {
    idleAt = Math.max(now, waiting.job.dueAt - before.idleAfterMinutes * 60_000 + idleTime);
    const payload: VotePayload = { marker, seats, votes: waiting.payload.votes ?? {}, since };
    await core.repo.rescheduleJob({ kind: JOB_KINDS.vote, gameId: id, dueAt: idleAt, payload });
  } else {
    idleAt = Math.max(now, since + idleTime);
    const payload: IdlePayload = { marker, seats, since };
    await core.repo.rescheduleJob({ kind: JOB_KINDS.idle, gameId: id, dueAt: idleAt, payload });
  }
  return { nextReminderAt, idleAt };
}
