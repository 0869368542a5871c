/**
 * Leading a customer: the colour chosen at the turn's choice, then its target entrance (lead-targets.ts
 * finds them); the customers swap, and the stall's owner and the player who led it earn coins.
 */
import * as boardDataModule from '../data/board.js';
import type { Colour } from '../data/board.js';
import * as geometryModule from '../data/geometry.js';
import type { FieldId } from '../data/geometry.js';
import type { KairoActionOf, KairoPlayer, KairoStall } from '../types.js';
import * as boardModule from './board.js';
import type { LeadTarget } from './board.js';
import * as draftModule from './draft.js';
import type { Draft } from './draft.js';
import * as helpersModule from './helpers.js';
import * as leadTargetsModule from './lead-targets.js';
import * as turnModule from './turn.js';

// Module bindings copied once: the dev/test transform turns every imported binding access into a getter call.
const { COLOURS } = boardDataModule;
const { fieldLabel } = geometryModule;
const { occupancy } = boardModule;
const { writableCustomers } = draftModule;
const { event, player, stallSize } = helpersModule;
const { leadTargets } = leadTargetsModule;
const { endTurn } = turnModule;

/** The turn's choice to lead a customer of `colour`: its target entrance follows. */
export function startLead(draft: Draft, action: KairoActionOf<'lead'>): void {
  draft.state.pending = { k: 'lead', colour: action.colour };
}

export function leadTo(draft: Draft, action: KairoActionOf<'target'>): void {
  completeLead(draft, (draft.state.pending as { colour: Colour }).colour, action.field);
}

function completeLead(draft: Draft, colour: Colour, field: FieldId): void {
  const s = draft.state;
  const seat = s.seat;
  const p = s.players[seat] as KairoPlayer;
  const occ = occupancy(s);
  const target = leadTargets(s, occ, colour).find((t) => t.field === field) as LeadTarget;
  const stall = s.stalls[target.stall] as KairoStall;
  if (target.criers > 0) {
    p.criers -= target.criers;
    s.criers += target.criers;
  }
  // The swap: the led customer leaves the board, the waiting one takes its place at the entrance.
  const waiting = COLOURS.find((c) => s.customers[c] === null) as Colour;
  const customers = writableCustomers(draft);
  customers[colour] = null;
  customers[waiting] = field;
  const size = stallSize(stall);
  const params = { player: player(seat), field: fieldLabel(field), criers: target.criers, distance: target.distance };
  draft.events?.push(event(`kairo.event.lead.${colour}`, params, seat));
  draft.events?.push(event(`kairo.event.swap.${waiting}`, { field: fieldLabel(field) }));
  if (stall.owner === seat) {
    p.coins[stall.colour] += size;
    draft.events?.push(event(`kairo.event.income.${stall.colour}`, { player: player(seat), coins: size }, seat));
  } else {
    p.coins[stall.colour] += 1;
    draft.events?.push(event(`kairo.event.income.${stall.colour}`, { player: player(seat), coins: 1 }, seat));
    if (stall.owner !== 'neutral') {
      const owner = s.players[stall.owner] as KairoPlayer;
      owner.coins[stall.colour] += size;
      draft.events?.push(event(`kairo.event.income.${stall.colour}`, { player: player(stall.owner), coins: size }, stall.owner));
    }
  }
  endTurn(draft);
}
