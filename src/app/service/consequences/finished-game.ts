/** After a commit that ended the game: its results are recorded, and the players' skill ratings move with them. */
import type { CommitConsequence } from '../core.js';
import { rateFinishedGame } from '../ratings.js';

export const finishedGameRated: CommitConsequence = {
  name: 'results and ratings',
  async follow(core, { after, results, savedAt }) {
    if (results === null) return {};
    await core.stats.record(after.row.id, savedAt, results);
    await rateFinishedGame(core, after, results);
    return {};
  },
};
