/**
 * The real computer player (the same task the AI worker pool runs) in the test's own process, each decision
 * cut at a few milliseconds: the tests that use it check who plays a seat and that its moves are legal, not
 * how strong they are.
 */
import type { ComputerPlayer } from '../../src/app/computer-turns.js';
import { runAiTask } from '../../src/app/workers/ai-task.js';

export function aiTestPlayer(deadlineMs = 5): ComputerPlayer {
  return {
    choose: async (request) => {
      const answer = runAiTask({ game: request.kind, view: request.seatView, legalActions: request.legal, level: request.level, seed: request.seed, deadlineMs });
      return { index: answer.index, value: answer.value };
    },
  };
}
