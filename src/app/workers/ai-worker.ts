/** The AI pool's worker entry: one decision per task (see ai-task.ts), or the warm-up of a fresh worker. */
import { runAiTask, warmUpAi, type AiAnswer, type AiTask, type AiWarmUpTask, type WarmUpReport } from './ai-task.js';
import { lowerThisThreadPriority } from './thread-priority.js';

// A search yields to the event loop (see thread-priority.ts).
lowerThisThreadPriority();

export default function decideInWorker(task: AiTask | AiWarmUpTask): AiAnswer | WarmUpReport {
  if ('warmUp' in task) {
    const { stop } = task;
    return warmUpAi(stop === undefined ? undefined : () => Atomics.load(stop, 0) !== 0);
  }
  return runAiTask(task);
}
