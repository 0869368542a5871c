/** The start-up check of every running game, in the background. */
import type { GameCore } from './core.js';
import { computerSeatsToPlay } from './computer-seats.js';
import { DamagedGameError } from './core.js';
import { scheduleTurn } from './turn-jobs.js';
import type { Result, Snapshot } from './types.js';

/**
 * Checks every running game, in the background after start-up: damaged ones are reported with id and
 * channel, turns without jobs get them back. It yields to the event loop after each game, so clicks are
 * answered while it runs (a game is also checked when it is first touched).
 */
export async function sweep(core: GameCore): Promise<{ checked: number; damaged: { gameId: number; channelId: string; reason: string }[]; computerTurns: { gameId: number; channelId: string }[] }> {
  const damaged: { gameId: number; channelId: string; reason: string }[] = [];
  // Games left waiting for a computer player's decision (the process stopped during its turn).
  const computerTurns: { gameId: number; channelId: string }[] = [];
  const rows = await core.repo.listRunning();
  for (const row of rows) {
    let result: Result<{ game: Snapshot }>;
    try {
      result = await core.snapshot(row);
    } catch (error) {
      // Whatever one game does, the others are checked.
      const damagedGame = new DamagedGameError(row.id, row.channelId, (error as Error).message);
      await core.reportDamaged(damagedGame);
      damaged.push({ gameId: row.id, channelId: row.channelId, reason: damagedGame.reason });
      continue;
    }
    if (!result.ok && result.code === 'damaged') damaged.push({ gameId: result.gameId, channelId: result.channelId, reason: result.reason });
    if (result.ok && result.game.kind === 'active' && computerSeatsToPlay(result.game).length > 0) computerTurns.push({ gameId: row.id, channelId: row.channelId });
    if (result.ok && result.game.kind === 'active' && (await core.repo.jobsOf(row.id)).length === 0) {
      // A turn whose jobs were never written gets them; one whose reminders were all sent keeps its idle
      // job. Looked at again in the transaction: a change since the check (a click) wrote its own.
      const game = result.game;
      await core.tx(async () => {
        if ((await core.repo.jobsOf(row.id)).length > 0 || (await core.repo.findById(row.id))?.version !== game.row.version) return;
        await scheduleTurn(core, game);
      });
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return { checked: rows.length, damaged, computerTurns };
}
