/**
 * Extending a stall: its coins (of the stall's colour, then 2 of another colour for each 1 owed), the
 * extension's points, the medals it wins and whether it starts the final phase.
 */
import type { Seat } from '../../../engine/index.js';
import * as boardDataModule from '../data/board.js';
import * as geometryModule from '../data/geometry.js';
import type { FieldId } from '../data/geometry.js';
import type { BuildPending, KairoActionOf, KairoPlayer, KairoStall, KairoState } from '../types.js';
import * as draftModule from './draft.js';
import type { Draft } from './draft.js';
import * as helpersModule from './helpers.js';
import * as turnModule from './turn.js';

// Module bindings copied once: the dev/test transform turns every imported binding access into a getter call.
const { COLOURS, MEDAL_POINTS, OTHER_COLOUR_RATE } = boardDataModule;
const { fieldLabel } = geometryModule;
const { writableStalls } = draftModule;
const { event, nextPayColour, player, stallOf, stallSize } = helpersModule;
const { endTurn } = turnModule;

/** Coins of the stall's colour; what is left is owed in other colours, two for one. */
export function payStall(draft: Draft, action: KairoActionOf<'payStall'>): void {
  const s = draft.state;
  const p = s.players[s.seat] as KairoPlayer;
  const b = s.pending as BuildPending;
  p.coins[b.colour] -= action.count;
  b.paidStall = action.count;
  b.owedOther = OTHER_COLOUR_RATE * (b.cost - action.count);
  if (b.owedOther === 0) {
    completeExtension(draft, b);
  } else {
    b.step = 'payOther';
    b.payColour = nextPayColour(p.coins, b.colour, null);
  }
}

/** Coins of one other colour, the colours asked in colour order until nothing is owed. */
export function payOther(draft: Draft, action: KairoActionOf<'payOther'>): void {
  const s = draft.state;
  const p = s.players[s.seat] as KairoPlayer;
  const b = s.pending as BuildPending;
  p.coins[action.colour] -= action.count;
  b.owedOther -= action.count;
  if (action.count > 0) b.paidOther[action.colour] = (b.paidOther[action.colour] ?? 0) + action.count;
  if (b.owedOther === 0) completeExtension(draft, b);
  else b.payColour = nextPayColour(p.coins, b.colour, action.colour);
}

function completeExtension(draft: Draft, b: BuildPending): void {
  const s = draft.state;
  const seat = s.seat;
  const p = s.players[seat] as KairoPlayer;
  const index = stallOf(s, seat, b.colour);
  const stall = writableStalls(draft)[index] as KairoStall;
  const field = b.field as FieldId;
  stall.ext.push(field);
  s.extensions[b.colour] -= 1;
  const size = stallSize(stall);
  p.score += size;
  draft.events?.push(event(`kairo.event.extend.${b.colour}`, { player: player(seat), field: fieldLabel(field), size, points: size }, seat));
  for (const c of COLOURS) {
    const count = c === b.colour ? b.paidStall : (b.paidOther[c] ?? 0);
    if (count > 0) draft.events?.push(event(`kairo.event.pay.${c}`, { player: player(seat), count }, seat));
  }
  awardMedals(draft, index);
  if (s.phase === 'play' && finalPhaseTriggered(s)) {
    s.phase = 'final';
    draft.events?.push(event('kairo.event.finalPhase', {}));
  }
  endTurn(draft);
}

/**
 * Medals after an extension of stall `index`: alone with the biggest stall of its colour -> gold and
 * silver (the first extension of a colour is always alone); tying the biggest -> the silver. Only
 * medals gained now score their printed points.
 */
export function awardMedals(draft: Draft, index: number): void {
  const s = draft.state;
  const stall = s.stalls[index] as KairoStall;
  const seat = stall.owner as Seat;
  const p = s.players[seat] as KairoPlayer;
  const size = stallSize(stall);
  let biggestOther = 0;
  s.stalls.forEach((other, i) => {
    if (i !== index && other.colour === stall.colour) biggestOther = Math.max(biggestOther, stallSize(other));
  });
  const medal = s.medals[stall.colour];
  const gained: ('gold' | 'silver')[] = [];
  if (size > biggestOther) {
    if (medal.gold !== seat) gained.push('gold');
    if (medal.silver !== seat) gained.push('silver');
  } else if (size === biggestOther && medal.gold !== seat && medal.silver !== seat) {
    gained.push('silver');
  }
  for (const kind of gained) {
    const from = medal[kind];
    medal[kind] = seat;
    p.score += MEDAL_POINTS[kind];
    draft.events?.push(
      event(
        `kairo.event.medal.${kind}.${stall.colour}`,
        { player: player(seat), points: MEDAL_POINTS[kind], from: from === null ? 0 : player(from) },
        seat,
      ),
    );
  }
}

/** After an extension: the last extension of a colour is placed, or two colours have 1 left each. */
export function finalPhaseTriggered(s: KairoState): boolean {
  let ones = 0;
  for (const c of COLOURS) {
    if (s.extensions[c] === 0) return true;
    if (s.extensions[c] === 1) ones++;
  }
  return ones >= 2;
}
