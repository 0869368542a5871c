/**
 * After a commit: the jobs follow the game. A new turn, or a decision its owner took back from a computer,
 * begins the turn's jobs; in the same turn, the computer's job follows the seats it plays; a finished
 * game has none. After a change of the game's settings, the turn's pending jobs follow them.
 */
import type { CommitConsequence } from '../core.js';
import { owedComputerSeats, scheduleComputerTurn } from '../jobs/computer-turn.js';
import { decidingHumans } from '../queries.js';
import { retime, scheduleTurn } from '../turn-jobs.js';

export const turnJobsFollow: CommitConsequence = {
  name: 'turn jobs',
  async follow(core, { before, after, markerBefore, markerAfter, results, notes }) {
    if (results !== null) await core.repo.deleteJobs(after.row.id);
    // A new turn; or a player took their seat back at the decision the game waited at for them: it is
    // theirs now, their bank runs on its increment and their reminders and idle time start.
    else if (markerAfter !== markerBefore || decidingHumans(after).some((seat) => !decidingHumans(before).includes(seat))) await scheduleTurn(core, after);
    // The same turn, a computer owing a decision now or before: its job follows (due later, or gone). A
    // seat whose bank just ran out is played at this very tick (the scheduler plays the due computer turns
    // after its jobs): its board goes out with the stand-in's move, one post.
    else if (owedComputerSeats(after).length > 0 || owedComputerSeats(before).length > 0) {
      const ranOut = notes.some((note) => note.kind === 'outOfTime' || note.kind === 'outOfTimeWaits');
      await scheduleComputerTurn(core, after, ranOut ? core.now() : undefined);
    }
    return {};
  },
  // The settings changed: the turn's pending reminder and idle deadline move to them at once.
  async followSettings(core, { before, after }) {
    const timers = await retime(core, before, after);
    return timers === null ? {} : { timers };
  },
};
