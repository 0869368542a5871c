/**
 * The playout policy with Letters & Seals: the base game's lightly biased policy (policy.ts), plus weights for
 * the expansion's actions: the Secret Society and ruby-bringing letters count like a ruby action, bids
 * prefer small amounts, and the companion's moves are weighted by the place he reaches like the merchant's.
 * Every legal action keeps a chance.
 */
import { randomInt, type RngState, type Seat } from '../../../../src/engine/index.js';
import type { IstanbulAction, IstanbulState } from '../../../../src/games/istanbul/index.js';
import { placeActionOptions } from '../../../../src/games/istanbul/rules/legal.js';
import { biasedPolicy, biasedWeight as baseWeight } from '../policy.js';

const WEIGHTS: Partial<Record<IstanbulAction['type'], number>> = {
  secretSociety: 400,
  repeatSecretSociety: 60,
  repeatMosque: 60,
  embassy: 20,
  kiosk: 16,
  auctionGood: 12,
  kioskTile: 6,
  doubleMove: 1,
  discardLetter: 4,
  courier: 6,
  placeCompanion: 8,
  fountainCompanion: 8,
  auctionPass: 6,
};

function companionWeight(s: IstanbulState, seat: Seat, to: number): number {
  const options: IstanbulAction[] = [];
  placeActionOptions(s, seat, to, options);
  if (options.length === 0) return 2;
  if (options.some((a) => a.type === 'sultan' || a.type === 'gemstone' || a.type === 'mosque' || a.type === 'secretSociety')) return 200;
  return 8;
}

/** A merchant's move to the Secret Society with 6 seals counts like a move to a ruby. */
function secretSocietyMove(s: IstanbulState, seat: Seat, a: IstanbulAction): number | null {
  if (a.type !== 'move' && a.type !== 'moveFar' && a.type !== 'moveAnywhere') return null;
  if (a.to !== 24) return null;
  const options: IstanbulAction[] = [];
  placeActionOptions(s, seat, 24, options);
  return options.length > 0 ? 400 : null;
}

function weight(s: IstanbulState, seat: Seat, a: IstanbulAction): number | null {
  const society = secretSocietyMove(s, seat, a);
  if (society !== null) return society;
  switch (a.type) {
    case 'moveCompanion':
    case 'moveCompanionFar':
      return companionWeight(s, seat, a.to);
    case 'auctionBid':
      return Math.max(1, 12 - 3 * a.amount);
    case 'kioskTile':
      return a.carry ? 8 : 2;
    default:
      return WEIGHTS[a.type] ?? null;
  }
}

export function expansionPolicy(s: IstanbulState, seat: Seat, legal: readonly IstanbulAction[], rng: RngState): IstanbulAction {
  // Without any expansion action on offer, the base policy decides.
  if (!legal.some((a) => weight(s, seat, a) !== null)) return biasedPolicy(s, seat, legal, rng);
  const sub: IstanbulAction[] = [];
  const weights: number[] = [];
  let total = 0;
  // Letters kept for the Secret Society: the double move is taken now and then, not at every end of a turn.
  const doubleMoveOffered = legal.some((a) => a.type === 'doubleMove');
  for (const a of legal) {
    const value = a.type === 'endTurn' && doubleMoveOffered ? 12 : (weight(s, seat, a) ?? baseWeight(s, seat, a));
    sub.push(a);
    weights.push(value);
    total += value;
  }
  let r = randomInt(rng, total);
  for (let i = 0; i < sub.length; i++) {
    r -= weights[i] as number;
    if (r < 0) return sub[i] as IstanbulAction;
  }
  return sub[sub.length - 1] as IstanbulAction;
}
