/**
 * A progress-biased policy for playing Istanbul through the Discord panel in tests: among the actions the
 * panel offers it picks the one whose greedy completion of the turn leaves the seat best off (rubies far
 * above everything, then lira, goods, extensions, mosque tiles, cards). Deterministic, so a seeded game
 * plays the same way every run, and short: games end in a few dozen rounds.
 */
import { step, type Seat } from '../../src/engine/index.js';
import { istanbul, type IstanbulAction, type IstanbulState } from '../../src/games/istanbul/index.js';
import { placeActionOptions } from '../../src/games/istanbul/rules/legal.js';

const RUBY_PLACES = [1, 13, 14, 15, 16];
const RUBY_ACTIONS = new Set<IstanbulAction['type']>(['wainwright', 'sultan', 'mosque', 'gemstone']);

function steps(s: IstanbulState, from: number, to: number): number {
  const a = s.cellOf[from] as number;
  const b = s.cellOf[to] as number;
  return Math.abs((a % s.width) - (b % s.width)) + Math.abs(Math.floor(a / s.width) - Math.floor(b / s.width));
}

/** Being within reach of a place where a ruby (or its step) can be had now is worth something. */
function potential(s: IstanbulState, seat: Seat): number {
  const p = s.players[seat] as IstanbulState['players'][number];
  let best = Infinity;
  for (const place of RUBY_PLACES) {
    // Acting there needs an assistant to leave, or one of ours waiting there.
    if (p.stack.length === 0 && !(s.assistantsAt[place] ?? []).includes(seat)) continue;
    const options: IstanbulAction[] = [];
    placeActionOptions(s, seat, place, options);
    if (options.some((a) => RUBY_ACTIONS.has(a.type))) best = Math.min(best, steps(s, p.merchant, place));
  }
  if (p.stack.length === 0) best = Math.min(best, steps(s, p.merchant, 7) + 1);
  return best === Infinity ? 0 : -Math.ceil(best / 2) * 25;
}

function value(s: IstanbulState, seat: Seat): number {
  const p = s.players[seat] as IstanbulState['players'][number];
  const goods = p.goods.red + p.goods.green + p.goods.yellow + p.goods.blue;
  return p.rubies * 1000 + p.lira * 4 + goods * 5 + p.extensions * 30 + p.mosqueTiles.length * 80 + p.hand.length * 6 + p.stack.length;
}

const LAST = new Set<IstanbulAction['type']>(['endTurn', 'skipAction', 'fountainDone', 'finish']);

function apply(s: IstanbulState, seat: Seat, a: IstanbulAction): IstanbulState {
  const r = step(istanbul, { state: s, version: 0 }, { seat, action: a });
  if (!r.ok) throw new Error(`policy: ${r.code}`);
  return r.next.state;
}

/** One-step greedy completion of the seat's turn (bounded). */
function finishTurn(s: IstanbulState, seat: Seat, depth: number): IstanbulState {
  let state = s;
  for (let i = 0; i < depth && !istanbul.isOver(state) && istanbul.activeSeats(state).includes(seat); i++) {
    const legal = istanbul.legalActions(state, seat);
    let best = legal[0] as IstanbulAction;
    let bestValue = -Infinity;
    for (const a of legal) {
      if (a.type === 'move' || a.type === 'moveFar') continue;
      const v = value(apply(state, seat, a), seat) - (LAST.has(a.type) ? 2 : 0);
      if (v > bestValue) {
        bestValue = v;
        best = a;
      }
    }
    if (bestValue === -Infinity) return state;
    state = apply(state, seat, best);
  }
  return state;
}

/** The index (into `legal`) the policy picks. */
export function chooseIstanbul(s: IstanbulState, seat: Seat, legal: readonly IstanbulAction[], offered?: ReadonlySet<number>): number {
  let best = -1;
  let bestValue = -Infinity;
  legal.forEach((a, index) => {
    if (offered !== undefined && !offered.has(index)) return;
    const done = finishTurn(apply(s, seat, a), seat, 12);
    const v = value(done, seat) + potential(done, seat) - (LAST.has(a.type) ? 2 : 0) + (a.type === 'move' ? 0.01 * ((a.to * 7 + s.round) % 13) : 0);
    if (v > bestValue) {
      bestValue = v;
      best = index;
    }
  });
  return best;
}
