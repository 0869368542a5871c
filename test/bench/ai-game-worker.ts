/** The benchmark's worker: plays one seeded game (test/bench/ai-match.ts) and returns its result. */
import { playMatch, type MatchOptions, type MatchResult } from './ai-match.js';

export default function playInWorker(options: MatchOptions): MatchResult {
  return playMatch(options);
}
