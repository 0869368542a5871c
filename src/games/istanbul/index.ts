/** Istanbul (Rüdiger Dorn, Pegasus 2014), base game and the Letters & Seals expansion, 2–5 players, as a pure engine. */
import type { GameDefinition } from '../../engine/index.js';
import { parseIstanbulAction, istanbulActionKey, type IstanbulAction } from './actions.js';
import { MAX_PLAYERS, MIN_PLAYERS } from './data/players.js';
import { describeIstanbulAction } from './describe.js';
import { istanbulDe } from './messages.de.js';
import { istanbulEn } from './messages.en.js';
import { istanbulNl } from './messages.nl.js';
import { parseIstanbulOptions, type IstanbulOptions } from './options.js';
import {
  applyIstanbul,
  istanbulForcedAnswer,
  istanbulObviousNext,
  istanbulStandings,
  istanbulStepKind,
  legalActions,
  setupIstanbul,
} from './rules/index.js';
import type { IstanbulState } from './state.js';
import { istanbulView } from './view/build.js';
import { istanbulDecisionNotes, istanbulOptionDetails } from './view/option-details.js';
import type { IstanbulView } from './view/types.js';

export const istanbul: GameDefinition<IstanbulState, IstanbulAction, IstanbulView, IstanbulOptions> = {
  id: 'istanbul',
  players: { min: MIN_PLAYERS, max: MAX_PLAYERS },
  parseOptions: parseIstanbulOptions,
  setup: setupIstanbul,
  parseAction: parseIstanbulAction,
  actionKey: istanbulActionKey,
  activeSeats(state) {
    const top = state.pending[state.pending.length - 1];
    return top === undefined ? [] : [top.seat];
  },
  legalActions,
  apply: applyIstanbul,
  isOver: (state) => state.phase === 'over',
  standings: istanbulStandings,
  view: istanbulView,
  describeAction: describeIstanbulAction,
  optionDetails: istanbulOptionDetails,
  decisionNotes: istanbulDecisionNotes,
  obviousNext: istanbulObviousNext,
  stepKind: istanbulStepKind,
  forcedAnswer: istanbulForcedAnswer,
  messages: { en: istanbulEn, de: istanbulDe, nl: istanbulNl },
};

export type { IstanbulAction, IstanbulActionType, RepeatCard } from './actions.js';
export type { IstanbulOptions } from './options.js';
export type { IstanbulState, PlayerState, Frame } from './state.js';
export type * from './view/types.js';
export type * from './types.js';
export { GOODS, PLAYER_COLOURS } from './types.js';
export { formatIstanbulMessage, localiseIstanbulParams } from './describe.js';
export { istanbulOptionsSchema } from './options.js';
export { defaultActionFor } from './rules/index.js';
