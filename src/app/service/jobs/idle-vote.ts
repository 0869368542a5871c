/** The idle-vote job: an open idle vote comes up again, one idle time after it last did (as the idle job opens it). */
import { JOB_KINDS, type JobHandler } from '../scheduled-jobs.js';
import { openIdleVote } from './idle.js';

export const idleVoteJob: JobHandler = { kind: JOB_KINDS.vote, run: openIdleVote };
