/**
 * Standings: most rubies wins; ties: more lira, then more goods, then more bonus cards; still tied: a shared
 * rank (a shared win at the top).
 */
import type { Standing } from '../../../engine/index.js';
import { totalGoods } from './helpers.js';
import type { IstanbulState, PlayerState } from '../state.js';

export function scoreKey(p: PlayerState): [number, number, number, number] {
  return [p.rubies, p.lira, totalGoods(p), p.hand.length];
}

function compare(a: PlayerState, b: PlayerState): number {
  const ka = scoreKey(a);
  const kb = scoreKey(b);
  for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return (kb[i] as number) - (ka[i] as number);
  return 0;
}

export function istanbulStandings(s: IstanbulState): Standing[] {
  const sorted = s.players.slice().sort((a, b) => compare(a, b) || a.seat - b.seat);
  const out: Standing[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    const rank = prev !== undefined && compare(prev, p) === 0 ? (out[i - 1] as Standing).rank : i + 1;
    out.push({
      seat: p.seat,
      rank,
      summary: {
        key: 'istanbul.standing',
        params: { rubies: p.rubies, lira: p.lira, goods: totalGoods(p), cards: p.hand.length },
      },
    });
  });
  return out;
}
