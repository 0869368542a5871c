/**
 * A game's scheduled jobs as stored: their kinds (the reminder, the idle deadline and the open idle vote of
 * the turn in progress, the time banks, the low-bank warning, an owed computer turn), each with a payload that
 * is read and checked here (a payload that cannot be read is set aside and reported once; every other job
 * runs, by its kind's handler in jobs/).
 */
import type { Seat } from '../../engine/index.js';
import type { GameRow, ScheduledJobRow } from '../../persistence/schema.js';
import type { GameCore } from './core.js';

/** Every job of a turn carries `since`: when the turn (the seats' wait) began, by the service's clock. */
export interface ReminderPayload {
  marker: string;
  seats: Seat[];
  count: number;
  since: number;
}
export interface IdlePayload {
  marker: string;
  seats: Seat[];
  since: number;
}
export interface VotePayload {
  marker: string;
  seats: Seat[];
  votes: Record<string, { skip: string[]; kick: string[] }>;
  since: number;
}

/** A stored job's payload as read: the fields of every kind, checked; or the reason it cannot be read. */
export interface JobPayload {
  marker: string;
  seats: Seat[];
  count?: number;
  votes?: Record<string, { skip: string[]; kick: string[] }>;
  /** Absent in jobs written before it was kept (see `sinceOf`). */
  since?: number;
  /** A bank warning's: per seat (as a string key), the bank left at which its player is warned. */
  marks?: Record<string, number>;
}

/** The low-bank warning of a turn: the seats not warned yet, each with the bank left at which it is warned. */
export interface BankWarningPayload {
  marker: string;
  seats: Seat[];
  since: number;
  marks: Record<string, number>;
}


export function parseJobPayload(job: ScheduledJobRow): JobPayload | string {
  let raw: unknown;
  try {
    raw = JSON.parse(job.payload) as unknown;
  } catch {
    return 'the payload is not valid JSON';
  }
  if (typeof raw !== 'object' || raw === null) return 'the payload is not an object';
  const p = raw as Record<string, unknown>;
  if (typeof p.marker !== 'string') return 'the payload has no turn marker';
  if (!Array.isArray(p.seats) || !p.seats.every((s) => Number.isInteger(s) && (s as number) >= 0)) return 'the payload has no seats';
  const out: JobPayload = { marker: p.marker, seats: p.seats as Seat[] };
  if (p.since !== undefined) {
    if (typeof p.since !== 'number' || !Number.isSafeInteger(p.since) || p.since < 0) return 'the turn start is not a time';
    out.since = p.since;
  }
  if (p.count !== undefined) {
    if (!Number.isInteger(p.count) || (p.count as number) < 0) return 'the reminder count is not a count';
    out.count = p.count as number;
  }
  if (p.marks !== undefined) {
    const marks = p.marks;
    if (typeof marks !== 'object' || marks === null || Array.isArray(marks) || !Object.entries(marks).every(([k, v]) => /^\d{1,2}$/.test(k) && Number.isSafeInteger(v) && (v as number) >= 0)) {
      return 'the bank warning marks are not times';
    }
    out.marks = marks as Record<string, number>;
  }
  if (p.votes !== undefined) {
    const votes = p.votes;
    const isIds = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
    if (typeof votes !== 'object' || votes === null || !Object.values(votes).every((b) => typeof b === 'object' && b !== null && isIds((b as { skip?: unknown }).skip) && isIds((b as { kick?: unknown }).kick))) {
      return 'the votes are not readable';
    }
    out.votes = votes as Record<string, { skip: string[]; kick: string[] }>;
  }
  return out;
}

/**
 * `timeBank`: the game's time banks (service/time-bank.ts, run by jobs/time-bank.ts), due when the first running bank is empty.
 * `bankWarning`: the turn's low-bank warning (service/jobs/bank-warning.ts), due when the first bank not warned yet is low.
 * `computer`: a computer player owes a decision. Written with every change that leaves one owed, due a
 * grace time later (the move is normally played at once, after the change); when it comes due the turn
 * stalled (a failure, a restart) and the scheduler plays it (`dueComputerTurns`, computer-turns.ts).
 */
export const JOB_KINDS = { reminder: 'reminder', idle: 'idle', vote: 'idle-vote', computer: 'computer-turn', timeBank: 'time-bank', bankWarning: 'bank-warning' } as const;

export type JobKind = (typeof JOB_KINDS)[keyof typeof JOB_KINDS];

/** A game whose channel a job owed something to (the deliverer posts it now rather than at its next look). */
export interface JobTouched {
  readonly gameId: number;
  readonly channelId: string;
}

/**
 * What a job of one kind does when it comes due (src/app/service/jobs/: one file per kind, listed in
 * registry.ts). `run` gets the job claimed (deleted) in its transaction and writes what the channel is owed
 * in the same one; a kind without `run` is not run by the scheduler's pass over the due jobs.
 */
export interface JobHandler {
  readonly kind: JobKind;
  readonly run?: (core: GameCore, job: ScheduledJobRow, payload: JobPayload) => Promise<JobTouched | null>;
}

/**
 * When the turn a job belongs to began. Jobs written before `since` was kept: an idle job is written when
 * the turn begins (its creation time); a vote job one idle time after; a reminder job at the turn's start
 * or at a reminder, so the turn began at the latest then.
 */
export function sinceOf(job: ScheduledJobRow, payload: JobPayload, row: GameRow): number {
  if (payload.since !== undefined) return payload.since;
  if (job.kind === JOB_KINDS.vote) return job.createdAt - row.idleAfterMinutes * 60_000;
  return job.createdAt;
}

/** The game's job of this kind with its payload, or undefined (none, or set aside as damaged). */
export async function jobOf(core: GameCore, gameId: number, kind: string): Promise<{ job: ScheduledJobRow; payload: JobPayload } | undefined> {
  const job = (await core.repo.jobsOf(gameId, kind))[0];
  if (job === undefined) return undefined;
  const payload = parseJobPayload(job);
  if (typeof payload === 'string') {
    await setAsideJob(core, job, payload);
    return undefined;
  }
  return { job, payload };
}

/** A job whose payload cannot be read: reported once and left in place, so every other job runs. */
export async function setAsideJob(core: GameCore, job: ScheduledJobRow, reason: string): Promise<void> {
  const channelId = (await core.repo.findById(job.gameId))?.channelId ?? null;
  if (await core.damage.record({ table: 'scheduled_jobs', rowId: String(job.id), gameId: job.gameId, channelId, reason })) {
    core.logger.error({ table: 'scheduled_jobs', rowId: job.id, gameId: job.gameId, channelId, reason }, 'damaged row set aside');
  }
}
