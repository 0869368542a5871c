/**
 * The games the conformance suite runs over: every game of the bot's registry, plus the games only the
 * tests host (Tally), each with the fixture its test folder contributes (test/games/<game>/conformance.ts).
 * A game's tables (every seat count, with each expansion, the layouts and variants taken in turn) and their
 * seeded playouts are built here once, for every promise of the suite.
 */
import fs from 'node:fs';
import { BUILT_IN_GAMES } from '../../src/games/index.js';
import { gameRegistry } from '../../src/games/registry.js';
import type { GameModule, GamePlugin, LobbySettings } from '../../src/games/contract.js';
import { randomInt, seedRng, type AnyGameDefinition, type GameEvent, type RngState, type Seat } from '../../src/engine/index.js';
import { playout, uniformPolicy } from '../harness/playout.js';
import type { ConformanceFixture } from './fixture.js';

const GAMES_FOLDER = new URL('../games/', import.meta.url);

/** Every fixture under test/games/<game>/conformance.ts. */
async function loadFixtures(): Promise<ConformanceFixture[]> {
  const folders = fs.readdirSync(GAMES_FOLDER, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const found = folders.filter((folder) => fs.existsSync(new URL(`${folder.name}/conformance.ts`, GAMES_FOLDER)));
  const modules = await Promise.all(found.map(async (folder) => (await import(new URL(`${folder.name}/conformance.ts`, GAMES_FOLDER).href)) as { conformance: ConformanceFixture }));
  return modules.map((module) => module.conformance);
}

export const FIXTURES: readonly ConformanceFixture[] = await loadFixtures();

/** The built-in games and the tests' own: the registry the suite runs over. */
export const CONFORMANCE_GAMES = gameRegistry([...BUILT_IN_GAMES, ...FIXTURES.flatMap((fixture) => (fixture.plugin === undefined ? [] : [fixture.plugin]))]);

export interface ConformanceGame {
  readonly id: string;
  readonly plugin: GamePlugin;
  readonly module: GameModule;
  readonly def: AnyGameDefinition;
  readonly fixture: ConformanceFixture;
}

/** Every registered game with its fixture; a game without one fails here, naming the file it lacks. */
export const GAMES_UNDER_TEST: readonly ConformanceGame[] = CONFORMANCE_GAMES.plugins.map((plugin) => {
  const fixture = FIXTURES.find((f) => f.game === plugin.id);
  if (fixture === undefined) throw new Error(`the game ${plugin.id} has no conformance fixture (test/games/${plugin.id}/conformance.ts)`);
  return { id: plugin.id, plugin, module: plugin.module, def: plugin.module.definition, fixture };
});

/** A lobby as a host could set it up, and the rules' options it makes. */
export interface Table {
  readonly game: ConformanceGame;
  readonly players: number;
  readonly settings: LobbySettings;
  readonly options: unknown;
  /** "kairo, 3 players, layout quick" */
  readonly name: string;
}

/**
 * Every seat count the rules allow, without an expansion and with each one; the layouts and variants the
 * lobby offers are taken in turn, so each is played somewhere.
 */
export function tablesOf(game: ConformanceGame): Table[] {
  const { module, def } = game;
  const tables: Table[] = [];
  for (const expansion of [null, ...(module.expansions ?? []).map((e) => e.value)]) {
    const layouts = module.layoutsFor?.(expansion) ?? module.layouts;
    for (let players = def.players.min; players <= def.players.max; players++) {
      const turn = players - def.players.min;
      // The layout and variant whose turn it is, or the next the rules take at this seat count (Istanbul's
      // neutral assistants are for 2 to 4 players).
      const candidates = inTurn(layouts, turn).flatMap((layout) => inTurn(module.variants, turn).map((variant): LobbySettings => ({ capacity: players, layout, variant, expansion })));
      const accepted = candidates.map((settings) => ({ settings, parsed: def.parseOptions(module.buildOptions(settings, players)) })).find((c) => c.parsed.ok);
      if (accepted === undefined || !accepted.parsed.ok) throw new Error(`${game.id} refuses every lobby of ${players} players${expansion === null ? '' : ` with ${expansion}`}`);
      const { settings, parsed } = accepted;
      const words = [`${players} players`, expansion, settings.layout === null ? null : `layout ${settings.layout}`, settings.variant === null ? null : `variant ${settings.variant}`];
      tables.push({ game, players, settings, options: parsed.options, name: [game.id, ...words.filter((w) => w !== null)].join(', ') });
    }
  }
  return tables;
}

/** The choices' values starting at the `turn`-th, in turn (none: null). */
function inTurn(choices: readonly { readonly value: string }[], turn: number): (string | null)[] {
  if (choices.length === 0) return [null];
  return choices.map((_, i) => (choices[(turn + i) % choices.length] as { value: string }).value);
}

/** Every registered game's tables. */
export const TABLES: readonly Table[] = GAMES_UNDER_TEST.flatMap(tablesOf);

/** Each game's tables at its most seats (with each expansion): the fullest boards, the most objects in a view. */
export const FULLEST_TABLES: readonly Table[] = TABLES.filter((table) => !TABLES.some((t) => t.game === table.game && t.settings.expansion === table.settings.expansion && t.players > table.players));

/**
 * A spread of each game's tables for the costlier promises: its fewest and its most seats, and its fewest
 * with each expansion.
 */
export const SPREAD_TABLES: readonly Table[] = TABLES.filter(
  (table) => table.players === table.game.def.players.min || (table.settings.expansion === null && table.players === table.game.def.players.max),
);

/** A seeded game played to its end: each state, who acted there, what they did, and what it told. */
export interface PlayedGame {
  readonly table: Table;
  readonly seed: string;
  /** The states from the setup to the end, in order. */
  readonly states: readonly unknown[];
  /** Per state but the last: the seat that acted, its action and the events it caused. */
  readonly steps: readonly { readonly seat: Seat; readonly action: unknown; readonly events: readonly GameEvent[] }[];
}

const played = new Map<string, PlayedGame>();

/** The table's game played to the end from `seed` (through the playout harness's checks), kept for the next promise. */
export function playedGame(table: Table, seed = `conformance:${table.name}`): PlayedGame {
  const known = played.get(`${table.name}|${seed}`);
  if (known !== undefined) return known;
  const states: unknown[] = [];
  const steps: { seat: Seat; action: unknown; events: readonly GameEvent[] }[] = [];
  playout({
    def: table.game.def,
    options: table.options,
    seed,
    maxSteps: table.game.fixture.maxActions,
    policy: table.game.fixture.playoutPolicy ?? uniformPolicy,
    invariants: (state, context) => {
      if (context.lastAction !== null) steps.push({ seat: context.lastAction.seat, action: context.lastAction.action, events: context.events });
      states.push(state);
    },
  });
  const game = { table, seed, states, steps };
  played.set(`${table.name}|${seed}`, game);
  return game;
}

/**
 * The first decision of the table's seeded game from its `from`-th on where `accept` holds for the state and
 * the deciding seat (with a choice of at least two actions).
 */
export function decisionOf(table: Table, from: number, accept: (state: unknown, seat: Seat, legal: readonly unknown[]) => boolean = () => true): { readonly state: unknown; readonly seat: Seat } {
  const game = playedGame(table);
  for (let index = from; index < game.steps.length; index++) {
    const state = game.states[index];
    const { seat } = game.steps[index]!;
    const legal = table.game.def.legalActions(state, seat) as readonly unknown[];
    if (legal.length >= 2 && accept(state, seat, legal)) return { state, seat };
  }
  throw new Error(`no accepted decision in ${table.name} after ${from}`);
}

/** `count` states spread evenly over a played game, its first and its last among them. */
export function sampledStates(game: PlayedGame, count: number): { readonly index: number; readonly state: unknown }[] {
  const last = game.states.length - 1;
  const indices = [...new Set(Array.from({ length: count }, (_, i) => Math.round((i * last) / Math.max(1, count - 1))))];
  return indices.map((index) => ({ index, state: game.states[index] }));
}

/** Whether `value` is a PRNG state of the engine (`{ s: [4 numbers] }`). */
function isPrng(value: unknown): value is RngState {
  const s = (value as { s?: unknown } | null)?.s;
  return Array.isArray(s) && s.length === 4 && s.every((n) => typeof n === 'number');
}

/** Every PRNG state anywhere in `value`. */
export function prngStatesIn(value: unknown, out: RngState[] = []): RngState[] {
  if (value === null || typeof value !== 'object') return out;
  if (isPrng(value)) out.push(value);
  for (const v of Object.values(value)) prngStatesIn(v, out);
  return out;
}

/** A copy of `state` whose PRNG states are all drawn afresh from `seed`. */
export function withOtherPrng<S>(state: S, seed: string): S {
  const rng = seedRng(seed);
  const swap = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object') return value;
    if (isPrng(value)) return { ...value, s: [randomInt(rng, 2 ** 30), randomInt(rng, 2 ** 30), randomInt(rng, 2 ** 30), randomInt(rng, 2 ** 30)] };
    if (Array.isArray(value)) return value.map(swap);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swap(v)]));
  };
  return swap(state) as S;
}
