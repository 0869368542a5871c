/** The scheduler's pass over the due jobs: each runs by its kind's handler (jobs/registry.ts). */
import type { GameCore } from './core.js';
import { parseJobPayload, setAsideJob, type JobTouched } from './scheduled-jobs.js';
import { jobHandlerOf } from './jobs/registry.js';

/**
 * Runs every due job: each is claimed (deleted) by exactly one runner, and what it asks the channel to
 * see is written to the outbox in the same transaction. A job whose payload cannot be read is reported
 * once and set aside (left in place); every other job runs. Returns the games that got deliveries.
 */
export async function runDueJobs(core: GameCore): Promise<JobTouched[]> {
  const touched: JobTouched[] = [];
  for (const job of await core.repo.dueJobs(core.now())) {
    const handler = jobHandlerOf(job.kind);
    // A kind without `run` (an owed computer turn) is played elsewhere: by the computer turns, under the game's lock.
    if (handler !== undefined && handler.run === undefined) continue;
    const payload = parseJobPayload(job);
    if (typeof payload === 'string') {
      await setAsideJob(core, job, payload);
      continue;
    }
    try {
      const owed = await core.tx(async () => (await core.repo.deleteJob(job.id) ? ((await handler?.run?.(core, job, payload)) ?? null) : null));
      if (owed !== null) touched.push(owed);
    } catch (error) {
      core.logger.error({ err: error, gameId: job.gameId, jobId: job.id, job: job.kind }, 'scheduled job failed');
    }
  }
  return touched;
}
