/**
 * The AI worker for the tests of a computer player that cannot answer: a 'hard' decision never answers
 * (only terminating the worker ends it; a seed starting with '/' names a file it writes its process id to
 * first), a 'normal' one fails; an 'easy' one is the real worker's, with the worker's process id in
 * `iterations` (to tell a replaced worker). An analysis step with the seed 'hang' never answers either.
 */
import { writeFileSync } from 'node:fs';
import { runAiTask, runAnalysisTask, type AiAnalysisTask, type AiAnswer, type AiTask, type AnalysisAnswer } from '../../../src/app/workers/ai-task.js';

export default function misbehavingAiWorker(task: AiTask | AiAnalysisTask): AiAnswer | AnalysisAnswer {
  if ('analyse' in task) {
    // an analysis step that never ends, stop flag or not
    if (task.analyse.seed === 'hang') for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
    return runAnalysisTask(task);
  }
  if (task.level === 'hard') {
    if (task.seed.startsWith('/')) writeFileSync(task.seed, String(process.pid));
    // a decision that never ends: the worker is busy for good
    for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
  }
  if (task.level === 'normal') throw new Error('the test AI fails');
  return { ...runAiTask(task), iterations: process.pid };
}
