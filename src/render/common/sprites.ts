/**
 * Small glyphs a picture draws dozens of times (a player panel's goods cells, rubies, mosque tiles and
 * extensions: about 35 a panel, 175 on a 5-player board), drawn once per thread into a bitmap of their own
 * and composited after that. Drawn as vector paths each time, their canvas calls and their rasterising were
 * most of a panel's cost; a composited bitmap is one call and a copy (test/bench/sprites.ts: a 5-player
 * Istanbul board about 16 % less CPU).
 *
 * A sprite is drawn at the glyph's own fractional position within its pixel grid (the key holds it), and
 * composited at whole pixels, so every pixel comes out as if the glyph were drawn in place (source-over is
 * associative: shapes drawn on a transparent bitmap and then composited cover the pixels below as they would
 * drawn straight onto them, up to the rounding of a level). The glyph draws on the sprite's own context, which
 * takes the picture's line joins and caps: what the glyph sets (styles, line width, dashes) never reaches
 * the picture's.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { LayerCache } from './layers.js';
import type { Ctx } from './shapes.js';

/** Sprites kept per thread: the glyphs of the layouts in play at their positions' fractions, a few KB each. */
const SPRITES = 4_000;
const sprites = new LayerCache<Canvas>(SPRITES);

/** Off: every glyph drawn in place (test/bench/sprites.ts compares processes with and without). */
let enabled = true;

/** Turns sprites on or off for this thread (for the benchmark that measures what they save). */
export function setSpritesEnabled(on: boolean): void {
  enabled = on;
}

/** Room around the glyph's box for anti-aliasing and strokes centred on its edge. */
const MARGIN = 2;

/**
 * Composites the glyph `key` whose box is `x, y, w, h` (strokes included), drawn by `draw` at the offset it
 * is given: `draw(sprite, dx, dy)` draws what it would draw at (x, y) at (x + dx, y + dy) instead. `key` must
 * name everything the glyph's look depends on besides its position (kind, state, colours, size). The picture's
 * context must have no transform: positions are its pixels.
 */
export function drawSprite(ctx: Ctx, key: string, x: number, y: number, w: number, h: number, draw: (sprite: Ctx, dx: number, dy: number) => void): void {
  if (!enabled) {
    draw(ctx, 0, 0);
    return;
  }
  const left = Math.floor(x) - MARGIN;
  const top = Math.floor(y) - MARGIN;
  const fx = x - left;
  const fy = y - top;
  const width = Math.ceil(fx + w) + MARGIN;
  const height = Math.ceil(fy + h) + MARGIN;
  // The strokes' joins and caps as the picture has them set (a board draws its live parts with round joins).
  const { lineJoin, lineCap, miterLimit } = ctx;
  const sprite = sprites.get(`${key}|${fx}|${fy}|${width}x${height}|${lineJoin} ${lineCap} ${miterLimit}`, () => {
    const canvas = createCanvas(width, height);
    const spriteCtx = canvas.getContext('2d');
    spriteCtx.lineJoin = lineJoin;
    spriteCtx.lineCap = lineCap;
    spriteCtx.miterLimit = miterLimit;
    draw(spriteCtx, -left, -top);
    return canvas;
  });
  ctx.drawImage(sprite, left, top);
}
