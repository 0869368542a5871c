/**
 * The computer player behind the computer turns and "Suggest a move": the AI's information-set search in
 * its own worker pool (src/app/workers/ai-pool.ts). It is handed the seat's own view and legal actions only.
 */
import type { GameKind } from '../engine/index.js';
import type { ComputerChoice, ComputerPlayer, ComputerRequest } from './computer-turns.js';
import type { AiPool } from './workers/ai-pool.js';

export function aiComputerPlayer(pool: AiPool): ComputerPlayer {
  return {
    async choose(request: ComputerRequest): Promise<ComputerChoice> {
      const answer = await pool.decide(request.kind as GameKind, request.seatView, request.legal, { level: request.level, seed: request.seed });
      return { index: answer.index, value: request.legal.length > 1 ? answer.value : null };
    },
  };
}
