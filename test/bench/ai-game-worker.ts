/** The benchmark's worker: plays one seeded game (test/bench/ai-match.ts) and returns its result. */
import { playMatch, type MatchOptions, type MatchResult } from './ai-match.js';
import { loadBaseline } from './frozen-baseline.js';

export default async function playInWorker(options: MatchOptions): Promise<MatchResult> {
  return playMatch(options, options.seats.includes('baseline') ? await loadBaseline() : undefined);
}
