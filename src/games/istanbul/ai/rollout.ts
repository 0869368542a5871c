/**
 * Istanbul's rollout policy, and the greedy player of the benchmark with no noise: one ply on the seat's
 * worth, where a step that only leads to a place (a move, leaving an assistant, paying the merchants there)
 * is valued by the best place action it opens, since the move itself gains nothing yet. An action that
 * rolls dice (Tea House, Black Market, the dice card, the Kiosk's die) or draws from a face-down pile (a bonus
 * card, a letter, the Kiosk's tiles) is valued by its mean over fresh chance (`meanOverChance`), never by the
 * roll the state's PRNG holds or the card on top of its pile: that is what would follow.
 */
import { drawChance, meanOverChance } from '../../../engine/ai/chance.js';
import { randomInt, type RngState, type Seat } from '../../../engine/index.js';
import type { IstanbulAction } from '../actions.js';
import { applyIstanbulUntold } from '../rules/apply.js';
import { legalActions } from '../rules/legal.js';
import type { IstanbulState } from '../state.js';
import { drewFaceDown, reseedIstanbul } from './determinize.js';
import { bestOpponentWorth, winChance, worth } from './evaluate.js';

/** Most candidates weighed per decision (a random subset beyond it keeps rollouts cheap). */
const MAX_CANDIDATES = 10;

function top(s: IstanbulState): IstanbulState['pending'][number] | undefined {
  return s.pending[s.pending.length - 1];
}

/**
 * The seat's letters paid for the Secret Society's ruby the plain way (the first letter offered each time): the
 * action is worth the ruby it buys, which comes only with the last letter paid.
 */
function paidThrough(s: IstanbulState, seat: Seat): IstanbulState {
  let state = s;
  for (let i = 0; i < 6; i++) {
    const frame = top(state);
    if (frame === undefined || frame.seat !== seat || frame.k !== 'letters' || frame.purpose !== 'secretSociety') break;
    const pay = legalActions(state, seat).find((a) => a.type === 'discardLetter');
    if (pay === undefined) break;
    state = applyIstanbulUntold(state, pay, seat).state;
  }
  return state;
}

/** The seat's worth after `a`, over the fresh draws of chance `chance` if it meets chance. */
function worthAfter(s: IstanbulState, seat: Seat, a: IstanbulAction, chance: readonly RngState[]): number {
  return meanOverChance(
    s,
    (state) => paidThrough(applyIstanbulUntold(state, a, seat).state, seat),
    (after) => worth(after, seat),
    reseedIstanbul,
    chance,
    drewFaceDown,
  );
}

/** The seat's worth after the best place action `s` now offers it (or its worth when none is offered now). */
function valueAhead(s: IstanbulState, seat: Seat, chance: readonly RngState[]): number {
  let state = s;
  // Walk the assistant and payment steps the obvious way (leave or pick up the assistant, pay).
  for (let i = 0; i < 3; i++) {
    const frame = top(state);
    if (frame === undefined || frame.seat !== seat || (frame.k !== 'assistant' && frame.k !== 'pay')) break;
    const legal = legalActions(state, seat);
    const step = legal.find((a) => a.type === 'leaveAssistant' || a.type === 'pickUpAssistant' || a.type === 'payMerchants');
    if (step === undefined) return worth(state, seat) - 0.2;
    state = applyIstanbulUntold(state, step, seat).state;
  }
  const frame = top(state);
  if (frame === undefined || frame.seat !== seat || frame.k !== 'action') return worth(state, seat);
  let best = worth(state, seat) - 0.05;
  for (const a of legalActions(state, seat)) {
    if (a.type === 'skipAction' || a.type === 'take5Lira' || a.type === 'takeGood' || a.type === 'familyToPolice' || a.type === 'yellowTile') continue;
    const v = worthAfter(state, seat, a, chance);
    if (v > best) best = v;
  }
  return best;
}

const LEADS_TO_PLACE = new Set<IstanbulAction['type']>([
  'move',
  'moveFar',
  'stay',
  'moveCompanion',
  'moveCompanionFar',
  'moveToMerchant',
  'moveAnywhere',
  // The family member card's step opens that place's action as a merchant's move does.
  'familyStep',
  'leaveAssistant',
  'pickUpAssistant',
  'payMerchants',
]);

/**
 * The value of one action for the acting seat; chance it meets is taken over the draws `chance` (the same
 * for every candidate of a decision), never the state's own.
 */
export function actionValue(s: IstanbulState, seat: Seat, a: IstanbulAction, chance: readonly RngState[]): number {
  if (LEADS_TO_PLACE.has(a.type)) {
    return meanOverChance(s, (state) => applyIstanbulUntold(state, a, seat).state, (after) => valueAhead(after, seat, chance), reseedIstanbul, chance, drewFaceDown);
  }
  // Ending the turn early forfeits the rest of it: a small cost, so any gain beats it.
  if (a.type === 'endTurn' || a.type === 'skipAction') return worthAfter(s, seat, a, chance) - 0.01;
  return worthAfter(s, seat, a, chance);
}

/** The search's prior: each action's win chance after the one-ply look (chance drawn from `rng`). */
export function istanbulPrior(s: IstanbulState, seat: Seat, legal: readonly IstanbulAction[], rng: RngState): number[] {
  const best = bestOpponentWorth(s, seat);
  const chance = drawChance(rng);
  return legal.map((a) => winChance(actionValue(s, seat, a, chance), best));
}

/** Noise 0 is the benchmark's greedy player: it weighs every legal action; rollouts weigh a sample. */
export function istanbulGreedyAction(s: IstanbulState, seat: Seat, legal: readonly IstanbulAction[], rng: RngState, noise: number): IstanbulAction {
  if (noise > 0 && randomInt(rng, 1000) < noise * 1000) return legal[randomInt(rng, legal.length)] as IstanbulAction;
  let candidates: readonly IstanbulAction[] = legal;
  if (noise > 0 && legal.length > MAX_CANDIDATES) {
    const pool = legal.slice();
    const picked: IstanbulAction[] = [];
    for (let i = 0; i < MAX_CANDIDATES; i++) picked.push(pool.splice(randomInt(rng, pool.length), 1)[0] as IstanbulAction);
    candidates = picked;
  }
  const chance = drawChance(rng);
  let best = candidates[0] as IstanbulAction;
  let bestValue = -Infinity;
  for (const a of candidates) {
    const v = actionValue(s, seat, a, chance);
    if (v > bestValue) {
      bestValue = v;
      best = a;
    }
  }
  return best;
}
