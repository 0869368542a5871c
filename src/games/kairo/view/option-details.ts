/**
 * What a decision costs and gives, for the deciding seat's own panel: where a customer goes and who earns
 * what (leading ends the turn at once when only one entrance is open to it), and what an extension's payment
 * still owes. Read-only over the state; only what that seat may see (the open board, its own coins).
 *
 * Colours are part of the keys (translations decline them); players are {player} (seat + 1).
 */
import type { Message, Seat } from '../../../engine/index.js';
import * as boardDataModule from '../data/board.js';
import type { Colour } from '../data/board.js';
import * as boardModule from '../rules/board.js';
import * as geometryModule from '../data/geometry.js';
import * as leadModule from '../rules/lead-targets.js';
import type { LeadTarget } from '../rules/board.js';
import * as rulesModule from '../rules/index.js';
import type { BuildPending, KairoAction, KairoPlayer, KairoStall, KairoState } from '../types.js';

// Module bindings copied once: the dev/test transform turns every imported binding access into a getter call.
const { OTHER_COLOUR_RATE } = boardDataModule;
const { occupancy } = boardModule;
const { fieldLabel, step: stepField } = geometryModule;
const { leadTargets } = leadModule;
const { stallSize } = rulesModule;

/** Who earns what when the customer reaches `target`. */
function income(state: KairoState, seat: Seat, target: LeadTarget): Message[] {
  const stall = state.stalls[target.stall] as KairoStall;
  const size = stallSize(stall);
  if (stall.owner === seat) return [{ key: `kairo.detail.income.${stall.colour}`, params: { amount: size } }];
  const parts: Message[] = [{ key: `kairo.detail.income.${stall.colour}`, params: { amount: 1 } }];
  if (stall.owner !== 'neutral') parts.push({ key: `kairo.detail.ownerIncome.${stall.colour}`, params: { amount: size, player: stall.owner + 1 } });
  return parts;
}

function targetDetails(state: KairoState, seat: Seat, target: LeadTarget): Message[] {
  const parts: Message[] = [
    { key: 'kairo.detail.to', params: { field: fieldLabel(target.field) } },
    { key: 'kairo.detail.distance', params: { distance: target.distance } },
  ];
  if (target.criers > 0) parts.push({ key: 'kairo.detail.criers', params: { criers: target.criers } });
  return [...parts, ...income(state, seat, target), { key: 'kairo.detail.turnEnds' }];
}

/** What is still owed in other colours after paying `count` now. */
function owedAfter(owed: number): Message {
  return owed === 0 ? { key: 'kairo.detail.paid' } : { key: 'kairo.detail.owed', params: { owed } };
}

export function kairoOptionDetails(state: KairoState, seat: Seat, actions: readonly KairoAction[]): Message[][] {
  const p = state.players[seat] as KairoPlayer;
  let occ: ReturnType<typeof occupancy> | null = null;
  const targets = (colour: Colour): readonly LeadTarget[] => {
    occ ??= occupancy(state);
    return leadTargets(state, occ, colour).filter((t) => t.criers <= p.criers);
  };
  const pending = state.pending;
  return actions.map((a): Message[] => {
    switch (a.t) {
      case 'lead': {
        const open = targets(a.colour);
        if (open.length === 1) return targetDetails(state, seat, open[0] as LeadTarget);
        return [{ key: 'kairo.detail.choices', params: { count: open.length } }];
      }
      case 'target': {
        if (pending.k !== 'lead') return [];
        const target = targets(pending.colour).find((t) => t.field === a.field);
        return target === undefined ? [] : targetDetails(state, seat, target);
      }
      case 'entrance': {
        // Where the entrance lands, by the picture's column letter and row number.
        const at = pending.k === 'build' && pending.field !== null ? stepField(pending.field, a.dir) : null;
        return at === null ? [] : [{ key: 'kairo.detail.entranceAt', params: { field: fieldLabel(at) } }];
      }
      case 'payStall': {
        const b = pending as BuildPending;
        return [owedAfter(OTHER_COLOUR_RATE * (b.cost - a.count))];
      }
      case 'payOther': {
        const b = pending as BuildPending;
        return [owedAfter(b.owedOther - a.count)];
      }
      default:
        return [];
    }
  });
}

/** For the seat deciding now: an extension's payment so far and what it still owes. */
export function kairoDecisionNotes(state: KairoState, seat: Seat): Message[] {
  const b = state.pending;
  if (state.seat !== seat || state.phase === 'over' || b.k !== 'build' || b.step !== 'payOther') return [];
  const other = Object.values(b.paidOther).reduce((sum, n) => sum + (n ?? 0), 0);
  return [{ key: `kairo.note.payOther.${b.colour}`, params: { paid: b.paidStall, other, owed: b.owedOther } }];
}
