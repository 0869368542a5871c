/**
 * The legal decisions: whose decision it is, and the options of the decision in front of them (the turn's
 * choice, a lead's target entrance, a draw's source or discard, a build's next step).
 */
import type { Seat } from '../../../engine/index.js';
import * as boardDataModule from '../data/board.js';
import type { KairoAction, KairoPlayer, KairoState } from '../types.js';
import * as boardModule from './board.js';
import type { Occupancy } from './board.js';
import * as buildOptionsModule from './build-options.js';
import * as helpersModule from './helpers.js';
import * as leadTargetsModule from './lead-targets.js';
import * as placementModule from './placement.js';

// Module bindings copied once: the dev/test transform turns every imported binding access into a getter call.
const { CARDS_PER_DRAW, COLOURS } = boardDataModule;
const { allConnected, occupancy } = boardModule;
const { buildChoices, buildOptions } = buildOptionsModule;
const { distinct, stallOf } = helpersModule;
const { leadTargets } = leadTargetsModule;
const { hasStallSpot } = placementModule;

export function activeSeat(state: KairoState): Seat | null {
  return state.phase === 'over' ? null : state.seat;
}

/** The options of the decision in front of `state.seat` (empty when the game is over). */
export function decisionOptions(state: KairoState, base: Occupancy = occupancy(state)): KairoAction[] {
  if (state.phase === 'over') return [];
  const seat = state.seat;
  const pending = state.pending;
  switch (pending.k) {
    case 'turn': {
      if (state.phase === 'setup') return setupChoices(state, seat, base);
      const builds = buildChoices(state, seat, base);
      if (state.phase === 'final') return [...builds, { t: 'pass' }];
      const out = [...builds, ...leadChoices(state, base)];
      if (hasDrawSource(state)) out.push({ t: 'draw' });
      return out;
    }
    case 'lead': {
      const criers = (state.players[seat] as KairoPlayer).criers;
      return leadTargets(state, base, pending.colour)
        .filter((t) => t.criers <= criers)
        .map((t) => ({ t: 'target', field: t.field }));
    }
    case 'draw': {
      const p = state.players[seat] as KairoPlayer;
      if (pending.taken >= CARDS_PER_DRAW || !hasDrawSource(state)) {
        return distinct(p.hand).map((card) => ({ t: 'discard', card }));
      }
      return drawSources(state);
    }
    case 'build':
      return buildOptions(state, seat, pending, base);
  }
}

function setupChoices(state: KairoState, seat: Seat, occ: Occupancy): KairoAction[] {
  const out: KairoAction[] = [];
  for (const colour of COLOURS) {
    if (stallOf(state, seat, colour) !== -1) continue;
    if (hasStallSpot(occ, colour, { setup: true })) out.push({ t: 'build', kind: 'stall', colour });
  }
  return out;
}

/** Whether `seat` can place any start stall (`setupChoices` is not empty), stopping at the first. */
export function hasSetupChoice(state: KairoState, seat: Seat, occ: Occupancy): boolean {
  return COLOURS.some((colour) => stallOf(state, seat, colour) === -1 && hasStallSpot(occ, colour, { setup: true }));
}

/** Customers that can be led now, with the entrances each may go to. */
function leadChoices(state: KairoState, occ: Occupancy): KairoAction[] {
  // The nearest free entrance never needs a crier card: a customer can be led when it has any target.
  // On a board where every customer reaches every entrance (the reachability rule keeps it so), any free
  // entrance of the colour is a target; otherwise the search decides.
  const connected = allConnected(occ);
  const out: KairoAction[] = [];
  for (const colour of COLOURS) {
    if (state.customers[colour] === null) continue;
    const any = connected
      ? state.stalls.some((st, i) => st.colour === colour && i !== occ.excluded && occ.customer[st.entrance] === -1)
      : leadTargets(state, occ, colour).length > 0;
    if (any) out.push({ t: 'lead', colour });
  }
  return out;
}

/** Whether there is anything to draw (`drawSources` is not empty). */
export function hasDrawSource(state: KairoState): boolean {
  return state.display.length > 0 || state.deck.length + state.discard.length > 0 || state.criers > 0;
}

function drawSources(state: KairoState): KairoAction[] {
  const out: KairoAction[] = distinct(state.display).map((card) => ({ t: 'takeDisplay', card }) as KairoAction);
  if (state.deck.length + state.discard.length > 0) out.push({ t: 'takeDeck' });
  if (state.criers > 0) out.push({ t: 'takeCrier' });
  return out;
}
