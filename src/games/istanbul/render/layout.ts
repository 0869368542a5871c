/**
 * Where everything goes on the Istanbul image. The grid size comes from the view (4x4, or 5x4 with the
 * expansion); the player panels take the column to the right of the grid.
 */
import type { Rect } from './tile.js';

export const CANVAS_WIDTH = 1600;
const MARGIN = 16;
const HEADER_H = 60;
const GAP = 10;
const MIN_PANEL_W = 440;
const MAX_TILE = 240;
const PANEL_GAP = 10;
/** Panels grow with fewer players (their contents scale), leaving room for the legend. */
const maxPanelH = (players: number): number => (players <= 2 ? 320 : 262);

export interface BoardLayout {
  readonly width: number;
  readonly height: number;
  readonly header: Rect;
  readonly grid: Rect;
  readonly tileW: number;
  readonly tileH: number;
  /** Panels in turn order (the start player first). */
  readonly panels: readonly Rect[];
  /** Space left below the panels (the legend), or null when there is none worth using. */
  readonly legend: Rect | null;
  /** Letters & Seals: the band below the grid and the panels (letters, seals, companions), when played. */
  readonly lettersBand?: Rect;
  tile(row: number, col: number): Rect;
}

export function computeLayout(cols: number, rows: number, players: number): BoardLayout {
  const gridBudget = CANVAS_WIDTH - 3 * MARGIN - MIN_PANEL_W;
  const tileW = Math.floor(Math.min(MAX_TILE, (gridBudget - (cols - 1) * GAP) / cols));
  const tileH = Math.floor(Math.min(MAX_TILE, Math.max(tileW, 220) * (rows > 4 ? 0.9 : 1)));
  const gridW = cols * tileW + (cols - 1) * GAP;
  const gridH = rows * tileH + (rows - 1) * GAP;
  const top = MARGIN + HEADER_H + 8;
  const grid: Rect = { x: MARGIN, y: top, w: gridW, h: gridH };
  const panelX = MARGIN * 2 + gridW;
  const panelW = CANVAS_WIDTH - MARGIN - panelX;
  const n = Math.max(1, players);
  const panelH = Math.floor(Math.min(maxPanelH(n), (gridH - (n - 1) * PANEL_GAP) / n));
  const panels: Rect[] = [];
  for (let i = 0; i < n; i++) panels.push({ x: panelX, y: top + i * (panelH + PANEL_GAP), w: panelW, h: panelH });
  const usedH = n * panelH + (n - 1) * PANEL_GAP;
  const rest = gridH - usedH - PANEL_GAP;
  const legend: Rect | null = rest >= 110 ? { x: panelX, y: top + usedH + PANEL_GAP, w: panelW, h: rest } : null;
  return {
    width: CANVAS_WIDTH,
    height: top + gridH + MARGIN,
    header: { x: MARGIN, y: MARGIN, w: CANVAS_WIDTH - 2 * MARGIN, h: HEADER_H },
    grid,
    tileW,
    tileH,
    panels,
    legend,
    tile: (row, col) => ({ x: grid.x + col * (tileW + GAP), y: grid.y + row * (tileH + GAP), w: tileW, h: tileH }),
  };
}

/** The layout with a band of `bandH` pixels added below everything (Letters & Seals). */
export function withBand(layout: BoardLayout, bandH: number): BoardLayout {
  const y = layout.height - MARGIN + GAP;
  return { ...layout, height: y + bandH + MARGIN, lettersBand: { x: MARGIN, y, w: CANVAS_WIDTH - 2 * MARGIN, h: bandH } };
}
