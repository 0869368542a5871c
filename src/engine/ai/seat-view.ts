/**
 * The only door into a computer player: a seat's view, checked. `SeatView<V>` is a branded type that only
 * `toSeatView` produces, so passing a game state (or an unchecked object) to `decide` does not compile; the
 * run-time check is an allow-list: every game declares the fields of its seat view (`SeatViewRules.fields`,
 * checked against the view's type when it compiles), and any field it does not declare, at any depth and
 * under any name, is refused. A state cast past the type is refused too (its PRNG, its deck and every
 * seat's hand are fields no view declares), and so is a leak under a new name.
 */
import type { Seat } from '../definition.js';

declare const seatViewBrand: unique symbol;

/** A view of one seat that passed `toSeatView`: the brand exists only in the type. */
export type SeatView<V> = V & { readonly [seatViewBrand]: true };

/**
 * The declared fields of a view, as a nested pattern:
 * - `true`: a plain value, a string, number, boolean or null, or a list (of lists) of them; never an object;
 * - `[fields]`: a list (or null) whose items are all `fields`;
 * - `{ key: fields, ... }`: an object (or null) with no key but these (each may be absent).
 */
export type ViewFieldsPattern = true | readonly [ViewFieldsPattern] | { readonly [key: string]: ViewFieldsPattern };

type Plain = string | number | boolean | null | undefined;
type KeysOfUnion<T> = T extends unknown ? keyof T : never;
type ValueOfUnion<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;
/** Only plain values (and lists of them) in `T`. */
type AllPlain<T> = [T] extends [Plain] ? true : [T] extends [readonly (infer U)[]] ? AllPlain<U> : false;

/**
 * The pattern that declares exactly the fields of the type `T`: a game writes `const fields: ViewFields<MySeatView>`,
 * so a field added to the view's type and not declared (or declared and not in the type) does not compile.
 * A union of object types (the kinds of a pending decision) declares every key of every member.
 */
export type ViewFields<T> =
  AllPlain<NonNullable<T>> extends true
    ? true
    : [NonNullable<T>] extends [readonly (infer U)[]]
      ? readonly [ViewFields<U>]
      : { readonly [K in KeysOfUnion<NonNullable<T>>]-?: ViewFields<ValueOfUnion<NonNullable<T>, K>> };

export interface SeatViewRules {
  /** Every field a seat view of this game may have (the seat's own secrets at the top level only). */
  readonly fields: ViewFieldsPattern;
}

export class NotASeatViewError extends Error {
  constructor(reason: string) {
    super(`not a seat view: ${reason}`);
    this.name = 'NotASeatViewError';
  }
}

function checkPlain(value: unknown, path: string): void {
  if (value === null) return;
  if (Array.isArray(value)) {
    value.forEach((item, i) => checkPlain(item, `${path}[${i}]`));
    return;
  }
  const type = typeof value;
  if (type === 'string' || type === 'number' || type === 'boolean') return;
  if (type === 'object') throw new NotASeatViewError(`${path} holds an object where the view declares a plain value`);
  throw new NotASeatViewError(`${path} is a ${type}`);
}

function check(value: unknown, fields: ViewFieldsPattern, path: string): void {
  if (value === null) return;
  if (fields === true) {
    checkPlain(value, path);
    return;
  }
  if (Array.isArray(fields)) {
    if (!Array.isArray(value)) throw new NotASeatViewError(`${path} is not a list`);
    const item = (fields as readonly [ViewFieldsPattern])[0];
    value.forEach((v, i) => check(v, item, `${path}[${i}]`));
    return;
  }
  if (typeof value !== 'object' || Array.isArray(value)) throw new NotASeatViewError(`${path} is not an object`);
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) throw new NotASeatViewError(`${path} is not plain data`);
  const declared = fields as { readonly [key: string]: ViewFieldsPattern };
  for (const key of Object.keys(value)) {
    if (!Object.hasOwn(declared, key)) throw new NotASeatViewError(`${path}.${key} is not a field of the seat view`);
    check((value as Record<string, unknown>)[key], declared[key] as ViewFieldsPattern, `${path}.${key}`);
  }
}

/**
 * Checks that `view` is a seat's view and nothing more (only the fields the game declares, plain data),
 * and brands it; throws NotASeatViewError otherwise.
 */
export function toSeatView<V>(view: V, rules: SeatViewRules): SeatView<V> {
  if (view === null || typeof view !== 'object' || Array.isArray(view)) throw new NotASeatViewError('not an object');
  const seat = (view as { seat?: unknown }).seat;
  if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 0) throw new NotASeatViewError('it names no seat (a public view or a state?)');
  check(view, rules.fields, 'view');
  return view as SeatView<V>;
}

export function seatOfView(view: SeatView<unknown>): Seat {
  return (view as unknown as { seat: Seat }).seat;
}
