/**
 * Where everything goes on the Kairo image: the header across the top, the 14 x 10 board with its column
 * letters and row numbers on the left, and on the right the player panels (in turn order from the start
 * player), the building card display and the medal table.
 */

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export const CANVAS_WIDTH = 1600;
const MARGIN = 16;
const HEADER_H = 56;
const GAP = 12;
/** One field of the grid, in pixels. */
export const CELL = 76;
/** The band with the column letters and row numbers. */
const AXIS = 22;
const FRAME_PAD = 8;
const COLUMN_GAP = 14;
const PANEL_GAP = 8;
const BOX_GAP = 10;
const DISPLAY_H = 150;
const MEDALS_H = 170;
const MAX_PANEL_H = 150;
/** The key to the pieces, under the board. */
const LEGEND_H = 44;

export interface KairoLayout {
  readonly width: number;
  readonly height: number;
  readonly header: Rect;
  /** The board's frame (axis labels included). */
  readonly frame: Rect;
  /** The grid of fields. */
  readonly grid: Rect;
  readonly cell: number;
  /** Player panels in turn order (the start player first). */
  readonly panels: readonly Rect[];
  /** The building card display, deck and discard pile. */
  readonly display: Rect;
  /** Medals and extensions per colour. */
  readonly medals: Rect;
  /** The key to the pieces, under the board. */
  readonly legend: Rect;
  /** The field at column x, row y. */
  field(x: number, y: number): Rect;
}

/** What drawing the fields needs: the full board's layout and the phone picture's both give it. */
export type FieldGeometry = Pick<KairoLayout, 'cell' | 'field'>;

export function computeLayout(columns: number, rows: number, players: number): KairoLayout {
  const top = MARGIN + HEADER_H + GAP;
  const grid: Rect = { x: MARGIN + FRAME_PAD + AXIS, y: top + FRAME_PAD + AXIS, w: columns * CELL, h: rows * CELL };
  const frame: Rect = { x: MARGIN, y: top, w: FRAME_PAD * 2 + AXIS + grid.w, h: FRAME_PAD * 2 + AXIS + grid.h };
  const legend: Rect = { x: frame.x, y: frame.y + frame.h + BOX_GAP, w: frame.w, h: LEGEND_H };
  const bottom = legend.y + legend.h;
  const colX = frame.x + frame.w + COLUMN_GAP;
  const colW = CANVAS_WIDTH - MARGIN - colX;
  const n = Math.max(1, players);
  const forPanels = bottom - top - DISPLAY_H - MEDALS_H - 2 * BOX_GAP;
  const panelH = Math.floor(Math.min(MAX_PANEL_H, (forPanels - (n - 1) * PANEL_GAP) / n));
  const panels: Rect[] = [];
  for (let i = 0; i < n; i++) panels.push({ x: colX, y: top + i * (panelH + PANEL_GAP), w: colW, h: panelH });
  const panelsBottom = top + n * panelH + (n - 1) * PANEL_GAP;
  // With fewer players the boxes below share the room the panels leave.
  const spare = bottom - panelsBottom - 2 * BOX_GAP - DISPLAY_H - MEDALS_H;
  const displayH = DISPLAY_H + Math.floor(spare / 2);
  const display: Rect = { x: colX, y: panelsBottom + BOX_GAP, w: colW, h: displayH };
  const medals: Rect = { x: colX, y: display.y + display.h + BOX_GAP, w: colW, h: bottom - (display.y + display.h + BOX_GAP) };
  return {
    width: CANVAS_WIDTH,
    height: bottom + MARGIN,
    header: { x: MARGIN, y: MARGIN, w: CANVAS_WIDTH - 2 * MARGIN, h: HEADER_H },
    frame,
    grid,
    cell: CELL,
    panels,
    display,
    medals,
    legend,
    field: (x, y) => ({ x: grid.x + x * CELL, y: grid.y + y * CELL, w: CELL, h: CELL }),
  };
}
