/**
 * Istanbul's evaluation: a seat's worth in rubies (what wins) plus what turns into rubies later, each valued
 * in fractions of a ruby. Lira and goods are valued by how far they carry towards the next ruby: the share
 * of the Gemstone Dealer's price the seat holds in lira, or of the Sultan's next delivery it holds in goods,
 * counts more as it nears the whole (convex), so a seat that holds the price is pulled to buy (the ruby is
 * worth clearly more than the lira it costs, where a flat rate made the purchase nearly a wash against a
 * card drawn); lira and goods beyond that count little until spent. Extensions and mosque tiles make every
 * later turn richer, cards and seals are options. The chance to win is a logistic function of the lead over
 * the best opponent.
 */
import { gemstoneSetup } from '../data/gemstone.js';
import { sultanCost, sultanSetup } from '../data/sultan.js';
import type { IstanbulState, PlayerState } from '../state.js';
import { istanbulStandings } from '../scoring.js';
import { rubyTargetOf } from '../turn.js';

export const WORTH = {
  ruby: 1,
  lira: 0.025,
  good: 0.06,
  extension: 0.4,
  mosqueTile: 0.5,
  card: 0.12,
  assistant: 0.05,
  seal: 0.08,
} as const;

const LIRA_FULL = 20;
const GOODS_FULL = 8;
/**
 * What holding the whole way to the next ruby (its price in lira, or its delivery in goods) adds to the flat
 * rates. Held, the price is worth about 0.6 of a ruby (15 lira: 0.375 + 0.2): the ruby still costs the turn
 * that buys it and the way to the dealer, a turn or two at some 0.2 rubies a turn. So buying is a clear gain
 * (+0.4), more than a card drawn instead, and a search that looks two turns ahead does not see the lira kept
 * as nearly a ruby already.
 */
const CONVERSION = 0.2;

/** How far the seat's lira carry towards the Gemstone Dealer's next ruby, in [0, 1] (0 when none is left). */
export function gemstoneProgress(s: IstanbulState, p: PlayerState): number {
  const { rubies, firstPrice } = gemstoneSetup(s.players.length);
  if (s.gemstoneTaken >= rubies) return 0;
  return Math.min(1, p.lira / (firstPrice + s.gemstoneTaken));
}

/** How far the seat's goods carry towards the Sultan's next ruby, in [0, 1] (0 when none is left). */
export function sultanProgress(s: IstanbulState, p: PlayerState): number {
  if (s.sultanTaken >= sultanSetup(s.players.length).rubies) return 0;
  const cost = sultanCost(s.players.length, s.sultanTaken);
  const left = { ...p.goods };
  let met = 0;
  let any = 0;
  for (const slot of cost) {
    if (slot === 'any') any++;
    else if (left[slot] > 0) {
      left[slot]--;
      met++;
    }
  }
  met += Math.min(any, left.red + left.green + left.yellow + left.blue);
  return met / cost.length;
}

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
  const progress = Math.max(gemstoneProgress(s, p), sultanProgress(s, p));
  value += CONVERSION * progress * progress;
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
