/**
 * What a seat sees: its view holds its own secrets and nobody else's, the public view none, no view the
 * PRNG; and a computer player's door (toSeatView) lets every real seat view of a game through and refuses
 * any field the game did not declare, under any name and at any depth.
 */
import { describe, expect, it } from 'vitest';
import { NotASeatViewError, toSeatView, type ViewFieldsPattern } from '../../src/engine/ai/index.js';
import { randomInt, seedRng, type Seat } from '../../src/engine/index.js';
import { jsonProblem } from '../harness/playout.js';
import { FULLEST_TABLES, SPREAD_TABLES, TABLES, playedGame, prngStatesIn, sampledStates, type Table } from './games.js';

/** States sampled from the table's seeded game. */
const SAMPLES = 12;

function seatsOf(table: Table): Seat[] {
  return [...Array(table.players).keys()];
}

describe.each(TABLES.map((table) => [table.name, table] as const))('%s', (_name, table) => {
  const { def, fixture } = table.game;

  it("a seat's view never holds another seat's hidden state, and the public view nobody's", () => {
    const game = playedGame(table);
    const rng = seedRng(`secrets:${table.name}`);
    let changed = 0;
    let ownSeen = 0;
    for (const { index, state } of sampledStates(game, SAMPLES)) {
      // The game's own checks first (what its fuzzers scan).
      fixture.checkViews?.(state);
      for (const holder of seatsOf(table)) {
        const other = fixture.changeSecrets?.(state, holder, rng) ?? null;
        if (other === null) continue;
        changed++;
        for (const viewer of [null, ...seatsOf(table).filter((s) => s !== holder)]) {
          expect(def.view(other, viewer), `state ${index}: seat ${holder}'s secrets in the view of ${viewer ?? 'the table'}`).toEqual(def.view(state, viewer));
        }
        // The secret is the holder's own: its view shows it.
        if (JSON.stringify(def.view(other, holder)) !== JSON.stringify(def.view(state, holder))) ownSeen++;
      }
    }
    if (fixture.changeSecrets !== null) {
      expect(changed, 'states where a seat holds a secret').toBeGreaterThan(0);
      expect(ownSeen).toBe(changed);
    }
  });

  it('every view is plain data and none holds the PRNG', () => {
    const game = playedGame(table);
    for (const { index, state } of sampledStates(game, SAMPLES)) {
      const prng = prngStatesIn(state).map((rng) => JSON.stringify(rng.s));
      for (const viewer of [null, ...seatsOf(table)]) {
        const view = def.view(state, viewer);
        expect(jsonProblem(view, new WeakSet(), 'view'), `state ${index}, view of ${viewer ?? 'the table'}`).toBeNull();
        const text = JSON.stringify(view);
        for (const s of prng) expect(text.includes(s), `state ${index}: the PRNG in the view of ${viewer ?? 'the table'}`).toBe(false);
      }
    }
  });
});

/** Every object in `value` (itself included), with its path and the names declared for it. */
function objectsIn(value: unknown, fields: ViewFieldsPattern = true, path = 'view'): { path: string; object: Record<string, unknown>; declared: string[] }[] {
  if (value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => objectsIn(v, Array.isArray(fields) ? (fields as [ViewFieldsPattern])[0] : fields, `${path}[${i}]`));
  const object = value as Record<string, unknown>;
  const declared = fields === true || Array.isArray(fields) ? {} : (fields as Record<string, ViewFieldsPattern>);
  return [{ path, object, declared: Object.keys(declared) }, ...Object.entries(object).flatMap(([k, v]) => objectsIn(v, declared[k] ?? true, `${path}.${k}`))];
}

/** A deep copy of `view` with `change` applied to the object at the `index`-th place of `objectsIn`. */
function changedAt(view: unknown, index: number, change: (object: Record<string, unknown>) => void): unknown {
  const copy = structuredClone(view);
  change((objectsIn(copy)[index] as { object: Record<string, unknown> }).object);
  return copy;
}

/** Every seat's view of the states at `indices` of the table's seeded game (default: all, the game over included). */
function seatViews(table: Table, indices?: readonly number[]): unknown[] {
  const { states } = playedGame(table);
  const chosen = indices === undefined ? states : indices.map((i) => states[Math.min(Math.max(0, i), states.length - 1)]);
  return chosen.flatMap((state) => seatsOf(table).map((seat) => table.game.def.view(state, seat)));
}

const withPolicy = (table: Table): boolean => table.game.plugin.policy !== undefined;

describe.each(SPREAD_TABLES.filter(withPolicy).map((table) => [table.name, table] as const))('%s: the computer player sees seat views only', (_name, table) => {
  it("every seat's real view passes the fields the game declares, in every state of a seeded game", () => {
    const views = seatViews(table);
    expect(views.length).toBeGreaterThan(100);
    for (const view of views) toSeatView(view, table.game.plugin.policy!.viewRules);
  });
});

describe.each(FULLEST_TABLES.filter(withPolicy).map((table) => [table.name, table] as const))('%s: the seat view is an allow-list', (_name, table) => {
  const policy = table.game.plugin.policy!;

  it('a field added anywhere, under any name, is refused', () => {
    const length = playedGame(table).states.length;
    const rng = seedRng(`names:${table.name}`);
    // A name nobody declared, and a name the game declares elsewhere only (the own hand and coins, a deck
    // count): names declared for the object itself (another kind of pending decision's) are its own.
    const declaredNames = [...new Set(objectsIn(seatViews(table, [0])[0], policy.viewRules.fields).flatMap((o) => o.declared))];
    // A view early, in the middle and at the end of the game.
    const views = [seatViews(table, [0])[1], seatViews(table, [Math.floor(length / 2)])[0], seatViews(table, [length - 1]).at(-1)];
    let checked = 0;
    for (const view of views) {
      const objects = objectsIn(view, policy.viewRules.fields);
      objects.forEach((target, index) => {
        const elsewhere = declaredNames.filter((name) => !target.declared.includes(name));
        const names = [`leak${randomInt(rng, 1_000_000)}`, elsewhere[randomInt(rng, elsewhere.length)] as string];
        for (const name of names) {
          const value = [['x'], 7, { seed: 'game-seed' }, null][randomInt(rng, 4)];
          const leaky = changedAt(view, index, (o) => {
            o[name] = value;
          });
          expect(() => toSeatView(leaky, policy.viewRules), `${target.path}.${name}`).toThrow(NotASeatViewError);
          checked++;
        }
      });
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('an object where the view declares a plain value or a list is refused', () => {
    const view = seatViews(table, [Math.floor(playedGame(table).states.length / 2)])[0] as Record<string, unknown>;
    let checked = 0;
    for (const key of Object.keys(view)) {
      const value = view[key];
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) continue;
      expect(() => toSeatView({ ...view, [key]: { hidden: 1 } }, policy.viewRules), key).toThrow(NotASeatViewError);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
    expect(() => toSeatView({ ...view, hand: [{ ...Object(view.hand)[0], deck: ['a'] }] }, policy.viewRules)).toThrow(NotASeatViewError);
  });
});
