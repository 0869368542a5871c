/** The AI pool's worker entry: one decision per task (see ai-task.ts). */
import { runAiTask, type AiAnswer, type AiTask } from './ai-task.js';

export default function decideInWorker(task: AiTask): AiAnswer {
  return runAiTask(task);
}
