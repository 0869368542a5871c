/**
 * The only door into a computer player: a seat's view, checked. `SeatView<V>` is a branded type that only
 * `toSeatView` produces, so passing a game state (or an unchecked object) to `decide` does not compile; the
 * run-time check refuses anything that carries what the seat may not see (the PRNG, a draw pile's order,
 * another seat's hand), so a state cast past the type is refused too.
 */
import type { Seat } from '../definition.js';

declare const seatViewBrand: unique symbol;

/** A view of one seat that passed `toSeatView`: the brand exists only in the type. */
export type SeatView<V> = V & { readonly [seatViewBrand]: true };

export interface SeatViewRules {
  /** Keys that may appear nowhere in a seat view (the game's hidden piles). `rng` and `deck` always are. */
  readonly hiddenKeys: readonly string[];
  /** Keys allowed only at the top level: the seat's own secrets (its hand, its coins). */
  readonly ownOnlyKeys: readonly string[];
}

export class NotASeatViewError extends Error {
  constructor(reason: string) {
    super(`not a seat view: ${reason}`);
    this.name = 'NotASeatViewError';
  }
}

const ALWAYS_HIDDEN = ['rng', 'deck'];

function walk(value: unknown, path: string, depth: number, hidden: ReadonlySet<string>, ownOnly: ReadonlySet<string>): void {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') throw new NotASeatViewError(`${path} is a ${typeof value}`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => walk(item, `${path}[${i}]`, depth + 1, hidden, ownOnly));
    return;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) throw new NotASeatViewError(`${path} is not plain data`);
  for (const key of Object.keys(value)) {
    if (hidden.has(key)) throw new NotASeatViewError(`${path}.${key} is hidden information`);
    if (depth > 0 && ownOnly.has(key)) throw new NotASeatViewError(`${path}.${key} is another seat's secret`);
    walk((value as Record<string, unknown>)[key], `${path}.${key}`, depth + 1, hidden, ownOnly);
  }
}

/** Checks that `view` is a seat's view and nothing more, and brands it; throws NotASeatViewError otherwise. */
export function toSeatView<V>(view: V, rules: SeatViewRules): SeatView<V> {
  if (view === null || typeof view !== 'object' || Array.isArray(view)) throw new NotASeatViewError('not an object');
  const seat = (view as { seat?: unknown }).seat;
  if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 0) throw new NotASeatViewError('it names no seat (a public view or a state?)');
  walk(view, 'view', 0, new Set([...ALWAYS_HIDDEN, ...rules.hiddenKeys]), new Set(rules.ownOnlyKeys));
  return view as SeatView<V>;
}

export function seatOfView(view: SeatView<unknown>): Seat {
  return (view as unknown as { seat: Seat }).seat;
}
