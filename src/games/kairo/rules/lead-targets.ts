/**
 * Leading a customer: it goes to the nearest free entrance of its colour by the shortest orthogonal path
 * over passable fields (never through the restaurant or a stall tile; empty fields, customers and
 * entrances may be crossed). Among equally near entrances the player chooses. Each crier card played
 * skips one nearer free entrance, so an entrance costs as many criers as there are free entrances of the
 * colour strictly nearer than it.
 */
import type { Colour } from '../data/board.js';
import * as boardModule from './board.js';
import type { LeadTarget, Occupancy } from './board.js';
import type { FieldId } from '../data/geometry.js';
import type { KairoState } from '../types.js';

// Module bindings copied once: the dev/test transform turns every imported binding access into a getter call.
const { walkFrom } = boardModule;

/**
 * Every free, reachable entrance of the customer's colour, nearest first (ties by field id). `occ` must
 * be the board of `state` (the result is kept with it).
 */
export function leadTargets(state: KairoState, occ: Occupancy, colour: Colour): readonly LeadTarget[] {
  // Most boards are never asked (a look ahead's board after a build): the map is made on the first question.
  occ.leads ??= new Map();
  let targets = occ.leads.get(colour);
  if (targets === undefined) {
    targets = findTargets(state, occ, colour);
    occ.leads.set(colour, targets);
  }
  return targets;
}

function findTargets(state: KairoState, occ: Occupancy, colour: Colour): LeadTarget[] {
  const from = state.customers[colour];
  if (from === null) return [];
  // Free entrances of the colour: field -> stall index.
  const wanted = new Map<FieldId, number>();
  state.stalls.forEach((stall, index) => {
    if (stall.colour === colour && index !== occ.excluded && occ.customer[stall.entrance] === -1) wanted.set(stall.entrance, index);
  });
  const found: { field: FieldId; stall: number; distance: number }[] = [];
  if (wanted.size === 0) return [];
  walkFrom(occ, from, (field, steps) => {
    const stall = wanted.get(field);
    if (stall !== undefined) found.push({ field, stall, distance: steps });
  });
  found.sort((a, b) => a.distance - b.distance || a.field - b.field);
  return found.map((t) => ({ ...t, criers: found.filter((o) => o.distance < t.distance).length }));
}
