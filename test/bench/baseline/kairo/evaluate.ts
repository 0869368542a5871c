/**
 * Kairo's evaluation: a seat's points now plus what becomes points by the end: the medals it holds score
 * once more, coins give 1 point per 3, and cards, criers and stall sizes are the means of the next builds
 * and incomes. The chance to win is a logistic function of the lead over the best opponent.
 */
import { COINS_PER_FINAL_POINT, COLOURS, MEDAL_POINTS } from '../../../../src/games/kairo/data/board.js';
import type { KairoState } from '../../../../src/games/kairo/types.js';

export function kairoWorth(s: KairoState, seat: number): number {
  const p = s.players[seat];
  if (p === undefined) return 0;
  if (s.phase === 'over') return p.score;
  let value = p.score;
  let coins = 0;
  for (const c of COLOURS) {
    coins += p.coins[c];
    if (s.medals[c].gold === seat) value += MEDAL_POINTS.gold;
    if (s.medals[c].silver === seat) value += MEDAL_POINTS.silver;
  }
  // Coins beyond the final third of a point only matter as the price of extensions.
  value += coins / COINS_PER_FINAL_POINT + 0.1 * Math.min(coins, 8);
  value += 0.8 * p.hand.length + 0.4 * p.criers;
  for (const stall of s.stalls) if (stall.owner === seat) value += 0.5 * (1 + stall.ext.length);
  return value;
}

const STEEPNESS = 0.25;

export function kairoWinChance(own: number, best: number): number {
  return 1 / (1 + Math.exp(-STEEPNESS * (own - best)));
}

export function kairoBestOpponentWorth(s: KairoState, seat: number): number {
  let best = -Infinity;
  for (let j = 0; j < s.players.length; j++) if (j !== seat) best = Math.max(best, kairoWorth(s, j));
  return best;
}

export function evaluateKairo(s: KairoState): number[] {
  const n = s.players.length;
  if (s.phase === 'over') {
    const best = Math.max(...s.players.map((p) => p.score));
    const winners = s.players.filter((p) => p.score === best).length;
    return s.players.map((p) => (p.score === best ? 1 / winners : 0));
  }
  const values = s.players.map((_, seat) => kairoWorth(s, seat));
  return values.map((v, seat) => {
    let best = -Infinity;
    for (let j = 0; j < n; j++) if (j !== seat && (values[j] as number) > best) best = values[j] as number;
    return kairoWinChance(v, best);
  });
}
