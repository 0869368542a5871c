/**
 * A render worker's heap is small (about 16 MB of live objects), but every picture it draws allocates
 * about 10 MB outside it: the pixels read from the canvas (7.7 MB for a board) and the deflate's output.
 * V8 counts that memory towards the old generation's allocation limit, which it sets from the small live
 * heap (about 40 MB), so a worker started a full mark-compact every one to three pictures: 5-20 ms each,
 * 14 % of a worker's time in a burst of 50 turns (docs/performance.md, "Measured under load").
 *
 * V8's --initial-old-space-size gives a new isolate's old generation a starting limit it keeps as a
 * floor; at 64 MB a burst of 120 pictures runs 2-4 mark-compacts on two workers, and 50 boards at once
 * come as early as at 128 MB. The garbage between them is the pictures' buffers, which the young
 * generation's collections free anyway.
 *
 * V8's flags are the process's, read when an isolate is made (on the new worker's own thread): set here,
 * before the pool makes its workers, it counts for every worker made after it, the AI workers of the built
 * bot included, not for the main thread's isolate, which already exists. At 64 MB a hard search costs the
 * same CPU and memory as without it; at 128 MB it cost 8 % more CPU and 30 MB more. Node refuses V8 flags in
 * a worker's execArgv, so this is the only way that needs no flag on every command that starts the bot.
 */
import v8 from 'node:v8';

/** The old generation's starting allocation limit of every worker isolate, in MB. */
export const WORKER_INITIAL_OLD_SPACE_MB = 64;

/** Sets V8's starting old-generation limit for the isolates made from now on (setting it again changes nothing). */
export function roomyHeapsForNewWorkers(): void {
  v8.setFlagsFromString(`--initial-old-space-size=${WORKER_INITIAL_OLD_SPACE_MB}`);
}
