/**
 * The reminder job: due one interval into a turn (and again, up to the game's limit), it pings the players
 * the game waits for, not those away or in their quiet hours; a player's reminders due together come in one
 * message.
 */
import type { Seat } from '../../../engine/index.js';
import type { GameRow, ScheduledJobRow } from '../../../persistence/schema.js';
import { DEFAULT_NOTIFY } from '../../../notify-settings.js';
import { turnMarkerOf } from '../../module.js';
import { quietUntil } from '../../notifications.js';
import type { RemindedGame } from '../../outbox.js';
import type { GameCore } from '../core.js';
import { JOB_KINDS, parseJobPayload, sinceOf, type JobHandler, type JobPayload, type JobTouched, type ReminderPayload } from '../scheduled-jobs.js';
import { decidingHumans } from '../queries.js';
import type { ActiveSnapshot } from '../types.js';
import { waitingAtTurn } from './turn-job.js';

export const reminderJob: JobHandler = { kind: JOB_KINDS.reminder, run: runReminder };

/** A claimed reminder: owes it to the channel, or waits for the players it is for, or nothing when it no longer applies. */
async function runReminder(core: GameCore, job: ScheduledJobRow, payload: JobPayload): Promise<JobTouched | null> {
  const at = await waitingAtTurn(core, job, payload);
  if (at === null) return null;
  const { game, marker, now, seats, since, wishes, away, present } = at;
  const count = (payload.count ?? 0) + 1;
  // Away players are not reminded. When everyone it is for is away or in their quiet hours, the reminder
  // waits (not counted) until the first of them is back or awake; otherwise it goes to those who are,
  // and the others get the next one.
  const quiet = present.map((s) => quietUntil(wishes.get(s) ?? DEFAULT_NOTIFY, now));
  const due = present.filter((_, i) => quiet[i] === null);
  if (due.length === 0) {
    const later = [...quiet.filter((q): q is number => q !== null), ...away.map((s) => (wishes.get(s) ?? DEFAULT_NOTIFY).awayUntil as number)];
    const waited: ReminderPayload = { marker, seats: payload.seats, count: payload.count ?? 0, since };
    await core.repo.scheduleJob({ kind: JOB_KINDS.reminder, gameId: game.row.id, dueAt: Math.min(...later), payload: waited });
    return null;
  }
  if (count < game.row.reminderLimit) {
    const next: ReminderPayload = { marker, seats, count, since };
    await core.repo.scheduleJob({ kind: JOB_KINDS.reminder, gameId: game.row.id, dueAt: now + game.row.reminderIntervalMinutes * 60_000, payload: next });
  }
  return oweReminder(core, game, { gameId: game.row.id, seats: due, count, limit: game.row.reminderLimit, since }, now);
}

/**
 * A player's reminders due this close together come in one message: when one comes due, those of the
 * player's other games due within this time come with it (each counted as its own reminder and scheduled
 * again from now), so a player waited for at several tables is pinged once, not once per table.
 */
export const REMINDERS_TOGETHER_MS = 60 * 60_000;

/** A game's reminder, claimed and counted, with the row of its game. */
type Reminded = RemindedGame & { readonly row: GameRow };

/** The player whose seats these are, when they are one player's (undefined: several players, or none). */
export function onePlayer(seatRows: readonly { seat: Seat; userId: string }[], seats: readonly Seat[]): string | undefined {
  const users = new Set(seats.map((seat) => seatRows.find((s) => s.seat === seat)?.userId));
  const [user] = users;
  return users.size === 1 ? user : undefined;
}

/**
 * Owes the reminder of `reminded` (its job claimed and counted in this transaction). When it reminds one
 * player, their other games whose reminder is due within REMINDERS_TOGETHER_MS and reminds them alone come
 * with it: those jobs are claimed, counted and scheduled again here, in the same transaction, and one
 * message is owed, at the table that has waited longest, listing them all, longest-waiting first. A
 * reminder naming several players stays at its own table (each of them may have other games waiting).
 */
async function oweReminder(core: GameCore, game: ActiveSnapshot, reminded: RemindedGame, now: number): Promise<JobTouched> {
  const userId = onePlayer(game.seats, reminded.seats);
  const together = userId === undefined ? [] : await remindTogether(core, userId, game.row, now);
  const all: Reminded[] = [{ ...reminded, row: game.row }, ...together].sort((a, b) => a.since - b.since || a.gameId - b.gameId);
  const [first, ...rest] = all as [Reminded, ...Reminded[]];
  await core.owe(first.row, 'reminder', {
    kind: 'reminder',
    seats: first.seats,
    count: first.count,
    limit: first.limit,
    since: first.since,
    ...(rest.length === 0 ? {} : { together: rest.map(({ gameId, seats, count, limit, since }) => ({ gameId, seats, count, limit, since })) }),
  });
  return { gameId: first.row.id, channelId: first.row.channelId };
}

/**
 * The player's other reminders due within REMINDERS_TOGETHER_MS that remind them alone, in games of the same
 * server (or of direct messages): claimed, counted and scheduled again. A game of another server is never
 * listed where this server's members read it.
 */
async function remindTogether(core: GameCore, userId: string, row: GameRow, now: number): Promise<Reminded[]> {
  const out: Reminded[] = [];
  for (const job of await core.repo.dueJobs(now + REMINDERS_TOGETHER_MS)) {
    if (job.kind !== JOB_KINDS.reminder || job.gameId === row.id || out.some((r) => r.gameId === job.gameId)) continue;
    // A job that cannot be read is set aside when it comes due itself.
    const payload = parseJobPayload(job);
    if (typeof payload === 'string' || onePlayer(await core.repo.seats(job.gameId), payload.seats) !== userId) continue;
    const loaded = await core.active(job.gameId);
    if (!loaded.ok || loaded.game.row.guildId !== row.guildId) continue;
    const other = loaded.game;
    const marker = turnMarkerOf(other.module, other.state);
    const deciding = decidingHumans(other);
    const seats = payload.seats.filter((s) => deciding.includes(s));
    if (payload.marker !== marker || seats.length === 0 || !(await core.repo.deleteJob(job.id))) continue;
    const count = (payload.count ?? 0) + 1;
    const since = sinceOf(job, payload, other.row);
    if (count < other.row.reminderLimit) {
      const next: ReminderPayload = { marker, seats, count, since };
      await core.repo.scheduleJob({ kind: JOB_KINDS.reminder, gameId: other.row.id, dueAt: now + other.row.reminderIntervalMinutes * 60_000, payload: next });
    }
    out.push({ gameId: other.row.id, seats, count, limit: other.row.reminderLimit, since, row: other.row });
  }
  return out;
}
