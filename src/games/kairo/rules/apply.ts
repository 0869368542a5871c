/**
 * Applying a decision: its effect, then the forced decisions after it (legal.ts offers them). A turn is a
 * stack of single decisions kept in `state.pending`:
 *   turn:  build (new stall / extend / relocate, with its colour) | lead (customer) | draw | pass (final phase)
 *   build: card payment -> [joker coin] -> [section] -> field -> entrance (main stall) or coins (extension)
 *   lead:  [target entrance]
 *   draw:  take, take -> [discard down to 4]
 * A decision with exactly one option (other than the turn choice) is taken automatically. Each kind of
 * decision is carried out in the file of its part of the turn (build, extend, lead, draw, turn).
 */
import type { KairoAction, KairoState } from '../types.js';
import * as buildModule from './build.js';
import * as draftModule from './draft.js';
import type { Draft } from './draft.js';
import * as drawModule from './draw.js';
import * as extendModule from './extend.js';
import * as leadModule from './lead.js';
import * as legalModule from './legal.js';
import * as turnModule from './turn.js';

// Module bindings copied once: the dev/test transform turns every imported binding access into a getter call.
const { chooseField, chooseSection, payCards, payJokerCoin, placeEntrance, startBuild } = buildModule;
const { cloneState } = draftModule;
const { discard, startDraw, takeCrier, takeDeck, takeDisplay } = drawModule;
const { payOther, payStall } = extendModule;
const { leadTo, startLead } = leadModule;
const { decisionOptions } = legalModule;
const { pass } = turnModule;

/**
 * Applies one legal decision of `state.seat` to a copy, then takes forced decisions (one option, other
 * than the turn choice) automatically. Also returns the options of the resulting decision, or none where
 * it is a turn's choice and `turnOptions` is false. With `events` false the draft tells none (its
 * `events` is null).
 */
export function applyDecision(input: KairoState, action: KairoAction, events = true, turnOptions = true): { draft: Draft; options: KairoAction[] } {
  const draft: Draft = { state: cloneState(input), events: events ? [] : null, checkpoint: false };
  return { draft, options: applyDecisionTo(draft, action, turnOptions) };
}

/**
 * `applyDecision` on a draft already made (its state a copy no one else holds), for a caller that plays
 * several decisions in a row and keeps only the last state (the computer player's look ahead): the same
 * result as a fresh `applyDecision` of each, without a copy of the whole state per decision. The stalls and
 * customers are copied on their next write again, as a fresh copy would, since boards derived from the
 * current ones stay cached for them. Returns the options of the decision that follows.
 */
export function applyDecisionTo(draft: Draft, action: KairoAction, turnOptions = true): KairoAction[] {
  draft.ownStalls = false;
  draft.ownCustomers = false;
  applyOne(draft, action);
  for (let guard = 0; ; guard++) {
    const s = draft.state;
    if (s.phase === 'over') return [];
    // A look ahead that stops at the next turn need not know its options (the whole board's builds).
    if (!turnOptions && s.pending.k === 'turn') return [];
    const options = decisionOptions(s);
    if (s.pending.k === 'turn' || options.length !== 1) return options;
    if (guard > 64) throw new Error('forced decisions do not end');
    applyOne(draft, options[0] as KairoAction);
  }
}

function applyOne(draft: Draft, action: KairoAction): void {
  switch (action.t) {
    case 'build':
      return startBuild(draft, action);
    case 'lead':
      return startLead(draft, action);
    case 'draw':
      return startDraw(draft);
    case 'pass':
      return pass(draft);
    case 'card':
    case 'joker':
    case 'three':
      return payCards(draft, action);
    case 'jokerCoin':
      return payJokerCoin(draft, action);
    case 'section':
      return chooseSection(draft, action);
    case 'field':
      return chooseField(draft, action);
    case 'entrance':
      return placeEntrance(draft, action);
    case 'payStall':
      return payStall(draft, action);
    case 'payOther':
      return payOther(draft, action);
    case 'target':
      return leadTo(draft, action);
    case 'takeDisplay':
      return takeDisplay(draft, action);
    case 'takeDeck':
      return takeDeck(draft);
    case 'takeCrier':
      return takeCrier(draft);
    case 'discard':
      return discard(draft, action);
  }
}
