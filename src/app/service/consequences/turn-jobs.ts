/** After a commit: the jobs follow the game (a new turn's jobs, the computer's job of the same turn, none once it ended). */
import type { CommitConsequence } from '../core.js';
import { owedComputerSeats, scheduleComputerTurn } from '../jobs/computer-turn.js';
import { scheduleTurn } from '../turn-jobs.js';

export const turnJobsFollow: CommitConsequence = {
  name: 'turn jobs',
  async follow(core, { before, after, markerBefore, markerAfter, results }) {
    if (results !== null) await core.repo.deleteJobs(after.row.id);
    else if (markerAfter !== markerBefore) await scheduleTurn(core, after);
    // The same turn, a computer owing a decision now or before: its job follows (due later, or gone).
    else if (owedComputerSeats(after).length > 0 || owedComputerSeats(before).length > 0) await scheduleComputerTurn(core, after);
    return {};
  },
};
