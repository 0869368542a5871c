/** The AI pool's worker entry: one decision per task (see ai-task.ts), the warm-up of a fresh worker, or a step of a finished game's analysis. */
import { runAiTask, runAnalysisTask, warmUpAi, type AiAnalysisTask, type AiAnswer, type AiTask, type AiWarmUpTask, type AnalysisAnswer, type WarmUpReport } from './ai-task.js';
import { lowerThisThreadPriority } from './thread-priority.js';

// A search yields to the event loop (see thread-priority.ts).
lowerThisThreadPriority();

export default function decideInWorker(task: AiTask | AiWarmUpTask | AiAnalysisTask): AiAnswer | WarmUpReport | AnalysisAnswer {
  if ('analyse' in task) return runAnalysisTask(task);
  if ('warmUp' in task) {
    const { stop } = task;
    return warmUpAi(stop === undefined ? undefined : () => Atomics.load(stop, 0) !== 0);
  }
  return runAiTask(task);
}
