/**
 * Board geometry derived once from the data table: field ids, labels, areas, sections, neighbours.
 * A field id is y * 14 + x. Labels name columns A..N (x = 0..13) and rows 1..10 (y = 0..9): "B1" is the
 * market's north-west corner.
 */
import * as boardDataModule from './board.js';
import type { Area } from './board.js';

// Module bindings copied once: the dev/test transform turns every imported binding access into a getter call.
const { BOARD_HEIGHT, BOARD_WIDTH, FIELD_COUNT, START_FIELDS, areaAt, sectionAt } = boardDataModule;

export type FieldId = number;
export type Direction = 'n' | 'e' | 's' | 'w';
export const DIRECTIONS: readonly Direction[] = ['n', 'e', 's', 'w'];
const DELTA: Readonly<Record<Direction, readonly [number, number]>> = { n: [0, -1], e: [1, 0], s: [0, 1], w: [-1, 0] };

export function fieldId(x: number, y: number): FieldId {
  return y * BOARD_WIDTH + x;
}
export function fieldX(field: FieldId): number {
  return field % BOARD_WIDTH;
}
export function fieldY(field: FieldId): number {
  return Math.floor(field / BOARD_WIDTH);
}

const COLUMN_LETTERS = 'ABCDEFGHIJKLMN';
export function fieldLabel(field: FieldId): string {
  return `${COLUMN_LETTERS[fieldX(field)]}${fieldY(field) + 1}`;
}
/** "C4" -> field id; null when it is not a field of the grid. */
export function parseFieldLabel(label: string): FieldId | null {
  const match = /^([A-Na-n])(\d{1,2})$/.exec(label.trim());
  if (!match) return null;
  const x = COLUMN_LETTERS.indexOf((match[1] as string).toUpperCase());
  const y = Number(match[2]) - 1;
  if (x < 0 || y < 0 || y >= BOARD_HEIGHT) return null;
  return fieldId(x, y);
}

export const AREA: readonly Area[] = Array.from({ length: FIELD_COUNT }, (_, f) => areaAt(fieldX(f), fieldY(f)));
export const SECTION: readonly (number | null)[] = Array.from({ length: FIELD_COUNT }, (_, f) =>
  sectionAt(fieldX(f), fieldY(f)),
);
export function sectionOf(field: FieldId): number {
  const section = SECTION[field];
  if (section === null || section === undefined) throw new RangeError(`field ${field} is off the board`);
  return section;
}

/** The field one step in `dir`, or null when that leaves the board. */
export function step(field: FieldId, dir: Direction): FieldId | null {
  const [dx, dy] = DELTA[dir];
  const x = fieldX(field) + dx;
  const y = fieldY(field) + dy;
  if (areaAt(x, y) === 'off') return null;
  return fieldId(x, y);
}

/** Orthogonal neighbours on the board. */
export const NEIGHBOURS: readonly (readonly FieldId[])[] = Array.from({ length: FIELD_COUNT }, (_, f) => {
  if (AREA[f] === 'off') return [];
  const out: FieldId[] = [];
  for (const dir of DIRECTIONS) {
    const next = step(f, dir);
    if (next !== null) out.push(next);
  }
  return out;
});

/** The direction from `from` to an orthogonal neighbour `to`. */
export function directionTo(from: FieldId, to: FieldId): Direction | null {
  for (const dir of DIRECTIONS) if (step(from, dir) === to) return dir;
  return null;
}

export const START_FIELD_IDS: readonly FieldId[] = START_FIELDS.map(([x, y]) => fieldId(x, y));

/** Every on-board field, in id order. */
export const BOARD_FIELDS: readonly FieldId[] = Array.from({ length: FIELD_COUNT }, (_, f) => f).filter(
  (f) => AREA[f] !== 'off',
);
