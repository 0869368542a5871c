/**
 * A render worker's heap is small (about 16 MB of live objects), but every picture it draws allocates
 * about 10 MB outside it: the pixels read from the canvas (7.7 MB for a board) and the deflate's output.
 * V8 counts that memory towards the old generation's allocation limit, which it sets from the small live
 * heap (about 40 MB), so a worker started a full mark-compact every one to three pictures: 5-20 ms each,
 * 14 % of a worker's time in a burst of 50 turns (issue 23; README, "Measured" under "Growing").
 *
 * V8's --initial-old-space-size gives a new isolate's old generation a starting limit it keeps as a
 * floor; at 128 MB the same burst runs about two mark-compacts a worker. The garbage between them is the
 * pictures' buffers, which the young generation's collections free anyway.
 *
 * V8's flags are the process's, read when an isolate is made: set here, before the pools make their
 * workers, it counts for every worker made after it (render and AI workers), not for the main thread's
 * isolate, which already exists. Node refuses V8 flags in a worker's execArgv, so this is the only way
 * that needs no flag on every command that starts the bot.
 */
import v8 from 'node:v8';

/** The old generation's starting allocation limit of every worker isolate, in MB. */
export const WORKER_INITIAL_OLD_SPACE_MB = 128;

let applied = false;

/** Sets V8's starting old-generation limit for the isolates made from now on (once a process). */
export function roomyHeapsForNewWorkers(): void {
  if (applied) return;
  v8.setFlagsFromString(`--initial-old-space-size=${WORKER_INITIAL_OLD_SPACE_MB}`);
  applied = true;
}
