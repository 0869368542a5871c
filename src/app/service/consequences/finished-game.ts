/** After a commit that ended the game: its results are recorded, and the players' skill ratings move with them. */
import type { CommitConsequence } from '../core.js';
import { rateFinishedGame, withHeldMoves } from '../ratings.js';

export const finishedGameRated: CommitConsequence = {
  name: 'results and ratings',
  async follow(core, { after, results, savedAt }) {
    if (results === null) return {};
    // A seat that changed hands keeps its holder's share of its moves with its result (the rating's rule).
    const earlier = await core.repo.earlierHolders(after.row.id);
    const recorded = await withHeldMoves(core, after, results, earlier);
    await core.stats.record(after.row.id, savedAt, recorded);
    await rateFinishedGame(core, after, recorded, earlier);
    return {};
  },
};
