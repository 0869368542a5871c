/** The AI pool's worker entry: one decision per task (see ai-task.ts). */
import { runAiTask, type AiAnswer, type AiTask } from './ai-task.js';
import { lowerThisThreadPriority } from './thread-priority.js';

// A search yields to the event loop (see thread-priority.ts).
lowerThisThreadPriority();

export default function decideInWorker(task: AiTask): AiAnswer {
  return runAiTask(task);
}
