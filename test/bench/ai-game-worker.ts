/** The benchmark's worker: plays one seeded game (test/bench/ai-match.ts) and returns its result. */
import { warmUpAi } from '../../src/app/workers/ai-task.js';
import { playMatch, type MatchOptions, type MatchResult } from './ai-match.js';
import { loadBaseline } from './frozen-baseline.js';

// Warmed up as the bot's AI workers warm themselves, so its first decisions are timed as theirs would be.
warmUpAi();

export default async function playInWorker(options: MatchOptions): Promise<MatchResult> {
  return playMatch(options, options.seats.includes('baseline') ? await loadBaseline() : undefined);
}
