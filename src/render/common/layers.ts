/**
 * Canvases kept between renders (per thread: each render worker has its own). A board is drawn on the
 * canvas of its size, reused; what never changes for a layout and a locale (background, place frames,
 * names, artwork, the goods legend) is drawn once into a layer and composited.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';

/**
 * The canvases of the picture sizes in play (Istanbul's board height follows the grid and the letters
 * band, Kairo's the player count; the phone pictures', the places' names and the players): a handful, each
 * ~3-8 MB, the least recently used dropped beyond this. A fresh canvas per picture costs its surface's
 * memory anew (page faults, and a collection of the last one's), several ms for a phone picture.
 */
const BOARD_CANVASES = 8;
const boardCanvases = new Map<string, Canvas>();

/**
 * The canvas for a picture (a board, a phone picture) of this size, reused. Callers draw over all of it
 * (an opaque background or a layer first) and read its pixels before they await anything.
 */
export function boardCanvas(width: number, height: number): Canvas {
  const key = `${width}x${height}`;
  let canvas = boardCanvases.get(key);
  if (canvas) boardCanvases.delete(key);
  else canvas = createCanvas(width, height);
  boardCanvases.set(key, canvas);
  while (boardCanvases.size > BOARD_CANVASES) boardCanvases.delete(boardCanvases.keys().next().value as string);
  return canvas;
}

/** Drops a canvas whose drawing failed half-way (its drawing state may be off). */
export function forgetBoardCanvas(canvas: Canvas): void {
  for (const [key, kept] of boardCanvases) if (kept === canvas) boardCanvases.delete(key);
}

export type { Canvas };

/**
 * A fresh canvas for a layer (a picture's static part, drawn once per layout and locale and kept in a
 * LayerCache), and its context to draw it with. The games' renderers get their canvases here and from
 * boardCanvas: this folder is where the native canvas library is used.
 */
export function newLayer(width: number, height: number): { canvas: Canvas; ctx: SKRSContext2D } {
  const canvas = createCanvas(width, height);
  return { canvas, ctx: canvas.getContext('2d') };
}

/** Every layer cache of this thread, for clearLayerCaches. */
const layerCaches = new Set<LayerCache<unknown>>();

/**
 * Empties every layer cache of this thread. For tests that record what a picture draws: a layer already
 * cached is composited, not drawn, so its texts would not be seen.
 */
export function clearLayerCaches(): void {
  for (const cache of layerCaches) cache.clear();
}

/**
 * Layers by key, the least recently used dropped beyond `capacity` (a 1600 x 1000 layer holds 6.4 MB:
 * the cache keeps the layouts and locales in play, not every one ever drawn).
 */
export class LayerCache<T> {
  readonly #entries = new Map<string, T>();

  constructor(readonly capacity: number) {
    layerCaches.add(this as LayerCache<unknown>);
  }

  /** Drops every layer (they are drawn again when next needed). */
  clear(): void {
    this.#entries.clear();
  }

  get(key: string, make: () => T): T {
    const found = this.#entries.get(key);
    if (found !== undefined) {
      // most recently used last
      this.#entries.delete(key);
      this.#entries.set(key, found);
      return found;
    }
    const made = make();
    this.#entries.set(key, made);
    while (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
    return made;
  }

  get size(): number {
    return this.#entries.size;
  }
}


/**
 * The drawing state a layer's last drawing left behind. The parts drawn after a layer used to draw
 * straight after its contents and inherit this state (a line cap, a font); restored after compositing,
 * they draw exactly as before.
 */
export interface DrawingState {
  readonly fillStyle: SKRSContext2D['fillStyle'];
  readonly strokeStyle: SKRSContext2D['strokeStyle'];
  readonly lineWidth: number;
  readonly lineCap: SKRSContext2D['lineCap'];
  readonly lineJoin: SKRSContext2D['lineJoin'];
  readonly miterLimit: number;
  readonly font: string;
  readonly textAlign: SKRSContext2D['textAlign'];
  readonly textBaseline: SKRSContext2D['textBaseline'];
}

export function drawingState(ctx: SKRSContext2D): DrawingState {
  const { fillStyle, strokeStyle, lineWidth, lineCap, lineJoin, miterLimit, font, textAlign, textBaseline } = ctx;
  return { fillStyle, strokeStyle, lineWidth, lineCap, lineJoin, miterLimit, font, textAlign, textBaseline };
}

export function restoreDrawingState(ctx: SKRSContext2D, state: DrawingState): void {
  Object.assign(ctx, state);
}
