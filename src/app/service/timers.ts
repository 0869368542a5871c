/**
 * A turn's timers as players move them: a change of the game's settings (whose consequences move the
 * pending reminder and idle deadline at once); a reminded player snoozes. The jobs themselves are written
 * with a turn and moved by a settings change (turn-jobs.ts), and run when due by their kind (jobs/).
 */
import type { Seat } from '../../engine/index.js';
import type { GameRow } from '../../persistence/schema.js';
import { turnMarkerOf } from '../module.js';
import { validateSettings, type SettingsChange, type SettingsResult } from '../settings.js';
import type { GameCore } from './core.js';
import { jobOf, JOB_KINDS, parseJobPayload, sinceOf, type ReminderPayload } from './scheduled-jobs.js';
import { onePlayer, REMINDERS_TOGETHER_MS } from './jobs/reminder.js';
import { seatOf } from './queries.js';
import { refuse, type ActiveSnapshot, type Result, type TurnTimers } from './types.js';

/**
 * Changes a game's reminder and idle settings. They apply to the turn in progress at once: the pending
 * reminder and idle deadline are moved in the same transaction (the turn's jobs follow the settings change
 * as a consequence, see turn-jobs.ts), and the table is told through the outbox, with when the next
 * reminder and the idle vote now come.
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
    // A running game's turn follows the new settings at once (the consequences move its pending jobs).
    const timers = after.status === 'active' ? ((await core.followSettings({ before: row, after })).timers ?? null) : null;
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
