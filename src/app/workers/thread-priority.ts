/**
 * Worker threads that draw and search run at a lower scheduling priority than the event loop, so on a
 * machine with few cores a burst of pictures or a long search never delays an acknowledgement: the
 * kernel gives the main thread its core at once and the workers every cycle it leaves.
 *
 * Linux schedules threads one by one, and setpriority() on a thread's id sets that thread's nice value
 * alone (/proc/thread-self names it). Elsewhere, or where the kernel refuses, the thread keeps the
 * process's priority: slower under load, never wrong.
 */
import fs from 'node:fs';
import os from 'node:os';
import { isMainThread } from 'node:worker_threads';

/**
 * The nice value of the render and AI workers (0 is the event loop's; 19 the lowest). 5 weighs a worker
 * at a third of the event loop (the kernel's weights 335 and 1024), so two busy workers on two cores leave
 * the event loop a whole core; it is no lower because the workers then also yield to other programs on
 * the machine (at 10, a tenth of a core beside two busy programs).
 */
export const WORKER_NICE = 5;

/** This thread's id as the kernel knows it, or null where /proc does not say. */
export function kernelThreadId(): number | null {
  try {
    const id = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** True in a worker of a pool: a worker thread, or a child process tinypool started (it marks its workers). */
function inPoolWorker(): boolean {
  return !isMainThread || (process as { __tinypool_state__?: unknown }).__tinypool_state__ !== undefined;
}

/**
 * Lowers the calling worker's priority to `nice`; true when the kernel took it. Anywhere else (the bot's
 * own main thread: its event loop) it does nothing.
 */
export function lowerThisThreadPriority(nice = WORKER_NICE): boolean {
  if (!inPoolWorker()) return false;
  const tid = kernelThreadId();
  if (tid === null) return false;
  try {
    if (os.getPriority(tid) >= nice) return true;
    os.setPriority(tid, nice);
    return os.getPriority(tid) === nice;
  } catch {
    return false;
  }
}
