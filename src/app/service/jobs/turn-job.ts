/** What the jobs of a turn (reminder, idle deadline, idle vote, low-bank warning) read before they run. */
import type { Seat } from '../../../engine/index.js';
import type { ScheduledJobRow } from '../../../persistence/schema.js';
import { DEFAULT_NOTIFY, type NotifySettings } from '../../../notify-settings.js';
import { turnMarkerOf } from '../../module.js';
import { isAway } from '../../notifications.js';
import type { GameCore } from '../core.js';
import { sinceOf, type JobPayload } from '../scheduled-jobs.js';
import { notifyOfSeats } from '../notify.js';
import { decidingHumans } from '../queries.js';
import type { ActiveSnapshot } from '../types.js';

/** The running game of a job, when it is still at the turn the job was written for (else null: the job no longer applies). */
export async function gameAtTurn(core: GameCore, job: ScheduledJobRow, payload: JobPayload): Promise<{ game: ActiveSnapshot; marker: string } | null> {
  const loaded = await core.active(job.gameId);
  if (!loaded.ok) return null;
  const game = loaded.game;
  const marker = turnMarkerOf(game.module, game.state);
  if (payload.marker !== marker) return null;
  return { game, marker };
}

/** The humans a job waits for (still deciding, not played by a computer), with how they want to hear from the game. */
export interface Waited {
  readonly seats: Seat[];
  /** When the turn the job belongs to began. */
  readonly since: number;
  readonly wishes: Map<Seat, NotifySettings>;
  readonly away: Seat[];
  readonly present: Seat[];
}

/**
 * A job about the humans of a turn (a reminder, an idle deadline): its game still at that turn, the time
 * now, and the seats it waits for; null when the job no longer applies.
 */
export async function waitingAtTurn(
  core: GameCore,
  job: ScheduledJobRow,
  payload: JobPayload,
): Promise<(Waited & { readonly game: ActiveSnapshot; readonly marker: string; readonly now: number }) | null> {
  const at = await gameAtTurn(core, job, payload);
  if (at === null) return null;
  const now = core.now();
  const waiting = await waitedFor(core, at.game, job, payload, now);
  return waiting === null ? null : { ...at, now, ...waiting };
}

/** The seats of the job's payload that still decide and are played by their humans; null when none is. */
async function waitedFor(core: GameCore, game: ActiveSnapshot, job: ScheduledJobRow, payload: JobPayload, now: number): Promise<Waited | null> {
  const deciding = decidingHumans(game);
  const seats = payload.seats.filter((s) => deciding.includes(s));
  if (seats.length === 0) return null;
  const since = sinceOf(job, payload, game.row);
  const wishes = await notifyOfSeats(core, game, seats);
  const away = seats.filter((s) => isAway(wishes.get(s) ?? DEFAULT_NOTIFY, now));
  const present = seats.filter((s) => !away.includes(s));
  return { seats, since, wishes, away, present };
}
