/**
 * The run-time check of a seat view is an allow-list: each game declares the fields of its seat view, and
 * a view with any other field is refused, under any name and at any depth. Every seat's real view, in every
 * state fuzzed games of all three games reach (the game over included), passes.
 */
import { describe, expect, it } from 'vitest';
import { NotASeatViewError, toSeatView, type GamePolicy, type ViewFieldsPattern } from '../../src/engine/ai/index.js';
import { randomInt, seedRng, type AnyGameDefinition, type Seat } from '../../src/engine/index.js';
import { playout, uniformPolicy } from '../harness/playout.js';
import { biasedPolicy } from '../games/istanbul/policy.js';
import { expansionPolicy } from '../games/istanbul/expansion/policy.js';
import { setupFor, type GameVariant } from '../bench/ai-match.js';

const FUZZ_POLICY = { istanbul: biasedPolicy, 'istanbul-ls': expansionPolicy, kairo: uniformPolicy } as const;

/** Every seat's view of every `every`-th state of a fuzzed game, and of its final state. */
function fuzzedViews(variant: GameVariant, players: number, seed: string, every = 1): { views: unknown[]; policy: GamePolicy<unknown, unknown, unknown> } {
  const { def, policy, options } = setupFor(variant, players) as { def: AnyGameDefinition; policy: GamePolicy<unknown, unknown, unknown>; options: unknown };
  const views: unknown[] = [];
  let step = 0;
  const all = (state: unknown): void => {
    for (let seat = 0; seat < players; seat++) views.push(def.view(state, seat));
  };
  const result = playout({
    def,
    options,
    seed,
    maxSteps: 20_000,
    checkReplay: false,
    policy: (state, seat, legal, rng) => {
      if (step++ % every === 0) all(state);
      return (FUZZ_POLICY[variant] as (s: unknown, seat: Seat, legal: readonly unknown[], rng: unknown) => unknown)(state, seat, legal, rng);
    },
  });
  expect(def.isOver(result.final.state)).toBe(true);
  all(result.final.state);
  return { views, policy };
}

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

describe('seat views are checked against the fields each game declares', () => {
  it.each([
    ['istanbul', 2, 'fields-i2'],
    ['istanbul', 5, 'fields-i5'],
    ['istanbul-ls', 3, 'fields-ls3'],
    ['istanbul-ls', 5, 'fields-ls5'],
    ['kairo', 2, 'fields-k2'],
    ['kairo', 4, 'fields-k4'],
  ] as const)("%s with %i players: every seat's real view passes, in every state of a fuzzed game", (variant, players, seed) => {
    const { views, policy } = fuzzedViews(variant, players, seed);
    expect(views.length).toBeGreaterThan(100);
    for (const view of views) toSeatView(view, policy.viewRules);
  });

  it.each([
    ['istanbul', 3, 'leak-i'],
    ['istanbul-ls', 4, 'leak-ls'],
    ['kairo', 3, 'leak-k'],
  ] as const)('%s: a field added anywhere, under any name, is refused', (variant, players, seed) => {
    const { views, policy } = fuzzedViews(variant, players, seed, 25);
    const rng = seedRng(`names:${seed}`);
    // A name nobody declared, and a name the game declares elsewhere only (the own hand and coins, a deck
    // count): names declared for the object itself (another kind of pending decision's) are its own.
    const declaredNames = [...new Set(objectsIn(views[0], policy.viewRules.fields).flatMap((o) => o.declared))];
    let checked = 0;
    // Views early, in the middle and at the end of the game.
    for (const view of [views[1], views[Math.floor(views.length / 2)], views.at(-1)]) {
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
    expect(checked).toBeGreaterThan(300);
  });

  it.each([
    ['istanbul', 3, 'shape-i'],
    ['kairo', 3, 'shape-k'],
  ] as const)('%s: an object where the view declares a plain value or a list is refused', (variant, players, seed) => {
    const { views, policy } = fuzzedViews(variant, players, seed, 50);
    const view = views[Math.floor(views.length / 2)] as Record<string, unknown>;
    for (const key of Object.keys(view)) {
      const value = view[key];
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) continue;
      expect(() => toSeatView({ ...view, [key]: { hidden: 1 } }, policy.viewRules), key).toThrow(NotASeatViewError);
    }
    expect(() => toSeatView({ ...view, hand: [{ ...Object(view.hand)[0], deck: ['a'] }] }, policy.viewRules)).toThrow(NotASeatViewError);
  });
});
