/**
 * A turn's timers as players move them: a change of the game's settings moves the pending reminder and
 * idle deadline at once; a reminded player snoozes. The jobs themselves are written with a turn
 * (turn-jobs.ts) and run when due by their kind (jobs/).
 */
import type { Seat } from '../../engine/index.js';
import type { GameRow } from '../../persistence/schema.js';
import { turnMarkerOf } from '../module.js';
import { validateSettings, type SettingsChange, type SettingsResult } from '../settings.js';
import type { GameCore } from './core.js';
import { jobOf, JOB_KINDS, parseJobPayload, sinceOf, type IdlePayload, type ReminderPayload, type VotePayload } from './scheduled-jobs.js';
import { onePlayer, REMINDERS_TOGETHER_MS } from './jobs/reminder.js';
import { seatOf } from './queries.js';
import { refuse, type ActiveSnapshot, type Result } from './types.js';

/** What a settings change did to the turn in progress, for the announcement. */
export interface TurnTimers {
  /** When the next reminder comes (null: no more reminders this turn). */
  readonly nextReminderAt: number | null;
  /** When the idle vote can open (or, when it is open, comes up again). */
  readonly idleAt: number;
}

/**
 * Changes a game's reminder and idle settings. They apply to the turn in progress at once: the pending
 * reminder and idle deadline are moved in the same transaction (see `retime`), and the table is told
 * through the outbox, with when the next reminder and the idle vote now come.
 */
export function updateSettings(core: GameCore, gameId: number, userId: string, canManage: boolean, change: SettingsChange): Promise<Result<{ row: GameRow; timers: TurnTimers | null }>> {
  // The settings, the jobs moved by them and the announcement, read and written together.
  return core.tx(async () => {
    const row = await core.repo.findById(gameId);
    if (row === undefined || (row.status !== 'lobby' && row.status !== 'active')) return refuse('no_game', {});
    if (row.hostUserId !== userId && !canManage) return refuse('not_host', {});
    const checked: SettingsResult = validateSettings(change);
    if (!checked.ok) return refuse('invalid_setting', { field: checked.field, min: checked.min, max: checked.max });
    await core.repo.updateSettings(gameId, checked.patch);
    const after = (await core.repo.findById(gameId)) as GameRow;
    const timers = after.status === 'active' ? await retime(core, row, after) : null;
    await core.owe(after, 'announcement', {
      kind: 'announcement',
      message: 'settings',
      userId,
      reminderIntervalMinutes: after.reminderIntervalMinutes,
      reminderLimit: after.reminderLimit,
      idleAfterMinutes: after.idleAfterMinutes,
      nextReminderAt: timers?.nextReminderAt ?? null,
      idleAt: timers?.idleAt ?? null,
    });
    return { ok: true, row: after, timers };
  });
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

/** When the open idle vote's wait began (for the hours its message shows), or null when none is open. */
export async function idleSince(core: GameCore, game: ActiveSnapshot): Promise<number | null> {
  const found = await jobOf(core, game.row.id, JOB_KINDS.vote);
  return found === undefined ? null : sinceOf(found.job, found.payload, game.row);
}
/**
 * The reminded player postpones the next reminder by one interval (not counted toward the limit), and with
 * it their reminders of other games that would come in the same message (due within REMINDERS_TOGETHER_MS
 * of it, reminding them alone), each by its own game's interval.
 */
export function snooze(core: GameCore, gameId: number, userId: string, seat: Seat): Promise<Result<{ dueAt: number; game: ActiveSnapshot }>> {
  // The reminder is read and moved together: a job run in between is not overwritten.
  return core.tx(async () => {
    const loaded = await core.active(gameId);
    if (!loaded.ok) return loaded;
    const game = loaded.game;
    const own = seatOf(game, userId);
    if (own === undefined || own.leftAt !== null) return refuse('not_a_player', {});
    if (own.seat !== seat) return refuse('foreign_panel', { owner: seat });
    const found = await jobOf(core, gameId, JOB_KINDS.reminder);
    const job = found?.job;
    const payload = found === undefined ? undefined : { marker: found.payload.marker, seats: found.payload.seats, count: found.payload.count ?? 0, since: sinceOf(found.job, found.payload, game.row) };
    if (job === undefined || payload === undefined || payload.marker !== turnMarkerOf(game.module, game.state) || !payload.seats.includes(seat)) {
      return refuse('no_reminder', {});
    }
    const dueAt = Math.max(job.dueAt, core.now()) + game.row.reminderIntervalMinutes * 60_000;
    await core.repo.rescheduleJob({ kind: JOB_KINDS.reminder, gameId, dueAt, payload });
    if (onePlayer(game.seats, payload.seats) === userId) await snoozeTogether(core, userId, game.row, job.dueAt);
    return { ok: true, dueAt, game };
  });
}

/** Postpones the player's reminders of other games that would come with this one, due within REMINDERS_TOGETHER_MS of `dueAt` (see `snooze`). */
async function snoozeTogether(core: GameCore, userId: string, snoozed: GameRow, dueAt: number): Promise<void> {
  const now = core.now();
  for (const job of await core.repo.dueJobs(dueAt + REMINDERS_TOGETHER_MS)) {
    if (job.kind !== JOB_KINDS.reminder || job.gameId === snoozed.id || job.dueAt < dueAt - REMINDERS_TOGETHER_MS) continue;
    const payload = parseJobPayload(job);
    if (typeof payload === 'string' || onePlayer(await core.repo.seats(job.gameId), payload.seats) !== userId) continue;
    const loaded = await core.active(job.gameId);
    if (!loaded.ok || loaded.game.row.guildId !== snoozed.guildId || payload.marker !== turnMarkerOf(loaded.game.module, loaded.game.state)) continue;
    const row = loaded.game.row;
    const moved: ReminderPayload = { marker: payload.marker, seats: payload.seats, count: payload.count ?? 0, since: sinceOf(job, payload, row) };
    await core.repo.rescheduleJob({ kind: JOB_KINDS.reminder, gameId: row.id, dueAt: Math.max(job.dueAt, now) + row.reminderIntervalMinutes * 60_000, payload: moved });
  }
}
