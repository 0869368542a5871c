/** The rules cards of /help rules are drawn in the render pool like the boards: the same bytes as in-process. */
import { afterEach, describe, expect, it } from 'vitest';
import { RenderPool } from '../../../src/app/workers/render-pool.js';
import { GAMES } from '../../../src/games/index.js';
import { renderBoardJob, type BoardJob } from '../../../src/render/board-job.js';

let pool: RenderPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('rules cards in the render pool', () => {
  it('an Istanbul place and a Kairo card kind: the pool draws them as the calling thread would', async () => {
    pool = new RenderPool({ workers: 1, timeoutMs: 60_000 });
    const jobs: BoardJob[] = [
      { game: 'istanbul', picture: 'rules', view: { place: 22 }, options: { title: '22 · Kiosk', text: 'Take 1 letter.', position: '18 / 20' } },
      { game: 'kairo', picture: 'rules', view: { kind: 'jokerColumn' }, options: { title: 'Joker: a column', text: 'Build in one of its sections.', position: '3 / 4' } },
    ];
    for (const job of jobs) {
      const fromPool = await pool.render(job);
      expect(fromPool.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(fromPool.equals(await renderBoardJob(job, GAMES))).toBe(true);
    }
  });

  it('a job naming no place or kind is refused, not drawn', async () => {
    await expect(renderBoardJob({ game: 'istanbul', picture: 'rules', view: { place: 'x' }, options: { title: 't', text: 't', position: '1' } }, GAMES)).rejects.toThrow(/names its place/);
    await expect(renderBoardJob({ game: 'kairo', picture: 'rules', view: { kind: 'stall' }, options: { title: 't', text: 't', position: '1' } }, GAMES)).rejects.toThrow(/kind of card/);
    await expect(renderBoardJob({ game: 'kairo', picture: 'rules', view: { kind: 'crier' }, options: { title: 't' } }, GAMES)).rejects.toThrow(/title and text/);
  });
});
