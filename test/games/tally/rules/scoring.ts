/** The end: the first to the target score ends the game; the standings by score. */
import type { Standing } from '../../../../src/engine/index.js';
import type { TallyState } from '../types.js';

export function isOver(s: TallyState): boolean {
  return s.scores.some((score) => score >= s.target);
}

export function tallyStandings(s: TallyState): Standing[] {
  const order = [...s.scores.keys()].sort((a, b) => (s.scores[b] ?? 0) - (s.scores[a] ?? 0));
  return order.map((seat) => ({
    seat,
    rank: 1 + s.scores.filter((x) => x > (s.scores[seat] ?? 0)).length,
    summary: { key: 'tally.standing', params: { score: s.scores[seat] ?? 0 } },
  }));
}
