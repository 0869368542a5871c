/**
 * The AI worker for the tests of a computer player that cannot answer: a 'hard' decision never answers
 * (only terminating the worker ends it; a seed starting with '/' names a file it writes its process id to
 * first), a 'normal' one fails; an 'easy' one is the real worker's, with the worker's process id in
 * `iterations` (to tell a replaced worker).
 */
import { writeFileSync } from 'node:fs';
import { runAiTask, type AiAnswer, type AiTask } from '../../../src/app/workers/ai-task.js';

export default function misbehavingAiWorker(task: AiTask): AiAnswer {
  if (task.level === 'hard') {
    if (task.seed.startsWith('/')) writeFileSync(task.seed, String(process.pid));
    // a decision that never ends: the worker is busy for good
    for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
  }
  if (task.level === 'normal') throw new Error('the test AI fails');
  return { ...runAiTask(task), iterations: process.pid };
}
