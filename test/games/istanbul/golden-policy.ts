/**
 * The golden transcript's policy: a frozen copy of the lightly biased playout policy (policy.ts may be
 * tuned; this one must not change, or the golden transcript has to be regenerated).
 */
import { randomInt, type RngState, type Seat } from '../../../src/engine/index.js';
import type { IstanbulAction, IstanbulState } from '../../../src/games/istanbul/index.js';
import { placeActionOptions } from '../../../src/games/istanbul/rules/legal.js';

const WEIGHTS: Partial<Record<IstanbulAction['type'], number>> = {
  endTurn: 1,
  skipAction: 1,
  yellowTile: 1,
  fountainDone: 2,
  // Newer than the transcript: never chosen (weight 0 leaves every draw as recorded).
  fountainRecallAll: 0,
  sultan: 60,
  gemstone: 60,
  mosque: 60,
  wainwright: 30,
  repeatAction: 60,
  sell: 8,
  warehouse: 12,
  postOffice: 8,
  leaveAssistant: 10,
  pickUpAssistant: 10,
  payMerchants: 10,
};

const RUBY_ACTIONS = new Set<IstanbulAction['type']>(['sultan', 'gemstone', 'mosque', 'wainwright']);

function destinationWeight(s: IstanbulState, seat: Seat, to: number): number {
  const p = s.players[seat] as IstanbulState['players'][number];
  if (to === 7) return p.stack.length === 0 ? 60 : 2;
  const options: IstanbulAction[] = [];
  placeActionOptions(s, seat, to, options);
  const ownThere = (s.assistantsAt[to] ?? []).includes(seat);
  if (!ownThere && p.stack.length === 0) return 1;
  if (options.length === 0) return ownThere ? 4 : 1;
  let others = s.neutralMerchants.filter((m) => m === to).length;
  for (const q of s.players) if (q.seat !== seat && q.merchant === to) others++;
  if (p.lira < 2 * others) return 1;
  if (options.some((a) => RUBY_ACTIONS.has(a.type))) return 400;
  // Markets: the bigger the best sale, the better.
  let best = 0;
  for (const a of options) if (a.type === 'sell') best = Math.max(best, a.goods.red + a.goods.green + a.goods.yellow + a.goods.blue);
  if (best > 0) return 10 * best * best;
  return ownThere ? 16 : 10;
}

function weight(s: IstanbulState, seat: Seat, a: IstanbulAction): number {
  if (a.type === 'move' || a.type === 'moveFar') return destinationWeight(s, seat, a.to);
  return WEIGHTS[a.type] ?? 4;
}

export function goldenPolicy(s: IstanbulState, seat: Seat, legal: readonly IstanbulAction[], rng: RngState): IstanbulAction {
  let total = 0;
  const weights = legal.map((a) => {
    const w = weight(s, seat, a);
    total += w;
    return w;
  });
  let r = randomInt(rng, total);
  for (let i = 0; i < legal.length; i++) {
    r -= weights[i] as number;
    if (r < 0) return legal[i] as IstanbulAction;
  }
  return legal[legal.length - 1] as IstanbulAction;
}
