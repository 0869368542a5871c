/**
 * Where stalls may go. A main stall needs two orthogonally adjacent free spaces (stall + entrance, the
 * entrance in the market); it may not touch another main stall or an extension orthogonally; violet
 * only in the restaurant, every other colour only in the market; at most 1 main stall per colour in a
 * section (and, during the start placement, at most 2 main stalls in a section). An extension goes on a
 * free space orthogonally next to its own stall, in the colour's area, never touching another stall of
 * its colour. Every build keeps every entrance reachable for every customer (docs/rules-decisions.md, Kairo).
 */
import * as boardDataModule from '../data/board.js';
import type { Colour } from '../data/board.js';
import * as boardModule from './board.js';
import type { Occupancy } from './board.js';
import * as geometryModule from '../data/geometry.js';
import type { Direction, FieldId } from '../data/geometry.js';
import type { KairoStall } from '../types.js';

// Module bindings copied once: the dev/test transform turns every imported binding access into a getter call.
const { COLOURS, RESTAURANT_COLOUR, SETUP_MAX_STALLS_PER_SECTION } = boardDataModule;
const { COLOUR_INDEX, isFree, staysConnected } = boardModule;
const { AREA, BOARD_FIELDS, DIRECTIONS, NEIGHBOURS, SECTION, step } = geometryModule;

export interface StallSpot {
  readonly field: FieldId;
  readonly section: number;
  /** Sides on which the entrance may lie. */
  readonly dirs: readonly Direction[];
}

export interface StallSpotOptions {
  /** Start placement: at most 2 main stalls per section. */
  readonly setup: boolean;
  /** Relocation: the stall's old position (stall field and entrance), which is no relocation. */
  readonly previous?: { readonly main: FieldId; readonly entrance: FieldId } | undefined;
  /** Only these sections (null = all). */
  readonly sections?: ReadonlySet<number> | null | undefined;
}

export function areaFor(colour: Colour): 'restaurant' | 'market' {
  return colour === RESTAURANT_COLOUR ? 'restaurant' : 'market';
}

const FIELDS_BY_AREA: Readonly<Record<'restaurant' | 'market', readonly FieldId[]>> = {
  restaurant: BOARD_FIELDS.filter((f) => AREA[f] === 'restaurant'),
  market: BOARD_FIELDS.filter((f) => AREA[f] === 'market'),
};

/** Whether a main stall of `colour` may stand on `field` (ignoring where its entrance goes). */
export function mainStallFieldOk(occ: Occupancy, colour: Colour, field: FieldId, setup: boolean): boolean {
  if (AREA[field] !== areaFor(colour) || !isFree(occ, field)) return false;
  for (const n of NEIGHBOURS[field] as readonly FieldId[]) if (occ.tile[n] !== -1) return false;
  const section = SECTION[field] as number;
  if (occ.mainsBySectionColour[section * COLOURS.length + COLOUR_INDEX[colour]] !== 0) return false;
  if (setup && (occ.mainsBySection[section] as number) >= SETUP_MAX_STALLS_PER_SECTION) return false;
  return true;
}

/**
 * The entrance sides of each field, per board: the legal options of a start placement or a build ask for the
 * same fields again for every colour, and the search asks for them on every sample sharing the board.
 */
const entranceDirsByBoard = new WeakMap<Occupancy, (readonly Direction[] | undefined)[]>();

/** The entrance sides allowed for a main stall on `field` (assumed to pass `mainStallFieldOk`). */
export function entranceDirs(occ: Occupancy, field: FieldId, previous?: StallSpotOptions['previous']): readonly Direction[] {
  // The old position matters only for its own field (a relocation onto the same spot is no relocation).
  if (previous && previous.main === field) return freeEntranceDirs(occ, field, previous.entrance);
  return keptPerBoard(entranceDirsByBoard, occ, field, () => freeEntranceDirs(occ, field, -1));
}

/** The answer for `index` on board `occ`, computed once and kept with the board (boards are never changed). */
function keptPerBoard<T>(memo: WeakMap<Occupancy, (T | undefined)[]>, occ: Occupancy, index: number, compute: () => T): T {
  let byIndex = memo.get(occ);
  if (byIndex === undefined) {
    byIndex = [];
    memo.set(occ, byIndex);
  }
  let answer = byIndex[index];
  if (answer === undefined) {
    answer = compute();
    byIndex[index] = answer;
  }
  return answer;
}

function freeEntranceDirs(occ: Occupancy, field: FieldId, oldEntrance: FieldId): readonly Direction[] {
  const dirs: Direction[] = [];
  for (const dir of DIRECTIONS) {
    const e = step(field, dir);
    if (e === null || AREA[e] !== 'market' || !isFree(occ, e)) continue;
    if (e === oldEntrance) continue;
    if (!staysConnected(occ, field, e)) continue;
    dirs.push(dir);
  }
  return dirs;
}

/**
 * What is known of a new main stall's spots per board, colour and phase (start placement or not), each
 * answer derived when first asked: the search asks the same questions again and again on the boards its
 * samples share. A relocation's spots (its old position aside) are derived each time.
 */
interface BoardSpots {
  has?: boolean;
  sections?: ReadonlySet<number>;
  spots?: readonly StallSpot[];
}

const spotsByBoard = new WeakMap<Occupancy, BoardSpots[]>();

function boardSpots(occ: Occupancy, colour: Colour, setup: boolean): BoardSpots {
  let byColour = spotsByBoard.get(occ);
  if (byColour === undefined) {
    byColour = [];
    spotsByBoard.set(occ, byColour);
  }
  const slot = 2 * COLOUR_INDEX[colour] + (setup ? 1 : 0);
  let known = byColour[slot];
  if (known === undefined) {
    known = {};
    byColour[slot] = known;
  }
  return known;
}

function findSpots(occ: Occupancy, colour: Colour, options: StallSpotOptions): StallSpot[] {
  const spots: StallSpot[] = [];
  for (const field of FIELDS_BY_AREA[areaFor(colour)]) {
    const section = SECTION[field] as number;
    if (options.sections && !options.sections.has(section)) continue;
    if (!mainStallFieldOk(occ, colour, field, options.setup)) continue;
    const dirs = entranceDirs(occ, field, options.previous);
    if (dirs.length > 0) spots.push({ field, section, dirs });
  }
  return spots;
}

function findAnySpot(occ: Occupancy, colour: Colour, options: StallSpotOptions): boolean {
  for (const field of FIELDS_BY_AREA[areaFor(colour)]) {
    if (options.sections && !options.sections.has(SECTION[field] as number)) continue;
    if (!mainStallFieldOk(occ, colour, field, options.setup)) continue;
    if (entranceDirs(occ, field, options.previous).length > 0) return true;
  }
  return false;
}

function findSections(occ: Occupancy, colour: Colour, options: StallSpotOptions): Set<number> {
  const sections = new Set<number>();
  for (const field of FIELDS_BY_AREA[areaFor(colour)]) {
    const section = SECTION[field] as number;
    if (sections.has(section)) continue;
    if (options.sections && !options.sections.has(section)) continue;
    if (!mainStallFieldOk(occ, colour, field, options.setup)) continue;
    if (entranceDirs(occ, field, options.previous).length > 0) sections.add(section);
  }
  return sections;
}

/** Every legal spot for a new (or relocated) main stall of `colour`, in field order. */
export function stallSpots(occ: Occupancy, colour: Colour, options: StallSpotOptions): StallSpot[] {
  if (options.previous) return findSpots(occ, colour, options);
  const known = boardSpots(occ, colour, options.setup);
  const sections = options.sections;
  known.spots ??= findSpots(occ, colour, { setup: options.setup });
  return sections ? known.spots.filter((spot) => sections.has(spot.section)) : known.spots.slice();
}

/** Whether any section holds a legal spot for a main stall of `colour` (stops at the first). */
export function hasStallSpot(occ: Occupancy, colour: Colour, options: StallSpotOptions): boolean {
  if (options.previous || options.sections) return findAnySpot(occ, colour, options);
  const known = boardSpots(occ, colour, options.setup);
  if (known.has === undefined) {
    known.has = known.spots !== undefined ? known.spots.length > 0 : known.sections !== undefined ? known.sections.size > 0 : findAnySpot(occ, colour, options);
  }
  return known.has;
}

/** Sections that hold at least one legal spot for a main stall of `colour` (not to be changed). */
export function stallSections(occ: Occupancy, colour: Colour, options: StallSpotOptions): ReadonlySet<number> {
  if (options.previous || options.sections) return findSections(occ, colour, options);
  const known = boardSpots(occ, colour, options.setup);
  if (known.has === false) return new Set();
  known.sections ??= known.spots !== undefined ? new Set(known.spots.map((spot) => spot.section)) : findSections(occ, colour, options);
  return known.sections;
}

/**
 * Free fields where stall `index` may take an extension: orthogonally next to one of its tiles, in its
 * colour's area, not touching another stall of the same colour, keeping every entrance reachable.
 */
export function extensionFields(occ: Occupancy, stalls: readonly KairoStall[], index: number): readonly FieldId[] {
  // A board is derived from its stalls (see `occupancy`): the answer is kept with it, per stall.
  return keptPerBoard(extensionFieldsByBoard, occ, index, () => findExtensionFields(occ, stalls, index));
}

const extensionFieldsByBoard = new WeakMap<Occupancy, (readonly FieldId[] | undefined)[]>();

function findExtensionFields(occ: Occupancy, stalls: readonly KairoStall[], index: number): FieldId[] {
  const stall = stalls[index] as KairoStall;
  const area = areaFor(stall.colour);
  const out: FieldId[] = [];
  const tiles = [stall.main, ...stall.ext];
  for (const t of tiles) {
    for (const f of NEIGHBOURS[t] as readonly FieldId[]) {
      if (out.includes(f) || AREA[f] !== area || !isFree(occ, f)) continue;
      let joins = false;
      for (const n of NEIGHBOURS[f] as readonly FieldId[]) {
        const other = occ.tile[n] as number;
        if (other !== -1 && other !== index && (stalls[other] as KairoStall).colour === stall.colour) {
          joins = true;
          break;
        }
      }
      if (joins) continue;
      if (!staysConnected(occ, f)) continue;
      out.push(f);
    }
  }
  return out.sort((a, b) => a - b);
}
