/**
 * The idle job, due an idle time into a turn: the idle vote opens on the seats the game waits for (unless
 * everyone it is about is away: then the idle time starts again when the first is back). Its vote job
 * (idle-vote.ts) runs the same way when it comes up again.
 */
import type { ScheduledJobRow } from '../../../persistence/schema.js';
import { DEFAULT_NOTIFY } from '../../../notify-settings.js';
import type { GameCore } from '../core.js';
import { JOB_KINDS, type IdlePayload, type JobHandler, type JobPayload, type JobTouched, type VotePayload } from '../scheduled-jobs.js';
import { votersOn } from '../votes.js';
import { waitingAtTurn } from './turn-job.js';

export const idleJob: JobHandler = { kind: JOB_KINDS.idle, run: openIdleVote };

/** A claimed idle or vote job: opens (or brings up again) the idle vote, or nothing when it no longer applies. */
export async function openIdleVote(core: GameCore, job: ScheduledJobRow, payload: JobPayload): Promise<JobTouched | null> {
  const at = await waitingAtTurn(core, job, payload);
  if (at === null) return null;
  const { game, marker, now, since, wishes, away, present } = at;
  const where = { gameId: game.row.id, channelId: game.row.channelId };
  if (present.length === 0) {
    // Everyone it would be about is away: the idle time starts again when the first is back.
    const back = Math.min(...away.map((s) => (wishes.get(s) ?? DEFAULT_NOTIFY).awayUntil as number));
    const idle: IdlePayload = { marker, seats: payload.seats, since: back };
    await core.repo.scheduleJob({ kind: JOB_KINDS.idle, gameId: game.row.id, dueAt: back + game.row.idleAfterMinutes * 60_000, payload: idle });
    return null;
  }
  // No vote where nobody could cast it (a learning game, a player against computers): the game waits.
  const votable = present.filter((s) => votersOn(game, s).length > 0);
  if (votable.length === 0) return null;
  const vote: VotePayload = { marker, seats: votable, votes: job.kind === JOB_KINDS.vote ? (payload.votes ?? {}) : {}, since };
  await core.repo.scheduleJob({ kind: JOB_KINDS.vote, gameId: game.row.id, dueAt: now + game.row.idleAfterMinutes * 60_000, payload: vote });
  // The message counts the hours from `since` when it is drawn: what it says is true when it is posted.
  await core.owe(game.row, 'idle-vote', { kind: 'idle-vote', seats: votable, idleHours: Math.round(game.row.idleAfterMinutes / 60), repeat: job.kind === JOB_KINDS.vote, since });
  return where;
}
