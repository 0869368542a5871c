/**
 * The board as the rules see it, derived from a state: which field holds a stall tile, an entrance or a
 * customer; which fields are free; where customers may walk; and whether all customers and entrances are
 * connected. Derived data only: the state keeps stalls and customers as plain lists.
 */
import * as boardDataModule from '../data/board.js';
import type { Colour } from '../data/board.js';
import * as geometryModule from '../data/geometry.js';
import type { Direction, FieldId } from '../data/geometry.js';
import type { KairoState } from '../types.js';

// Module bindings copied once: the dev/test transform turns every imported binding access into a getter call.
const { COLOURS, FIELD_COUNT } = boardDataModule;
const { AREA, NEIGHBOURS, SECTION, directionTo } = geometryModule;

export const COLOUR_INDEX: Readonly<Record<Colour, number>> = Object.fromEntries(COLOURS.map((c, i) => [c, i])) as Record<
  Colour,
  number
>;

/** A free entrance a customer can be led to (see lead-targets.ts). */
export interface LeadTarget {
  /** The entrance field. */
  readonly field: FieldId;
  /** Index of the stall the entrance belongs to. */
  readonly stall: number;
  /** Steps from the customer. */
  readonly distance: number;
  /** Crier cards needed: free entrances of the colour strictly nearer. */
  readonly criers: number;
}

export interface Occupancy {
  /** Stall index whose tile (main or extension) covers the field; -1 if none. */
  readonly tile: readonly number[];
  /** 1 where the tile is a main stall. */
  readonly main: readonly number[];
  /** Stall index whose entrance lies on the field; -1 if none. */
  readonly entrance: readonly number[];
  /** Colour index of the customer on the field; -1 if none. */
  readonly customer: readonly number[];
  /** 1 where customers may walk: a market field without a stall tile. */
  readonly passable: readonly number[];
  /** Fields that must stay mutually reachable: customers on the board and entrances. */
  readonly required: readonly FieldId[];
  /** Main stalls per (section, colour): index section * 6 + colour index. */
  readonly mainsBySectionColour: readonly number[];
  /** Main stalls per section (all owners). */
  readonly mainsBySection: readonly number[];
  /** The stall left out (relocation: the stall is lifted off the board first); -1 if none. */
  readonly excluded: number;
  /** The search behind the reachability rule, computed when first needed (`cutsOf`). */
  cuts: Cuts | null;
  /** Lead targets per customer colour, computed when first needed (`leadTargets`). */
  leads: Map<Colour, readonly LeadTarget[]> | null;
}

/**
 * A depth-first search over the passable fields from the first required field (-1: not reached):
 * discovery time, low-link, last discovery time in the subtree, tree parent, and the number of required
 * fields in the subtree. Answers "does a tile on f cut a required field off?" without a new search.
 */
export interface Cuts {
  /** Every required field is reachable from every other. */
  readonly connected: boolean;
  readonly disc: readonly number[];
  readonly low: readonly number[];
  readonly last: readonly number[];
  readonly parent: readonly number[];
  readonly requiredBelow: readonly number[];
}

/** Packed arrays of one value, copied for each board (a copy costs less than a fill). */
function filled(value: number, length = FIELD_COUNT): readonly number[] {
  return Array.from({ length }, () => value);
}

const MINUS_ONES = filled(-1);
const ZEROS = filled(0);
const SECTION_COLOUR_ZEROS = filled(0, 10 * COLOURS.length);
const SECTION_ZEROS = filled(0, 10);
/** 1 on the market's fields: where customers walk unless a stall tile stands there. */
const MARKET: readonly number[] = Array.from({ length: FIELD_COUNT }, (_, f) => (AREA[f] === 'market' ? 1 : 0));

/**
 * Boards are derived once per (stalls, customers) pair: states share these two objects until a build or
 * a lead replaces them (copy on write in `cloneState`'s callers), so the cache follows the state history.
 */
const cache = new WeakMap<object, WeakMap<object, Map<number, Occupancy>>>();

let lastStalls: object | null = null;
let lastCustomers: object | null = null;
let lastExclude = 0;
let lastBoard: Occupancy | null = null;

/**
 * Forgets the boards derived from this state's stalls and customers: called before they are changed in
 * place (a move's draft owns its copies and may change them twice, and a board derived in between must not
 * be answered for the changed arrays).
 */
export function forgetBoards(state: KairoState): void {
  cache.delete(state.stalls);
  if (lastStalls === state.stalls || lastCustomers === state.customers) {
    lastStalls = null;
    lastCustomers = null;
    lastBoard = null;
  }
}

/** Derives the board; `exclude` leaves one stall (and its entrance) out, as when it is being relocated. */
export function occupancy(state: KairoState, exclude = -1): Occupancy {
  // The same state's board is asked for many times in a row: the last answer first.
  if (state.stalls === lastStalls && state.customers === lastCustomers && exclude === lastExclude) return lastBoard as Occupancy;
  const occ = cachedOccupancy(state, exclude);
  lastStalls = state.stalls;
  lastCustomers = state.customers;
  lastExclude = exclude;
  lastBoard = occ;
  return occ;
}

function cachedOccupancy(state: KairoState, exclude: number): Occupancy {
  let byCustomers = cache.get(state.stalls);
  if (byCustomers === undefined) {
    byCustomers = new WeakMap();
    cache.set(state.stalls, byCustomers);
  }
  let byExclude = byCustomers.get(state.customers);
  if (byExclude === undefined) {
    byExclude = new Map();
    byCustomers.set(state.customers, byExclude);
  }
  let occ = byExclude.get(exclude);
  if (occ === undefined) {
    occ = byContent(state, exclude);
    byExclude.set(exclude, occ);
  }
  return occ;
}

/**
 * Boards by their content, a bounded number of them: the computer players' search builds the same board
 * in new objects again and again (the same placement tried under each fresh draw of chance, the same
 * positions met in many rollouts), and deriving it (with its reachability search) costs far more than
 * spelling it out. A board is a pure function of its stalls, customers and the stall left out.
 */
const byContentCache = new Map<string, Occupancy>();
const BOARDS_KEPT = 64;

/** One character per small number (field ids, seats, colour indices, counts are all below 256). */
const CHAR: readonly string[] = Array.from({ length: 256 }, (_, i) => String.fromCharCode(i));
const NEUTRAL_CODE = 255;
const OFF_BOARD_CODE = 255;

/** The board's content as a short text: the stall left out, then each stall (with its extensions), then the customers. */
function contentKey(state: KairoState, exclude: number): string {
  const stalls = state.stalls;
  let key = (CHAR[exclude + 1] as string) + (CHAR[stalls.length] as string);
  for (let i = 0; i < stalls.length; i++) {
    const s = stalls[i] as KairoState['stalls'][number];
    key += (CHAR[s.owner === 'neutral' ? NEUTRAL_CODE : s.owner] as string) + (CHAR[COLOUR_INDEX[s.colour]] as string) + (CHAR[s.main] as string) + (CHAR[s.entrance] as string) + (CHAR[s.ext.length] as string);
    for (let j = 0; j < s.ext.length; j++) key += CHAR[s.ext[j] as number] as string;
  }
  const customers = state.customers;
  for (let ci = 0; ci < COLOURS.length; ci++) key += CHAR[customers[COLOURS[ci] as Colour] ?? OFF_BOARD_CODE] as string;
  return key;
}

function byContent(state: KairoState, exclude: number): Occupancy {
  const key = contentKey(state, exclude);
  let occ = byContentCache.get(key);
  if (occ === undefined) {
    occ = deriveOccupancy(state, exclude);
    if (byContentCache.size >= BOARDS_KEPT) byContentCache.delete(byContentCache.keys().next().value as string);
    byContentCache.set(key, occ);
  }
  return occ;
}

function deriveOccupancy(state: KairoState, exclude: number): Occupancy {
  const tile = MINUS_ONES.slice();
  const main = ZEROS.slice();
  const entrance = MINUS_ONES.slice();
  const customer = MINUS_ONES.slice();
  const mainsBySectionColour = SECTION_COLOUR_ZEROS.slice();
  const mainsBySection = SECTION_ZEROS.slice();
  const passable = MARKET.slice();
  const required: FieldId[] = [];
  const stalls = state.stalls;
  for (let index = 0; index < stalls.length; index++) {
    if (index === exclude) continue;
    const stall = stalls[index] as KairoState['stalls'][number];
    tile[stall.main] = index;
    main[stall.main] = 1;
    passable[stall.main] = 0;
    for (const f of stall.ext) {
      tile[f] = index;
      passable[f] = 0;
    }
    entrance[stall.entrance] = index;
    const section = SECTION[stall.main] as number;
    mainsBySectionColour[section * COLOURS.length + COLOUR_INDEX[stall.colour]]! += 1;
    mainsBySection[section]! += 1;
  }
  for (let ci = 0; ci < COLOURS.length; ci++) {
    const f = state.customers[COLOURS[ci] as Colour];
    if (f !== null) {
      customer[f] = ci;
      required.push(f);
    }
  }
  for (let index = 0; index < stalls.length; index++) {
    const e = (stalls[index] as KairoState['stalls'][number]).entrance;
    if (index !== exclude && customer[e] === -1) required.push(e);
  }
  return { tile, main, entrance, customer, passable, required, mainsBySectionColour, mainsBySection, excluded: exclude, cuts: null, leads: null };
}

/** The reachability search of a board (computed once, on first use). */
export function cutsOf(occ: Occupancy): Cuts {
  if (occ.cuts !== null) return occ.cuts;
  const disc = MINUS_ONES.slice();
  const low = ZEROS.slice();
  const last = ZEROS.slice();
  const parent = MINUS_ONES.slice();
  const requiredBelow = ZEROS.slice();
  let connected = true;
  const root = occ.required[0];
  if (root !== undefined) {
    for (const f of occ.required) requiredBelow[f] = 1;
    search(occ.passable, root, disc, low, last, parent, requiredBelow);
    for (const f of occ.required) if (disc[f] === -1) connected = false;
  }
  occ.cuts = { connected, disc, low, last, parent, requiredBelow };
  return occ.cuts;
}

/** Whether every customer on the board can reach every entrance. */
export function allConnected(occ: Occupancy): boolean {
  return cutsOf(occ).connected;
}

// Scratch buffers for the searches (the engine is single-threaded and the searches do not nest).
const queue = new Int32Array(FIELD_COUNT);
const cursor = new Int32Array(FIELD_COUNT);
const distance = new Int32Array(FIELD_COUNT);

/**
 * Iterative depth-first search (Hopcroft–Tarjan low-links) over passable fields from `root`.
 * `requiredBelow` holds 1 on required fields on entry and the subtree counts on exit.
 */
function search(
  passable: readonly number[],
  root: FieldId,
  disc: number[],
  low: number[],
  last: number[],
  parent: number[],
  requiredBelow: number[],
): void {
  let time = 0;
  let top = 0;
  queue[top++] = root;
  cursor[root] = 0;
  disc[root] = low[root] = time++;
  while (top > 0) {
    const f = queue[top - 1] as number;
    const neighbours = NEIGHBOURS[f] as readonly number[];
    const i = cursor[f] as number;
    if (i < neighbours.length) {
      cursor[f] = i + 1;
      const n = neighbours[i] as number;
      if (!passable[n]) continue;
      if (disc[n] === -1) {
        parent[n] = f;
        disc[n] = low[n] = time++;
        cursor[n] = 0;
        queue[top++] = n;
      } else if (n !== parent[f] && (disc[n] as number) < (low[f] as number)) {
        low[f] = disc[n] as number;
      }
    } else {
      top--;
      last[f] = time - 1;
      const p = parent[f] as number;
      if (p >= 0) {
        if ((low[f] as number) < (low[p] as number)) low[p] = low[f] as number;
        requiredBelow[p] = (requiredBelow[p] as number) + (requiredBelow[f] as number);
      }
    }
  }
}

/** A free building space: on the board, no stall tile, no entrance, no customer. */
export function isFree(occ: Occupancy, f: FieldId): boolean {
  return AREA[f] !== 'off' && occ.tile[f] === -1 && occ.entrance[f] === -1 && occ.customer[f] === -1;
}

/**
 * Calls `visit(field, steps)` for every field reachable from `from` by the shortest orthogonal walk over
 * passable fields (never through the restaurant or a stall tile; empty fields, customers and entrances
 * may be crossed), nearest first.
 */
export function walkFrom(occ: Occupancy, from: FieldId, visit: (field: FieldId, steps: number) => void): void {
  if (!occ.passable[from]) return;
  distance.fill(-1);
  let head = 0;
  let tail = 0;
  distance[from] = 0;
  queue[tail++] = from;
  while (head < tail) {
    const f = queue[head++] as number;
    const d = distance[f] as number;
    visit(f, d);
    for (const n of NEIGHBOURS[f] as readonly number[]) {
      if (occ.passable[n] && distance[n] === -1) {
        distance[n] = d + 1;
        queue[tail++] = n;
      }
    }
  }
}

/**
 * Whether every customer on the board can still reach every entrance after a stall tile is put on
 * `blocked` (-1: none) and, for a new main stall, an entrance on `newEntrance` (-1: none).
 * Removing `blocked` cuts off exactly the subtrees of its search children whose low-link does not reach
 * above it: the build is refused when such a subtree holds a required field or the new entrance.
 */
export function staysConnected(occ: Occupancy, blocked: FieldId, newEntrance: FieldId = -1): boolean {
  const { connected, disc, low, last, parent, requiredBelow } = cutsOf(occ);
  if (!connected) return false;
  if (newEntrance >= 0 && (!occ.passable[newEntrance] || disc[newEntrance] === -1 || newEntrance === blocked)) return false;
  if (blocked < 0 || !occ.passable[blocked] || disc[blocked] === -1) return true;
  if (occ.customer[blocked] !== -1 || occ.entrance[blocked] !== -1) return false; // itself required
  const d = disc[blocked] as number;
  for (const n of NEIGHBOURS[blocked] as readonly number[]) {
    if (parent[n] !== blocked || (low[n] as number) < d) continue;
    if ((requiredBelow[n] as number) > 0) return false;
    if (newEntrance >= 0 && (disc[n] as number) <= (disc[newEntrance] as number) && (disc[newEntrance] as number) <= (last[n] as number)) {
      return false;
    }
  }
  return true;
}

/** The side of its main stall on which a stall's entrance lies. */
export function entranceSide(main: FieldId, entrance: FieldId): Direction {
  const dir = directionTo(main, entrance);
  if (dir === null) throw new Error(`entrance ${entrance} is not next to main stall ${main}`);
  return dir;
}
