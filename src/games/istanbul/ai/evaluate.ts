/**
 * Istanbul's evaluation: a seat's worth in rubies (what wins) plus what turns into rubies later, each valued
 * in fractions of a ruby: lira buy them at the Gemstone Dealer, goods at the Sultan, extensions and mosque
 * tiles make every later turn richer, cards and seals are options. The chance to win is a logistic function
 * of the lead over the best opponent.
 */
import type { IstanbulState, PlayerState } from '../state.js';
import { istanbulStandings } from '../rules/scoring.js';
import { rubyTargetOf } from '../rules/turn.js';

export const WORTH = {
  ruby: 1,
  lira: 0.05,
  good: 0.11,
  extension: 0.4,
  mosqueTile: 0.5,
  card: 0.12,
  assistant: 0.05,
  seal: 0.08,
} as const;

const LIRA_FULL = 20;
const GOODS_FULL = 8;

/** A seat's worth in rubies: the greedy players' obvious score and the search's evaluation. */
export function worth(s: IstanbulState, seat: number): number {
  const p = s.players[seat] as PlayerState;
  const goods = p.goods.red + p.goods.green + p.goods.yellow + p.goods.blue;
  // Lira beyond a ruby's price and goods beyond a Sultan's delivery are worth little until spent: hoards
  // win nothing, so their value flattens.
  let value =
    p.rubies * WORTH.ruby +
    WORTH.lira * (Math.min(p.lira, LIRA_FULL) + 0.3 * Math.max(0, p.lira - LIRA_FULL)) +
    WORTH.good * (Math.min(goods, GOODS_FULL) + 0.4 * Math.max(0, goods - GOODS_FULL)) +
    p.extensions * WORTH.extension +
    p.mosqueTiles.length * WORTH.mosqueTile +
    p.hand.length * WORTH.card +
    p.stack.length * WORTH.assistant;
  const letters = s.ls?.letters[seat];
  if (letters !== undefined) for (const l of letters) value += (l.delivered ? 2 : 1) * WORTH.seal;
  // Near the target every ruby weighs more: the race ends there.
  const target = rubyTargetOf(s);
  if (p.rubies >= target - 1) value += 0.5 * (p.rubies - (target - 2));
  return value;
}

/** Steepness of the win chance in the lead (in rubies). */
const STEEPNESS = 2.2;

/** The win chance of a seat worth `own` against a best opponent worth `best`. */
export function winChance(own: number, best: number): number {
  return 1 / (1 + Math.exp(-STEEPNESS * (own - best)));
}

/** The best opponent's worth. */
export function bestOpponentWorth(s: IstanbulState, seat: number): number {
  let best = -Infinity;
  for (const p of s.players) if (p.seat !== seat) best = Math.max(best, worth(s, p.seat));
  return best;
}

export function evaluateIstanbul(s: IstanbulState): number[] {
  const n = s.players.length;
  if (s.phase === 'over') {
    const standings = istanbulStandings(s);
    const winners = standings.filter((st) => st.rank === 1).map((st) => st.seat);
    const out = new Array<number>(n).fill(0);
    for (const w of winners) out[w] = 1 / winners.length;
    return out;
  }
  const values = s.players.map((p) => worth(s, p.seat));
  return values.map((v, seat) => {
    let best = -Infinity;
    for (let j = 0; j < n; j++) if (j !== seat && (values[j] as number) > best) best = values[j] as number;
    return winChance(v, best);
  });
}
