/**
 * The expansion golden transcript's policy: a frozen copy of the playout policies (../policy.ts and
 * ./policy.ts may be tuned; this one must not change, or the golden transcript has to be regenerated).
 */
import { randomInt, type RngState, type Seat } from '../../../../src/engine/index.js';
import type { IstanbulAction, IstanbulState } from '../../../../src/games/istanbul/index.js';
import { placeActionOptions } from '../../../../src/games/istanbul/rules/legal.js';

const BASE_WEIGHTS: Partial<Record<IstanbulAction['type'], number>> = {
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
  secretSociety: 400,
  repeatSecretSociety: 60,
  repeatMosque: 60,
  embassy: 20,
  kiosk: 16,
  auctionGood: 12,
  doubleMove: 1,
  discardLetter: 4,
  courier: 6,
  placeCompanion: 8,
  fountainCompanion: 8,
  auctionPass: 6,
};

const RUBY_ACTIONS = new Set<IstanbulAction['type']>(['sultan', 'gemstone', 'mosque', 'wainwright', 'secretSociety']);

function placeWeight(s: IstanbulState, seat: Seat, to: number, merchant: boolean): number {
  const p = s.players[seat] as IstanbulState['players'][number];
  if (merchant && to === 7) return p.stack.length === 0 ? 60 : 2;
  const options: IstanbulAction[] = [];
  placeActionOptions(s, seat, to, options);
  const ownThere = (s.assistantsAt[to] ?? []).includes(seat);
  if (merchant && !ownThere && p.stack.length === 0) return 1;
  if (options.length === 0) return ownThere ? 4 : 1;
  if (options.some((a) => RUBY_ACTIONS.has(a.type))) return 400;
  let best = 0;
  for (const a of options) if (a.type === 'sell') best = Math.max(best, a.goods.red + a.goods.green + a.goods.yellow + a.goods.blue);
  if (best > 0) return 10 * best * best;
  return ownThere ? 16 : 10;
}

function weight(s: IstanbulState, seat: Seat, a: IstanbulAction, doubleMoveOffered: boolean): number {
  switch (a.type) {
    case 'move':
    case 'moveFar':
    case 'moveAnywhere':
      return placeWeight(s, seat, a.to, true);
    case 'moveCompanion':
    case 'moveCompanionFar':
      return placeWeight(s, seat, a.to, false);
    case 'auctionBid':
      return Math.max(1, 12 - 3 * a.amount);
    case 'kioskTile':
      return a.carry ? 8 : 2;
    case 'endTurn':
      return doubleMoveOffered ? 12 : 1;
    default:
      return BASE_WEIGHTS[a.type] ?? 4;
  }
}

export function goldenExpansionPolicy(s: IstanbulState, seat: Seat, legal: readonly IstanbulAction[], rng: RngState): IstanbulAction {
  const doubleMoveOffered = legal.some((a) => a.type === 'doubleMove');
  let total = 0;
  const weights = legal.map((a) => {
    const w = weight(s, seat, a, doubleMoveOffered);
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
