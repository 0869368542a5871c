/**
 * The render pool's worker: draws one board of a registered game (src/games/index.ts) and answers with
 * the PNG's bytes, moved (not copied) back to the main thread.
 */
import Tinypool from 'tinypool';
import { GAMES } from '../../games/index.js';
import { renderBoardJob, type BoardJob } from '../../render/board-job.js';
import { lowerThisThreadPriority } from './thread-priority.js';

// Drawing yields to the event loop (see thread-priority.ts).
lowerThisThreadPriority();

// The games load their renderers on first use: load them as the worker starts, not during the first board.
await Promise.all(GAMES.plugins.map((game) => game.pictures()));

/** The PNG's bytes in an ArrayBuffer of their own, which can be transferred. */
export function ownArrayBuffer(bytes: Buffer): ArrayBuffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer) return bytes.buffer;
  // a slice of Node's shared pool (small buffers): moving it would take the pool with it
  const own = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(own).set(bytes);
  return own;
}

export default async function renderInWorker(job: BoardJob): Promise<ArrayBuffer> {
  const png = await renderBoardJob(job, GAMES);
  return Tinypool.move(ownArrayBuffer(png)) as ArrayBuffer;
}
