/**
 * The app's emojis are drawn in the render pool, off the event loop, as the boards are: the same bytes as on
 * the calling thread (so their names, which carry a hash of the picture, are the same wherever drawn).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { RenderPool } from '../../../src/app/workers/render-pool.js';
import { GAMES } from '../../../src/games/index.js';
import { renderBoardJob, type BoardJob } from '../../../src/render/board-job.js';

let pool: RenderPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('emojis in the render pool', () => {
  it("Istanbul's fabric and Kairo's violet coin: the pool draws them as the calling thread would", async () => {
    pool = new RenderPool({ workers: 1, timeoutMs: 60_000 });
    const jobs: BoardJob[] = [
      { game: 'istanbul', picture: 'emoji', view: 'fabric', options: {} },
      { game: 'kairo', picture: 'emoji', view: 'kairo_coin_violet', options: {} },
    ];
    for (const job of jobs) {
      const fromPool = await pool.render(job);
      expect(fromPool.equals(await renderBoardJob(job, GAMES))).toBe(true);
    }
  });

  it('a symbol the game does not name is refused, not drawn', async () => {
    await expect(renderBoardJob({ game: 'istanbul', picture: 'emoji', view: 'kairo_violet', options: {} }, GAMES)).rejects.toThrow(/no emoji named kairo_violet/);
  });
});
