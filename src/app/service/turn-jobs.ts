/**
 * A new turn's jobs: its first reminder and idle deadline (for the humans it waits for), the time banks
 * carried on (a game with a clock) with their low-bank warning, and the computer's job when one owes a
 * decision. Every job of the turn before goes.
 */
import type { NewJob } from '../../persistence/game-repository.js';
import { turnMarkerOf } from '../module.js';
import { clockChoice } from '../time-bank.js';
import type { GameCore } from './core.js';
import { jobOf, JOB_KINDS, type IdlePayload, type ReminderPayload } from './scheduled-jobs.js';
import { lowBankWarningJob } from './jobs/bank-warning.js';
import { owedComputerSeats, scheduleComputerTurn } from './jobs/computer-turn.js';
import { activeSeats } from './queries.js';
import { isComputerPlayed } from './seat-identity.js';
import { storedBanks, turnBanks } from './time-bank.js';
import type { ActiveSnapshot } from './types.js';

/** Writes the jobs of a new turn: the first reminder and the idle deadline; an open vote closes. */
export async function scheduleTurn(core: GameCore, game: ActiveSnapshot): Promise<void> {
  const id = game.row.id;
  const now = core.now();
  const marker = turnMarkerOf(game.module, game.state);
  // Reminders and idle votes are for humans: computer players never keep anyone waiting.
  const computers = new Set(game.seats.filter((s) => isComputerPlayed(s)).map((s) => s.seat));
  const seats = activeSeats(game).filter((s) => !computers.has(s));
  // The time banks (a game with a clock) are carried from turn to turn: read before every job goes. A game
  // without a clock reads nothing (a turn's end is a hot path: on PostgreSQL a read is a round trip).
  const banks = clockChoice(game.settings.clock) === null ? undefined : await storedBanks(core, id);
  const warning = banks === undefined ? undefined : await jobOf(core, id, JOB_KINDS.bankWarning);
  await core.repo.deleteJobs(id);
  await turnBanks(core, game, banks);
  // Every job of the game is gone: a computer's job is written only when one owes a decision.
  if (owedComputerSeats(game).length > 0) await scheduleComputerTurn(core, game);
  if (seats.length === 0) return;
  const idle: IdlePayload = { marker, seats, since: now };
  const jobs: NewJob[] = [{ kind: JOB_KINDS.idle, gameId: id, dueAt: now + game.row.idleAfterMinutes * 60_000, payload: idle }];
  if (game.row.reminderLimit > 0) {
    const payload: ReminderPayload = { marker, seats, count: 0, since: now };
    jobs.unshift({ kind: JOB_KINDS.reminder, gameId: id, dueAt: now + game.row.reminderIntervalMinutes * 60_000, payload });
  }
  const lowBank = await lowBankWarningJob(core, game, seats, banks, warning);
  if (lowBank !== null) jobs.push(lowBank);
  // One statement, and on PostgreSQL no round trip of its own.
  await core.repo.scheduleJobs(jobs);
}
