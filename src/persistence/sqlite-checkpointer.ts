/**
 * WAL checkpoints off the event loop. SQLite copies the write-ahead log back into the database file (a
 * checkpoint) in the COMMIT that takes the log past 1,000 pages: that commit then writes and syncs the
 * file, milliseconds in which the click that made it waits and the event loop stands still. Instead a
 * worker thread with a connection of its own checkpoints every few hundred milliseconds (PASSIVE: it
 * never waits for a writer or a reader, and a writer never waits for it), so the log stays short and the
 * bot's commits only append to it. The bot's own connection keeps a far larger automatic threshold as a
 * safety net, should the worker be gone.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the worker checkpoints. */
export const CHECKPOINT_INTERVAL_MS = 250;

/** The bot's connection checkpoints by itself only past this many pages of log (about 40 MB). */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 10_000;

/** The worker: plain CommonJS (no build step), the driver's path handed over. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // another process is checkpointing, or the file is busy: the next tick tries again
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Ends the worker (it closes its connection); never holds the process open. */
  stop(): void;
}

/** Starts checkpointing `file` (a SQLite database in WAL mode) from a worker thread. */
export function startCheckpointer(file: string, intervalMs = CHECKPOINT_INTERVAL_MS): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, intervalMs } });
  // A worker that cannot open the file (or dies) leaves checkpoints to the bot's connection: not an error.
  worker.on('error', () => undefined);
  worker.unref();
  return {
    stop() {
      worker.postMessage('stop');
    },
  };
}
