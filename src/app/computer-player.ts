/**
 * The computer player behind the computer turns and "Suggest a move": the AI's information-set search in
 * its own worker pool (src/app/workers/ai-pool.ts). It is handed the seat's own view and legal actions only.
 * The pool starts with the first decision a game asks for, so a bot whose games have no computer player
 * never starts its workers. Once closed it answers nothing more (AiPoolClosedError): the turns it owes
 * stay owed, for the scheduler after a restart.
 */
import type { ComputerChoice, ComputerPlayer, ComputerRequest } from './computer-turns.js';
import { AiPoolClosedError } from './workers/ai-errors.js';
import { createAiPool, type AiPool, type AiPoolOptions } from './workers/ai-pool.js';
import type { TurnReview, TurnReviewTask } from './analysis/review.js';

export interface PooledComputerPlayer extends ComputerPlayer {
  /** A turn of a finished game reviewed in the pool's idle time (src/app/analysis/). */
  analyse(task: TurnReviewTask): Promise<TurnReview>;
  /** Decisions waiting for a worker (0 before the workers started). */
  queueSize(): number;
  /** Abandons the decisions in flight and stops the workers, if they were started. */
  close(): Promise<void>;
}

export function aiComputerPlayer(options: AiPoolOptions = {}): PooledComputerPlayer {
  let pool: AiPool | null = null;
  let closed = false;
  return {
    async choose(request: ComputerRequest, signal?: AbortSignal): Promise<ComputerChoice> {
      if (closed) throw new AiPoolClosedError();
      pool ??= createAiPool(options);
      const answer = await pool.decide(request.kind, request.seatView, request.legal, {
        level: request.level,
        seed: request.seed,
        ...(request.carry === undefined ? {} : { carry: request.carry }),
        ...(signal === undefined ? {} : { signal }),
      });
      return {
        index: answer.index,
        value: request.legal.length > 1 ? answer.value : null,
        ...(request.legal.length > 1 && answer.values !== undefined ? { values: answer.values } : {}),
        ...(answer.carry === undefined ? {} : { carry: answer.carry }),
      };
    },
    async analyse(task: TurnReviewTask): Promise<TurnReview> {
      if (closed) throw new AiPoolClosedError();
      pool ??= createAiPool(options);
      return pool.analyse(task);
    },
    queueSize: () => pool?.queueSize ?? 0,
    async close(): Promise<void> {
      closed = true;
      const started = pool;
      pool = null;
      await started?.destroy();
    },
  };
}
