/**
 * Kairo (Kimmo Sorsamo, Queen Games 2011) as a GameDefinition: 2–4 players build market stalls in a Cairo
 * bazaar, lead customers to their entrances for money and extend their stalls for points and medals.
 */
import type { ApplyResult, GameDefinition, GameEvent, Seat } from '../../engine/index.js';
import { MAX_PLAYERS, MIN_PLAYERS } from './data/board.js';
import { describeKairoAction, kairoActionKey, parseKairoAction } from './actions.js';
import { parseKairoOptions } from './options.js';
import { kairoMessagesDe } from './messages.de.js';
import { kairoMessagesEn } from './messages.en.js';
import { kairoMessagesNl } from './messages.nl.js';
import { kairoDecisionNotes, kairoOptionDetails } from './view/option-details.js';
import { activeSeat, applyDecision, createGame, decisionOptions, kairoStandings } from './rules/index.js';
import type { KairoAction, KairoOptions, KairoState } from './types.js';
import { publicView, seatView } from './view/build.js';
import type { KairoView } from './view/types.js';

export type * from './types.js';
export type * from './view/types.js';

/** The legal decisions of a state, computed once per state object (states are never mutated). */
const optionsCache = new WeakMap<KairoState, readonly KairoAction[]>();
function cachedOptions(state: KairoState): readonly KairoAction[] {
  let options = optionsCache.get(state);
  if (options === undefined) {
    options = decisionOptions(state);
    optionsCache.set(state, options);
  }
  return options;
}

const NO_EVENTS: readonly GameEvent[] = Object.freeze([]);

/**
 * `kairo.apply` for the computer player's search, which reads only the resulting state: the same state and
 * checkpoint, no events made (their texts and objects are a good part of an action's cost).
 */
export function applyUntold(state: KairoState, action: KairoAction, seat: Seat): ApplyResult<KairoState> {
  if (activeSeat(state) !== seat) throw new Error(`seat ${seat} has no decision to make`);
  const { draft, options } = applyDecision(state, action, false);
  optionsCache.set(draft.state, options);
  return { state: draft.state, events: NO_EVENTS, checkpoint: draft.checkpoint };
}

/** In the variable start: the colour of a start stall (then its section), or its field (then its entrance side). */
function opensStartStep(state: KairoState, action: KairoAction): boolean {
  if (state.phase !== 'setup') return false;
  if (action.t === 'build') return state.pending.k === 'turn';
  const p = state.pending;
  return action.t === 'field' && p.k === 'build' && (p.mode === 'setup' || p.mode === 'neutral');
}

export const kairo: GameDefinition<KairoState, KairoAction, KairoView, KairoOptions> = {
  id: 'kairo',
  players: { min: MIN_PLAYERS, max: MAX_PLAYERS },
  parseOptions: parseKairoOptions,
  setup: (options, seed) => createGame(options, seed),
  parseAction: parseKairoAction,
  actionKey: kairoActionKey,
  activeSeats(state) {
    const seat = activeSeat(state);
    return seat === null ? [] : [seat];
  },
  legalActions(state, seat: Seat) {
    if (activeSeat(state) !== seat) return [];
    return cachedOptions(state);
  },
  apply(state, action, seat) {
    if (activeSeat(state) !== seat) throw new Error(`seat ${seat} has no decision to make`);
    const { draft, options } = applyDecision(state, action);
    optionsCache.set(draft.state, options);
    return { state: draft.state, events: draft.events ?? NO_EVENTS, checkpoint: draft.checkpoint };
  },
  isOver: (state) => state.phase === 'over',
  standings: kairoStandings,
  view: (state, seat) => (seat === null ? publicView(state) : seatView(state, seat)),
  describeAction: describeKairoAction,
  optionDetails: kairoOptionDetails,
  decisionNotes: kairoDecisionNotes,
  // Drawing and leading only open the choice of where from / which entrance: compound choices offer each.
  // A start stall's colour opens the choice of its section, its field the choice of the entrance side: so
  // a start stall is two choices (colour and section, field and entrance) beside the four steps.
  opensDecision: (state, _seat, action) => action.t === 'draw' || action.t === 'lead' || opensStartStep(state, action),
  messages: { en: kairoMessagesEn, de: kairoMessagesDe, nl: kairoMessagesNl },
};

export default kairo;
