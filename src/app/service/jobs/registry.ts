/** Every kind of scheduled job, with what it does when it comes due: the list the scheduler's pass reads. */
import type { JobHandler } from '../scheduled-jobs.js';
import { bankWarningJob } from './bank-warning.js';
import { computerTurnJob } from './computer-turn.js';
import { idleVoteJob } from './idle-vote.js';
import { idleJob } from './idle.js';
import { reminderJob } from './reminder.js';
import { timeBankJob } from './time-bank.js';

export const JOB_HANDLERS: readonly JobHandler[] = [reminderJob, idleJob, idleVoteJob, computerTurnJob, timeBankJob, bankWarningJob];

/** The handler of a job's kind (undefined: a kind no handler knows, which runs to nothing). */
export function jobHandlerOf(kind: string): JobHandler | undefined {
  return JOB_HANDLERS.find((handler) => handler.kind === kind);
}
