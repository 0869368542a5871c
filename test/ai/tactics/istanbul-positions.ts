/**
 * Shared by the Istanbul and Letters & Seals tactics: what hard chooses with each of three seeds, and a place
 * action reached the way the rules reach it (the merchant moves there, leaves an assistant and pays the
 * merchants met; a neutral merchant met is paid 2 lira and rolled away).
 */
import { expect } from 'vitest';
import { decideWithStats, toSeatView } from '../../../src/engine/ai/index.js';
import { istanbul, type IstanbulAction, type IstanbulState } from '../../../src/games/istanbul/index.js';
import { istanbulPolicy } from '../../../src/games/istanbul/ai/index.js';
import type { PlaceId, Seat } from '../../../src/games/istanbul/types.js';
import { decide, placeMerchant, play, top } from '../../games/istanbul/builders.js';

export const SEEDS = ['tactic-1', 'tactic-2', 'tactic-3'];

/** What hard chooses for the deciding seat, with each seed. */
export function hardChoices(s: IstanbulState): IstanbulAction[] {
  const seat = istanbul.activeSeats(s)[0] as Seat;
  const view = toSeatView(istanbul.view(s, seat), istanbulPolicy.viewRules);
  const legal = istanbul.legalActions(s, seat);
  expect(legal.length).toBeGreaterThan(1);
  return SEEDS.map((seed) => decideWithStats(istanbulPolicy, view, legal, 'hard', seed).action);
}

/** Seat 0's merchant moves from `from` to `to`, leaves an assistant and pays whom it meets: the place action is next. */
export function arrive(s: IstanbulState, from: PlaceId, to: PlaceId): IstanbulState {
  placeMerchant(s, 0, from);
  decide(s, { k: 'move', seat: 0 });
  let state = play(s, { type: 'move', to }, { type: 'leaveAssistant' }).state;
  if (top(state)?.k === 'pay') state = play(state, { type: 'payMerchants' }).state;
  expect(top(state)).toEqual({ k: 'action', seat: 0, place: to, family: false });
  return state;
}
