/**
 * The board as the rules see it, derived from a state: which field holds a stall tile, an entrance or a
 * customer; which fields are free; where customers may walk; and whether all customers and entrances are
 * connected. Derived data only: the state keeps stalls and customers as plain lists.
 */
import { COLOURS, FIELD_COUNT, type Colour } from './data/board.js';
import { AREA, NEIGHBOURS, RING, SECTION, directionTo, type Direction, type FieldId } from './geometry.js';
import type { KairoState } from './types.js';

export const COLOUR_INDEX: Readonly<Record<Colour, number>> = Object.fromEntries(COLOURS.map((c, i) => [c, i])) as Record<
  Colour,
  number
>;

export interface Occupancy {
  /** Stall index whose tile (main or extension) covers the field; -1 if none. */
  readonly tile: Int16Array;
  /** 1 where the tile is a main stall. */
  readonly main: Uint8Array;
  /** Stall index whose entrance lies on the field; -1 if none. */
  readonly entrance: Int16Array;
  /** Colour index of the customer on the field; -1 if none. */
  readonly customer: Int8Array;
  /** Customers may walk here: a market field without a stall tile. */
  readonly passable: Uint8Array;
  /** Fields that must stay mutually reachable: customers on the board and entrances. */
  readonly required: readonly FieldId[];
  /** 1 for passable fields connected to the first required field. */
  readonly comp: Uint8Array;
  /** Every required field is in `comp`. */
  readonly connected: boolean;
  /** Main stalls per (section, colour): index section * 6 + colour index. */
  readonly mainsBySectionColour: Uint8Array;
  /** Main stalls per section (all owners). */
  readonly mainsBySection: Uint8Array;
  /** The stall left out (relocation: the stall is lifted off the board first); -1 if none. */
  readonly excluded: number;
}

/** Derives the board; `exclude` leaves one stall (and its entrance) out, as when it is being relocated. */
export function occupancy(state: KairoState, exclude = -1): Occupancy {
  const tile = new Int16Array(FIELD_COUNT).fill(-1);
  const main = new Uint8Array(FIELD_COUNT);
  const entrance = new Int16Array(FIELD_COUNT).fill(-1);
  const customer = new Int8Array(FIELD_COUNT).fill(-1);
  const mainsBySectionColour = new Uint8Array(10 * COLOURS.length);
  const mainsBySection = new Uint8Array(10);
  const required: FieldId[] = [];
  state.stalls.forEach((stall, index) => {
    if (index === exclude) return;
    tile[stall.main] = index;
    main[stall.main] = 1;
    for (const f of stall.ext) tile[f] = index;
    entrance[stall.entrance] = index;
    const section = SECTION[stall.main] as number;
    mainsBySectionColour[section * COLOURS.length + COLOUR_INDEX[stall.colour]]! += 1;
    mainsBySection[section]! += 1;
  });
  COLOURS.forEach((colour, ci) => {
    const f = state.customers[colour];
    if (f !== null) {
      customer[f] = ci;
      required.push(f);
    }
  });
  state.stalls.forEach((stall, index) => {
    if (index !== exclude && customer[stall.entrance] === -1) required.push(stall.entrance);
  });
  const passable = new Uint8Array(FIELD_COUNT);
  for (let f = 0; f < FIELD_COUNT; f++) if (AREA[f] === 'market' && tile[f] === -1) passable[f] = 1;
  const comp = new Uint8Array(FIELD_COUNT);
  let connected = true;
  if (required.length > 0) {
    flood(passable, required[0] as FieldId, -1, comp);
    for (const f of required) if (!comp[f]) connected = false;
  }
  return { tile, main, entrance, customer, passable, required, comp, connected, mainsBySectionColour, mainsBySection, excluded: exclude };
}

/** A free building space: on the board, no stall tile, no entrance, no customer. */
export function isFree(occ: Occupancy, f: FieldId): boolean {
  return AREA[f] !== 'off' && occ.tile[f] === -1 && occ.entrance[f] === -1 && occ.customer[f] === -1;
}

// Scratch buffers for the searches (the engine is single-threaded and the searches do not nest).
const queue = new Int32Array(FIELD_COUNT);
const seen = new Uint32Array(FIELD_COUNT);
let stamp = 0;
function nextStamp(): number {
  stamp++;
  if (stamp === 0xffffffff) {
    seen.fill(0);
    stamp = 1;
  }
  return stamp;
}

/** Marks in `out` every passable field reachable from `start`, never entering `blocked`. */
function flood(passable: Uint8Array, start: FieldId, blocked: FieldId, out: Uint8Array): void {
  let head = 0;
  let tail = 0;
  out[start] = 1;
  queue[tail++] = start;
  while (head < tail) {
    const f = queue[head++] as number;
    for (const n of NEIGHBOURS[f] as readonly number[]) {
      if (n !== blocked && passable[n] && !out[n]) {
        out[n] = 1;
        queue[tail++] = n;
      }
    }
  }
}

/**
 * Shortest orthogonal walking distances from `from` over passable fields (never through the restaurant
 * or a stall tile; empty fields, customers and entrances may be crossed). -1 = unreachable.
 */
export function distancesFrom(occ: Occupancy, from: FieldId): Int16Array {
  const dist = new Int16Array(FIELD_COUNT).fill(-1);
  if (!occ.passable[from]) return dist;
  let head = 0;
  let tail = 0;
  dist[from] = 0;
  queue[tail++] = from;
  while (head < tail) {
    const f = queue[head++] as number;
    const d = (dist[f] as number) + 1;
    for (const n of NEIGHBOURS[f] as readonly number[]) {
      if (occ.passable[n] && dist[n] === -1) {
        dist[n] = d;
        queue[tail++] = n;
      }
    }
  }
  return dist;
}

function passableAt(occ: Occupancy, f: number): boolean {
  return f >= 0 && occ.passable[f] === 1;
}

/**
 * True when making `f` impassable cannot change connectivity: its passable orthogonal neighbours are
 * joined to each other through the ring of 8 fields around it.
 */
function locallySafe(occ: Occupancy, f: FieldId): boolean {
  const ring = RING[f] as readonly number[];
  let orthogonal = 0;
  for (let i = 0; i < 8; i += 2) if (passableAt(occ, ring[i] as number)) orthogonal++;
  if (orthogonal <= 1) return true;
  let start = -1;
  for (let i = 0; i < 8; i++) {
    if (!passableAt(occ, ring[i] as number)) {
      start = i;
      break;
    }
  }
  if (start < 0) return true;
  let run = 0;
  let inRun = false;
  let orthogonalRun = -1;
  for (let j = 1; j <= 8; j++) {
    const i = (start + j) % 8;
    if (passableAt(occ, ring[i] as number)) {
      if (!inRun) {
        run++;
        inRun = true;
      }
      if (i % 2 === 0) {
        if (orthogonalRun < 0) orthogonalRun = run;
        else if (orthogonalRun !== run) return false;
      }
    } else {
      inRun = false;
    }
  }
  return true;
}

/**
 * Whether every customer on the board can still reach every entrance after a stall tile is put on
 * `blocked` (-1: none) and, for a new main stall, an entrance on `newEntrance` (-1: none).
 */
export function staysConnected(occ: Occupancy, blocked: FieldId, newEntrance: FieldId = -1): boolean {
  if (!occ.connected) return false;
  if (newEntrance >= 0 && (!occ.passable[newEntrance] || !occ.comp[newEntrance] || newEntrance === blocked)) return false;
  if (blocked < 0 || !occ.passable[blocked] || !occ.comp[blocked]) return true;
  if (locallySafe(occ, blocked)) return true;
  return connectedWithout(occ, blocked, newEntrance);
}

/** The exact check by search: all required fields (and `extra`) reachable from one another without `blocked`. */
export function connectedWithout(occ: Occupancy, blocked: FieldId, extra: FieldId = -1): boolean {
  const first = occ.required[0];
  if (first === undefined) return true;
  if (first === blocked) return false;
  const mark = nextStamp();
  let head = 0;
  let tail = 0;
  seen[first] = mark;
  queue[tail++] = first;
  while (head < tail) {
    const f = queue[head++] as number;
    for (const n of NEIGHBOURS[f] as readonly number[]) {
      if (n !== blocked && occ.passable[n] && seen[n] !== mark) {
        seen[n] = mark;
        queue[tail++] = n;
      }
    }
  }
  for (const f of occ.required) if (seen[f] !== mark) return false;
  return extra < 0 || seen[extra] === mark;
}

/** The side of its main stall on which a stall's entrance lies. */
export function entranceSide(main: FieldId, entrance: FieldId): Direction {
  const dir = directionTo(main, entrance);
  if (dir === null) throw new Error(`entrance ${entrance} is not next to main stall ${main}`);
  return dir;
}
